import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import type { Locator, Page } from '@playwright/test';

import { test, expect, logIn } from './fixtures';

const HEAVY = { email: 'heavy@crowdscout.test', password: 'Heavy1234!' };
const VETERAN = { email: 'veteran@crowdscout.test', password: 'Veteran1234!' };

/** A tester who has just signed up, through the API's sign-up call as the sign-up form makes it. */
async function signUp( page: Page ) {
	const email = `dash-${ Date.now() }-${ Math.floor(
		Math.random() * 1e6
	) }@example.test`;
	const password = 'Secret123';
	const response = await page.request.post( '/api/users', {
		data: {
			email,
			password,
			name: 'Olga',
			surname: 'Onboard',
			birthDate: '1991-04-02',
			country: 'IT',
		},
	} );
	expect( response.status() ).toBe( 201 );
	return { email, password };
}

const dashboard = ( page: Page ) =>
	page.locator( '.wp-block-crowdscout-dashboard' );

const messages = ( page: Page ) =>
	page.getByRole( 'dialog', { name: 'Messages for you' } );

/** Demo testers have unread messages: they open with the page, and Escape closes them. */
async function closeMessages( page: Page ) {
	await expect( messages( page ) ).toBeVisible();
	await page.keyboard.press( 'Escape' );
	await expect( messages( page ) ).toHaveCount( 0 );
}

/** The title of the message on show (its content may hold headings of its own). */
const popupTitle = ( dialog: Locator ) =>
	dialog.locator( '.crowdscout-inbox__popup-title' );

/** The titles of every page of the open "Messages for you" dialog, leaving it closed. */
async function readAllMessages( dialog: Locator ): Promise< string[] > {
	const titles: string[] = [];
	for (;;) {
		titles.push( ( await popupTitle( dialog ).innerText() ).trim() );
		const next = dialog.getByRole( 'button', { name: 'Next' } );
		if ( ! ( await next.isVisible() ) ) {
			await dialog
				.getByRole( 'button', { name: 'Close' } )
				.last()
				.click();
			return titles;
		}
		await next.click();
	}
}

/** The API's database of the platform the tests run against (native run: SQLite). */
function apiDatabase() {
	return new Database(
		path.join( process.env.CROWDSCOUT_E2E_DATA_DIR ?? '', 'api.sqlite' )
	);
}

test.describe( 'dashboard', () => {
	test( 'a new tester goes through the onboarding, then reads their messages, and "don\'t show this again" sticks @smoke', async ( {
		page,
	} ) => {
		const tester = await signUp( page );
		await logIn( page, tester.email, tester.password );
		await page.goto( '/my-dashboard/' );

		const onboarding = page.getByRole( 'dialog', {
			name: /^Welcome to the .+ community!$/,
		} );
		await expect( onboarding ).toBeVisible();
		await expect( onboarding ).toContainText( '1 of 6' );
		// No way out but the last button: no close button, Escape and a click outside do nothing.
		await expect(
			onboarding.getByRole( 'button', { name: 'Close' } )
		).toHaveCount( 0 );
		await page.keyboard.press( 'Escape' );
		await page.mouse.click( 5, 5 );
		await expect( onboarding ).toBeVisible();
		await expect(
			page.getByRole( 'button', { name: 'Inbox' } )
		).toHaveCount( 0 );

		for ( let slide = 2; slide <= 6; slide++ ) {
			await page.getByRole( 'button', { name: 'Next' } ).click();
			await expect(
				page.getByRole( 'dialog' ).getByText( `${ slide } of 6` )
			).toBeVisible();
		}
		await page
			.getByRole( 'button', { name: 'Take me to the dashboard' } )
			.click();

		// Onboarding done: the inbox button, and the messages open by themselves.
		const dialog = messages( page );
		await expect( dialog ).toBeVisible();

		// Find a message that offers "don't show this again" and use it.
		const acknowledge = dialog.getByRole( 'button', {
			name: "I understand, don't show this again",
		} );
		while ( ! ( await acknowledge.isVisible() ) ) {
			await dialog.getByRole( 'button', { name: 'Next' } ).click();
		}
		const dismissed = ( await popupTitle( dialog ).innerText() ).trim();
		await acknowledge.click();
		const done = dialog.getByRole( 'button', {
			name: "You won't see this message again",
		} );
		await expect( done ).toBeDisabled();
		await page.keyboard.press( 'Escape' );
		await expect(
			dashboard( page ).getByRole( 'button', { name: 'Inbox' } )
		).toBeVisible();

		// After a reload the onboarding stays done, the messages not read yet open again, and the dismissed one
		// is not among them.
		await page.reload();
		await expect( messages( page ) ).toBeVisible();
		await expect( onboarding ).toHaveCount( 0 );
		expect( await readAllMessages( messages( page ) ) ).not.toContain(
			dismissed
		);

		// The Inbox button shows every message, the dismissed one and expired ones included.
		await dashboard( page )
			.getByRole( 'button', { name: 'Inbox' } )
			.click();
		const all = await readAllMessages( messages( page ) );
		expect( all ).toContain( dismissed );
	} );

	test( 'the tester with many campaigns sees each table sorted and paginated as the spec says', async ( {
		page,
	} ) => {
		await logIn( page, HEAVY.email, HEAVY.password );
		await page.goto( '/my-dashboard/' );
		const widget = dashboard( page );
		await closeMessages( page );

		const active = widget.getByRole( 'table', {
			name: 'Active campaigns',
		} );
		await expect( active.getByRole( 'row' ).nth( 1 ) ).toBeVisible();
		// Default: start date ascending.
		await expect(
			active.getByRole( 'columnheader', { name: 'Start date' } )
		).toHaveAttribute( 'aria-sort', 'ascending' );
		const startDates = async ( table: Locator, column: number ) =>
			( await table.locator( 'tbody tr' ).all() ).length
				? Promise.all(
						( await table.locator( 'tbody tr' ).all() ).map(
							async ( row ) => {
								const [ day, month, year ] = (
									await row
										.locator( 'td' )
										.nth( column )
										.innerText()
								).split( '/' );
								return `${ year }-${ month }-${ day }`;
							}
						)
				  )
				: [];
		const ascending = await startDates( active, 1 );
		expect( ascending.length ).toBeGreaterThan( 0 );
		expect( [ ...ascending ].sort() ).toEqual( ascending );
		for ( const label of await active
			.locator( 'tbody th' )
			.allInnerTexts() ) {
			expect( label ).toMatch( /^\[CP\d+\] - .+/ );
		}

		// Finished: end date descending by default; Closed: close date descending, ten a page with pagination.
		await widget.getByRole( 'tab', { name: 'Closed' } ).click();
		const closed = widget.getByRole( 'table', {
			name: 'Closed campaigns',
		} );
		await expect(
			closed.getByRole( 'columnheader', { name: 'Close date' } )
		).toHaveAttribute( 'aria-sort', 'descending' );
		await expect( closed.locator( 'tbody tr' ) ).toHaveCount( 10 );
		const closeDates = await startDates( closed, 2 );
		expect( [ ...closeDates ].sort().reverse() ).toEqual( closeDates );
		const closedCard = widget.getByRole( 'tabpanel', { name: 'Closed' } );
		await expect( closedCard.getByText( /^Page 1 \/ \d+$/ ) ).toBeVisible();
		await closedCard.getByRole( 'button', { name: 'Next page' } ).click();
		await expect( closedCard.getByText( /^Page 2 \/ \d+$/ ) ).toBeVisible();
		const secondPage = await startDates( closed, 2 );
		expect( secondPage[ 0 ] <= closeDates[ closeDates.length - 1 ] ).toBe(
			true
		);
		// Sorting again goes back to the first page, now ascending.
		await closed
			.getByRole( 'columnheader', { name: 'Close date' } )
			.getByRole( 'button' )
			.click();
		await expect(
			closed.getByRole( 'columnheader', { name: 'Close date' } )
		).toHaveAttribute( 'aria-sort', 'ascending' );
		await expect( closedCard.getByText( /^Page 1 \/ \d+$/ ) ).toBeVisible();
		const oldestFirst = await startDates( closed, 2 );
		expect( [ ...oldestFirst ].sort() ).toEqual( oldestFirst );

		// Available: by visibility, open ones first, with their texts and buttons.
		const available = widget.getByRole( 'table', {
			name: 'Available campaigns',
		} );
		await expect(
			available.getByRole( 'columnheader', { name: 'Availability' } )
		).toHaveAttribute( 'aria-sort', 'ascending' );
		const states = await available.locator( 'tbody tr' ).allInnerTexts();
		const order = states.map( ( text ) => {
			if ( text.includes( 'Open for you! Apply now.' ) ) {
				return 0;
			}
			if ( text.includes( "You're in the running. Fingers crossed!" ) ) {
				return 1;
			}
			expect( text ).toContain( "Oops, this one's not available." );
			return 2;
		} );
		expect( [ ...order ].sort() ).toEqual( order );
		if ( order[ 0 ] === 0 ) {
			await expect(
				available
					.locator( 'tbody tr' )
					.first()
					.getByRole( 'link', { name: 'Apply now' } )
			).toHaveAttribute( 'href', /\/campaigns\/\d+\/preview\/$/ );
		}
	} );

	test( "the page has one title, and the performance card shows the tester's numbers and links", async ( {
		page,
	} ) => {
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/my-dashboard/' );
		await closeMessages( page );
		// One main heading: the widget's (the theme's page title steps aside).
		await expect( page.getByRole( 'heading', { level: 1 } ) ).toHaveText( [
			'Dashboard',
		] );
		const card = dashboard( page ).getByRole( 'region', {
			name: 'Your performance',
		} );
		await expect( card.getByText( /\d+°$/ ) ).toBeVisible();
		await expect(
			card.getByText( /^€[\d,.]+ \(€[\d,.]+\)$/ ).first()
		).toBeVisible();
		await expect(
			card.getByRole( 'link', { name: 'View ranking page' } )
		).toHaveAttribute( 'href', /\/leaderboard\/$/ );
		await expect(
			card.getByRole( 'link', { name: 'View bugs page' } )
		).toHaveAttribute( 'href', /\/my-bugs\/$/ );
		await expect(
			card.getByRole( 'link', { name: 'View payments page' } )
		).toHaveAttribute( 'href', /\/payments\/$/ );
	} );

	for ( const { device, width, height } of [
		{ device: 'phone', width: 375, height: 812 },
		{ device: 'tablet', width: 768, height: 1024 },
	] ) {
		test( `fits a ${ device } screen: one column, no sideways scrolling of the page`, async ( {
			page,
		} ) => {
			await page.setViewportSize( { width, height } );
			await logIn( page, VETERAN.email, VETERAN.password );
			await page.goto( '/my-dashboard/' );
			await closeMessages( page );
			const widget = dashboard( page );
			const tables = widget.getByRole( 'tablist', {
				name: 'Your campaigns',
			} );
			const performance = widget.getByRole( 'region', {
				name: 'Your performance',
			} );
			await expect( performance ).toBeVisible();
			const tablesBox = ( await tables.boundingBox() )!;
			const performanceBox = ( await performance.boundingBox() )!;
			expect( performanceBox.y ).toBeGreaterThan( tablesBox.y );
			expect(
				await page.evaluate(
					() =>
						document.documentElement.scrollWidth <=
						window.innerWidth
				)
			).toBe( true );
		} );
	}

	test( 'a popup whose content holds script renders it inert', async ( {
		page,
	} ) => {
		const body =
			'<p id="popup-text">Hello {{name}}</p><script>window.__popupRan = true;</script>' +
			'<img src="x" onerror="window.__popupRan = true">' +
			'<a href="javascript:window.__popupRan=true">click</a>';
		const database = apiDatabase();
		try {
			const { id: testerId } = database
				.prepare( 'select id from testers where email = ?' )
				.get( VETERAN.email ) as { id: number };
			const { lastInsertRowid } = database
				.prepare(
					"insert into popups (title, content, is_once, target, created_at) values (?, ?, 0, 'list', datetime('now', '+1 minute'))"
				)
				.run(
					'Formatting check',
					deflateRawSync( Buffer.from( body, 'utf8' ) ).toString(
						'base64'
					)
				);
			database
				.prepare(
					'insert into popup_recipients (tester_id, popup_id) values (?, ?)'
				)
				.run( testerId, lastInsertRowid );
		} finally {
			database.close();
		}

		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/my-dashboard/' );
		const dialog = messages( page );
		await expect(
			dialog.getByRole( 'heading', { name: 'Formatting check' } )
		).toBeVisible();
		const article = dialog.getByRole( 'article', {
			name: 'Formatting check',
		} );
		await expect( article.getByText( 'Hello Vera' ) ).toBeVisible();
		await expect( article.locator( 'script' ) ).toHaveCount( 0 );
		await expect( article.locator( '[onerror]' ) ).toHaveCount( 0 );
		await expect( article.getByText( 'click' ) ).toBeVisible();
		await expect( article.locator( '[href^="javascript"]' ) ).toHaveCount(
			0
		);
		await page.waitForTimeout( 500 );
		expect(
			await page.evaluate( () => ( window as any ).__popupRan )
		).toBeUndefined();
	} );
} );
