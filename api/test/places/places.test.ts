import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import {
	foreignState,
	isPlaceOf,
	italianMunicipality,
	italianProvinces,
	placeKey,
	searchPlaces,
} from '../../src/places/index.ts';
import { properCaseItalian } from '../../src/places/proper-case.ts';
import { recordsOf } from '../../src/places/world.ts';

/** The offline places module as PATCH /users/me and the fiscal profile use it. */

describe( 'places', () => {
	it( 'compares names without case, accents, apostrophes or hyphens', () => {
		assert.equal( placeKey( "FORLI'" ), 'forli' );
		assert.equal( placeKey( ' Forlì ' ), 'forli' );
		assert.equal( placeKey( "Sant'Angelo" ), 'sant angelo' );
		assert.equal(
			placeKey( 'Gressoney-Saint-Jean' ),
			'gressoney saint jean'
		);
	} );

	it( 'writes Italian names in proper case', () => {
		const cases: Array< [ string, string, string ] > = [
			[ 'SAN DONATO MILANESE', 'MI', 'San Donato Milanese' ],
			[ "CASSANO D'ADDA", 'MI', "Cassano d'Adda" ],
			[ "REGGIO NELL'EMILIA", 'RE', "Reggio nell'Emilia" ],
			[ "FORLI'", 'FC', 'Forlì' ],
			[ "CANTU'", 'CO', 'Cantù' ],
			[ "L'AQUILA", 'AQ', "L'Aquila" ],
			[ "SANT'ANGELO A CUPOLO", 'BN', "Sant'Angelo a Cupolo" ],
			[
				'SOTTO IL MONTE GIOVANNI XXIII',
				'BG',
				'Sotto il Monte Giovanni XXIII',
			],
			[ "CASTELNOVO NE' MONTI", 'RE', "Castelnovo ne' Monti" ],
			[ "PRE'-SAINT-DIDIER", 'AO', 'Pré-Saint-Didier' ],
		];
		for ( const [ upper, province, expected ] of cases ) {
			assert.equal( properCaseItalian( upper, province ), expected );
		}
	} );

	it( 'tells whether a city belongs to a country', async () => {
		assert.equal( await isPlaceOf( 'IT', 'forlì' ), true );
		assert.equal( await isPlaceOf( 'it', 'SAN DONATO MILANESE' ), true );
		assert.equal( await isPlaceOf( 'FR', 'lyon' ), true );
		assert.equal( await isPlaceOf( 'FR', 'Milano' ), false );
		assert.equal( await isPlaceOf( 'IT', 'Lyon' ), false );
		// A former municipality is no address.
		assert.equal( await isPlaceOf( 'IT', 'Abano Bagni' ), false );
		assert.equal( await isPlaceOf( 'IT', '' ), false );
		assert.equal( await isPlaceOf( 'XX', 'Lyon' ), false );
	} );

	it( 'finds cadastral codes, former municipalities only when asked', async () => {
		assert.equal( await italianMunicipality( 'milano', 'mi' ), 'F205' );
		assert.equal( await italianMunicipality( 'Milano', 'RM' ), null );
		assert.equal( await italianMunicipality( 'Abano Bagni', 'PD' ), null );
		assert.equal(
			await italianMunicipality( 'Abano Bagni', 'PD', {
				includeFormer: true,
			} ),
			'A001'
		);
	} );

	it( 'knows the states of birth abroad by ISO code or name', async () => {
		assert.equal( ( await foreignState( 'FR' ) )?.code, 'Z110' );
		assert.equal( ( await foreignState( 'Francia' ) )?.code, 'Z110' );
		assert.equal( ( await foreignState( 'Germany' ) )?.code, 'Z112' );
		assert.equal( ( await foreignState( 'RU' ) )?.code, 'Z154' );
		assert.equal( ( await foreignState( 'us' ) )?.code, 'Z404' );
		assert.equal( await foreignState( 'IT' ), null );
		assert.equal( await foreignState( 'Atlantis' ), null );
	} );

	it( 'lists the provinces of an Italian address', async () => {
		const provinces = await italianProvinces();
		assert.ok(
			provinces.some(
				( province ) =>
					province.code === 'MI' && province.name === 'Milano'
			)
		);
		assert.ok( ! provinces.some( ( province ) => province.code === 'EE' ) );
		assert.ok( provinces.length >= 100 && provinces.length <= 110 );
	} );

	it( 'cuts each country out of the city list, the first and the last included', async () => {
		const file = await readFile(
			createRequire( import.meta.url ).resolve(
				'country-state-city/lib/assets/city.json'
			)
		);
		const text = file.toString( 'utf8' );
		// What the byte search relies on: no escapes, and no record boundary inside a value.
		assert.equal( text.includes( '\\' ), false );
		const all = JSON.parse( text ) as string[][];
		assert.equal(
			text.split( '["' ).length - 1,
			all.length,
			'one "[\\"" per record'
		);
		const countries = [
			...new Set( all.map( ( record ) => record[ 1 ] ) ),
		];
		for ( const country of [
			countries[ 0 ],
			'FR',
			'IT',
			'US',
			countries[ countries.length - 1 ],
		] ) {
			assert.deepEqual(
				recordsOf( file, country ),
				all.filter( ( record ) => record[ 1 ] === country ),
				country
			);
		}
		assert.deepEqual( recordsOf( file, 'XX' ), [] );
		assert.deepEqual( recordsOf( file, 'AA' ), [] );
		assert.deepEqual( recordsOf( file, 'ZZ' ), [] );
	} );

	it( 'searches other countries by prefix, exact match first', async () => {
		const places = await searchPlaces( {
			country: 'US',
			search: 'new york',
			limit: 5,
		} );
		assert.equal( places[ 0 ].name, 'New York City' );
		assert.ok(
			places.every( ( place ) => place.name.startsWith( 'New York' ) )
		);
		const paris = await searchPlaces( {
			country: 'fr',
			search: 'paris',
			limit: 3,
		} );
		assert.equal( paris[ 0 ].name, 'Paris' );
	} );
} );
