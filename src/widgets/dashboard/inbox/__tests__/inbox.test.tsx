import {
	act,
	fireEvent,
	screen,
	waitFor,
	within,
} from '@testing-library/react';

import { Inbox } from '..';
import type { AppStore } from '../../../../store/store';
import { Toaster } from '../../../../components/toaster';
import {
	FakeApi,
	apiError,
	deferred,
	type ApiAnswer,
} from '../../../../test-utils/fake-api';
import { testConfig } from '../../../../test-utils/fixtures';
import { renderWithProviders } from '../../../../test-utils/render-with-providers';
import { messagesApi, type Popup } from '../../messages-api';
import { encode } from './encode';

const config = testConfig();
const PROFILE = { id: 17, name: 'Dana', surname: 'Demo' };
let api: FakeApi;

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
} );

afterEach( () => {
	delete ( window as { pwned?: boolean } ).pwned;
} );

const popup = (
	id: number,
	title: string,
	html: string,
	once = true
): Popup => ( { id, title, content: encode( html ), once } );

const WELCOME = popup(
	1,
	'Welcome to Crowdscout, {{name}}!',
	'<h2>Welcome aboard, {{name}} {{surname}}</h2><p>Your tester id is <strong>T{{id}}</strong>.</p>'
);
const RULES = popup(
	2,
	'New rules',
	'<p>Read the new rules before your next campaign.</p>',
	false
);
const PAYOUTS = popup( 3, 'Payouts', '<p>Payouts are now weekly.</p>' );

function ok< Body >( body: Body ) {
	return { status: 200 as const, body };
}

/**
 * Answers the list: `unseen` without showExpired, `all` with it.
 *
 * @param unseen
 * @param all
 */
function popupsAre(
	unseen: ApiAnswer< 'listMyPopups' >,
	all: ApiAnswer< 'listMyPopups' > = ok( [] )
) {
	api.on( 'GET /users/me/popups', ( request ) =>
		request.url.searchParams.get( 'showExpired' ) === 'true' ? all : unseen
	);
}

function seenAnswers( ...popups: Popup[] ) {
	for ( const each of popups ) {
		api.on( `GET /users/me/popups/${ each.id }`, ok( each ) );
	}
}

/**
 * The dialog and the popup renderer load the first time they are used (React.lazy), as in the browser. Loading
 * them once here, for the file, lets each test start where a tester is after the first message: with them in,
 * whatever the order the tests run in. The first test's assertions wait for them anyway.
 */
beforeAll( async () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
	popupsAre( ok( [ RULES ] ) );
	const { unmount } = await renderInbox();
	// The first render loads the lazy dialog's chunk, slow on a busy machine.
	await screen.findByRole(
		'article',
		{ name: 'New rules' },
		{ timeout: 5000 }
	);
	unmount();
} );

const renderInbox = () =>
	renderWithProviders(
		<>
			<Inbox profile={ PROFILE } />
			<Toaster />
		</>
	);

const messages = () =>
	screen.getByRole( 'dialog', { name: 'Messages for you' } );

/** The footer's Close, after the dialog's own close button of the same name. */
const footerClose = () =>
	within( messages() ).getAllByRole( 'button', { name: 'Close' } ).at( -1 )!;

/**
 * The page's toast area. Radix hides everything outside an open dialog from assistive technology, the
 * toaster included, so toasts are checked the way a sighted tester sees them.
 */
const toasts = () =>
	document.querySelector< HTMLElement >( '.crowdscout-toaster' )!;

const inboxButton = () => screen.getByRole( 'button', { name: 'Inbox' } );

/**
 * Waits for the list of unseen popups to be answered, for tests where nothing visible changes.
 *
 * @param store
 */
async function unseenListLoaded( store: AppStore ) {
	await waitFor( () =>
		expect(
			messagesApi.endpoints.listMyPopups.select( { showExpired: false } )(
				store.getState()
			).isSuccess
		).toBe( true )
	);
}

describe( 'inbox', () => {
	it( 'opens "Messages for you" on the first unseen popup, placeholders filled', async () => {
		popupsAre( ok( [ WELCOME, RULES ] ) );
		seenAnswers( WELCOME, RULES );

		await renderInbox();

		const dialog = await screen.findByRole( 'dialog', {
			name: 'Messages for you',
		} );
		// The popup's renderer loads with the first popup shown.
		expect(
			await within( dialog ).findByRole( 'heading', {
				name: 'Welcome to Crowdscout, Dana!',
			} )
		).toBeInTheDocument();
		expect(
			within( dialog ).getByRole( 'heading', {
				name: 'Welcome aboard, Dana Demo',
			} )
		).toBeInTheDocument();
		expect( dialog ).toHaveTextContent( 'Your tester id is T17.' );
		expect( dialog ).toHaveTextContent( '1 of 2' );
		expect(
			within( dialog ).getByRole( 'button', { name: 'Next' } )
		).toBeInTheDocument();

		const [ request ] = api.requestsTo( 'GET /users/me/popups' );
		expect( request.url.searchParams.has( 'showExpired' ) ).toBe( false );
	} );

	it( 'gives focus to the Inbox button when the popups that opened by themselves are closed with Escape', async () => {
		popupsAre( ok( [ WELCOME ] ) );
		seenAnswers( WELCOME );
		await renderInbox();
		await within(
			await screen.findByRole( 'dialog', { name: 'Messages for you' } )
		).findByRole( 'heading', { name: 'Welcome to Crowdscout, Dana!' } );

		fireEvent.keyDown( messages(), { key: 'Escape' } );

		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		await waitFor( () => expect( inboxButton() ).toHaveFocus() );
	} );

	it( 'stays closed when there are no unseen popups', async () => {
		popupsAre( ok( [] ) );
		const { store } = await renderInbox();

		await unseenListLoaded( store );

		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( inboxButton() ).toBeInTheDocument();
	} );

	it( 'takes a 404 on the list for no popups', async () => {
		popupsAre( apiError( 404, 'No popups' ) );
		const { store } = await renderInbox();

		await unseenListLoaded( store );

		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
	} );

	it( 'pages with Previous and Next, and closes from the last page', async () => {
		popupsAre( ok( [ WELCOME, RULES, PAYOUTS ] ) );
		seenAnswers( WELCOME, RULES, PAYOUTS );
		await renderInbox();
		await screen.findByRole( 'dialog', { name: 'Messages for you' } );

		expect(
			screen.queryByRole( 'button', { name: 'Previous' } )
		).not.toBeInTheDocument();

		fireEvent.click( screen.getByRole( 'button', { name: 'Next' } ) );
		expect( messages() ).toHaveTextContent( '2 of 3' );
		expect(
			screen.getByRole( 'heading', { name: 'New rules' } )
		).toBeInTheDocument();

		fireEvent.click( screen.getByRole( 'button', { name: 'Previous' } ) );
		expect( messages() ).toHaveTextContent( '1 of 3' );
		expect(
			screen.getByRole( 'heading', {
				name: 'Welcome to Crowdscout, Dana!',
			} )
		).toBeInTheDocument();
		// Previous went away: focus is on the button that moves on.
		expect( screen.getByRole( 'button', { name: 'Next' } ) ).toHaveFocus();

		fireEvent.click( screen.getByRole( 'button', { name: 'Next' } ) );
		fireEvent.click( screen.getByRole( 'button', { name: 'Next' } ) );
		expect( messages() ).toHaveTextContent( '3 of 3' );
		expect(
			screen.getByRole( 'heading', { name: 'Payouts' } )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Next' } )
		).not.toBeInTheDocument();

		fireEvent.click( footerClose() );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
	} );

	it( 'reports a popup shown once as seen when it is shown, and only once', async () => {
		popupsAre( ok( [ WELCOME, RULES, PAYOUTS ] ) );
		seenAnswers( WELCOME, RULES, PAYOUTS );
		await renderInbox();
		await screen.findByRole( 'dialog', { name: 'Messages for you' } );

		await waitFor( () =>
			expect( api.requestsTo( 'GET /users/me/popups/1' ) ).toHaveLength(
				1
			)
		);
		expect( api.requestsTo( 'GET /users/me/popups/3' ) ).toHaveLength( 0 );

		// Back and forth: the first is not reported again, the second waits for its button.
		fireEvent.click( screen.getByRole( 'button', { name: 'Next' } ) );
		fireEvent.click( screen.getByRole( 'button', { name: 'Previous' } ) );
		fireEvent.click( screen.getByRole( 'button', { name: 'Next' } ) );
		fireEvent.click( screen.getByRole( 'button', { name: 'Next' } ) );

		await waitFor( () =>
			expect( api.requestsTo( 'GET /users/me/popups/3' ) ).toHaveLength(
				1
			)
		);
		expect( api.requestsTo( 'GET /users/me/popups/1' ) ).toHaveLength( 1 );
		expect( api.requestsTo( 'GET /users/me/popups/2' ) ).toHaveLength( 0 );
	} );

	it( '"don\'t show this again" reports the popup, then disables itself', async () => {
		popupsAre( ok( [ RULES, PAYOUTS ] ) );
		const answer = deferred< ApiAnswer< 'getMyPopup' > >();
		api.on( 'GET /users/me/popups/2', () => answer.promise );
		seenAnswers( PAYOUTS );
		await renderInbox();
		await screen.findByRole( 'dialog', { name: 'Messages for you' } );

		const button = screen.getByRole( 'button', {
			name: "I understand, don't show this again",
		} );
		fireEvent.click( button );
		expect( button ).toHaveAttribute( 'aria-busy', 'true' );
		fireEvent.click( button );

		answer.resolve( ok( RULES ) );

		const done = await screen.findByRole( 'button', {
			name: "You won't see this message again",
		} );
		expect( done ).toBeDisabled();
		expect( screen.getByRole( 'button', { name: 'Next' } ) ).toHaveFocus();
		expect( api.requestsTo( 'GET /users/me/popups/2' ) ).toHaveLength( 1 );

		// Still done when the tester comes back to it.
		fireEvent.click( screen.getByRole( 'button', { name: 'Next' } ) );
		fireEvent.click( screen.getByRole( 'button', { name: 'Previous' } ) );
		expect(
			screen.getByRole( 'button', {
				name: "You won't see this message again",
			} )
		).toBeDisabled();
	} );

	it( 'ignores a 404 when reporting a popup as seen', async () => {
		popupsAre( ok( [ WELCOME, RULES ] ) );
		api.on(
			'GET /users/me/popups/1',
			apiError( 404, 'Popup not found' )
		).on( 'GET /users/me/popups/2', apiError( 404, 'Popup not found' ) );
		await renderInbox();
		await screen.findByRole( 'dialog', { name: 'Messages for you' } );

		fireEvent.click( screen.getByRole( 'button', { name: 'Next' } ) );
		fireEvent.click(
			screen.getByRole( 'button', {
				name: "I understand, don't show this again",
			} )
		);

		expect(
			await screen.findByRole( 'button', {
				name: "You won't see this message again",
			} )
		).toBeDisabled();
		expect( api.requestsTo( 'GET /users/me/popups/1' ) ).toHaveLength( 1 );
		expect( toasts() ).toBeEmptyDOMElement();
	} );

	it( "shows the server's message when reporting fails otherwise, and lets the tester try again", async () => {
		popupsAre( ok( [ RULES ] ) );
		let calls = 0;
		api.on( 'GET /users/me/popups/2', () =>
			++calls === 1
				? apiError( 500, 'Database unavailable' )
				: ok( RULES )
		);
		await renderInbox();
		await screen.findByRole( 'dialog', { name: 'Messages for you' } );

		fireEvent.click(
			screen.getByRole( 'button', {
				name: "I understand, don't show this again",
			} )
		);

		await waitFor( () =>
			expect( toasts() ).toHaveTextContent( 'Database unavailable' )
		);
		const button = screen.getByRole( 'button', {
			name: "I understand, don't show this again",
		} );
		expect( button ).toBeEnabled();
		expect( button ).not.toHaveAttribute( 'aria-busy' );

		fireEvent.click( button );
		expect(
			await screen.findByRole( 'button', {
				name: "You won't see this message again",
			} )
		).toBeDisabled();
	} );

	it( 'shows the message of a failed report of a popup shown once', async () => {
		popupsAre( ok( [ WELCOME ] ) );
		api.on( 'GET /users/me/popups/1', apiError( 500, 'Try later' ) );
		await renderInbox();

		await waitFor( () =>
			expect( toasts() ).toHaveTextContent( 'Try later' )
		);
		expect( messages() ).toBeInTheDocument();
	} );

	it( 'reopens with every popup, expired and seen ones included, from the Inbox button', async () => {
		popupsAre( ok( [] ), ok( [ RULES, PAYOUTS ] ) );
		seenAnswers( RULES, PAYOUTS );
		const { store } = await renderInbox();
		await unseenListLoaded( store );
		const answer = deferred< void >();
		api.hold(
			( request ) => request.url.searchParams.has( 'showExpired' ),
			answer.promise
		);

		inboxButton().focus();
		fireEvent.click( inboxButton() );
		await screen.findByRole( 'dialog', { name: 'Messages for you' } );

		expect(
			within( messages() ).getByRole( 'status', {
				name: 'Loading your messages…',
			} )
		).toBeInTheDocument();
		answer.resolve();

		expect(
			await within( messages() ).findByRole( 'heading', {
				name: 'New rules',
			} )
		).toBeInTheDocument();
		expect( messages() ).toHaveTextContent( '1 of 2' );
		const all = api
			.requestsTo( 'GET /users/me/popups' )
			.filter( ( request ) =>
				request.url.searchParams.has( 'showExpired' )
			);
		expect( all ).toHaveLength( 1 );
		expect( all[ 0 ].url.searchParams.get( 'showExpired' ) ).toBe( 'true' );

		fireEvent.keyDown( messages(), { key: 'Escape' } );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		await waitFor( () => expect( inboxButton() ).toHaveFocus() );
	} );

	it( 'says so when the inbox is empty', async () => {
		popupsAre( ok( [] ), apiError( 404, 'No popups' ) );
		const { store } = await renderInbox();
		await unseenListLoaded( store );

		fireEvent.click( inboxButton() );
		await screen.findByRole( 'dialog', { name: 'Messages for you' } );

		expect(
			await within( messages() ).findByText( 'You have no messages.' )
		).toBeInTheDocument();
		expect( messages() ).not.toHaveTextContent( 'of' );
		fireEvent.click( footerClose() );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
	} );

	it( 'shows an error with a retry when the list cannot be loaded', async () => {
		let calls = 0;
		api.on( 'GET /users/me/popups', ( request ) => {
			if ( ! request.url.searchParams.has( 'showExpired' ) ) {
				return ok( [] );
			}
			return ++calls === 1
				? apiError( 500, 'Database unavailable' )
				: ok( [ PAYOUTS ] );
		} );
		seenAnswers( PAYOUTS );
		const { store } = await renderInbox();
		await unseenListLoaded( store );

		fireEvent.click( inboxButton() );
		await screen.findByRole( 'dialog', { name: 'Messages for you' } );

		const alert = await within( messages() ).findByRole( 'alert' );
		expect( alert ).toHaveTextContent( "We couldn't load your messages." );

		fireEvent.click(
			within( alert ).getByRole( 'button', { name: 'Try again' } )
		);
		expect(
			await within( messages() ).findByRole( 'heading', {
				name: 'Payouts',
			} )
		).toBeInTheDocument();
	} );

	it( 'renders script content inert', async () => {
		popupsAre(
			ok( [
				popup(
					4,
					'Careful',
					'<p>Hello {{name}}</p><script>window.pwned = true</script>' +
						'<img src=x onerror="window.pwned = true">' +
						'<a href="javascript:window.pwned = true">Click me</a>'
				),
			] )
		);
		api.on( 'GET /users/me/popups/4', ok( popup( 4, 'Careful', '' ) ) );
		await renderInbox();

		const dialog = await screen.findByRole( 'dialog', {
			name: 'Messages for you',
		} );
		expect( dialog ).toHaveTextContent( 'Hello Dana' );
		expect( dialog.querySelector( 'script' ) ).toBeNull();
		expect( dialog.querySelector( 'img' ) ).not.toHaveAttribute(
			'onerror'
		);
		expect( within( dialog ).getByText( 'Click me' ) ).not.toHaveAttribute(
			'href'
		);
		for ( const element of dialog.querySelectorAll( '*' ) ) {
			expect(
				element
					.getAttributeNames()
					.filter( ( name ) => name.startsWith( 'on' ) )
			).toEqual( [] );
		}
		await act(
			() => new Promise( ( resolve ) => setTimeout( resolve, 0 ) )
		);
		expect( ( window as { pwned?: boolean } ).pwned ).toBeUndefined();
	} );

	it( 'says a popup cannot be displayed when its content does not decode', async () => {
		const broken = {
			id: 5,
			title: 'Broken',
			content: 'bm90IGRlZmxhdGU=',
			once: true,
		};
		popupsAre( ok( [ broken ] ) );
		api.on( 'GET /users/me/popups/5', ok( broken ) );
		await renderInbox();

		const dialog = await screen.findByRole( 'dialog', {
			name: 'Messages for you',
		} );
		expect(
			within( dialog ).getByRole( 'heading', { name: 'Broken' } )
		).toBeInTheDocument();
		expect( dialog ).toHaveTextContent(
			'This message cannot be displayed.'
		);
	} );
} );
