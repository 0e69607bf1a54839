import assert from 'node:assert/strict';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { toSqlDateTime } from '../../../src/db/values.ts';
import { MAX_POPUPS } from '../../../src/features/popups/repository.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { mintToken } from '../../helpers/tokens.ts';

/**
 * The inbox: GET /users/me/popups (targeting, expiry, seen, order, bound) and GET /users/me/popups/{popupId},
 * which answers a popup and records it seen, over rows written straight into a real database.
 */

const DAY = 86_400_000;
/** Whole seconds, as the database keeps them. */
const NOW = Math.floor( Date.now() / 1000 ) * 1000;
const sqlAt = ( days: number ) =>
	toSqlDateTime( new Date( NOW + Math.round( days * DAY ) ) );

const bearer = ( token: string ) => ( {
	authorization: `Bearer ${ token }`,
} );

/** Content as the seed stores it: base64 of raw DEFLATE of UTF-8 HTML. */
const compress = ( html: string ) =>
	deflateRawSync( Buffer.from( html, 'utf8' ) ).toString( 'base64' );

interface PopupSpec {
	key: string;
	target: 'all' | 'list';
	/** Days from now. */
	created: number;
	expires?: number;
	once?: boolean;
	recipients?: Array< 'me' | 'other' >;
	/** Testers with a popup_reads row from the start. */
	seenBy?: Array< 'me' | 'other' >;
}

/** Inserted in this order, so ids grow down the list. */
const WORLD: PopupSpec[] = [
	{ key: 'allOld', target: 'all', created: -10, once: true },
	{ key: 'tieFirst', target: 'all', created: -8 },
	// Created at the same second as tieFirst: the id breaks the tie.
	{ key: 'tieSecond', target: 'all', created: -8, once: true },
	{ key: 'allSeen', target: 'all', created: -7, seenBy: [ 'me' ] },
	{
		key: 'listExpiredMe',
		target: 'list',
		created: -6,
		expires: -2,
		recipients: [ 'me' ],
	},
	{ key: 'allExpired', target: 'all', created: -5, expires: -1 },
	{
		key: 'listBoth',
		target: 'list',
		created: -4,
		once: true,
		recipients: [ 'me', 'other' ],
		seenBy: [ 'other' ],
	},
	{ key: 'listMe', target: 'list', created: -3, recipients: [ 'me' ] },
	{
		key: 'listOther',
		target: 'list',
		created: -2,
		expires: 30,
		recipients: [ 'other' ],
	},
	{ key: 'allNew', target: 'all', created: -1, expires: 5, once: true },
];

const htmlOf = ( key: string ) =>
	`<p>Hello {{name}} {{surname}} (T{{id}}): ${ key } — àèìòù €</p>`;

describe( 'popups', () => {
	let ctx: TestContext;
	let me: Tester;
	let other: Tester;
	const ids = new Map< string, number >();
	const idOf = ( key: string ) => ids.get( key )!;
	const keyOf = ( id: number ) =>
		[ ...ids ].find( ( [ , value ] ) => value === id )?.[ 0 ] ?? `#${ id }`;

	before( async () => {
		ctx = await startTestContext();
		me = await ctx.createTester( { name: 'Mia' } );
		other = await ctx.createTester( { name: 'Otto' } );
		const testers = { me, other };
		const { db } = ctx.database;
		for ( const popup of WORLD ) {
			const result = await db
				.insertInto( 'popups' )
				.values( {
					title: `Popup ${ popup.key }`,
					content: compress( htmlOf( popup.key ) ),
					is_once: popup.once ? 1 : 0,
					target: popup.target,
					expires_at:
						popup.expires === undefined
							? null
							: sqlAt( popup.expires ),
					created_at: sqlAt( popup.created ),
				} )
				.executeTakeFirstOrThrow();
			const id = Number( result.insertId );
			ids.set( popup.key, id );
			for ( const who of popup.recipients ?? [] ) {
				await db
					.insertInto( 'popup_recipients' )
					.values( { tester_id: testers[ who ].id, popup_id: id } )
					.execute();
			}
			for ( const who of popup.seenBy ?? [] ) {
				await db
					.insertInto( 'popup_reads' )
					.values( {
						tester_id: testers[ who ].id,
						popup_id: id,
						read_at: sqlAt( -0.5 ),
					} )
					.execute();
			}
		}
	} );
	after( () => ctx.close() );

	async function get( url: string, tester?: Tester ) {
		return ctx.app.inject( {
			method: 'GET',
			url: `/api/users/me/popups${ url }`,
			headers: tester ? bearer( await ctx.tokenFor( tester ) ) : {},
		} );
	}

	/**
	 * The keys of the popups the list answers, in its order.
	 *
	 * @param query
	 * @param tester
	 */
	async function listed( query: string, tester: Tester ) {
		const response = await get( query, tester );
		assert.equal( response.statusCode, 200, response.body );
		return ( response.json() as Array< { id: number } > ).map( ( popup ) =>
			keyOf( popup.id )
		);
	}

	const readsOf = ( tester: Tester, key: string ) =>
		ctx.database.db
			.selectFrom( 'popup_reads' )
			.select( [ 'read_at' ] )
			.where( 'tester_id', '=', tester.id )
			.where( 'popup_id', '=', idOf( key ) )
			.execute();

	describe( 'GET /api/users/me/popups', () => {
		it( 'answers the popups still to show, newest first, id breaking ties', async () => {
			assert.deepEqual( await listed( '', me ), [
				'allNew',
				'listMe',
				'listBoth',
				'tieSecond',
				'tieFirst',
				'allOld',
			] );
		} );

		it( 'answers every popup meant for the tester with showExpired=true, expired and seen ones too', async () => {
			assert.deepEqual( await listed( '?showExpired=true', me ), [
				'allNew',
				'listMe',
				'listBoth',
				'allExpired',
				'listExpiredMe',
				'allSeen',
				'tieSecond',
				'tieFirst',
				'allOld',
			] );
		} );

		it( 'treats showExpired=false as the default', async () => {
			assert.deepEqual(
				await listed( '?showExpired=false', me ),
				await listed( '', me )
			);
		} );

		it( 'reads showExpired=1 and showExpired=0 as the booleans they are in a query', async () => {
			assert.deepEqual(
				await listed( '?showExpired=1', me ),
				await listed( '?showExpired=true', me )
			);
			assert.deepEqual(
				await listed( '?showExpired=0', me ),
				await listed( '', me )
			);
			assert.notDeepEqual(
				await listed( '?showExpired=1', me ),
				await listed( '', me )
			);
		} );

		it( 'answers another tester their own list popups and reads, never the first tester’s', async () => {
			assert.deepEqual( await listed( '', other ), [
				'allNew',
				'listOther',
				'allSeen',
				'tieSecond',
				'tieFirst',
				'allOld',
			] );
			assert.deepEqual( await listed( '?showExpired=true', other ), [
				'allNew',
				'listOther',
				'listBoth',
				'allExpired',
				'allSeen',
				'tieSecond',
				'tieFirst',
				'allOld',
			] );
		} );

		it( 'answers id, title, content as stored and once', async () => {
			const response = await get( '?showExpired=true', me );
			const body = response.json() as Array< Record< string, unknown > >;
			for ( const popup of body ) {
				assert.deepEqual( Object.keys( popup ).sort(), [
					'content',
					'id',
					'once',
					'title',
				] );
				const key = keyOf( popup.id as number );
				const spec = WORLD.find( ( item ) => item.key === key )!;
				assert.equal( popup.title, `Popup ${ key }` );
				assert.equal( popup.content, compress( htmlOf( key ) ) );
				assert.equal(
					inflateRawSync(
						Buffer.from( popup.content as string, 'base64' )
					).toString( 'utf8' ),
					htmlOf( key )
				);
				assert.equal( popup.once, Boolean( spec.once ), key );
			}
		} );

		it( 'refuses a showExpired that is not a boolean, and unknown parameters', async () => {
			for ( const query of [
				'?showExpired=yes',
				'?showExpired=2',
				'?expired=true',
			] ) {
				const response = await get( query, me );
				assert.equal( response.statusCode, 400, query );
				assert.equal( response.json().status, 400 );
			}
		} );
	} );

	describe( 'GET /api/users/me/popups/{popupId}', () => {
		it( 'answers the popup and marks it seen: it leaves the default list and stays in the inbox', async () => {
			const reader = await ctx.createTester();
			assert.ok( ( await listed( '', reader ) ).includes( 'allNew' ) );
			const response = await get( `/${ idOf( 'allNew' ) }`, reader );
			assert.equal( response.statusCode, 200, response.body );
			assert.deepEqual( response.json(), {
				id: idOf( 'allNew' ),
				title: 'Popup allNew',
				content: compress( htmlOf( 'allNew' ) ),
				once: true,
			} );
			assert.equal( ( await readsOf( reader, 'allNew' ) ).length, 1 );
			assert.ok( ! ( await listed( '', reader ) ).includes( 'allNew' ) );
			assert.ok(
				( await listed( '?showExpired=true', reader ) ).includes(
					'allNew'
				)
			);
			// Only this tester's inbox changed.
			assert.ok( ( await listed( '', me ) ).includes( 'allNew' ) );
		} );

		it( 'reads a popup again harmlessly: same answer, the first record kept', async () => {
			const reader = await ctx.createTester();
			const first = await get( `/${ idOf( 'tieFirst' ) }`, reader );
			const [ firstRead ] = await readsOf( reader, 'tieFirst' );
			const again = await get( `/${ idOf( 'tieFirst' ) }`, reader );
			assert.equal( again.statusCode, 200 );
			assert.deepEqual( again.json(), first.json() );
			assert.deepEqual( await readsOf( reader, 'tieFirst' ), [
				firstRead,
			] );
		} );

		it( 'records one read when the same popup is read concurrently', async () => {
			const reader = await ctx.createTester();
			const token = await ctx.tokenFor( reader );
			const responses = await Promise.all(
				Array.from( { length: 6 }, () =>
					ctx.app.inject( {
						method: 'GET',
						url: `/api/users/me/popups/${ idOf( 'tieSecond' ) }`,
						headers: bearer( token ),
					} )
				)
			);
			for ( const response of responses ) {
				assert.equal( response.statusCode, 200, response.body );
			}
			assert.equal( ( await readsOf( reader, 'tieSecond' ) ).length, 1 );
		} );

		it( 'answers a list popup to its recipients, expired and seen ones too', async () => {
			for ( const key of [
				'listMe',
				'listExpiredMe',
				'allExpired',
				'allSeen',
			] ) {
				const response = await get( `/${ idOf( key ) }`, me );
				assert.equal( response.statusCode, 200, key );
				assert.equal( response.json().id, idOf( key ) );
			}
			assert.equal(
				( await get( `/${ idOf( 'listBoth' ) }`, other ) ).statusCode,
				200
			);
			assert.equal( ( await readsOf( me, 'listMe' ) ).length, 1 );
			assert.ok( ! ( await listed( '', me ) ).includes( 'listMe' ) );
		} );

		it( 'answers 404 "Popup not found" for another tester’s list popup, and records nothing', async () => {
			for ( const [ tester, key ] of [
				[ me, 'listOther' ],
				[ other, 'listMe' ],
				[ other, 'listExpiredMe' ],
			] as const ) {
				const response = await get( `/${ idOf( key ) }`, tester );
				assert.equal( response.statusCode, 404, key );
				assert.deepEqual( response.json(), {
					status: 404,
					error: 'Not Found',
					message: 'Popup not found',
				} );
				assert.deepEqual( await readsOf( tester, key ), [] );
			}
			assert.ok(
				! ( await listed( '?showExpired=true', me ) ).includes(
					'listOther'
				)
			);
		} );

		it( 'answers 404 "Popup not found" for an id no popup has', async () => {
			const missing = Math.max( ...ids.values() ) + 1000;
			const response = await get( `/${ missing }`, me );
			assert.equal( response.statusCode, 404 );
			assert.equal( response.json().message, 'Popup not found' );
		} );

		it( 'refuses an id that is not a positive integer', async () => {
			for ( const id of [ 'abc', '0', '-1', '1.5' ] ) {
				const response = await get( `/${ id }`, me );
				assert.equal( response.statusCode, 400, id );
				assert.equal( response.json().status, 400 );
			}
		} );
	} );

	describe( 'authentication', () => {
		for ( const path of [ '', '?showExpired=true', '/1' ] ) {
			it( `answers 403 without a token or with a foreign one, 401 when expired: ${
				path || '(list)'
			}`, async () => {
				const missing = await get( path );
				assert.equal( missing.statusCode, 403 );
				assert.equal( missing.json().status, 403 );
				const foreign = await ctx.app.inject( {
					method: 'GET',
					url: `/api/users/me/popups${ path }`,
					headers: bearer(
						await mintToken( {
							secret: 'another-secret-of-at-least-32-characters!',
							sub: me.wpUserId,
						} )
					),
				} );
				assert.equal( foreign.statusCode, 403 );
				const expired = await ctx.app.inject( {
					method: 'GET',
					url: `/api/users/me/popups${ path }`,
					headers: bearer(
						await mintToken( {
							secret: ctx.secret,
							sub: me.wpUserId,
							expiresIn: -60,
						} )
					),
				} );
				assert.equal( expired.statusCode, 401 );
				assert.equal( expired.json().message, 'Token expired' );
			} );
		}
	} );
} );

describe( 'popups: empty inbox and the bound', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const list = async ( tester: Tester, query = '' ) => {
		const response = await ctx.app.inject( {
			method: 'GET',
			url: `/api/users/me/popups${ query }`,
			headers: bearer( await ctx.tokenFor( tester ) ),
		} );
		assert.equal( response.statusCode, 200, response.body );
		return response.json() as Array< { id: number } >;
	};

	it( 'answers an empty list when no popup is meant for the tester', async () => {
		const me = await ctx.createTester();
		const other = await ctx.createTester();
		const { insertId } = await ctx.database.db
			.insertInto( 'popups' )
			.values( {
				title: 'Only for the other',
				content: compress( '<p>x</p>' ),
				target: 'list',
				created_at: sqlAt( -1 ),
			} )
			.executeTakeFirstOrThrow();
		await ctx.database.db
			.insertInto( 'popup_recipients' )
			.values( { tester_id: other.id, popup_id: Number( insertId ) } )
			.execute();
		assert.deepEqual( await list( me ), [] );
		assert.deepEqual( await list( me, '?showExpired=true' ), [] );
		assert.equal( ( await list( other ) ).length, 1 );
	} );

	it( `answers at most ${ MAX_POPUPS } popups, the newest`, async () => {
		const tester = await ctx.createTester();
		const count = MAX_POPUPS + 5;
		await ctx.database.db
			.insertInto( 'popups' )
			.values(
				Array.from( { length: count }, ( _, index ) => ( {
					title: `Bulk ${ index }`,
					content: compress( `<p>${ index }</p>` ),
					target: 'all' as const,
					// Older as the index grows.
					created_at: sqlAt( -2 - index / 24 ),
				} ) )
			)
			.execute();
		const bulk = await ctx.database.db
			.selectFrom( 'popups' )
			.select( 'id' )
			.where( 'title', 'like', 'Bulk %' )
			.orderBy( 'created_at', 'desc' )
			.orderBy( 'id', 'desc' )
			.execute();
		const expected = bulk.slice( 0, MAX_POPUPS ).map( ( row ) => row.id );
		for ( const query of [ '', '?showExpired=true' ] ) {
			const body = await list( tester, query );
			assert.deepEqual(
				body.map( ( popup ) => popup.id ),
				expected,
				query
			);
		}
	} );
} );
