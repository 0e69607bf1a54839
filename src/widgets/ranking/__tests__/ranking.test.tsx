import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { axeViolations } from '../../../test-utils/axe';
import { FakeApi, apiError } from '../../../test-utils/fake-api';
import { testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';
import type { RankSummary } from '../../../services/contract';
import Ranking from '..';
import { GOLD, RANK as RANK_OK, serveRanking } from './helpers';

const config = testConfig();
let api: FakeApi;

beforeEach( () => {
	// 25 November: six days left, today included (months are UTC, like the API's).
	jest.useFakeTimers( {
		advanceTimers: true,
		now: new Date( '2026-11-25T10:00:00Z' ),
	} );
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
} );

afterEach( () => {
	jest.useRealTimers();
} );

async function renderPage(
	rank: Partial< RankSummary > = {},
	locale: 'en' | 'it' = 'en'
) {
	serveRanking( api, { rank } );
	const rendered = await renderWithProviders( <Ranking />, {
		config: { locale },
	} );
	await screen.findByRole( 'heading', { level: 1 } );
	// Every call answered: no spinner left.
	await waitFor( () =>
		expect( screen.queryByRole( 'status' ) ).not.toBeInTheDocument()
	);
	return rendered;
}

const card = ( name: string ) => screen.getByRole( 'region', { name } );

/**
 * A cell's text as a screen reader has it: without what is hidden from it (the avatars' initials).
 *
 * @param cell
 */
function spoken( cell: Element ) {
	const copy = cell.cloneNode( true ) as Element;
	copy.querySelectorAll( '[aria-hidden="true"]' ).forEach( ( node ) =>
		node.remove()
	);
	return copy.textContent;
}

/** The rows of a table, each as its cells' texts. */
const rowsOf = ( name: string ) =>
	within( screen.getByRole( 'table', { name } ) )
		.getAllByRole( 'row' )
		.slice( 1 )
		.map( ( row ) =>
			Array.from( ( row as HTMLTableRowElement ).cells, spoken )
		);

/** The value next to a label of the recap card. */
const recap = ( label: string ) =>
	within( card( 'Dana Demo' ) ).getByText( label, { selector: 'dt' } )
		.nextElementSibling as HTMLElement;

describe( 'the ranking page', () => {
	it( 'recaps the tester: T+id, name, avatar, level, points this month and rank', async () => {
		await renderPage();

		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Ranking' } )
		).toBeInTheDocument();
		const recapCard = card( 'Dana Demo' );
		expect( within( recapCard ).getByText( 'T17' ) ).toBeVisible();
		expect(
			within( recapCard ).getByRole( 'img', {
				name: 'Profile picture of Dana Demo',
			} )
		).toBeInTheDocument();
		expect( recap( 'Level' ) ).toHaveTextContent( /^Gold$/ );
		expect( recap( 'Points this month' ) ).toHaveTextContent( /^340$/ );
		expect( recap( 'Position in your level' ) ).toHaveTextContent( /^5°$/ );
	} );

	it( 'asks for the maintenance points when the level is not kept yet, with the meter', async () => {
		await renderPage();

		const progress = card( 'Monthly progress' );
		expect( progress ).toHaveTextContent(
			'You need 660 more experience points this month to keep the Gold level.'
		);
		const meter = within( progress ).getByRole( 'meter', {
			name: 'Points this month',
		} );
		expect( meter ).toHaveAttribute( 'aria-valuenow', '340' );
		expect( meter ).toHaveAttribute( 'aria-valuemax', '3500' );
		expect( meter ).toHaveAccessibleDescription(
			'Keep Gold: 1,000 points, 660 to go Reach Platinum: 3,500 points, 3,160 to go Days left this month: 6'
		);
	} );

	it( 'announces the higher level of next month once it is earned', async () => {
		await renderPage( {
			points: 2500,
			level: { id: 30, name: 'Silver' },
			prospect: {
				level: GOLD,
				maintenance: 0,
				next: { points: 1000, level: { id: 50, name: 'Platinum' } },
			},
		} );

		expect( card( 'Monthly progress' ) ).toHaveTextContent(
			'Well done! Next month you will move up to the Gold level.'
		);
		const steps = within( card( 'Level steps' ) ).getAllByRole(
			'listitem'
		);
		expect( steps.map( ( step ) => step.textContent ) ).toEqual( [
			'Basic',
			'Bronze',
			'SilverYour level',
			'GoldNext month',
			'Platinum',
			'Diamond',
			'Legendary',
		] );
		expect( steps[ 2 ] ).toHaveAttribute( 'aria-current', 'step' );
		expect(
			steps.filter( ( step ) => step.hasAttribute( 'aria-current' ) )
		).toHaveLength( 1 );
	} );

	it( 'counts the days left in the month when the level is kept and no higher one earned', async () => {
		await renderPage( {
			points: 1200,
			prospect: {
				level: GOLD,
				maintenance: 0,
				next: { points: 2300, level: { id: 50, name: 'Platinum' } },
			},
		} );

		expect( card( 'Monthly progress' ) ).toHaveTextContent(
			'You are keeping the Gold level. Days left this month: 6.'
		);
	} );

	it( 'gives Legendary testers their own message, their ranking, and no meter: the level is theirs for good', async () => {
		await renderPage( {
			points: 80,
			level: { id: 100, name: 'Legendary' },
			previousLevel: { id: 100, name: 'Legendary' },
			prospect: {
				level: { id: 100, name: 'Legendary' },
				maintenance: 0,
			},
		} );

		const progress = card( 'Monthly progress' );
		expect( progress ).toHaveTextContent(
			'You are Legendary! This level is yours for good: keep testing to stay at the top of the ranking.'
		);
		expect( within( progress ).queryByRole( 'meter' ) ).toBeNull();
		expect(
			screen.getByRole( 'region', {
				name: 'Monthly ranking: Legendary',
			} )
		).toBeInTheDocument();
	} );

	it( 'sends a tester without a level to the entry-test course instead of the tables', async () => {
		await renderPage( {
			points: 0,
			rank: null,
			level: { id: 0, name: 'None' },
			previousLevel: { id: 0, name: 'None' },
			prospect: { level: { id: 0, name: 'None' }, maintenance: 0 },
		} );

		const progress = card( 'Monthly progress' );
		expect( progress ).toHaveTextContent(
			"You don't have a level yet. Pass the entry test: the following month you join the Basic level and its ranking."
		);
		expect(
			within( progress ).getByRole( 'link', {
				name: 'Take the entry test',
			} )
		).toHaveAttribute( 'href', 'http://scouts.test/courses/16/' );
		expect( within( progress ).queryByRole( 'meter' ) ).toBeNull();
		expect( screen.queryByRole( 'table', { name: 'Top 3' } ) ).toBeNull();
		expect(
			screen.queryByRole( 'table', { name: 'Your position' } )
		).toBeNull();
		expect( api.requestsTo( 'GET /users/me/rank/list' ) ).toHaveLength( 0 );
		// Level 0 has no ranking, so no rank in the recap either.
		expect(
			within( card( 'Dana Demo' ) ).queryByText(
				'Position in your level'
			)
		).toBeNull();
	} );

	it( 'tells a tester who passed the entry test this month that Basic comes next month', async () => {
		await renderPage( {
			points: 200,
			rank: null,
			level: { id: 0, name: 'None' },
			previousLevel: { id: 0, name: 'None' },
			// At level 0 no points lead anywhere, so the API names no next level.
			prospect: { level: { id: 10, name: 'Basic' }, maintenance: 0 },
		} );

		expect( card( 'Monthly progress' ) ).toHaveTextContent(
			'Well done! Next month you will move up to the Basic level.'
		);
		expect( screen.queryByRole( 'table', { name: 'Top 3' } ) ).toBeNull();
	} );

	it( "shows the top three and the tester's neighbours of the level, the tester's row marked in words", async () => {
		await renderPage();

		expect(
			screen.getByRole( 'region', { name: 'Monthly ranking: Gold' } )
		).toBeInTheDocument();
		expect( rowsOf( 'Top 3' ) ).toEqual( [
			[ '1', 'Ada L.', '2,400' ],
			[ '2', 'Brian K.', '1,800' ],
			[ '3', 'Chiara R.', '1,500' ],
		] );
		expect( rowsOf( 'Your position' ) ).toEqual( [
			[ '3', 'Chiara R.', '1,500' ],
			[ '4', 'Diego M.', '900' ],
			[ '5', 'Dana D.You', '340' ],
			[ '6', 'Elif T.', '120' ],
		] );
		const peers = screen.getByRole( 'table', { name: 'Your position' } );
		const me = within( peers ).getByRole( 'rowheader', {
			name: /Dana D\./,
		} );
		expect( me ).toHaveAccessibleName( 'Dana D. You' );
		expect( me.closest( 'tr' ) ).toHaveClass(
			'wp-block-crowdscout-ranking__row--me'
		);
		expect(
			peers.querySelectorAll( '.wp-block-crowdscout-ranking__row--me' )
		).toHaveLength( 1 );
	} );

	it( 'explains how to level up with every level’s hold and reach points from GET /levels', async () => {
		await renderPage();

		const legend = card( 'How to level up' );
		// The icons' key, then each level's points under the same two words.
		expect(
			within( legend ).getByText( 'Maintenance', { selector: 'dt' } )
				.nextElementSibling
		).toHaveTextContent( 'Points to earn in a month to keep the level.' );
		expect(
			within( legend ).getByText( 'Advancement', { selector: 'dt' } )
				.nextElementSibling
		).toHaveTextContent( 'Points to earn in a month to reach the level.' );
		expect(
			within( legend )
				.getAllByRole( 'columnheader' )
				.map( ( header ) => header.textContent )
		).toEqual( [ 'Level', 'Maintenance', 'Advancement' ] );
		expect(
			rowsOf( 'Levels with their maintenance and advancement points' )
		).toEqual( [
			[ 'None', '—', '—' ],
			[ 'Basic', '0', '200 (entry test)' ],
			[ 'Bronze', '250', '500' ],
			[ 'Silver', '500', '1,000' ],
			[ 'Gold', '1,000', '2,000' ],
			[ 'Platinum', '1,750', '3,500' ],
			[ 'Diamond', '2,500', '5,000' ],
			[ 'Legendary', 'Permanent', '100,000 in total' ],
		] );
		expect(
			within( legend ).getByRole( 'link', { name: 'Read the rules' } )
		).toHaveAttribute(
			'href',
			'http://scouts.test/discover-experience-points/'
		);
	} );

	it( 'has no accessibility violations', async () => {
		const { container } = await renderPage();

		expect( await axeViolations( container ) ).toEqual( [] );
	} );

	it( "speaks the page's language, links included", async () => {
		await renderPage(
			{
				points: 0,
				rank: null,
				level: { id: 0, name: 'None' },
				prospect: { level: { id: 0, name: 'None' }, maintenance: 0 },
			},
			'it'
		);

		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Classifica' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: "Fai il test d'ingresso" } )
		).toHaveAttribute( 'href', 'http://scouts.test/it/courses/16/' );
		expect(
			screen.getByRole( 'link', { name: 'Leggi il regolamento' } )
		).toHaveAttribute(
			'href',
			'http://scouts.test/it/discover-experience-points/'
		);
		expect( card( 'Come salire di livello' ) ).toHaveTextContent(
			'Leggendario'
		);
	} );

	describe( 'when a call fails', () => {
		let logged: jest.SpyInstance;

		beforeEach( () => {
			logged = jest
				.spyOn( console, 'error' )
				.mockImplementation( () => undefined );
		} );

		afterEach( () => logged.mockRestore() );

		it( 'logs the summary error and offers a retry instead of a blank page', async () => {
			serveRanking( api );
			let calls = 0;
			api.on( 'GET /users/me/rank', () =>
				++calls === 1
					? apiError( 500, 'Database unavailable' )
					: { status: 200, body: { ...RANK_OK } }
			);
			await renderWithProviders( <Ranking /> );

			const alert = await screen.findByRole( 'alert' );
			expect( alert ).toHaveTextContent(
				"We couldn't load your ranking."
			);
			expect( logged ).toHaveBeenCalledWith(
				'Crowdscout ranking: GET /users/me/rank failed to load',
				expect.objectContaining( { message: 'Database unavailable' } )
			);
			// The legend does not depend on the summary.
			expect( card( 'How to level up' ) ).toBeInTheDocument();

			fireEvent.click(
				within( alert ).getByRole( 'button', { name: 'Try again' } )
			);

			expect(
				await screen.findByRole( 'region', {
					name: 'Monthly progress',
				} )
			).toBeInTheDocument();
			expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
		} );

		it( 'logs a failed ranking list and keeps the rest of the page', async () => {
			serveRanking( api, {
				lists: apiError( 500, 'Database unavailable' ),
			} );
			await renderWithProviders( <Ranking /> );

			expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
				"We couldn't load the ranking."
			);
			expect( logged ).toHaveBeenCalledWith(
				'Crowdscout ranking: GET /users/me/rank/list failed to load',
				expect.anything()
			);
			expect( card( 'Monthly progress' ) ).toHaveTextContent(
				'You need 660 more experience points'
			);
		} );
	} );
} );
