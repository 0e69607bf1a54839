import type { Page } from '@playwright/test';

import {
	test,
	expect,
	logIn,
	apiAs,
	DEMO,
	VETERAN,
	type Login,
} from './fixtures';

/**
 * The ranking page (leaderboard) and the level meter: the tester's place highlighted in their level's ranking,
 * the progress message their points call for, the entry-test message at level 0, and the meter on the ranking
 * page and in the dashboard's Your performance. This month's points are drawn by the seed, so the expected
 * message is worked out from what the API answers the tester. Nothing here changes data.
 */

interface RankSummary {
	points: number;
	rank: number | null;
	level: { id: number; name: string };
	prospect: { level: { id: number; name: string }; maintenance: number };
}

const HEAVY = { email: 'heavy@crowdscout.test', password: 'Heavy1234!' };
const UNVERIFIED = {
	email: 'unverified@crowdscout.test',
	password: 'Unverified1234!',
};

const numbers = new Intl.NumberFormat( 'en' );

/** Days left in this month (UTC, as the API counts months), today included. */
function daysLeft( now = new Date() ) {
	const last = new Date(
		Date.UTC( now.getUTCFullYear(), now.getUTCMonth() + 1, 0 )
	).getUTCDate();
	return last - now.getUTCDate() + 1;
}

/**
 * The spec's progress message for a summary (section 4, "Ranking"): Legendary's own; the points still needed
 * to keep the level; the level reached for next month; the days left.
 *
 * @param summary GET /users/me/rank.
 */
function progressMessage( summary: RankSummary ) {
	const { level, prospect } = summary;
	if ( level.name === 'Legendary' ) {
		return 'You are Legendary! This level is yours for good: keep testing to stay at the top of the ranking.';
	}
	if ( prospect.maintenance > 0 ) {
		return `You need ${ numbers.format(
			prospect.maintenance
		) } more experience points this month to keep the ${
			level.name
		} level.`;
	}
	if ( prospect.level.id > level.id ) {
		return `Well done! Next month you will move up to the ${ prospect.level.name } level.`;
	}
	return `You are keeping the ${
		level.name
	} level. Days left this month: ${ daysLeft() }.`;
}

const ranking = ( page: Page ) =>
	page.locator( '.wp-block-crowdscout-ranking' );

const progressCard = ( page: Page ) =>
	ranking( page ).getByRole( 'region', { name: 'Monthly progress' } );

async function openRanking( page: Page, login: Login ) {
	await logIn( page, login.email, login.password );
	await page.goto( '/leaderboard/' );
	await expect(
		ranking( page ).getByRole( 'heading', { level: 1, name: 'Ranking' } )
	).toBeVisible();
}

test.describe( 'ranking', () => {
	test( "the veteran's place is highlighted in their level's ranking, with the message for their points and the meter", async ( {
		page,
	} ) => {
		const summary = await apiAs< RankSummary >(
			page.request,
			VETERAN,
			'/users/me/rank'
		);
		expect( summary.rank ).not.toBeNull();
		await openRanking( page, VETERAN );

		await expect( progressCard( page ) ).toContainText(
			progressMessage( summary )
		);
		const meter = progressCard( page ).getByRole( 'meter', {
			name: 'Points this month',
		} );
		await expect( meter ).toHaveAttribute(
			'aria-valuenow',
			String( summary.points )
		);
		await expect( progressCard( page ) ).toContainText(
			`Days left this month: ${ daysLeft() }`
		);

		const board = ranking( page ).getByRole( 'region', {
			name: `Monthly ranking: ${ summary.level.name }`,
		} );
		await expect(
			board.getByRole( 'table', { name: 'Top 3' } ).locator( 'tbody tr' )
		).toHaveCount( 3 );
		// The tester's row: marked "You", highlighted, at the API's position.
		const mine = board
			.getByRole( 'table', { name: 'Your position' } )
			.getByRole( 'row' )
			.filter( { hasText: 'You' } );
		await expect( mine ).toHaveCount( 1 );
		await expect( mine ).toHaveClass( /__row--me/ );
		await expect( mine.getByRole( 'rowheader' ) ).toContainText(
			'Vera V.'
		);
		await expect( mine.getByRole( 'cell' ).first() ).toHaveText(
			numbers.format( summary.rank! )
		);
		await expect( mine.getByRole( 'cell' ).last() ).toHaveText(
			numbers.format( summary.points )
		);
		const background = ( row: typeof mine ) =>
			row
				.getByRole( 'cell' )
				.first()
				.evaluate(
					( cell ) => getComputedStyle( cell ).backgroundColor
				);
		const neighbour = board
			.getByRole( 'table', { name: 'Your position' } )
			.locator( 'tbody tr' )
			.filter( { hasNotText: 'You' } )
			.first();
		expect( await background( mine ) ).not.toBe(
			await background( neighbour )
		);

		// The levels legend publishes the rules the meter measures against.
		const legend = ranking( page ).getByRole( 'region', {
			name: 'How to level up',
		} );
		await expect( legend.getByRole( 'table' ) ).toContainText( 'Gold' );
	} );

	test( 'a Legendary tester reads their own message', async ( { page } ) => {
		const summary = await apiAs< RankSummary >(
			page.request,
			HEAVY,
			'/users/me/rank'
		);
		// The demo makes this tester Legendary.
		expect( summary.level.name ).toBe( 'Legendary' );
		await openRanking( page, HEAVY );
		await expect( progressCard( page ) ).toContainText(
			progressMessage( summary )
		);
		// Legendary is permanent: points decide nothing, so no meter.
		await expect( progressCard( page ).getByRole( 'meter' ) ).toHaveCount(
			0
		);
	} );

	test( 'another ranked tester reads the message for their points', async ( {
		page,
	} ) => {
		const summary = await apiAs< RankSummary >(
			page.request,
			UNVERIFIED,
			'/users/me/rank'
		);
		await openRanking( page, UNVERIFIED );
		await expect( progressCard( page ) ).toContainText(
			progressMessage( summary )
		);
	} );

	test( 'a level-0 tester sees the entry-test message instead of a ranking', async ( {
		page,
	} ) => {
		await openRanking( page, DEMO );
		const card = progressCard( page );
		await expect( card ).toContainText(
			"You don't have a level yet. Pass the entry test: the following month you join the Basic level and its ranking."
		);
		await expect(
			card.getByRole( 'link', { name: 'Take the entry test' } )
		).toHaveAttribute( 'href', /\/courses\/16\/$/ );
		// No meter (points decide nothing yet) and no ranking tables.
		await expect( card.getByRole( 'meter' ) ).toHaveCount( 0 );
		await expect(
			ranking( page ).getByRole( 'table', { name: 'Top 3' } )
		).toHaveCount( 0 );
		await expect(
			ranking( page ).getByRole( 'region', { name: /^Monthly ranking/ } )
		).toHaveCount( 0 );
	} );
} );

test( "the level meter in the dashboard's Your performance", async ( {
	page,
} ) => {
	const summary = await apiAs< RankSummary >(
		page.request,
		VETERAN,
		'/users/me/rank'
	);
	await logIn( page, VETERAN.email, VETERAN.password );
	await page.goto( '/my-dashboard/' );
	const messages = page.getByRole( 'dialog', { name: 'Messages for you' } );
	await expect( messages ).toBeVisible();
	await page.keyboard.press( 'Escape' );
	await expect( messages ).toHaveCount( 0 );

	const card = page
		.locator( '.wp-block-crowdscout-dashboard' )
		.getByRole( 'region', { name: 'Your performance' } );
	const meter = card.getByRole( 'meter', { name: 'Points this month' } );
	await expect( meter ).toBeVisible();
	await expect( meter ).toHaveAttribute(
		'aria-valuenow',
		String( summary.points )
	);
	await expect( card ).toContainText(
		`Days left this month: ${ daysLeft() }`
	);
} );
