import { render, screen } from '@testing-library/react';
import { registerBlockType, type BlockSettings } from '@wordpress/blocks';

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
	() => ( {
		useBlockProps: () => ( { className: 'wp-block' } ),
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

	it( 'registers every block of blocks/ as a dynamic block', () => {
		const blockDirs = require( 'fs' )
			.readdirSync( require( 'path' ).join( __dirname, '../../blocks' ) )
			.sort();

		expect(
			registrations()
				.map( ( [ metadata ] ) => metadata.name )
				.sort()
		).toEqual( blockDirs.map( ( dir: string ) => `crowdscout/${ dir }` ) );
		for ( const [ , settings ] of registrations() ) {
			expect( settings.save() ).toBeNull();
		}
	} );

	it( 'previews the widget with its title and description', () => {
		const [ , settings ] = registrations().find(
			( [ metadata ] ) => metadata.name === 'crowdscout/profile-summary'
		)!;
		const Edit = settings.edit;

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
