#!/usr/bin/env node
/**
 * Copies every blocks/<widget>/block.json to plugin/build/blocks/<widget>/block.json, where PHP registers
 * the blocks from, and every languages/<language>.json to plugin/build/languages/, where PHP reads its
 * user-facing strings from (the `server` namespace; see plugin/includes/class-strings.php). The plugin zip
 * ships plugin/ only. Runs after `wp-scripts build`, which empties plugin/build first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const source = path.join( root, 'blocks' );
const target = path.join( root, 'plugin/build/blocks' );
const languagesSource = path.join( root, 'languages' );
const languagesTarget = path.join( root, 'plugin/build/languages' );

const widgets = fs
	.readdirSync( source, { withFileTypes: true } )
	.filter( ( entry ) => entry.isDirectory() )
	.map( ( entry ) => entry.name )
	.filter( ( name ) =>
		fs.existsSync( path.join( source, name, 'block.json' ) )
	);

fs.rmSync( target, { recursive: true, force: true } );
for ( const name of widgets ) {
	const from = path.join( source, name, 'block.json' );
	const metadata = JSON.parse( fs.readFileSync( from, 'utf8' ) );
	if ( metadata.name !== `crowdscout/${ name }` ) {
		throw new Error(
			`${ path.relative(
				root,
				from
			) }: name must be "crowdscout/${ name }", found "${
				metadata.name
			}".`
		);
	}
	fs.mkdirSync( path.join( target, name ), { recursive: true } );
	fs.copyFileSync( from, path.join( target, name, 'block.json' ) );
}
console.log(
	`copy-blocks: ${ widgets.length } block.json copied to ${ path.relative(
		root,
		target
	) }`
);

const languages = fs
	.readdirSync( languagesSource )
	.filter( ( name ) => /^[a-z]{2}\.json$/.test( name ) );

fs.rmSync( languagesTarget, { recursive: true, force: true } );
fs.mkdirSync( languagesTarget, { recursive: true } );
for ( const name of languages ) {
	const from = path.join( languagesSource, name );
	// A file PHP cannot decode would silently fall back to English: fail the build instead.
	try {
		JSON.parse( fs.readFileSync( from, 'utf8' ) );
	} catch ( error ) {
		throw new Error(
			`${ path.relative( root, from ) } is not valid JSON: ${
				error.message
			}`
		);
	}
	fs.copyFileSync( from, path.join( languagesTarget, name ) );
}
console.log(
	`copy-blocks: ${
		languages.length
	} language files copied to ${ path.relative( root, languagesTarget ) }`
);
