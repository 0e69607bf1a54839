import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from '@wordpress/element';

import { Tabs, type TabItem } from '../tabs';

/** A panel with state of its own, to see it reset when its tab closes. */
function Counter( { name }: { name: string } ) {
	const [ count, setCount ] = useState( 0 );
	return (
		<button type="button" onClick={ () => setCount( count + 1 ) }>
			{ `${ name }: ${ count }` }
		</button>
	);
}

const TABS: ReadonlyArray< TabItem< 'active' | 'finished' | 'closed' > > = [
	{ id: 'active', label: 'Active', panel: <Counter name="Running" /> },
	{ id: 'finished', label: 'Finished', panel: <Counter name="Ended" /> },
	{ id: 'closed', label: 'Closed', panel: <p>Evaluated</p> },
];

function renderTabs( props: Partial< Parameters< typeof Tabs >[ 0 ] > = {} ) {
	return render( <Tabs label="Your campaigns" tabs={ TABS } { ...props } /> );
}

const tab = ( name: string ) => screen.getByRole( 'tab', { name } );
const tabs = () => screen.getAllByRole( 'tab' );
const panels = () => screen.getAllByRole( 'tabpanel' );
const focused = () =>
	screen.getByRole( 'tablist' ).ownerDocument.activeElement!;
const press = ( key: string ) => fireEvent.keyDown( focused(), { key } );

/** The selected tab, checked to be the only one selected, focusable with Tab and showing its panel. */
function expectSelected( name: string ) {
	expect(
		tabs().filter( ( t ) => t.getAttribute( 'aria-selected' ) === 'true' )
	).toEqual( [ tab( name ) ] );
	expect( tabs().filter( ( t ) => t.tabIndex === 0 ) ).toEqual( [
		tab( name ),
	] );
	expect( panels() ).toEqual( [ screen.getByRole( 'tabpanel', { name } ) ] );
}

describe( 'Tabs', () => {
	it( 'wires the tab list, the tabs and the open panel together', () => {
		const { container } = renderTabs( { className: 'extra' } );

		const list = screen.getByRole( 'tablist', { name: 'Your campaigns' } );
		expect( list ).toHaveClass( 'crowdscout-tabs__list' );
		expect( container.firstChild ).toHaveClass(
			'crowdscout-tabs',
			'extra'
		);
		expect( tabs().map( ( t ) => t.textContent ) ).toEqual( [
			'Active',
			'Finished',
			'Closed',
		] );
		for ( const t of tabs() ) {
			expect( t.tagName ).toBe( 'BUTTON' );
			expect( t ).toHaveAttribute( 'type', 'button' );
			expect( list ).toContainElement( t );
		}

		const active = tab( 'Active' );
		const panel = screen.getByRole( 'tabpanel', { name: 'Active' } );
		expect( active ).toHaveAttribute( 'aria-selected', 'true' );
		expect( active ).toHaveClass(
			'crowdscout-tabs__tab',
			'crowdscout-tabs__tab--selected'
		);
		expect( active ).toHaveAttribute( 'aria-controls', panel.id );
		expect( panel ).toHaveAttribute( 'aria-labelledby', active.id );
		expect( panel ).toHaveAttribute( 'tabindex', '0' );
		expect( panel ).toHaveClass( 'crowdscout-tabs__panel' );
		expect( panel ).toHaveTextContent( 'Running: 0' );

		for ( const name of [ 'Finished', 'Closed' ] ) {
			expect( tab( name ) ).toHaveAttribute( 'aria-selected', 'false' );
			expect( tab( name ) ).toHaveAttribute( 'tabindex', '-1' );
			expect( tab( name ) ).not.toHaveClass(
				'crowdscout-tabs__tab--selected'
			);
			// Its panel is not rendered, so there is nothing to point at.
			expect( tab( name ) ).not.toHaveAttribute( 'aria-controls' );
		}
		expectSelected( 'Active' );
	} );

	it( 'gives each tab set ids of its own', () => {
		render(
			<>
				<Tabs label="First" tabs={ TABS } />
				<Tabs label="Second" tabs={ TABS } />
			</>
		);

		const ids = [ ...screen.getAllByRole( 'tab' ), ...panels() ].map(
			( element ) => element.id
		);
		expect( new Set( ids ).size ).toBe( ids.length );
		expect( ids.every( Boolean ) ).toBe( true );
	} );

	it( 'opens the default tab, or the first one when the default is unknown', () => {
		const { unmount } = renderTabs( { defaultSelected: 'closed' } );
		expectSelected( 'Closed' );
		unmount();

		renderTabs( {
			defaultSelected: 'archived' as Parameters<
				typeof Tabs
			>[ 0 ][ 'defaultSelected' ],
		} );
		expectSelected( 'Active' );
	} );

	it( 'opens a tab on click, with only its panel in the page, and starts that panel afresh', () => {
		renderTabs();
		fireEvent.click( screen.getByRole( 'button', { name: 'Running: 0' } ) );
		expect( screen.getByRole( 'tabpanel' ) ).toHaveTextContent(
			'Running: 1'
		);

		fireEvent.click( tab( 'Finished' ) );
		expectSelected( 'Finished' );
		expect( screen.getByRole( 'tabpanel' ) ).toHaveTextContent(
			'Ended: 0'
		);
		expect( screen.queryByText( /Running/ ) ).not.toBeInTheDocument();

		fireEvent.click( tab( 'Closed' ) );
		expectSelected( 'Closed' );
		expect( screen.getByRole( 'tabpanel' ) ).toHaveTextContent(
			'Evaluated'
		);

		fireEvent.click( tab( 'Active' ) );
		expectSelected( 'Active' );
		expect( screen.getByRole( 'tabpanel' ) ).toHaveTextContent(
			'Running: 0'
		);
	} );

	it( 'moves with the arrow keys, wrapping at both ends, and opens the tab that takes focus', () => {
		renderTabs();
		tab( 'Active' ).focus();

		press( 'ArrowRight' );
		expect( tab( 'Finished' ) ).toHaveFocus();
		expectSelected( 'Finished' );

		press( 'ArrowRight' );
		expect( tab( 'Closed' ) ).toHaveFocus();
		expectSelected( 'Closed' );

		press( 'ArrowRight' );
		expect( tab( 'Active' ) ).toHaveFocus();
		expectSelected( 'Active' );

		press( 'ArrowLeft' );
		expect( tab( 'Closed' ) ).toHaveFocus();
		expectSelected( 'Closed' );

		press( 'ArrowLeft' );
		expect( tab( 'Finished' ) ).toHaveFocus();
		expectSelected( 'Finished' );
	} );

	it( 'moves from the tab that has focus, even when it is not the selected one', () => {
		renderTabs();
		// As a screen reader's virtual cursor may do.
		tab( 'Finished' ).focus();

		press( 'ArrowRight' );
		expect( tab( 'Closed' ) ).toHaveFocus();
		expectSelected( 'Closed' );
	} );

	it( 'goes to the first tab with Home and to the last with End', () => {
		renderTabs( { defaultSelected: 'finished' } );
		tab( 'Finished' ).focus();

		press( 'End' );
		expect( tab( 'Closed' ) ).toHaveFocus();
		expectSelected( 'Closed' );

		press( 'Home' );
		expect( tab( 'Active' ) ).toHaveFocus();
		expectSelected( 'Active' );
	} );

	it( 'leaves other keys, and keys from inside the panel, to the page', () => {
		renderTabs();
		tab( 'Active' ).focus();

		for ( const key of [ 'ArrowDown', 'ArrowUp', 'Enter', 'a' ] ) {
			expect( fireEvent.keyDown( tab( 'Active' ), { key } ) ).toBe(
				true
			);
		}
		expect( tab( 'Active' ) ).toHaveFocus();
		expectSelected( 'Active' );

		const inPanel = screen.getByRole( 'button', { name: 'Running: 0' } );
		inPanel.focus();
		expect( fireEvent.keyDown( inPanel, { key: 'End' } ) ).toBe( true );
		expect( inPanel ).toHaveFocus();
		expectSelected( 'Active' );
	} );

	it( 'cancels the keys it handles, so that the page does not scroll', () => {
		renderTabs();
		tab( 'Active' ).focus();

		for ( const key of [ 'ArrowRight', 'ArrowLeft', 'Home', 'End' ] ) {
			expect( fireEvent.keyDown( focused(), { key } ) ).toBe( false );
		}
	} );

	it( 'swaps the arrows on a right-to-left page', () => {
		renderTabs();
		// Set on the list itself: jsdom's computed style does not inherit `direction` from <html dir="rtl">.
		screen.getByRole( 'tablist' ).style.direction = 'rtl';
		tab( 'Active' ).focus();

		press( 'ArrowLeft' );
		expect( tab( 'Finished' ) ).toHaveFocus();
		expectSelected( 'Finished' );

		press( 'ArrowRight' );
		press( 'ArrowRight' );
		expect( tab( 'Closed' ) ).toHaveFocus();
		expectSelected( 'Closed' );
	} );

	it( 'renders nothing without tabs', () => {
		const { container } = renderTabs( { tabs: [] } );
		expect( container ).toBeEmptyDOMElement();
	} );
} );
