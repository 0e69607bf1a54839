import type { Locator, Page } from '@playwright/test';

import { test, expect, logIn, scrollsSideways, VETERAN } from './fixtures';

const dashboard = ( page: Page ) =>
	page.locator( '.wp-block-crowdscout-dashboard' );

const messages = ( page: Page ) =>
	page.getByRole( 'dialog', { name: 'Messages for you' } );

/** The page's title; hidden from assistive technology while a dialog is open, still on screen. */
const title = ( page: Page ) =>
	dashboard( page ).getByRole( 'heading', {
		level: 1,
		name: 'Dashboard',
		includeHidden: true,
	} );

async function box( locator: Locator ) {
	const found = await locator.boundingBox();
	expect( found ).not.toBeNull();
	return found!;
}

test.describe( 'layout', () => {
	test( 'at 1,280 px the performance card and the inbox sit beside the tables, and a dialog moves nothing', async ( {
		page,
	} ) => {
		await page.setViewportSize( { width: 1280, height: 800 } );
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/my-dashboard/' );

		// The messages open with the page: the content under them is where it stays once they close.
		await expect( messages( page ) ).toBeVisible();
		const underDialog = await box( title( page ) );
		await page.keyboard.press( 'Escape' );
		await expect( messages( page ) ).toHaveCount( 0 );
		expect( ( await box( title( page ) ) ).x ).toBe( underDialog.x );

		const tables = await box(
			dashboard( page ).getByRole( 'tablist', { name: 'Your campaigns' } )
		);
		const side = [
			dashboard( page ).getByRole( 'region', {
				name: 'Your performance',
			} ),
			dashboard( page ).getByRole( 'button', { name: 'Inbox' } ),
		];
		for ( const item of side ) {
			const itemBox = await box( item );
			expect( itemBox.x ).toBeGreaterThanOrEqual(
				tables.x + tables.width
			);
			expect( itemBox.x + itemBox.width ).toBeLessThanOrEqual( 1280 );
		}
		// Beside the tables, not under them.
		const performance = await box( side[ 0 ] );
		expect( performance.y ).toBeLessThan( tables.y + tables.height );

		// Opened again from the Inbox button and closed with its own button.
		await side[ 1 ].click();
		await expect( messages( page ) ).toBeVisible();
		expect( ( await box( title( page ) ) ).x ).toBe( underDialog.x );
		await messages( page )
			.getByRole( 'button', { name: 'Close' } )
			.last()
			.click();
		await expect( messages( page ) ).toHaveCount( 0 );
		expect( ( await box( title( page ) ) ).x ).toBe( underDialog.x );
		expect( await scrollsSideways( page ) ).toBe( false );
	} );

	test( 'on a 375 px phone the tables are cards whose actions are in view, nothing scrolls sideways', async ( {
		page,
	} ) => {
		await page.setViewportSize( { width: 375, height: 812 } );
		await logIn( page, VETERAN.email, VETERAN.password );
		for ( const { path, name, action } of [
			{
				path: '/my-dashboard/',
				name: 'Available campaigns',
				action: 'Apply now',
			},
			{
				path: '/payments/',
				name: 'Payment history',
				action: 'View details',
			},
			{ path: '/my-bugs/', name: 'Uploaded Bugs', action: 'View more' },
		] ) {
			await page.goto( path );
			if ( path === '/my-dashboard/' ) {
				await expect( messages( page ) ).toBeVisible();
				await page.keyboard.press( 'Escape' );
			}
			const table = page.getByRole( 'table', { name } );
			const firstRow = table.locator( 'tbody tr' ).first();
			await expect( firstRow ).toBeVisible();
			expect( await scrollsSideways( page ), path ).toBe( false );
			// Nor inside the table (its scrolling box, the region around it).
			expect(
				await table
					.locator( '..' )
					.evaluate(
						( node ) => node.scrollWidth <= node.clientWidth
					),
				path
			).toBe( true );

			// The last column's header names its value in each card, for the eye and for screen readers.
			const header = (
				await table.getByRole( 'columnheader' ).last().innerText()
			).trim();
			await expect(
				firstRow.getByRole( 'cell' ).last()
			).toHaveAccessibleName( new RegExp( `^${ header }\\b` ) );

			const control = firstRow
				.getByRole( 'cell' )
				.last()
				.getByRole( action === 'View details' ? 'button' : 'link', {
					name: action,
				} );
			await expect( control ).toBeVisible();
			const controlBox = await box( control );
			expect( controlBox.x, path ).toBeGreaterThanOrEqual( 0 );
			expect( controlBox.x + controlBox.width, path ).toBeLessThanOrEqual(
				375
			);
		}
	} );
} );
