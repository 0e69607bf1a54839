import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import {
	FakeApi,
	apiError,
	deferred,
	type ApiAnswer,
} from '../../../test-utils/fake-api';
import { LEVELS, testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';
import type { Me } from '../../../services/types';
import { PerformanceCard } from '../performance-card';
import type { RankSummary } from '../types';
import { ME, RANK } from './helpers';

const config = testConfig();
let api: FakeApi;

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
} );

/** The value shown next to a label of the card. */
const value = ( label: string ) => {
	const term = screen.getByText( label, { selector: 'dt' } );
	return term.nextElementSibling as HTMLElement;
};

async function renderCard( {
	me = ME,
	rank = RANK,
	locale = 'en' as const,
}: {
	me?: Me;
	rank?: Partial< RankSummary >;
	locale?: 'en' | 'it' | 'es' | 'fr';
} = {} ) {
	api.on( 'GET /users/me/rank', {
		status: 200,
		body: { ...RANK, ...rank },
	} ).on( 'GET /levels', { status: 200, body: LEVELS } );
	const rendered = await renderWithProviders( <PerformanceCard me={ me } />, {
		config: { locale },
	} );
	// The spinner stands in for the rank until it arrives.
	await waitFor( () =>
		expect( screen.queryByRole( 'status' ) ).not.toBeInTheDocument()
	);
	return rendered;
}

describe( 'the performance card', () => {
	it( 'shows every line of the spec under its heading', async () => {
		await renderCard();

		const card = screen.getByRole( 'region', { name: 'Your performance' } );
		expect( card ).toBeInTheDocument();
		expect( value( 'Total experience points' ) ).toHaveTextContent(
			'1,250'
		);
		expect( value( 'Experience points this month' ) ).toHaveTextContent(
			'340'
		);
		expect( value( 'Level' ) ).toHaveTextContent( 'Gold' );
		expect( within( value( 'Level' ) ).getByText( '12°' ) ).toBeVisible();
		expect( value( 'Completed campaigns' ) ).toHaveTextContent( '7' );
		expect( value( 'Approved bugs' ) ).toHaveTextContent( '3' );
		// Net with the gross in brackets; the gross alone when there is no net.
		expect( value( 'Received booty' ) ).toHaveTextContent(
			'€12.00 (€15.00)'
		);
		expect( value( 'Available booty' ) ).toHaveTextContent( /^€4\.50$/ );

		expect(
			screen.getByRole( 'link', { name: 'View ranking page' } )
		).toHaveAttribute( 'href', 'http://scouts.test/leaderboard/' );
		expect(
			screen.getByRole( 'link', { name: 'View bugs page' } )
		).toHaveAttribute( 'href', 'http://scouts.test/my-bugs/' );
		expect(
			screen.getByRole( 'link', { name: 'View payments page' } )
		).toHaveAttribute( 'href', 'http://scouts.test/payments/' );
		expect( api.requestsTo( 'GET /users/me/rank' ) ).toHaveLength( 1 );
	} );

	it( "measures the month's points against the published rules in a level meter", async () => {
		await renderCard();

		const meter = await screen.findByRole( 'meter', {
			name: 'Points this month',
		} );
		expect( meter ).toHaveAttribute( 'aria-valuenow', '340' );
		expect( meter ).toHaveAttribute( 'aria-valuemax', '3500' );
		// Gold holds at 1,000 and Platinum is reached at 3,500 (GET /levels).
		expect( meter ).toHaveAccessibleDescription(
			expect.stringMatching(
				/^Keep Gold: 1,000 points, 660 to go Reach Platinum: 3,500 points, 3,160 to go Days left this month: \d+$/
			)
		);
		expect( api.requestsTo( 'GET /levels' ) ).toHaveLength( 1 );
	} );

	it.each( [
		[ 'level 0, which only the entry test leaves', 0, 'None' ],
		[ 'Legendary, which is permanent', 100, 'Legendary' ],
	] )( 'has no meter at %s', async ( _, id, name ) => {
		await renderCard( { rank: { level: { id, name }, rank: null } } );

		expect( value( 'Level' ) ).toHaveTextContent( name );
		expect( screen.queryByRole( 'meter' ) ).not.toBeInTheDocument();
		expect( api.requestsTo( 'GET /levels' ) ).toHaveLength( 0 );
	} );

	it( "colours the level's icon after the level", async () => {
		await renderCard( { rank: { level: { id: 60, name: 'Diamond' } } } );

		expect( value( 'Level' ) ).toHaveTextContent( 'Diamond' );
		expect( value( 'Level' ).querySelector( 'svg' ) ).toHaveClass(
			'wp-block-crowdscout-dashboard__level-icon--60'
		);
	} );

	it( 'shows level 0 by its name only, without a rank, in neutral grey', async () => {
		await renderCard( {
			rank: { level: { id: 0, name: 'None' }, rank: null },
		} );

		expect( value( 'Level' ) ).toHaveTextContent( /^None$/ );
		expect( value( 'Level' ) ).not.toHaveTextContent( '°' );
		expect( value( 'Level' ) ).not.toHaveTextContent( 'N/A' );
		expect( value( 'Level' ).querySelector( 'svg' ) ).toHaveClass(
			'wp-block-crowdscout-dashboard__level-icon--0'
		);
	} );

	it( 'shows N/A for a level without a rank yet', async () => {
		await renderCard( {
			rank: { level: { id: 20, name: 'Bronze' }, rank: null },
		} );

		expect( value( 'Level' ) ).toHaveTextContent( 'Bronze' );
		expect( within( value( 'Level' ) ).getByText( 'N/A' ) ).toBeVisible();
		expect( value( 'Level' ) ).not.toHaveTextContent( '°' );
	} );

	it( 'shows a dash for a missing booty and 0 for missing counts', async () => {
		await renderCard( {
			me: {
				id: 17,
				name: 'Dana',
				surname: 'Demo',
			},
			rank: { points: 0 },
		} );

		expect( value( 'Received booty' ) ).toHaveTextContent( /^-$/ );
		expect( value( 'Available booty' ) ).toHaveTextContent( /^-$/ );
		expect( value( 'Total experience points' ) ).toHaveTextContent( /^0$/ );
		expect( value( 'Experience points this month' ) ).toHaveTextContent(
			/^0$/
		);
		expect( value( 'Completed campaigns' ) ).toHaveTextContent( /^0$/ );
		expect( value( 'Approved bugs' ) ).toHaveTextContent( /^0$/ );
	} );

	it( "speaks the page's language: words, numbers, money and links", async () => {
		await renderCard( {
			locale: 'it',
			me: {
				...ME,
				total_exp_pts: 12500,
				pending_booty: {
					gross: { value: 30, currency: 'EUR' },
					net: { value: 24, currency: 'EUR' },
				},
			},
		} );

		expect(
			await screen.findByRole( 'region', { name: 'Il tuo rendimento' } )
		).toBeInTheDocument();
		expect( value( 'Punti esperienza totali' ) ).toHaveTextContent(
			'12.500'
		);
		expect( value( 'Livello' ) ).toHaveTextContent( 'Oro' );
		expect( value( 'Booty ricevuto' ) ).toHaveTextContent(
			'12,00 € (15,00 €)'
		);
		expect( value( 'Booty disponibile' ) ).toHaveTextContent(
			'24,00 € (30,00 €)'
		);
		expect(
			screen.getByRole( 'link', { name: 'Vai alla classifica' } )
		).toHaveAttribute( 'href', 'http://scouts.test/it/leaderboard/' );
		expect(
			screen.getByRole( 'link', { name: 'Vai ai bug' } )
		).toHaveAttribute( 'href', 'http://scouts.test/it/my-bugs/' );
		expect(
			screen.getByRole( 'link', { name: 'Vai ai pagamenti' } )
		).toHaveAttribute( 'href', 'http://scouts.test/it/payments/' );
	} );

	it( 'announces a spinner while the rank loads', async () => {
		const answer = deferred< ApiAnswer< 'getMyRank' > >();
		api.on( 'GET /users/me/rank', () => answer.promise );

		await renderWithProviders( <PerformanceCard me={ ME } /> );

		expect(
			screen.getByRole( 'status', { name: 'Loading your performance…' } )
		).toBeInTheDocument();
		expect(
			screen.queryByText( 'Level', { selector: 'dt' } )
		).not.toBeInTheDocument();

		answer.resolve( { status: 200, body: RANK } );

		expect(
			await screen.findByText( 'Level', { selector: 'dt' } )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'status' ) ).not.toBeInTheDocument();
	} );

	it( "shows 'Something went wrong' with a retry when the rank fails, and the rest of the card", async () => {
		let calls = 0;
		api.on( 'GET /users/me/rank', () =>
			++calls === 1
				? apiError( 500, 'Database unavailable' )
				: { status: 200, body: RANK }
		);

		await renderWithProviders( <PerformanceCard me={ ME } /> );

		const alert = await screen.findByRole( 'alert' );
		expect( alert ).toHaveTextContent( 'Something went wrong' );
		expect( value( 'Received booty' ) ).toHaveTextContent(
			'€12.00 (€15.00)'
		);

		fireEvent.click(
			within( alert ).getByRole( 'button', { name: 'Try again' } )
		);

		expect(
			await screen.findByText( '12°', { exact: false } )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
	} );
} );
