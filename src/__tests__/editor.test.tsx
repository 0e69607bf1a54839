import { fireEvent, render, screen } from '@testing-library/react';
import { registerBlockType, type BlockSettings } from '@wordpress/blocks';
import type { ReactNode } from 'react';

import profileSummary from '../../blocks/profile-summary/block.json';

// WordPress provides the editor packages at run time; they are not installed, hence virtual modules.
jest.mock(
	'@wordpress/blocks',
	() => ( {
		registerBlockType: jest.fn(),
		getBlockType: jest.fn( () => undefined ),
	} ),
	{ virtual: true }
);
jest.mock(
	'@wordpress/block-editor',
	() => {
		const InnerBlocks = () => <div data-testid="inner-blocks" />;
		InnerBlocks.Content = () => <div data-testid="inner-content" />;
		return {
			useBlockProps: ( props: Record< string, unknown > = {} ) => ( {
				...props,
				className: `wp-block ${ props.className ?? '' }`,
			} ),
			InnerBlocks,
			InspectorControls: ( { children }: { children: ReactNode } ) => (
				<aside>{ children }</aside>
			),
		};
	},
	{ virtual: true }
);
jest.mock( '@wordpress/i18n', () => ( { __: ( text: string ) => text } ), {
	virtual: true,
} );
jest.mock(
	'@wordpress/server-side-render',
	() => ( {
		__esModule: true,
		default: ( { block }: { block: string } ) => (
			<div data-testid="server-render">{ block }</div>
		),
	} ),
	{ virtual: true }
);
jest.mock(
	'@wordpress/components',
	() => ( {
		Placeholder: ( {
			label,
			instructions,
		}: {
			label: string;
			instructions: string;
		} ) => (
			<div>
				<h3>{ label }</h3>
				<p>{ instructions }</p>
			</div>
		),
		PanelBody: ( { children }: { children: ReactNode } ) => (
			<div>{ children }</div>
		),
		SelectControl: ( {
			label,
			value,
			options,
			onChange,
		}: {
			label: string;
			value: string;
			options: Array< { value: string; label: string } >;
			onChange: ( value: string ) => void;
		} ) => (
			<div>
				<label htmlFor="select-control">{ label }</label>
				<select
					id="select-control"
					value={ value }
					onChange={ ( event ) => onChange( event.target.value ) }
				>
					{ options.map( ( option ) => (
						<option key={ option.value } value={ option.value }>
							{ option.label }
						</option>
					) ) }
				</select>
			</div>
		),
	} ),
	{ virtual: true }
);

describe( 'the editor script', () => {
	beforeAll( () => {
		require( '../editor' );
	} );

	const registrations = () =>
		( registerBlockType as jest.Mock ).mock.calls as Array<
			[ { name: string }, BlockSettings ]
		>;

	const settingsOf = ( name: string ) =>
		registrations().find(
			( [ metadata ] ) => metadata.name === name
		)![ 1 ];

	it( 'registers every block of blocks/, the widgets as dynamic blocks', () => {
		const blockDirs = require( 'fs' )
			.readdirSync( require( 'path' ).join( __dirname, '../../blocks' ) )
			.sort();

		expect(
			registrations()
				.map( ( [ metadata ] ) => metadata.name )
				.sort()
		).toEqual( blockDirs.map( ( dir: string ) => `crowdscout/${ dir }` ) );
		for ( const [ metadata, settings ] of registrations() ) {
			if ( metadata.name !== 'crowdscout/language-section' ) {
				expect( settings.save() ).toBeNull();
			}
		}
	} );

	it( 'lets editors write a language section: its language named and chosen, its blocks saved', () => {
		const settings = settingsOf( 'crowdscout/language-section' );
		const setAttributes = jest.fn();
		const Edit = settings.edit;

		const { container } = render(
			<Edit
				attributes={ { language: 'it' } }
				setAttributes={ setAttributes }
				clientId="1"
				isSelected
			/>
		);

		expect(
			screen.getByText( 'Italiano', { selector: 'p' } )
		).toBeInTheDocument();
		expect( container.firstElementChild ).toHaveAttribute( 'lang', 'it' );
		expect( screen.getByTestId( 'inner-blocks' ) ).toBeInTheDocument();
		fireEvent.change( screen.getByLabelText( 'Shown to readers of' ), {
			target: { value: 'fr' },
		} );
		expect( setAttributes ).toHaveBeenCalledWith( { language: 'fr' } );

		render( settings.save()! );
		expect( screen.getByTestId( 'inner-content' ) ).toBeInTheDocument();
	} );

	it( 'previews the site header and footer as the server renders them', () => {
		for ( const name of [
			'crowdscout/site-header',
			'crowdscout/site-footer',
		] ) {
			const Edit = settingsOf( name ).edit;
			const { unmount } = render(
				<Edit
					attributes={ {} }
					setAttributes={ jest.fn() }
					clientId="1"
					isSelected={ false }
				/>
			);
			expect( screen.getByTestId( 'server-render' ) ).toHaveTextContent(
				name
			);
			unmount();
		}
	} );

	it( 'previews the widget with its title and description', () => {
		const Edit = settingsOf( 'crowdscout/profile-summary' ).edit;

		render(
			<Edit
				attributes={ {} }
				setAttributes={ jest.fn() }
				clientId="1"
				isSelected={ false }
			/>
		);

		expect(
			screen.getByRole( 'heading', { name: profileSummary.title } )
		).toBeInTheDocument();
		expect(
			screen.getByText( profileSummary.description )
		).toBeInTheDocument();
	} );
} );
