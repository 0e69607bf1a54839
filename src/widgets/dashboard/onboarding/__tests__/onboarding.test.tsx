import {
	act,
	fireEvent,
	screen,
	waitFor,
	within,
} from '@testing-library/react';

import { Onboarding } from '..';
import {
	FakeApi,
	apiError,
	deferred,
	type ApiAnswer,
} from '../../../../test-utils/fake-api';
import { testConfig } from '../../../../test-utils/fixtures';
import { renderWithProviders } from '../../../../test-utils/render-with-providers';
import { useGetMeQuery } from '../../../../services/users';

const config = testConfig();
let api: FakeApi;

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
} );

const TITLES = [
	'Welcome to the Scout community!',
	'Fill in your profile',
	'Add your devices',
	'Take the Basic Course',
	'Get paid',
	'Have fun!',
];

const dialog = () => screen.getByRole( 'dialog' );
const button = ( name: string ) => screen.getByRole( 'button', { name } );

function goToLastSlide() {
	for ( let slide = 1; slide < TITLES.length; slide++ ) {
		fireEvent.click( button( 'Next' ) );
	}
}

/** Shows what the dashboard reads from Me, to see the PATCH refresh it. */
function OnboardingState() {
	const { data } = useGetMeQuery( [ 'onboarding_completed' ] );
	if ( ! data ) {
		return null;
	}
	return (
		<p>
			{ data.onboarding_completed
				? 'Onboarding completed'
				: 'Onboarding to do' }
		</p>
	);
}

describe( 'onboarding', () => {
	it( 'opens by itself on the welcome slide', async () => {
		await renderWithProviders( <Onboarding /> );
		// The dialog's code loads the first time one opens.
		await screen.findByRole( 'dialog' );

		expect(
			screen.getByRole( 'dialog', {
				name: 'Welcome to the Scout community!',
			} )
		).toHaveAttribute( 'aria-modal', 'true' );
		expect( dialog() ).toHaveTextContent( '1 of 6' );
		expect( button( 'Next' ) ).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Back' } )
		).not.toBeInTheDocument();
	} );

	it( 'cannot be closed by a close button, Escape or a click outside', async () => {
		await renderWithProviders( <Onboarding /> );
		// The dialog's code loads the first time one opens.
		await screen.findByRole( 'dialog' );
		await act(
			() => new Promise( ( resolve ) => setTimeout( resolve, 0 ) )
		);

		expect(
			screen.queryByRole( 'button', { name: 'Close' } )
		).not.toBeInTheDocument();

		fireEvent.keyDown( dialog(), { key: 'Escape' } );
		const overlay = document.querySelector( '.crowdscout-modal__overlay' )!;
		fireEvent.pointerDown( overlay, { button: 0 } );
		fireEvent.click( overlay, { button: 0 } );
		await act(
			() => new Promise( ( resolve ) => setTimeout( resolve, 0 ) )
		);

		expect(
			screen.getByRole( 'dialog', {
				name: 'Welcome to the Scout community!',
			} )
		).toBeInTheDocument();
	} );

	it( 'goes through the six slides with Next and back with Back', async () => {
		await renderWithProviders( <Onboarding /> );
		// The dialog's code loads the first time one opens.
		await screen.findByRole( 'dialog' );

		for ( let slide = 1; slide < TITLES.length; slide++ ) {
			fireEvent.click( button( 'Next' ) );
			expect(
				screen.getByRole( 'dialog', { name: TITLES[ slide ] } )
			).toHaveTextContent( `${ slide + 1 } of ${ TITLES.length }` );
			// One button moves on, so focus stays on it from slide to slide.
			expect(
				button(
					slide < TITLES.length - 1
						? 'Next'
						: 'Take me to the dashboard'
				)
			).toHaveFocus();
		}
		expect(
			screen.queryByRole( 'button', { name: 'Next' } )
		).not.toBeInTheDocument();
		expect( button( 'Take me to the dashboard' ) ).toBeInTheDocument();

		for ( let slide = TITLES.length - 2; slide >= 0; slide-- ) {
			fireEvent.click( button( 'Back' ) );
			expect(
				screen.getByRole( 'dialog', { name: TITLES[ slide ] } )
			).toBeInTheDocument();
		}
		expect(
			screen.queryByRole( 'button', { name: 'Back' } )
		).not.toBeInTheDocument();
		// Back went away with the first slide: focus is on Next, not lost.
		expect( button( 'Next' ) ).toHaveFocus();
	} );

	it( 'links to the profile, the devices and the courses, and tells about points and payments', async () => {
		await renderWithProviders( <Onboarding /> );
		// The dialog's code loads the first time one opens.
		await screen.findByRole( 'dialog' );

		fireEvent.click( button( 'Next' ) );
		expect(
			screen.getByRole( 'link', { name: 'Complete your profile' } )
		).toHaveAttribute( 'href', 'http://scouts.test/my-account/' );

		fireEvent.click( button( 'Next' ) );
		expect(
			screen.getByRole( 'link', { name: 'Add your devices' } )
		).toHaveAttribute( 'href', 'http://scouts.test/personal-equipment/' );

		fireEvent.click( button( 'Next' ) );
		expect( dialog() ).toHaveTextContent( '200 experience points' );
		expect(
			screen.getByRole( 'link', { name: 'Go to the courses' } )
		).toHaveAttribute( 'href', 'http://scouts.test/courses/' );

		fireEvent.click( button( 'Next' ) );
		expect( dialog() ).toHaveTextContent( 'PayPal or bank transfer' );
	} );

	it( "links to the pages of the tester's language", async () => {
		await renderWithProviders( <Onboarding />, {
			config: { locale: 'it' },
		} );
		await screen.findByRole( 'dialog' );

		fireEvent.click( button( 'Avanti' ) );
		expect(
			screen.getByRole( 'link', { name: 'Completa il profilo' } )
		).toHaveAttribute( 'href', 'http://scouts.test/it/my-account/' );
	} );

	it( 'records onboarding as completed, showing it is saving, then closes', async () => {
		let completed = false;
		api.on( 'GET /users/me', () => ( {
			status: 200,
			body: { id: 17, onboarding_completed: completed },
		} ) );
		const answer = deferred< ApiAnswer< 'updateMe' > >();
		api.on( 'PATCH /users/me', () => answer.promise );
		await renderWithProviders(
			<>
				<Onboarding />
				<OnboardingState />
			</>
		);
		await screen.findByRole( 'dialog' );
		goToLastSlide();

		fireEvent.click( button( 'Take me to the dashboard' ) );

		const saving = button( 'Saving…' );
		expect( saving ).toHaveAttribute( 'aria-disabled', 'true' );
		expect( saving ).toHaveAttribute( 'aria-busy', 'true' );
		expect( button( 'Back' ) ).toBeDisabled();
		fireEvent.click( saving );

		completed = true;
		answer.resolve( {
			status: 200,
			body: { id: 17, onboarding_completed: true },
		} );

		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument()
		);
		const [ patch, ...others ] = api.requestsTo( 'PATCH /users/me' );
		expect( others ).toEqual( [] );
		expect( patch.body ).toEqual( { onboarding_completed: true } );
		// The dashboard's copy of the profile is refreshed.
		expect(
			await screen.findByText( 'Onboarding completed' )
		).toBeInTheDocument();
		expect( api.requestsTo( 'GET /users/me' ) ).toHaveLength( 2 );
	} );

	it( 'stays open with an error when saving fails, and can try again', async () => {
		let calls = 0;
		api.on( 'PATCH /users/me', () =>
			++calls === 1
				? apiError( 500, 'Database unavailable' )
				: { status: 200, body: { id: 17, onboarding_completed: true } }
		);
		await renderWithProviders( <Onboarding /> );
		// The dialog's code loads the first time one opens.
		await screen.findByRole( 'dialog' );
		goToLastSlide();

		fireEvent.click( button( 'Take me to the dashboard' ) );

		const alert = await within( dialog() ).findByRole( 'alert' );
		expect( alert ).toHaveTextContent(
			'Something went wrong. Please try again.'
		);
		expect(
			screen.getByRole( 'dialog', { name: 'Have fun!' } )
		).toBeInTheDocument();
		const again = button( 'Take me to the dashboard' );
		expect( again ).not.toHaveAttribute( 'aria-disabled' );

		fireEvent.click( again );

		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument()
		);
		expect( api.requestsTo( 'PATCH /users/me' ) ).toHaveLength( 2 );
	} );
} );
