import { fireEvent, screen, within } from '@testing-library/react';

import {
	FakeApi,
	apiError,
	deferred,
	type ApiAnswer,
} from '../../../test-utils/fake-api';
import { testConfig } from '../../../test-utils/fixtures';
import { renderShell, resizeWindow, visit } from './helpers';

const FORM = 'https://forms.example.com/f/shell-feedback?lang=en';
const config = testConfig();
let api: FakeApi;

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
	visit( '/' );
} );

const ME: ApiAnswer< 'getMe' > = {
	status: 200,
	body: { id: 17, email: 'dana+scout@example.com' },
};

const feedbackButton = () => screen.getByRole( 'button', { name: 'Feedback' } );

const dialog = () =>
	screen.getByRole( 'dialog', { name: 'Send us your feedback' } );

describe( 'shell feedback', () => {
	it( 'has no entry when no feedback form is configured', async () => {
		await renderShell( { feedbackUrl: null } );

		expect(
			screen.queryByRole( 'button', { name: 'Feedback' } )
		).not.toBeInTheDocument();
	} );

	it( 'embeds the form with the tester id and email, keeping its own query', async () => {
		const answer = deferred< ApiAnswer< 'getMe' > >();
		api.on( 'GET /users/me', () => answer.promise );
		await renderShell( { feedbackUrl: FORM } );

		fireEvent.click( feedbackButton() );

		expect( dialog() ).toHaveAttribute( 'aria-modal', 'true' );
		expect(
			within( dialog() ).getByRole( 'status', {
				name: 'Loading the feedback form…',
			} )
		).toBeInTheDocument();
		expect(
			within( dialog() ).getByRole( 'button', { name: 'Close' } )
		).toHaveFocus();

		answer.resolve( ME );

		const frame = await within( dialog() ).findByTitle( 'Feedback form' );
		const src = new URL( frame.getAttribute( 'src' )! );
		expect( `${ src.origin }${ src.pathname }` ).toBe(
			'https://forms.example.com/f/shell-feedback'
		);
		expect( Object.fromEntries( src.searchParams ) ).toEqual( {
			lang: 'en',
			tester_id: '17',
			email: 'dana+scout@example.com',
		} );
		expect( screen.queryByRole( 'status' ) ).not.toBeInTheDocument();

		const [ request ] = api.requestsTo( 'GET /users/me' );
		expect( request.url.searchParams.get( 'fields' ) ).toBe( 'email,id' );
		expect( request.headers.Authorization ).toBe( 'Bearer token-1' );
	} );

	it( 'says so when the tester cannot be loaded, and retries', async () => {
		let calls = 0;
		api.on( 'GET /users/me', () =>
			++calls === 1 ? apiError( 500, 'Database unavailable' ) : ME
		);
		await renderShell( { feedbackUrl: FORM } );

		fireEvent.click( feedbackButton() );

		const alert = await within( dialog() ).findByRole( 'alert' );
		expect( alert ).toHaveTextContent(
			"We couldn't load the feedback form."
		);
		expect(
			within( dialog() ).queryByTitle( 'Feedback form' )
		).not.toBeInTheDocument();

		fireEvent.click(
			within( alert ).getByRole( 'button', { name: 'Try again' } )
		);

		expect(
			await within( dialog() ).findByTitle( 'Feedback form' )
		).toBeInTheDocument();
	} );

	it( 'tells a logged-in user without a tester profile why there is no form', async () => {
		api.on(
			'GET /users/me',
			apiError( 403, 'This account has no tester profile.' )
		);
		await renderShell( { feedbackUrl: FORM } );

		fireEvent.click( feedbackButton() );

		expect(
			await within( dialog() ).findByRole( 'heading', {
				name: 'This account has no Scout profile',
			} )
		).toBeInTheDocument();
		expect(
			within( dialog() ).queryByTitle( 'Feedback form' )
		).not.toBeInTheDocument();
	} );

	it( 'closes with its close button and gives focus back', async () => {
		api.on( 'GET /users/me', ME );
		await renderShell( { feedbackUrl: FORM } );
		feedbackButton().focus();
		fireEvent.click( feedbackButton() );

		fireEvent.click(
			within( dialog() ).getByRole( 'button', { name: 'Close' } )
		);

		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( feedbackButton() ).toHaveFocus();
	} );

	it( 'closes on Escape, leaving the drawer under it open', async () => {
		const initialWidth = window.innerWidth;
		resizeWindow( 500 );
		api.on( 'GET /users/me', ME );
		await renderShell( { feedbackUrl: FORM } );
		fireEvent.click( screen.getByRole( 'button', { name: 'Menu' } ) );
		feedbackButton().focus();
		fireEvent.click( feedbackButton() );
		await within( dialog() ).findByTitle( 'Feedback form' );

		fireEvent.keyDown(
			within( dialog() ).getByRole( 'button', { name: 'Close' } ),
			{ key: 'Escape' }
		);

		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( feedbackButton() ).toHaveFocus();
		expect(
			screen.getByRole( 'button', { name: 'Menu' } )
		).toHaveAttribute( 'aria-expanded', 'true' );
		resizeWindow( initialWidth );
	} );

	it( 'keeps Tab inside the dialog', async () => {
		api.on( 'GET /users/me', ME );
		await renderShell( { feedbackUrl: FORM } );
		fireEvent.click( feedbackButton() );
		const frame = await within( dialog() ).findByTitle( 'Feedback form' );
		const guard = ( edge: string ) =>
			dialog().querySelector< HTMLElement >(
				`[data-crowdscout-focus-guard="${ edge }"]`
			)!;

		fireEvent.focus( guard( 'end' ) );
		expect(
			within( dialog() ).getByRole( 'button', { name: 'Close' } )
		).toHaveFocus();

		fireEvent.focus( guard( 'start' ) );
		expect( frame ).toHaveFocus();
	} );
} );
