import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { apiError, deferred, type FakeApi } from '../../../test-utils/fake-api';
import {
	ME,
	UNVERIFIED,
	click,
	fakeApi,
	renderPage,
	renderProfile,
	serveProfile,
} from './helpers';

let api: FakeApi;

beforeEach( () => {
	api = fakeApi();
	jest.spyOn( window, 'alert' ).mockImplementation( () => undefined );
} );

afterEach( () => {
	jest.restoreAllMocks();
} );

const selectedTab = () =>
	screen
		.getAllByRole( 'tab' )
		.find( ( tab ) => tab.getAttribute( 'aria-selected' ) === 'true' )
		?.textContent;

describe( 'profile tabs', () => {
	it.each( [
		[ '', 'Base' ],
		[ '?tab=base', 'Base' ],
		[ '?tab=fiscal', 'Fiscal' ],
		[ '?tab=unknown', 'Base' ],
	] )( 'opens %s on the %s tab', async ( search, tab ) => {
		serveProfile( api );
		await renderProfile( search );
		expect( selectedTab() ).toBe( tab );
		expect(
			screen
				.getAllByRole( 'tab' )
				.map( ( element ) => element.textContent )
		).toEqual( [ 'Base', 'Advanced', 'Fiscal', 'Settings' ] );
	} );

	it.each( [ '?tab=settings', '?tab=options' ] )(
		'opens %s on the Settings tab',
		async ( search ) => {
			serveProfile( api );
			await renderProfile( search );
			expect( selectedTab() ).toBe( 'Settings' );
		}
	);

	it( 'records the chosen tab in the address without touching it on load', async () => {
		serveProfile( api );
		const replace = jest.spyOn( window.history, 'replaceState' );
		await renderProfile( '?utm=mail' );
		expect( replace ).toHaveBeenCalledTimes( 1 ); // The test's own navigation.

		fireEvent.click( screen.getByRole( 'tab', { name: 'Fiscal' } ) );
		await waitFor( () =>
			expect( window.location.search ).toBe( '?utm=mail&tab=fiscal' )
		);
		fireEvent.click( screen.getByRole( 'tab', { name: 'Base' } ) );
		await waitFor( () =>
			expect( window.location.search ).toBe( '?utm=mail&tab=base' )
		);
		expect( window.location.pathname ).toBe( '/my-account/' );
	} );
} );

describe( 'summary card', () => {
	it( 'shows the avatar, name, tester id, points, campaigns and a confirmed email', async () => {
		serveProfile( api, { me: { ...ME, email_confirmed: true } } );
		await renderProfile();
		const card = screen
			.getByRole( 'heading', { level: 2, name: 'Dana Demo' } )
			.closest( 'section' ) as HTMLElement;
		const { getByText } = within( card );
		expect( getByText( 'T17' ) ).toBeInTheDocument();
		expect(
			getByText( 'Experience points' ).nextElementSibling
		).toHaveTextContent( '1,250' );
		expect(
			getByText( 'Completed campaigns' ).nextElementSibling
		).toHaveTextContent( '7' );
		expect( getByText( 'Email' ).nextElementSibling ).toHaveTextContent(
			'Confirmed'
		);
		expect(
			within( card ).queryByRole( 'button', { name: 'Confirm email' } )
		).toBeNull();
	} );

	it( 'sends the confirmation mail once and disables the button after one click', async () => {
		serveProfile( api );
		const answer = deferred< { status: number; body: unknown } >();
		api.onAjax( 'appq_get_nonce', {
			status: 200,
			body: { success: true, data: 'nonce-9' },
		} ).onAjax( 'mcoptin', () => answer.promise );
		await renderProfile();

		const button = screen.getByRole( 'button', { name: 'Confirm email' } );
		fireEvent.click( button );
		expect( button ).toBeDisabled();
		fireEvent.click( button );
		answer.resolve( {
			status: 200,
			body: { success: true, data: { message: 'sent' } },
		} );

		expect(
			await screen.findByText(
				'An Email has been sent to the provided address'
			)
		).toBeInTheDocument();
		expect( api.ajaxCalls( 'mcoptin' ) ).toHaveLength( 1 );
		expect(
			( api.ajaxCalls( 'mcoptin' )[ 0 ].body as URLSearchParams ).get(
				'security'
			)
		).toBe( 'nonce-9' );
		expect( button ).toBeDisabled();
	} );

	it.each( [
		[
			{ success: false, data: { message: 'Too many requests' } },
			'Too many requests',
		],
		[
			{ success: false, data: null },
			'error retrieving mail confirmation information',
		],
	] )( 'shows why the mail was not sent (%j)', async ( body, message ) => {
		serveProfile( api );
		api.onAjax( 'appq_get_nonce', {
			status: 200,
			body: { success: true, data: 'nonce-9' },
		} ).onAjax( 'mcoptin', { status: 400, body } );
		await renderProfile();
		click( 'Confirm email' );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			message
		);
		expect(
			screen.getByRole( 'button', { name: 'Confirm email' } )
		).toBeDisabled();
	} );

	it( 'says "Nonce not found" when WordPress gives no nonce', async () => {
		serveProfile( api );
		api.onAjax( 'appq_get_nonce', {
			status: 200,
			body: { success: false, data: '' },
		} );
		await renderProfile();
		click( 'Confirm email' );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Nonce not found'
		);
		expect( api.ajaxCalls( 'mcoptin' ) ).toHaveLength( 0 );
	} );
} );

describe( 'email confirmation link', () => {
	it( 'sends the token once, says so and takes it out of the address', async () => {
		serveProfile( api );
		api.on( 'POST /users/me/email_confirmation', {
			status: 200,
			body: { email_confirmed: true },
		} );
		await renderProfile( '?tab=base&confirm_email=abc.def' );

		expect(
			await screen.findByText( 'Your email address is confirmed.' )
		).toBeInTheDocument();
		expect( window.location.search ).toBe( '?tab=base' );
		const calls = api.requestsTo( 'POST /users/me/email_confirmation' );
		expect( calls ).toHaveLength( 1 );
		expect( calls[ 0 ].body ).toEqual( { token: 'abc.def' } );
	} );

	it( 'says when the link is not valid any more', async () => {
		serveProfile( api );
		api.on(
			'POST /users/me/email_confirmation',
			apiError(
				400,
				'This confirmation link is not valid or has expired.'
			)
		);
		await renderProfile( '?confirm_email=old' );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'This confirmation link is not valid or has expired.'
		);
		expect( window.location.search ).toBe( '' );
	} );
} );

describe( 'fiscal report card', () => {
	it( 'asks a tester without a fiscal profile to fill it in', async () => {
		serveProfile( api, { fiscal: null } );
		await renderProfile();
		expect(
			await screen.findByText(
				'You need to fill in your tax profile data to receive your booty'
			)
		).toBeInTheDocument();
	} );

	it( 'reports an unverified profile', async () => {
		serveProfile( api, { fiscal: UNVERIFIED } );
		await renderProfile();
		expect(
			await screen.findByRole( 'heading', {
				name: 'Invalid fiscal profile',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByText( "We couldn't validate your tax id." )
		).toBeInTheDocument();
	} );

	it( "quotes the community team's reason when they refused the profile", async () => {
		serveProfile( api, {
			fiscal: {
				...UNVERIFIED,
				refusalReason:
					'The tax id belongs to someone else.\nSend your own.',
			},
		} );
		await renderProfile();
		const card = (
			await screen.findByRole( 'heading', {
				name: 'Invalid fiscal profile',
			} )
		).closest( 'section' )!;
		expect( card ).toHaveTextContent(
			'Our team reviewed your tax profile and could not accept it:'
		);
		expect( card.querySelector( 'blockquote' ) ).toHaveTextContent(
			'The tax id belongs to someone else. Send your own.'
		);
		expect( card ).toHaveTextContent(
			'Correct the data it mentions and save the form again.'
		);
	} );

	it( 'says nothing of a refusal when the profile is merely unverified', async () => {
		serveProfile( api, { fiscal: UNVERIFIED } );
		await renderProfile();
		await screen.findByRole( 'heading', {
			name: 'Invalid fiscal profile',
		} );
		expect( screen.queryByText( /Our team reviewed/ ) ).toBeNull();
	} );

	it( 'shows no card for a verified profile', async () => {
		serveProfile( api );
		await renderProfile();
		await waitFor( () =>
			expect( api.requestsTo( 'GET /users/me/fiscal' ) ).toHaveLength( 1 )
		);
		expect( screen.queryByText( /tax profile data/ ) ).toBeNull();
		expect( screen.queryByText( 'Invalid fiscal profile' ) ).toBeNull();
	} );
} );

describe( 'loading the profile', () => {
	it( 'shows a spinner, then the login card on 403', async () => {
		const answer = deferred< ReturnType< typeof apiError > >();
		api.on( 'GET /users/me', () => answer.promise );
		await renderPage();
		expect(
			screen.getByRole( 'status', { name: 'Loading your profile…' } )
		).toBeInTheDocument();
		answer.resolve( apiError( 403, 'You are not logged in.' ) );
		expect(
			await screen.findByRole( 'heading', { name: /log ?in/i } )
		).toBeInTheDocument();
		expect( window.alert ).not.toHaveBeenCalled();
	} );

	it( 'alerts the message of any other failure', async () => {
		api.on( 'GET /users/me', apiError( 500, 'Database unavailable' ) );
		await renderPage();
		await waitFor( () =>
			expect( window.alert ).toHaveBeenCalledWith(
				'Database unavailable'
			)
		);
		expect( window.alert ).toHaveBeenCalledTimes( 1 );
	} );
} );
