import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from '@wordpress/element';

import { renderWithProviders } from '../../../test-utils/render-with-providers';
import { FilterCard, type Filter, type FilterValues } from '..';

type Name = 'campaign' | 'severity' | 'orderBy' | 'search';

const FILTERS: ReadonlyArray< Filter< Name > > = [
	{
		type: 'select',
		name: 'campaign',
		label: 'Campaign',
		options: [
			{ value: '7', label: 'CP7 - Smart TV app' },
			{ value: '9', label: 'CP9 - Checkout flow' },
		],
	},
	{
		type: 'select',
		name: 'severity',
		label: 'Severity',
		options: [
			{ value: 'LOW', label: 'Low' },
			{ value: 'HIGH', label: 'High' },
		],
	},
	{
		type: 'select',
		name: 'orderBy',
		label: 'Sort by',
		all: false,
		defaultValue: 'id',
		options: [
			{ value: 'id', label: 'Newest' },
			{ value: 'severity', label: 'Severity' },
		],
	},
	{ type: 'search', name: 'search', label: 'Search by reason' },
];

const INITIAL: FilterValues< Name > = {
	campaign: '',
	severity: '',
	orderBy: 'id',
	search: '',
};

/**
 * The card as a page holds it: the page keeps the values and shows what it would ask the API for.
 *
 * @param props
 * @param props.initial
 * @param props.onChange
 */
function BugFilters( {
	initial = INITIAL,
	onChange,
}: {
	initial?: FilterValues< Name >;
	onChange?: ( value: FilterValues< Name > ) => void;
} ) {
	const [ value, setValue ] = useState( initial );
	return (
		<FilterCard
			filters={ FILTERS }
			value={ value }
			onChange={ ( next ) => {
				setValue( next );
				onChange?.( next );
			} }
		/>
	);
}

const select = ( name: string ) => screen.getByRole( 'combobox', { name } );

const clear = () => screen.getByRole( 'button', { name: 'Clear filters' } );

describe( 'FilterCard', () => {
	it( 'is a "Filters" card of labelled selects, each starting with All, and a search box', async () => {
		await renderWithProviders( <BugFilters /> );

		const card = screen.getByRole( 'region', { name: 'Filters' } );
		expect(
			within( card ).getByRole( 'heading', { level: 2, name: 'Filters' } )
		).toBeInTheDocument();
		expect(
			within( select( 'Campaign' ) )
				.getAllByRole( 'option' )
				.map( ( option ) => option.textContent )
		).toEqual( [ 'All', 'CP7 - Smart TV app', 'CP9 - Checkout flow' ] );
		expect( select( 'Severity' ) ).toHaveDisplayValue( 'All' );
		// A sort order always holds a value: no All.
		expect(
			within( select( 'Sort by' ) )
				.getAllByRole( 'option' )
				.map( ( option ) => option.textContent )
		).toEqual( [ 'Newest', 'Severity' ] );
		expect(
			screen.getByRole( 'searchbox', { name: 'Search by reason' } )
		).toHaveValue( '' );
	} );

	it( 'reports every change with all the values', async () => {
		const onChange = jest.fn();
		await renderWithProviders( <BugFilters onChange={ onChange } /> );

		fireEvent.change( select( 'Campaign' ), { target: { value: '9' } } );

		expect( onChange ).toHaveBeenLastCalledWith( {
			...INITIAL,
			campaign: '9',
		} );
		expect( select( 'Campaign' ) ).toHaveDisplayValue(
			'CP9 - Checkout flow'
		);

		fireEvent.change(
			screen.getByRole( 'searchbox', { name: 'Search by reason' } ),
			{ target: { value: 'course' } }
		);

		expect( onChange ).toHaveBeenLastCalledWith( {
			...INITIAL,
			campaign: '9',
			search: 'course',
		} );
		expect(
			screen.getByRole( 'searchbox', { name: 'Search by reason' } )
		).toHaveValue( 'course' );
	} );

	it( 'clears every filter back to its default, and keeps focus on the button', async () => {
		const onChange = jest.fn();
		await renderWithProviders(
			<BugFilters
				initial={ {
					campaign: '7',
					severity: 'HIGH',
					orderBy: 'severity',
					search: 'crash',
				} }
				onChange={ onChange }
			/>
		);
		expect( clear() ).not.toHaveAttribute( 'aria-disabled' );

		clear().focus();
		fireEvent.click( clear() );

		expect( onChange ).toHaveBeenLastCalledWith( INITIAL );
		expect( select( 'Campaign' ) ).toHaveDisplayValue( 'All' );
		expect( select( 'Severity' ) ).toHaveDisplayValue( 'All' );
		expect( select( 'Sort by' ) ).toHaveDisplayValue( 'Newest' );
		expect(
			screen.getByRole( 'searchbox', { name: 'Search by reason' } )
		).toHaveValue( '' );
		expect( clear() ).toHaveAttribute( 'aria-disabled', 'true' );
		expect( clear() ).toHaveFocus();
	} );

	it( 'has nothing to clear while every filter is at its default', async () => {
		const onChange = jest.fn();
		await renderWithProviders( <BugFilters onChange={ onChange } /> );

		expect( clear() ).toHaveAttribute( 'aria-disabled', 'true' );
		fireEvent.click( clear() );
		expect( onChange ).not.toHaveBeenCalled();

		fireEvent.change( select( 'Severity' ), {
			target: { value: 'LOW' },
		} );
		expect( clear() ).not.toHaveAttribute( 'aria-disabled' );
	} );

	it( "takes the page's title and heading level", async () => {
		await renderWithProviders(
			<FilterCard
				title="Filter your points"
				headingLevel={ 3 }
				filters={ FILTERS }
				value={ INITIAL }
				onChange={ jest.fn() }
			/>
		);

		expect(
			screen.getByRole( 'heading', {
				level: 3,
				name: 'Filter your points',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'region', { name: 'Filter your points' } )
		).toBeInTheDocument();
	} );

	it( 'speaks the page language', async () => {
		await renderWithProviders( <BugFilters />, {
			config: { locale: 'it' },
		} );

		expect(
			screen.getByRole( 'region', { name: 'Filtri' } )
		).toBeInTheDocument();
		expect( select( 'Campaign' ) ).toHaveDisplayValue( 'Tutti' );
		expect(
			screen.getByRole( 'button', { name: 'Cancella filtri' } )
		).toBeInTheDocument();
	} );
} );
