import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { get, getOk } from '../../helpers/requests.ts';

/** GET /places: the offline city search of the base and fiscal tabs. */

interface Place {
	id: string;
	name: string;
	province: string;
	country: string;
	code?: string;
}

describe( 'GET /api/places', () => {
	let ctx: TestContext;
	let tester: Tester;
	before( async () => {
		ctx = await startTestContext();
		tester = await ctx.createTester();
	} );
	after( () => ctx.close() );

	const search = ( query: string ): Promise< Place[] > =>
		getOk( ctx, `/places?${ query }`, tester );

	it( 'finds Milano first for "mil" in Italy, with its province and cadastral code', async () => {
		const places = await search( 'country=IT&search=mil' );
		assert.deepEqual( places[ 0 ], {
			id: 'IT:F205',
			name: 'Milano',
			province: 'MI',
			country: 'IT',
			code: 'F205',
		} );
		assert.ok( places.length > 1 && places.length <= 10 );
		for ( const place of places ) {
			assert.match( place.name, /^Mil/ );
			assert.equal( place.country, 'IT' );
		}
	} );

	it( 'ignores case and accents: "forli" finds Forlì, then the longer names', async () => {
		const places = await search( 'country=it&search=FORLI' );
		assert.deepEqual(
			places.map( ( place ) => [ place.name, place.province ] ),
			[
				[ 'Forlì', 'FC' ],
				[ 'Forlì del Sannio', 'IS' ],
				[ 'Forlimpopoli', 'FC' ],
			]
		);
	} );

	it( 'shows names in proper case, apostrophes and all', async () => {
		const [ place ] = await search(
			`country=IT&search=${ encodeURIComponent( "cassano d'adda" ) }`
		);
		assert.equal( place.name, "Cassano d'Adda" );
		const [ donato ] = await search(
			'country=IT&search=san%20donato%20mil'
		);
		assert.equal( donato.name, 'San Donato Milanese' );
	} );

	it( 'finds Lyon for "Lyo" in France, with its region as province', async () => {
		const places = await search( 'country=FR&search=Lyo' );
		const lyon = places.find( ( place ) => place.name === 'Lyon' );
		assert.deepEqual( lyon, {
			id: 'FR:ARA:Lyon',
			name: 'Lyon',
			province: 'Auvergne-Rhône-Alpes',
			country: 'FR',
		} );
		assert.ok( places.every( ( place ) => place.country === 'FR' ) );
	} );

	it( 'stays within the country asked for', async () => {
		assert.deepEqual( await search( 'country=IT&search=Lyon' ), [] );
		const inFrance = await search( 'country=FR&search=Milano' );
		assert.ok( inFrance.every( ( place ) => place.country === 'FR' ) );
		assert.ok( ! inFrance.some( ( place ) => place.code === 'F205' ) );
	} );

	it( 'answers an empty list when nothing matches or the country has no places', async () => {
		assert.deepEqual( await search( 'country=IT&search=qqzx' ), [] );
		assert.deepEqual( await search( 'country=XX&search=a' ), [] );
	} );

	it( 'respects limit and lists former municipalities only when asked', async () => {
		assert.equal(
			( await search( 'country=IT&search=san&limit=3' ) ).length,
			3
		);
		const current = await search( 'country=IT&search=abano' );
		assert.deepEqual(
			current.map( ( place ) => place.name ),
			[ 'Abano Terme' ]
		);
		const all = await search( 'country=IT&search=abano&former=true' );
		assert.deepEqual( all.map( ( place ) => place.name ).sort(), [
			'Abano Bagni',
			'Abano Terme',
		] );
		assert.equal(
			new Set( all.map( ( place ) => place.id ) ).size,
			all.length
		);
	} );

	it( 'is cacheable by the browser', async () => {
		const response = await get(
			ctx,
			'/places?country=IT&search=rom',
			tester
		);
		assert.equal( response.statusCode, 200 );
		assert.equal(
			response.headers[ 'cache-control' ],
			'private, max-age=300'
		);
	} );

	it( 'refuses a bad query with a message naming the field', async () => {
		const cases: Array< [ string, RegExp ] > = [
			[ 'country=ITA&search=mil', /ISO 3166-1 alpha-2/ ],
			[ 'search=mil', /country/ ],
			[ 'country=IT', /search/ ],
			[ 'country=IT&search=', /Search must be 1 to 100 characters long/ ],
			[
				`country=IT&search=${ 'a'.repeat( 101 ) }`,
				/Search must be 1 to 100/,
			],
			[ 'country=IT&search=mil&limit=21', /limit/ ],
			[ 'country=IT&search=mil&limit=0', /limit/ ],
		];
		for ( const [ query, message ] of cases ) {
			const response = await get( ctx, `/places?${ query }`, tester );
			assert.equal( response.statusCode, 400, query );
			assert.match( response.json().message, message, query );
		}
	} );

	it( 'needs a token', async () => {
		const response = await get( ctx, '/places?country=IT&search=mil' );
		assert.equal( response.statusCode, 403 );
	} );
} );
