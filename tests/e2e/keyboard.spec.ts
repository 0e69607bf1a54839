import type { Locator, Page } from '@playwright/test';

import { test, expect, signUp } from './fixtures';

/**
 * Sign-up, login and the dashboard with the keyboard alone: Tab and Shift+Tab to move, Enter, Space and Escape to
 * act, text typed into whatever has focus. Locators only say where focus should arrive, never act. Each stop on
 * the way must show where focus is, and each step must be a few stops away.
 */

/**
 * How the element with focus shows it, or null when it shows nothing: an outline (the browser's own ring
 * included), or a box shadow. A control drawn by its label (a visually hidden checkbox) shows focus there.
 *
 * @param page
 */
function focusIndicator( page: Page ) {
	return page.evaluate( () => {
		// In the page: there is no node ref to start from.
		// eslint-disable-next-line @wordpress/no-global-active-element
		const focused = document.activeElement as HTMLElement | null;
		if ( ! focused || focused === document.body ) {
			return { name: 'the page itself', shown: false };
		}
		const shows = ( element: Element ) => {
			const style = getComputedStyle( element );
			return (
				( style.outlineStyle !== 'none' &&
					parseFloat( style.outlineWidth ) > 0 ) ||
				style.boxShadow !== 'none'
			);
		};
		const labels = Array.from(
			( focused as HTMLInputElement ).labels ?? []
		);
		const name = `${ focused.tagName.toLowerCase() } "${ (
			focused.getAttribute( 'aria-label' ) ??
			focused.textContent ??
			''
		)
			.trim()
			.slice( 0, 40 ) }"`;
		return {
			name,
			shown: shows( focused ) || labels.some( shows ),
		};
	} );
}

/** Whether the element has focus. */
const focused = ( element: Locator ) =>
	element.evaluate( ( el ) => el === el.ownerDocument.activeElement );

/**
 * Presses Tab (Shift+Tab going back) until the target has focus, at most `most` times, checking that every stop
 * on the way shows its focus. Returns the number of stops (none when the target has focus already).
 *
 * @param page
 * @param target
 * @param most
 * @param back
 */
async function tabTo(
	page: Page,
	target: Locator,
	most: number,
	back = false
) {
	const passed: string[] = [];
	if ( await focused( target ) ) {
		return 0;
	}
	for ( let stops = 1; stops <= most; stops++ ) {
		await page.keyboard.press( back ? 'Shift+Tab' : 'Tab' );
		const focus = await focusIndicator( page );
		expect( focus.shown, `focus visible on ${ focus.name }` ).toBe( true );
		passed.push( focus.name );
		if ( await focused( target ) ) {
			return stops;
		}
	}
	throw new Error(
		`Not reached in ${ most } tab stops; focus went through: ${ passed.join(
			', '
		) }`
	);
}

/** Whether focus is inside this element (a dialog). */
const holdsFocus = ( element: Locator ) =>
	element.evaluate( ( el ) => el.contains( el.ownerDocument.activeElement ) );

test.describe( 'keyboard only', () => {
	test( 'a visitor signs up, lands on the confirmation and goes on to the dashboard', async ( {
		page,
	} ) => {
		const email = `keys-${ Date.now() }-${ Math.floor(
			Math.random() * 1e6
		) }@example.test`;
		await page.goto( '/getting-started/signup/' );
		const widget = page.locator( '.wp-block-crowdscout-signup' );
		await expect(
			widget.getByRole( 'button', { name: 'Continue with email' } )
		).toBeVisible();

		// From the top of the page: past the header, the sign-up's own language links and the social buttons.
		await tabTo(
			page,
			widget.getByRole( 'button', { name: 'Continue with email' } ),
			15
		);
		await page.keyboard.press( 'Enter' );
		await expect( widget.getByLabel( /^Email/ ) ).toBeFocused();
		await page.keyboard.type( email );
		await tabTo( page, widget.getByLabel( /^Password/ ).first(), 1 );
		await page.keyboard.type( 'Secret123' );
		await tabTo( page, widget.getByRole( 'button', { name: 'Next' } ), 3 );
		await page.keyboard.press( 'Enter' );

		// Step 1 opens on its first field.
		await expect( widget.getByLabel( /^Name/ ) ).toBeFocused();
		await page.keyboard.type( 'Kim' );
		await tabTo( page, widget.getByLabel( /^Surname/ ), 1 );
		await page.keyboard.type( 'Keys' );
		await tabTo( page, widget.getByLabel( /^Day/ ), 1 );
		await page.keyboard.type( '14' );
		// A closed select takes typed letters as a search among its options.
		await tabTo( page, widget.getByLabel( /^Month/ ), 1 );
		await page.keyboard.type( 'May' );
		await tabTo( page, widget.getByLabel( /^Year/ ), 1 );
		await page.keyboard.type( '1994' );
		await tabTo( page, widget.getByLabel( /^Country/ ), 1 );
		await page.keyboard.type( 'Italy' );
		await expect( widget.getByLabel( /^Month/ ) ).toHaveValue( '5' );
		await expect( widget.getByLabel( /^Country/ ) ).toHaveValue( 'IT' );
		await tabTo( page, widget.getByRole( 'checkbox' ), 3 );
		await page.keyboard.press( 'Space' );
		await expect( widget.getByRole( 'checkbox' ) ).toBeChecked();
		await tabTo(
			page,
			widget.getByRole( 'button', { name: 'Sign up' } ),
			3
		);
		await page.keyboard.press( 'Enter' );

		await expect( page ).toHaveURL( /\/getting-started\/confirmation\/$/ );
		await expect(
			page.getByRole( 'heading', { name: 'Welcome aboard!' } )
		).toBeVisible();
		// Now logged in: past the sidebar and the header.
		await tabTo(
			page,
			page.getByRole( 'link', { name: 'Go to your dashboard' } ),
			20
		);
		await page.keyboard.press( 'Enter' );
		await expect( page ).toHaveURL( /\/my-dashboard\/$/ );
	} );

	test( 'a tester logs in, goes through the onboarding, closes the messages and opens and closes the inbox', async ( {
		page,
		request,
	} ) => {
		const tester = await signUp( request, 'keys' );
		await page.goto( '/login/' );
		const form = page.locator( '.wp-block-crowdscout-login' );
		await expect( form.getByLabel( 'Email' ) ).toBeVisible();

		await tabTo( page, form.getByLabel( 'Email' ), 10 );
		await page.keyboard.type( tester.email );
		await tabTo( page, form.getByLabel( 'Password', { exact: true } ), 1 );
		await page.keyboard.type( tester.password );
		await tabTo( page, form.getByRole( 'button', { name: 'Log in' } ), 3 );
		await page.keyboard.press( 'Enter' );
		await expect( page ).toHaveURL( /\/my-dashboard\/$/ );

		// The onboarding takes focus, and its one button, Next then the last, keeps it from slide to slide (the
		// dialog is named after the slide on show).
		await expect(
			page.getByRole( 'dialog', {
				name: /^Welcome to the .+ community!$/,
			} )
		).toBeVisible();
		const onboarding = page.getByRole( 'dialog' );
		await expect.poll( () => holdsFocus( onboarding ) ).toBe( true );
		const next = onboarding.getByRole( 'button', { name: 'Next' } );
		await tabTo( page, next, 3 );
		for ( let slide = 2; slide <= 6; slide++ ) {
			await page.keyboard.press( 'Enter' );
			await expect( onboarding ).toContainText( `${ slide } of 6` );
		}
		const last = onboarding.getByRole( 'button', {
			name: 'Take me to the dashboard',
		} );
		await expect( last ).toBeFocused();
		await page.keyboard.press( 'Enter' );
		await expect( onboarding ).toHaveCount( 0 );

		// The messages open by themselves with focus inside; Escape closes them.
		const messages = page.getByRole( 'dialog', {
			name: 'Messages for you',
		} );
		await expect( messages ).toBeVisible();
		await expect.poll( () => holdsFocus( messages ) ).toBe( true );
		// Focus had been nowhere yet: it goes to the Inbox button (near the end of the page, in the side column
		// after the tables), which opens them again, and closing gives focus back to it.
		const inbox = page
			.locator( '.wp-block-crowdscout-dashboard' )
			.getByRole( 'button', { name: 'Inbox' } );
		await page.keyboard.press( 'Escape' );
		await expect( messages ).toHaveCount( 0 );
		await expect( inbox ).toBeFocused();
		await page.keyboard.press( 'Enter' );
		await expect( messages ).toBeVisible();
		await expect.poll( () => holdsFocus( messages ) ).toBe( true );
		await page.keyboard.press( 'Escape' );
		await expect( messages ).toHaveCount( 0 );
		await expect( inbox ).toBeFocused();

		// And on, by the performance card's link just before it, to the leaderboard.
		await tabTo(
			page,
			page.getByRole( 'link', { name: 'View ranking page' } ),
			4,
			true
		);
		await page.keyboard.press( 'Enter' );
		await expect( page ).toHaveURL( /\/leaderboard\/$/ );
	} );
} );
