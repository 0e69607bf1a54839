import AxeBuilder from '@axe-core/playwright';

import { test, expect, logIn } from './fixtures';

/**
 * The product's header and footer around every page (crowdscout/site-header and crowdscout/site-footer, placed in
 * the theme's template parts by `npm start`), in the page's language, and the skip link before them.
 */
test.describe( 'site header and footer', () => {
	test( 'a visitor on an Italian page: Italian header, skip link first, legal links, no theme page list', async ( {
		page,
	} ) => {
		await page.goto( '/it/faq/' );
		const header = page.getByRole( 'banner' );
		await expect(
			header.getByRole( 'link', { name: 'Accedi' } )
		).toHaveAttribute( 'href', /\/it\/login\/\?redirectTo=/ );
		await expect(
			header
				.getByRole( 'navigation', { name: 'Lingua del sito' } )
				.getByRole( 'link', { name: 'Italiano' } )
		).toHaveAttribute( 'aria-current', 'page' );
		for ( const themePage of [ 'Sample Page', 'Goodbye', 'Thank you' ] ) {
			await expect(
				page.getByRole( 'link', { name: themePage } )
			).toHaveCount( 0 );
		}

		await page.keyboard.press( 'Tab' );
		const skip = page.getByRole( 'link', { name: 'Vai al contenuto' } );
		await expect( skip ).toBeFocused();
		const target = await skip.getAttribute( 'href' );
		await expect( page.locator( `main${ target }` ) ).toHaveCount( 1 );

		const legal = page
			.getByRole( 'contentinfo' )
			.getByRole( 'navigation', { name: 'Informazioni legali' } );
		for ( const [ name, path ] of [
			[ 'Termini e condizioni', '/it/terms-and-conditions/' ],
			[ 'Informativa sulla privacy', '/it/privacy-policy/' ],
			[ 'Codice etico', '/it/ethical-code/' ],
			[ 'FAQ', '/it/faq/' ],
		] ) {
			await expect(
				legal.getByRole( 'link', { name, exact: true } )
			).toHaveAttribute( 'href', new RegExp( `${ path }$` ) );
		}

		const { violations } = await new AxeBuilder( { page } )
			.include( '.crowdscout-skip-link' )
			.include( '.wp-block-crowdscout-site-header' )
			.include( '.wp-block-crowdscout-site-footer' )
			.analyze();
		expect( violations.map( ( violation ) => violation.id ) ).toEqual( [] );
	} );

	test( 'a logged-in tester gets the language switch and no login button', async ( {
		page,
	} ) => {
		await logIn( page );
		await page.goto( '/it/faq/' );
		const header = page.getByRole( 'banner' );
		await expect(
			header.getByRole( 'navigation', { name: 'Lingua del sito' } )
		).toBeVisible();
		await expect(
			header.getByRole( 'link', { name: 'Accedi' } )
		).toHaveCount( 0 );
	} );
} );
