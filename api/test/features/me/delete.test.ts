import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { recount } from '../../../src/db/kept-counts.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import { createTestersRepository } from '../../../src/features/me/repository.ts';
import {
	WordPressUnavailableError,
	createWordPressClient,
} from '../../../src/lib/wordpress.ts';
import { reconcileTesters } from '../../../src/features/users/reconcile.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { testEngine } from '../../helpers/database.ts';
import { bearer, get, getOk } from '../../helpers/requests.ts';
import {
	KEPT_TABLES,
	PERSONAL_TABLES,
	addPersonalData,
	addRecords,
	countOf,
} from './profile-rows.ts';

const REASON_MESSAGE =
	'Reason must be one or more of TOO_MANY_EMAILS, NO_CAMPAIGNS, SIGNUP_BY_MISTAKE, NO_TIME, CAMPAIGNS_NOT_CLEAR, OTHER, joined by ;';

const silent = { info: () => {}, warn: () => {} };

describe( `DELETE /api/users/me on ${ testEngine() }`, () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const deleteMe = async ( tester: Tester, payload: unknown ) =>
		ctx.app.inject( {
			method: 'DELETE',
			url: '/api/users/me',
			headers: bearer( await ctx.tokenFor( tester ) ),
			payload: payload as object,
		} );

	/** A tester with personal data and kept records, and another one beside it. */
	async function world() {
		const tester = await ctx.createTester( {
			name: 'Dora',
			surname: 'Deleted',
			set: {
				phone: '+393331234567',
				city: 'Milano',
				gender: 'female',
				image: 'https://example.test/dora.png',
				referral_code: 'FRIEND1',
			},
		} );
		const { device } = await addPersonalData( ctx, tester );
		const records = await addRecords( ctx, tester, device );
		const other = await ctx.createTester( { name: 'Otto' } );
		const otherData = await addPersonalData( ctx, other );
		await addRecords( ctx, other, otherData.device );
		return { tester, other, records };
	}

	async function countsOf( testerId: number ) {
		const counts: Record< string, number > = {};
		for ( const table of [ ...PERSONAL_TABLES, ...KEPT_TABLES ] ) {
			counts[ table ] = await countOf( ctx, table, testerId );
		}
		return counts;
	}

	const deletionsOf = ( testerId: number ) =>
		ctx.database.db
			.selectFrom( 'account_deletions' )
			.select( [ 'id', 'status', 'wp_user_id', 'other_reason' ] )
			.where( 'tester_id', '=', testerId )
			.orderBy( 'id' )
			.execute();

	const testerRow = ( id: number ) =>
		ctx.database.db
			.selectFrom( 'testers' )
			.selectAll()
			.where( 'id', '=', id )
			.executeTakeFirstOrThrow();

	it( 'deletes the WordPress user and the personal data, keeps the records unlinked, records the reasons', async () => {
		const { tester, other, records } = await world();
		const otherBefore = await countsOf( other.id );
		const token = await ctx.tokenFor( tester );

		const response = await deleteMe( tester, {
			reason: 'NO_TIME;OTHER;NO_TIME',
			other: '  Moving <b>abroad</b> ',
		} );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), { deleted: true } );

		assert.equal( ctx.wordpress.users.has( tester.wpUserId ), false );
		for ( const table of PERSONAL_TABLES ) {
			assert.equal( await countOf( ctx, table, tester.id ), 0, table );
		}
		for ( const table of KEPT_TABLES ) {
			assert.equal( await countOf( ctx, table, tester.id ), 1, table );
		}
		const bug = await ctx.database.db
			.selectFrom( 'bugs' )
			.select( [ 'tester_id', 'tester_device_id' ] )
			.where( 'id', '=', records.bug )
			.executeTakeFirstOrThrow();
		assert.deepEqual(
			{ ...bug, tester_id: Number( bug.tester_id ) },
			{ tester_id: tester.id, tester_device_id: null }
		);

		const row = await testerRow( tester.id );
		assert.equal( row.name, '' );
		assert.equal( row.surname, '' );
		assert.equal( row.email, `deleted-${ tester.id }@deleted.invalid` );
		assert.equal( Number( row.wp_user_id ), -tester.id );
		for ( const column of [
			'birth_date',
			'phone',
			'city',
			'image',
			'gender',
			'referral_code',
		] as const ) {
			assert.equal( row[ column ], null, column );
		}
		assert.ok( row.deleted_at );

		const deletions = await deletionsOf( tester.id );
		assert.equal( deletions.length, 1 );
		assert.equal( deletions[ 0 ].status, 'done' );
		assert.equal( Number( deletions[ 0 ].wp_user_id ), tester.wpUserId );
		assert.equal( deletions[ 0 ].other_reason, 'Moving <b>abroad</b>' );
		const reasons = await ctx.database.db
			.selectFrom( 'account_deletion_reasons' )
			.select( 'reason' )
			.where( 'deletion_id', '=', deletions[ 0 ].id )
			.orderBy( 'reason' )
			.execute();
		assert.deepEqual(
			reasons.map( ( reason ) => reason.reason ),
			[ 'NO_TIME', 'OTHER' ]
		);

		// The old token finds no tester any more.
		const me = await ctx.app.inject( {
			method: 'GET',
			url: '/api/users/me',
			headers: bearer( token ),
		} );
		assert.equal( me.statusCode, 403 );
		assert.equal(
			me.json().message,
			'This account has no tester profile.'
		);

		// The other tester is untouched and no longer sees the deleted one in the ranking.
		assert.deepEqual( await countsOf( other.id ), otherBefore );
		const list = await getOk( ctx, '/users/me/rank/list', other );
		const listed = [ ...list.tops, ...list.peers ].map(
			( entry: { id: number } ) => entry.id
		);
		assert.ok( listed.includes( other.id ) );
		assert.ok( ! listed.includes( tester.id ) );
		const rank = await getOk( ctx, '/users/me?fields=rank', other );
		assert.equal( rank.rank, 1 );
		// The counts kept beside the rows followed the deletion: counting again changes nothing.
		assert.deepEqual(
			( await recount( ctx.database.db ) ).filter(
				( table ) => table.differed
			),
			[]
		);
	} );

	it( 'refuses a body without a valid reason, deleting nothing', async () => {
		const tester = await ctx.createTester();
		for ( const [ payload, message ] of [
			[ {}, 'Choose at least one reason' ],
			[ { reason: '' }, REASON_MESSAGE ],
			[ { reason: 'BORED' }, REASON_MESSAGE ],
			[ { reason: 'NO_TIME;' }, REASON_MESSAGE ],
			[ { reason: 'NO_TIME,OTHER' }, REASON_MESSAGE ],
			[
				{ reason: 'OTHER', other: 'x'.repeat( 501 ) },
				'Other must be at most 500 characters long',
			],
		] as const ) {
			const response = await deleteMe( tester, payload );
			assert.equal( response.statusCode, 400, JSON.stringify( payload ) );
			assert.equal( response.json().message, message );
		}
		assert.ok( ctx.wordpress.users.has( tester.wpUserId ) );
		assert.deepEqual( await deletionsOf( tester.id ), [] );
		assert.equal(
			( await getOk( ctx, '/users/me?fields=name', tester ) ).name,
			tester.name
		);
	} );

	it( 'answers 502 and deletes nothing when WordPress is down', async () => {
		const { tester } = await world();
		const earlier = await countsOf( tester.id );
		ctx.wordpress.failWith = 500;
		try {
			const response = await deleteMe( tester, {
				reason: 'NO_CAMPAIGNS',
			} );
			assert.equal( response.statusCode, 502 );
		} finally {
			ctx.wordpress.failWith = null;
		}
		assert.ok( ctx.wordpress.users.has( tester.wpUserId ) );
		assert.deepEqual( await countsOf( tester.id ), earlier );
		assert.equal( ( await testerRow( tester.id ) ).name, 'Dora' );
		// WordPress did not answer at all: the deletion waits for the reconciliation, which finds the user
		// still there and cancels it.
		const [ deletion ] = await deletionsOf( tester.id );
		assert.equal( deletion.status, 'pending' );
		const result = await reconcile( 0 );
		assert.deepEqual( result.deletionsCancelled, [ tester.id ] );
		assert.equal(
			( await deletionsOf( tester.id ) )[ 0 ].status,
			'cancelled'
		);
		assert.equal(
			( await getOk( ctx, '/users/me?fields=name', tester ) ).name,
			'Dora'
		);
	} );

	/**
	 * Runs `check` with the app's WordPress delete call replaced by `deleteUser`.
	 *
	 * @param deleteUser
	 * @param check
	 */
	async function withDeleteUser(
		deleteUser: ( id: number ) => Promise< 'deleted' | 'not_found' >,
		check: () => Promise< void >
	) {
		const { wordpress } = ctx.app.services;
		const real = wordpress.deleteUser;
		wordpress.deleteUser = deleteUser;
		try {
			await check();
		} finally {
			wordpress.deleteUser = real;
		}
	}

	it( 'cancels at once when the delete fails and WordPress still has the user', async () => {
		const { tester } = await world();
		const earlier = await countsOf( tester.id );
		await withDeleteUser(
			async () => {
				throw new WordPressUnavailableError( 'refused on purpose' );
			},
			async () => {
				const response = await deleteMe( tester, {
					reason: 'NO_TIME',
				} );
				assert.equal( response.statusCode, 502 );
			}
		);
		assert.equal(
			( await deletionsOf( tester.id ) )[ 0 ].status,
			'cancelled'
		);
		assert.deepEqual( await countsOf( tester.id ), earlier );
		assert.equal( ( await testerRow( tester.id ) ).name, 'Dora' );
	} );

	it( 'finishes when the answer of the delete was lost but WordPress deleted the user', async () => {
		const { tester } = await world();
		await withDeleteUser(
			async ( id ) => {
				ctx.wordpress.users.delete( id );
				throw new WordPressUnavailableError( 'timed out on purpose' );
			},
			async () => {
				const response = await deleteMe( tester, {
					reason: 'NO_TIME',
				} );
				assert.equal( response.statusCode, 200, response.body );
			}
		);
		assert.equal( ( await deletionsOf( tester.id ) )[ 0 ].status, 'done' );
		assert.equal( await countOf( ctx, 'tester_languages', tester.id ), 0 );
		assert.equal( await countOf( ctx, 'bugs', tester.id ), 1 );
	} );

	it( 'is finished by the reconciliation after a crash between WordPress and the database', async () => {
		const { tester, other } = await world();
		const testers = createTestersRepository( ctx.database.db );
		// The request's first two steps, then the process stops.
		await testers.deletions.record( tester, [ 'TOO_MANY_EMAILS' ], null );
		ctx.wordpress.users.delete( tester.wpUserId );

		// A young pending deletion may still be under way: left alone.
		const early = await reconcile( 60_000 );
		assert.deepEqual( early.deletionsFinished, [] );
		assert.equal(
			( await deletionsOf( tester.id ) )[ 0 ].status,
			'pending'
		);

		const result = await reconcile( 0 );
		assert.deepEqual( result.deletionsFinished, [ tester.id ] );
		for ( const table of PERSONAL_TABLES ) {
			assert.equal( await countOf( ctx, table, tester.id ), 0, table );
		}
		for ( const table of KEPT_TABLES ) {
			assert.equal( await countOf( ctx, table, tester.id ), 1, table );
		}
		const row = await testerRow( tester.id );
		assert.equal( row.email, `deleted-${ tester.id }@deleted.invalid` );
		assert.equal( ( await deletionsOf( tester.id ) )[ 0 ].status, 'done' );
		assert.equal(
			( await get( ctx, '/users/me', tester ) ).statusCode,
			403
		);
		assert.ok(
			( await getOk( ctx, '/users/me?fields=name', other ) ).name
		);

		// Run again: nothing left to do.
		const again = await reconcile( 0 );
		assert.deepEqual( again.deletionsFinished, [] );
		assert.deepEqual( again.deletionsCancelled, [] );
	} );

	it( 'lets the same email sign up again once deleted', async () => {
		const tester = await ctx.createTester();
		assert.equal(
			( await deleteMe( tester, { reason: 'SIGNUP_BY_MISTAKE' } ) )
				.statusCode,
			200
		);
		const response = await ctx.app.inject( {
			method: 'POST',
			url: '/api/users',
			payload: {
				email: tester.email,
				password: 'Secret123',
				name: 'Back',
				surname: 'Again',
				birthDate: '1990-01-01',
				country: 'IT',
			},
		} );
		assert.equal( response.statusCode, 201, response.body );
		assert.notEqual( response.json().id, tester.id );
	} );

	function reconcile( deletionGraceMs: number ) {
		return reconcileTesters(
			{
				testers: createTestersRepository( ctx.database.db ),
				wordpress: createWordPressClient( {
					baseUrl: ctx.wordpress.url,
					key: { secret: ctx.secret },
				} ),
			},
			silent,
			{ deletionGraceMs }
		);
	}
} );
