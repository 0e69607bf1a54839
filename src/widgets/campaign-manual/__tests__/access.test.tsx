import { fireEvent, screen, waitFor } from '@testing-library/react';

import { axeViolations } from '../../../test-utils/axe';
import { deferred, type FakeApi } from '../../../test-utils/fake-api';
import {
	CAMPAIGN,
	CAMPAIGN_ID,
	TASKS_ROUTE,
	apiError,
	manualApi,
	renderManual,
} from './helpers';

const CAMPAIGN_ROUTE = `GET /users/me/campaigns/${ CAMPAIGN_ID }` as const;
const NO_PERMISSION = 'You do not have permission to access this campaign';

let api: FakeApi;

/** The page's heading once the campaign is read. */
const heading = () =>
	screen.findByRole( 'heading', { level: 1 }, { timeout: 5000 } );

describe( 'who may see the manual', () => {
	it( 'tells an excluded tester they have no permission, and reads nothing else', async () => {
		api = manualApi( { status: 'excluded', selectionStatus: 'excluded' } );
		await renderManual();

		expect( await heading() ).toHaveTextContent( NO_PERMISSION );
		expect(
			screen.getByRole( 'link', { name: 'Back to the dashboard' } )
		).toHaveAttribute( 'href', 'http://scouts.test/my-dashboard/' );
		expect( screen.queryByRole( 'tab' ) ).not.toBeInTheDocument();
		expect( api.requestsTo( TASKS_ROUTE ) ).toHaveLength( 0 );
		expect(
			api.requestsTo(
				`GET /users/me/campaigns/${ CAMPAIGN_ID }/payout_data`
			)
		).toHaveLength( 0 );
	} );

	it.each( [
		[ 'applied', 'other' ],
		[ 'available', 'other' ],
		// A selection the API calls excluded wins over the status.
		[ 'selected', 'excluded' ],
	] as const )(
		'tells a tester whose application is %s (%s) they have no permission',
		async ( status, selectionStatus ) => {
			api = manualApi( { status, selectionStatus } );
			await renderManual();

			expect( await heading() ).toHaveTextContent( NO_PERMISSION );
			expect( api.requestsTo( TASKS_ROUTE ) ).toHaveLength( 0 );
		}
	);

	it( 'gives the same answer when the API will not show the campaign (404)', async () => {
		api = manualApi().on(
			CAMPAIGN_ROUTE,
			apiError( 404, 'Campaign not found' )
		);
		await renderManual();

		expect( await heading() ).toHaveTextContent( NO_PERMISSION );
	} );

	it( 'gives the same answer on an address without a campaign id, without asking the API', async () => {
		api = manualApi();
		await renderManual( { path: '/campaigns/manual/' } );

		expect( await heading() ).toHaveTextContent( NO_PERMISSION );
		expect( api.requestsTo( CAMPAIGN_ROUTE ) ).toHaveLength( 0 );
	} );

	it( 'asks the campaign in the page language, and offers a retry when it cannot be read', async () => {
		api = manualApi();
		const gate = deferred< void >();
		let fail = true;
		api.hold(
			( request ) =>
				request.route === `/users/me/campaigns/${ CAMPAIGN_ID }`,
			gate.promise
		).on( CAMPAIGN_ROUTE, () =>
			fail
				? apiError( 500, 'Database unavailable' )
				: { status: 200, body: CAMPAIGN }
		);
		await renderManual( { locale: 'it' } );

		await waitFor( () =>
			expect( api.requestsTo( CAMPAIGN_ROUTE ) ).toHaveLength( 1 )
		);
		expect(
			api
				.requestsTo( CAMPAIGN_ROUTE )[ 0 ]
				.url.searchParams.get( 'locale' )
		).toBe( 'it' );
		expect(
			screen.getByRole( 'status', {
				name: 'Caricamento della campagna…',
			} )
		).toBeInTheDocument();
		gate.resolve();
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Non siamo riusciti a caricare questa campagna.'
		);

		fail = false;
		fireEvent.click( screen.getByRole( 'button', { name: 'Riprova' } ) );
		expect( await heading() ).toHaveTextContent( 'CP12 - Bug hunting' );
	} );
} );

describe( 'before the start date', () => {
	it( 'says the manual is not ready with the start date, in English', async () => {
		api = manualApi( { selectionStatus: 'not-started' } );
		await renderManual();

		expect( await heading() ).toHaveTextContent( 'CP12 - Bug hunting' );
		expect(
			screen.getByText(
				'The manual is not ready yet, the activity will start on December 1, 2026'
			)
		).toBeInTheDocument();
		expect( screen.queryByRole( 'tab' ) ).not.toBeInTheDocument();
		expect( api.requestsTo( TASKS_ROUTE ) ).toHaveLength( 0 );
	} );

	it( 'and in Italian, with the date in Italian', async () => {
		api = manualApi( { selectionStatus: 'not-started' } );
		await renderManual( { locale: 'it' } );

		await heading();
		expect(
			screen.getByText(
				"Il manuale non è ancora pronto, l'attività inizierà il 1 dicembre 2026"
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Torna alla dashboard' } )
		).toHaveAttribute( 'href', 'http://scouts.test/it/my-dashboard/' );
	} );
} );

describe( 'accepting the contract', () => {
	const startButton = () =>
		screen.getByRole( 'button', { name: 'Accept and start' } );

	it( 'starts the campaign through start_tester_activities with a fresh nonce, then reloads the page', async () => {
		api = manualApi( { selectionStatus: 'starting' } )
			.onAjax( 'appq_get_nonce', {
				status: 200,
				body: { success: true, data: 'nonce-42' },
			} )
			.onAjax( 'start_tester_activities', {
				status: 200,
				body: {
					success: true,
					data: { startedAt: '2026-12-02T08:00:00Z' },
				},
			} );
		const { reload } = await renderManual();

		expect( await heading() ).toHaveTextContent( 'CP12 - Bug hunting' );
		expect(
			screen.getByRole( 'region', { name: 'Before you start' } )
		).toBeInTheDocument();
		expect( api.requestsTo( TASKS_ROUTE ) ).toHaveLength( 0 );

		fireEvent.click( startButton() );
		expect(
			screen.getByRole( 'button', { name: 'Starting…' } )
		).toBeDisabled();
		await waitFor( () => expect( reload ).toHaveBeenCalledTimes( 1 ) );

		const [ call ] = api.ajaxCalls( 'start_tester_activities' );
		const form = call.body as URLSearchParams;
		expect( form.get( 'cp_id' ) ).toBe( String( CAMPAIGN_ID ) );
		expect( form.get( 'security' ) ).toBe( 'nonce-42' );
		expect( api.ajaxCalls( 'appq_get_nonce' ) ).toHaveLength( 1 );
	} );

	it( "shows the server's refusal and lets the tester try again, without reloading", async () => {
		let refuse = true;
		api = manualApi( { selectionStatus: 'starting' } )
			.onAjax( 'appq_get_nonce', {
				status: 200,
				body: { success: true, data: 'nonce-42' },
			} )
			.onAjax( 'start_tester_activities', () =>
				refuse
					? {
							status: 200,
							body: {
								success: false,
								data: {
									message:
										'You do not have permission to access this campaign',
								},
							},
					  }
					: {
							status: 200,
							body: {
								success: true,
								data: { startedAt: '2026-12-02T08:00:00Z' },
							},
					  }
			);
		const { reload } = await renderManual();
		await heading();

		fireEvent.click( startButton() );
		const alert = await screen.findByRole( 'alert' );
		expect( alert ).toHaveTextContent(
			"We couldn't start the activity. Please try again."
		);
		expect( alert ).toHaveTextContent(
			'You do not have permission to access this campaign'
		);
		expect( reload ).not.toHaveBeenCalled();

		refuse = false;
		fireEvent.click( startButton() );
		await waitFor( () => expect( reload ).toHaveBeenCalledTimes( 1 ) );
	} );

	it( 'has no axe violations', async () => {
		api = manualApi( { selectionStatus: 'starting' } );
		const { container } = await renderManual();
		await heading();
		expect( await axeViolations( container ) ).toEqual( [] );
	} );
} );
