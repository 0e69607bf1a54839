import type { Locator, Page } from '@playwright/test';

import { test, expect, logIn, apiAs, VETERAN } from './fixtures';

/**
 * The veteran's history pages: Experience Points (sorting, filters, the search back to page 1), Uploaded Bugs
 * opened with filters in the address, and a bug's own page with its media and the reviewer's comment. The
 * seed draws the histories, so what the pages should show is read from the API as the veteran. Nothing here
 * changes data.
 */

interface Listing< Row > {
	results: Row[];
	total: number;
}

interface ExperienceRow {
	amount: number;
}

interface BugRow {
	id: number;
	title: string;
	status: { id: number };
	campaign: { id: number; name: string };
}

/** The text of one column of the rows on screen, once the table has its answer. */
async function column( table: Locator, index: number ) {
	await expect( table ).not.toHaveAttribute( 'aria-busy', 'true' );
	return table
		.locator( 'tbody tr' )
		.locator( `> :nth-child(${ index + 1 })` )
		.allInnerTexts();
}

/** "+400", "-19", "0" as numbers. */
const points = ( texts: string[] ) =>
	texts.map( ( text ) => Number( text.replace( /[^\d-]/g, '' ) ) );

const pageStatus = ( scope: Locator, page: number, pages: number ) =>
	expect(
		scope.getByText( `Page ${ page } / ${ pages }`, { exact: true } )
	).toBeVisible();

test.describe( 'experience points', () => {
	const history = ( page: Page ) =>
		page
			.locator( '.wp-block-crowdscout-experience' )
			.getByRole( 'table', { name: 'History' } );
	const filters = ( page: Page ) =>
		page.getByRole( 'region', { name: 'Filters' } );

	test( 'the veteran sorts the history by points and date', async ( {
		page,
	} ) => {
		const ascending = await apiAs< Listing< ExperienceRow > >(
			page.request,
			VETERAN,
			'/users/me/experience?limit=25&orderBy=amount&order=ASC'
		);
		const descending = await apiAs< Listing< ExperienceRow > >(
			page.request,
			VETERAN,
			'/users/me/experience?limit=25&orderBy=amount&order=DESC'
		);
		const pages = Math.ceil( ascending.total / 25 );
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/experience-points/' );
		const table = history( page );
		const main = page.locator( '.wp-block-crowdscout-experience' );
		await pageStatus( main, 1, pages );

		// Newest first until told otherwise.
		const dateHeader = table.getByRole( 'columnheader', { name: 'Date' } );
		const pointsHeader = table.getByRole( 'columnheader', {
			name: 'Points',
		} );
		await expect( dateHeader ).toHaveAttribute( 'aria-sort', 'descending' );

		await pointsHeader.getByRole( 'button' ).click();
		await expect( pointsHeader ).toHaveAttribute(
			'aria-sort',
			'ascending'
		);
		await expect( dateHeader ).not.toHaveAttribute( 'aria-sort', /.+/ );
		await expect
			.poll( async () => points( await column( table, 0 ) ) )
			.toEqual( ascending.results.map( ( entry ) => entry.amount ) );

		await pointsHeader.getByRole( 'button' ).click();
		await expect( pointsHeader ).toHaveAttribute(
			'aria-sort',
			'descending'
		);
		await expect
			.poll( async () => points( await column( table, 0 ) ) )
			.toEqual( descending.results.map( ( entry ) => entry.amount ) );
		await expect( table.locator( 'tbody tr' ).first() ).toContainText(
			`+${ descending.results[ 0 ].amount }`
		);

		// A new order starts again from page 1.
		await main.getByRole( 'button', { name: 'Next page' } ).click();
		await pageStatus( main, 2, pages );
		await dateHeader.getByRole( 'button' ).click();
		await expect( dateHeader ).toHaveAttribute( 'aria-sort', 'ascending' );
		await pageStatus( main, 1, pages );
	} );

	test( 'the veteran filters by activity and searches by reason, each back to page 1', async ( {
		page,
	} ) => {
		const fixes = await apiAs< Listing< ExperienceRow > >(
			page.request,
			VETERAN,
			'/users/me/experience?limit=1&filterBy[activity]=3'
		);
		const late = await apiAs< Listing< ExperienceRow > >(
			page.request,
			VETERAN,
			`/users/me/experience?limit=1&filterBy[activity]=3&search=${ encodeURIComponent(
				'late evaluation'
			) }&searchBy=note`
		);
		const all = await apiAs< Listing< ExperienceRow > >(
			page.request,
			VETERAN,
			'/users/me/experience?limit=1'
		);
		// The demo history is long enough for each step to have more than one page.
		expect( fixes.total ).toBeGreaterThan( 25 );
		expect( late.total ).toBeGreaterThan( 25 );

		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/experience-points/' );
		const main = page.locator( '.wp-block-crowdscout-experience' );
		const table = history( page );
		const allPages = Math.ceil( all.total / 25 );
		await pageStatus( main, 1, allPages );
		await main.getByRole( 'button', { name: 'Next page' } ).click();
		await main.getByRole( 'button', { name: 'Next page' } ).click();
		await pageStatus( main, 3, allPages );

		await filters( page )
			.getByLabel( 'Activity' )
			.selectOption( { label: 'Points Fix' } );
		const fixPages = Math.ceil( fixes.total / 25 );
		await pageStatus( main, 1, fixPages );
		await expect
			.poll( async () => new Set( await column( table, 2 ) ) )
			.toEqual( new Set( [ 'Points Fix' ] ) );

		await main.getByRole( 'button', { name: 'Next page' } ).click();
		await pageStatus( main, 2, fixPages );

		// The search is asked once the typing stops, and from page 1.
		await filters( page )
			.getByLabel( 'Search by reason' )
			.fill( 'late evaluation' );
		await pageStatus( main, 1, Math.ceil( late.total / 25 ) );
		await expect
			.poll( async () => new Set( await column( table, 4 ) ) )
			.toEqual( new Set( [ 'Points fix: late evaluation' ] ) );

		// Clearing the filters shows the whole history again, from page 1.
		await filters( page )
			.getByRole( 'button', { name: 'Clear filters' } )
			.click();
		await pageStatus( main, 1, allPages );
	} );
} );

test.describe( 'uploaded bugs and the bug page', () => {
	const bugsTable = ( page: Page ) =>
		page
			.locator( '.wp-block-crowdscout-my-bugs' )
			.getByRole( 'table', { name: 'Uploaded Bugs' } );

	test( 'my-bugs opened with ?cp and ?status shows those filters applied, and View more opens the bug', async ( {
		page,
	} ) => {
		// The veteran's first bug needing review: the demo gives it a screenshot and the reviewer's comment.
		const needReview = await apiAs< Listing< BugRow > >(
			page.request,
			VETERAN,
			'/users/me/bugs?limit=1&orderBy=id&order=ASC&filterBy[status]=4'
		);
		const bug = needReview.results[ 0 ];
		const filtered = await apiAs< Listing< BugRow > >(
			page.request,
			VETERAN,
			`/users/me/bugs?limit=25&filterBy[campaign]=${ bug.campaign.id }&filterBy[status]=4`
		);
		const everyBug = await apiAs< Listing< BugRow > >(
			page.request,
			VETERAN,
			'/users/me/bugs?limit=1'
		);
		expect( filtered.total ).toBeLessThan( everyBug.total );

		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( `/my-bugs/?cp=${ bug.campaign.id }&status=4` );
		const filterCard = page.getByRole( 'region', { name: 'Filters' } );
		const campaign = filterCard.getByLabel( 'Campaign' );
		await expect( campaign ).toHaveValue( String( bug.campaign.id ) );
		await expect( campaign.locator( 'option:checked' ) ).toHaveText(
			`CP${ bug.campaign.id } - ${ bug.campaign.name }`
		);
		const status = filterCard.getByLabel( 'Status' );
		await expect( status ).toHaveValue( '4' );
		await expect( status.locator( 'option:checked' ) ).toHaveText(
			'Need review'
		);

		// The list is the filtered one: the same bugs as the API's, each needing review.
		const table = bugsTable( page );
		await expect
			.poll( async () => ( await column( table, 0 ) ).map( Number ) )
			.toEqual( filtered.results.map( ( row ) => row.id ) );
		expect( new Set( await column( table, 3 ) ) ).toEqual(
			new Set( [ 'Need review' ] )
		);
		await pageStatus(
			page.locator( '.wp-block-crowdscout-my-bugs' ),
			1,
			Math.max( 1, Math.ceil( filtered.total / 25 ) )
		);
		const row = table.getByRole( 'row' ).filter( {
			has: page.getByRole( 'cell', {
				name: String( bug.id ),
				exact: true,
			} ),
		} );
		await row.getByRole( 'link', { name: 'View more' } ).click();
		await expect( page ).toHaveURL(
			new RegExp( `/bugs/show/${ bug.id }/$` )
		);

		const report = page.locator( '.wp-block-crowdscout-bug' );
		await expect(
			report.getByRole( 'heading', { level: 1, name: bug.title } )
		).toBeVisible();
		const fact = ( term: string ) =>
			report.locator( 'dt', { hasText: term } ).locator( '+ dd' );
		await expect( fact( 'Status' ) ).toHaveText( 'Need review' );
		await expect( fact( 'Campaign' ) ).toHaveText(
			`CP${ bug.campaign.id } - ${ bug.campaign.name }`
		);

		// The screenshot loads from its signed address.
		const screenshot = report.getByRole( 'img', {
			name: 'Image: screenshot.png',
		} );
		await screenshot.scrollIntoViewIfNeeded();
		await expect
			.poll( () =>
				screenshot.evaluate(
					( image: HTMLImageElement ) =>
						image.complete && image.naturalWidth
				)
			)
			.toBeGreaterThan( 0 );

		const comment = report.getByRole( 'region', {
			name: "Reviewer's comment",
		} );
		await expect( comment ).toContainText(
			'Please add the app version and a screen recording of the last step'
		);
	} );

	test( "the approved showcase bug links its log file, and another tester's bug is not found", async ( {
		page,
	} ) => {
		const approved = await apiAs< Listing< BugRow > >(
			page.request,
			VETERAN,
			'/users/me/bugs?limit=1&orderBy=id&order=ASC&filterBy[status]=2'
		);
		const others = await apiAs< Listing< BugRow > >(
			page.request,
			{ email: 'heavy@crowdscout.test', password: 'Heavy1234!' },
			'/users/me/bugs?limit=1'
		);

		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( `/bugs/show/${ approved.results[ 0 ].id }/` );
		const report = page.locator( '.wp-block-crowdscout-bug' );
		const log = report.getByRole( 'link', {
			name: 'Open console log.txt',
		} );
		await expect( log ).toBeVisible();
		const file = await page.request.get(
			( await log.getAttribute( 'href' ) )!
		);
		expect( file.status() ).toBe( 200 );
		expect( await file.text() ).toContain( 'ERROR payment: TypeError' );
		await expect(
			report.getByRole( 'region', { name: "Reviewer's comment" } )
		).toContainText( 'No comment from the reviewer.' );

		// The language-prefixed address serves the same page in its language.
		await page.goto( `/it/bugs/show/${ approved.results[ 0 ].id }/` );
		await expect(
			report.getByRole( 'heading', {
				level: 1,
				name: approved.results[ 0 ].title,
			} )
		).toBeVisible();
		await expect(
			report.getByRole( 'link', { name: 'Apri console log.txt' } )
		).toBeVisible();
		await expect(
			report.getByRole( 'region', { name: 'Commento del revisore' } )
		).toContainText( 'Nessun commento dal revisore.' );

		await page.goto( `/bugs/show/${ others.results[ 0 ].id }/` );
		await expect(
			page.getByRole( 'heading', { name: 'Bug not found' } )
		).toBeVisible();
		await expect(
			page.getByText(
				'This bug does not exist or was not reported by you.'
			)
		).toBeVisible();
		await expect(
			page.getByRole( 'link', { name: 'Back to your bugs' } )
		).toHaveAttribute( 'href', /\/my-bugs\/$/ );
	} );
} );
