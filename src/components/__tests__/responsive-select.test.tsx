import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from '@wordpress/element';

import { axeViolations } from '../../test-utils/axe';
import { renderWithProviders } from '../../test-utils/render-with-providers';
import {
	ResponsiveSelect,
	type ResponsiveSelectProps,
} from '../responsive-select';

const FRUITS = [
	{ value: '1', label: 'Apple' },
	{ value: '2', label: 'Banana' },
	{ value: '3', label: 'Cherry' },
];

/** A window whose width the test sets; matchMedia answers `(min-width: …)` from it and tells listeners. */
function fakeWindowWidth( initial: number ) {
	let width = initial;
	const listeners = new Set< () => void >();
	window.matchMedia = ( query: string ) => {
		const min = Number( /min-width:\s*(\d+)px/.exec( query )?.[ 1 ] );
		return {
			get matches() {
				return width >= min;
			},
			media: query,
			addEventListener: ( _type: string, listener: () => void ) =>
				listeners.add( listener ),
			removeEventListener: ( _type: string, listener: () => void ) =>
				listeners.delete( listener ),
		} as unknown as MediaQueryList;
	};
	return ( next: number ) =>
		act( () => {
			width = next;
			listeners.forEach( ( listener ) => listener() );
		} );
}

function Harness( props: Partial< ResponsiveSelectProps > ) {
	const [ value, setValue ] = useState( '' );
	return (
		<>
			<ResponsiveSelect
				label="Fruit"
				options={ FRUITS }
				placeholder="Choose a fruit"
				hint="The one you like best"
				required
				{ ...props }
				value={ value }
				onChange={ setValue }
			/>
			<p>Chosen: { value || 'nothing' }</p>
		</>
	);
}

/** The searchable select's input; a native select is a combobox too, without the typing. */
function searchInput() {
	const control = screen.getByRole( 'combobox', { name: /^Fruit/ } );
	expect( control.tagName ).toBe( 'INPUT' );
	return control;
}

function nativeSelect() {
	const control = screen.getByRole( 'combobox', { name: /^Fruit/ } );
	expect( control.tagName ).toBe( 'SELECT' );
	return control as HTMLSelectElement;
}

const realMatchMedia = window.matchMedia;

afterEach( () => {
	window.matchMedia = realMatchMedia;
} );

describe( 'ResponsiveSelect', () => {
	it( 'is a searchable combobox from 768 px, wired to its label and hint', async () => {
		fakeWindowWidth( 768 );
		const { container } = await renderWithProviders( <Harness /> );
		const input = searchInput();
		expect( input ).toHaveAccessibleDescription( 'The one you like best' );
		expect( input ).toHaveAttribute( 'aria-required', 'true' );
		expect( screen.getByText( 'Choose a fruit' ) ).toBeInTheDocument();

		fireEvent.focus( input );
		fireEvent.change( input, { target: { value: 'ban' } } );
		expect(
			screen.queryByRole( 'option', { name: 'Apple' } )
		).not.toBeInTheDocument();
		fireEvent.click( screen.getByRole( 'option', { name: 'Banana' } ) );

		expect( screen.getByText( 'Chosen: 2' ) ).toBeInTheDocument();
		expect( await axeViolations( container ) ).toEqual( [] );
	} );

	it( 'is a native select below 768 px, with the placeholder first', async () => {
		fakeWindowWidth( 767 );
		const { container } = await renderWithProviders( <Harness /> );
		const select = nativeSelect();
		expect( select ).toHaveAccessibleDescription( 'The one you like best' );
		expect(
			[ ...select.options ].map( ( option ) => option.text )
		).toEqual( [ 'Choose a fruit', 'Apple', 'Banana', 'Cherry' ] );

		fireEvent.change( select, { target: { value: '3' } } );
		expect( screen.getByText( 'Chosen: 3' ) ).toBeInTheDocument();
		expect( select ).toHaveValue( '3' );
		expect( await axeViolations( container ) ).toEqual( [] );
	} );

	it( 'switches between the two as the window crosses 768 px, keeping the choice', async () => {
		const resize = fakeWindowWidth( 1024 );
		await renderWithProviders( <Harness /> );
		const input = screen.getByRole( 'combobox', { name: /^Fruit/ } );
		fireEvent.keyDown( input, { key: 'ArrowDown' } );
		fireEvent.click( screen.getByRole( 'option', { name: 'Cherry' } ) );

		resize( 375 );
		expect( nativeSelect() ).toHaveValue( '3' );

		resize( 800 );
		expect( searchInput() ).toBeInTheDocument();
		expect( screen.getByText( 'Cherry' ) ).toBeInTheDocument();
	} );

	it( 'is disabled in both forms, and shows the error', async () => {
		const resize = fakeWindowWidth( 1024 );
		await renderWithProviders(
			<Harness disabled error="Choose a fruit first" />
		);
		const input = searchInput();
		expect( input ).toBeDisabled();
		expect( input ).toHaveAttribute( 'aria-invalid', 'true' );
		expect( input ).toHaveAccessibleDescription(
			'The one you like best Choose a fruit first'
		);

		resize( 375 );
		const select = nativeSelect();
		expect( select ).toBeDisabled();
		expect( select ).toHaveAttribute( 'aria-invalid', 'true' );
	} );

	it( 'follows the window width where matchMedia is missing', async () => {
		// jsdom has none: the width decides, read again on resize.
		delete ( window as { matchMedia?: unknown } ).matchMedia;
		window.innerWidth = 500;
		await renderWithProviders( <Harness /> );
		expect( nativeSelect() ).toBeInTheDocument();

		window.innerWidth = 1024;
		act( () => {
			window.dispatchEvent( new Event( 'resize' ) );
		} );
		expect( searchInput() ).toBeInTheDocument();
		window.innerWidth = 1024;
	} );
} );
