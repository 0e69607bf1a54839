import { act, fireEvent, screen } from '@testing-library/react';

import { RESIZE_DEBOUNCE_MS } from '../use-close-on-wide-window';
import { FakeApi } from '../../../test-utils/fake-api';
import { testConfig } from '../../../test-utils/fixtures';
import { renderShell, resizeWindow, visit } from './helpers';

const config = testConfig();
const initialWidth = window.innerWidth;

beforeEach( () => {
	// eslint-disable-next-line no-new -- installs itself as the network; the drawer makes no request
	new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
	visit( '/' );
	resizeWindow( 500 );
} );

afterEach( () => {
	jest.useRealTimers();
	resizeWindow( initialWidth );
} );

const toggle = () => screen.getByRole( 'button', { name: 'Menu' } );

async function renderOpenDrawer() {
	const rendered = await renderShell();
	fireEvent.click( toggle() );
	return rendered;
}

describe( 'shell drawer', () => {
	it( 'opens from the menu button, moving focus into the menu, and closes from it', async () => {
		await renderShell();
		const nav = screen.getByRole( 'navigation', { name: 'Main menu' } );

		expect( toggle() ).toHaveAttribute( 'aria-expanded', 'false' );
		expect( toggle() ).toHaveAttribute( 'aria-controls', nav.id );

		fireEvent.click( toggle() );

		expect( toggle() ).toHaveAttribute( 'aria-expanded', 'true' );
		expect(
			screen.getByRole( 'link', { name: 'Dashboard' } )
		).toHaveFocus();
		expect( document.body ).toHaveClass( 'crowdscout-shell-drawer-open' );

		fireEvent.click( toggle() );

		expect( toggle() ).toHaveAttribute( 'aria-expanded', 'false' );
		expect( toggle() ).toHaveFocus();
		expect( document.body ).not.toHaveClass(
			'crowdscout-shell-drawer-open'
		);
	} );

	it( 'closes on Escape and gives focus back to the menu button', async () => {
		await renderOpenDrawer();

		fireEvent.keyDown( screen.getByRole( 'link', { name: 'Profile' } ), {
			key: 'Escape',
		} );

		expect( toggle() ).toHaveAttribute( 'aria-expanded', 'false' );
		expect( toggle() ).toHaveFocus();
	} );

	it( 'closes when the backdrop is clicked', async () => {
		const { container } = await renderOpenDrawer();
		const backdrop = container.querySelector(
			'.wp-block-crowdscout-shell__backdrop'
		);

		expect( backdrop ).toBeInTheDocument();
		fireEvent.click( backdrop! );

		expect( toggle() ).toHaveAttribute( 'aria-expanded', 'false' );
		expect(
			container.querySelector( '.wp-block-crowdscout-shell__backdrop' )
		).not.toBeInTheDocument();
		expect( toggle() ).toHaveFocus();
	} );

	it( 'keeps Tab inside the open drawer and its menu button', async () => {
		const { container } = await renderOpenDrawer();
		const guard = ( edge: string ) =>
			container.querySelector< HTMLElement >(
				`[data-crowdscout-focus-guard="${ edge }"]`
			)!;

		// Tab past the last entry lands on the end guard, which sends focus to the first element…
		fireEvent.focus( guard( 'end' ) );
		expect( toggle() ).toHaveFocus();

		// …and Shift+Tab before the first one goes round to the last.
		fireEvent.focus( guard( 'start' ) );
		expect(
			screen.getByRole( 'button', { name: 'Log out' } )
		).toHaveFocus();
	} );

	it( `closes ${ RESIZE_DEBOUNCE_MS } ms after the window grows past the medium breakpoint, not before`, async () => {
		await renderOpenDrawer();
		const link = screen.getByRole( 'link', { name: 'Dashboard' } );
		jest.useFakeTimers();

		act( () => resizeWindow( 1024 ) );
		act( () => {
			jest.advanceTimersByTime( RESIZE_DEBOUNCE_MS - 1 );
		} );

		expect( toggle() ).toHaveAttribute( 'aria-expanded', 'true' );

		act( () => {
			jest.advanceTimersByTime( 1 );
		} );

		expect( toggle() ).toHaveAttribute( 'aria-expanded', 'false' );
		// The sidebar is a visible column now: focus stays in it rather than jumping to a hidden button.
		expect( link ).toHaveFocus();
	} );

	it( 'waits for the resizing to stop', async () => {
		await renderOpenDrawer();
		jest.useFakeTimers();

		act( () => resizeWindow( 900 ) );
		act( () => {
			jest.advanceTimersByTime( 200 );
		} );
		act( () => resizeWindow( 1200 ) );
		act( () => {
			jest.advanceTimersByTime( 200 );
		} );

		expect( toggle() ).toHaveAttribute( 'aria-expanded', 'true' );

		act( () => {
			jest.advanceTimersByTime( RESIZE_DEBOUNCE_MS - 200 );
		} );

		expect( toggle() ).toHaveAttribute( 'aria-expanded', 'false' );
	} );

	it.each( [ 600, 782 ] )(
		'stays open when the window is resized to %i px',
		async ( width ) => {
			await renderOpenDrawer();
			jest.useFakeTimers();

			act( () => resizeWindow( width ) );
			act( () => {
				jest.advanceTimersByTime( RESIZE_DEBOUNCE_MS * 2 );
			} );

			expect( toggle() ).toHaveAttribute( 'aria-expanded', 'true' );
		}
	);
} );
