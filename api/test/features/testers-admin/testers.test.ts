import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { monthOf } from '../../../src/features/ranking/rank.ts';
import { ADMIN_TESTER_NOT_FOUND_MESSAGE } from '../../../src/features/testers-admin/routes.ts';
import { ADMINISTRATORS_ONLY_MESSAGE } from '../../../src/lib/back-office.ts';
import { backOfficeUser } from '../../helpers/back-office.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { bearer, idsOf } from '../../helpers/requests.ts';
import { insertCampaign, recordPoints, sqlAt } from '../../helpers/rows.ts';
import { insertFiscalProfile, insertRequest } from '../payments/admin-world.ts';

/**
 * The back office's testers (issue 27): GET /admin/testers (search, pages, newest first) and GET
 * /admin/testers/{id} (profile, fiscal review, booty, devices, latest experience, bugs and payment requests), for
 * administrators only: a tester, a tester lead and an anonymous caller are refused.
 */

describe( 'the back office: /api/admin/testers', () => {
	let ctx: TestContext;
	let admin: string;
	let ada: Tester;
	let bob: Tester;
	let gone: Tester;
	/** Every tester, oldest first. */
	const everyone: Tester[] = [];
	let device: number;
	let bug: number;
	let payment: number;
	let campaign: number;

	const call = async ( url: string, token: string | null = admin ) =>
		ctx.app.inject( {
			method: 'GET',
			url: `/api/admin/testers${ url }`,
			headers: token === null ? {} : bearer( token ),
		} );
	const ok = async ( url: string ) => {
		const response = await call( url );
		assert.equal( response.statusCode, 200, response.body );
		return response.json();
	};
	const search = async ( text: string ) =>
		idsOf( await ok( `?search=${ encodeURIComponent( text ) }` ) );

	before( async () => {
		ctx = await startTestContext();
		admin = ( await backOfficeUser( ctx, 'administrator' ) ).token;
		const { db } = ctx.database;
		ada = await ctx.createTester( {
			name: 'Ada',
			surname: 'Byron',
			email: `ada.lovelace.${ process.pid }@example.test`,
			set: { total_exp_pts: 340, is_verified: 1 },
		} );
		bob = await ctx.createTester( {
			name: 'Bob',
			surname: 'Stone',
			email: `bob_100%.${ process.pid }@example.test`,
		} );
		everyone.push( ada, bob );
		for ( let i = 0; i < 5; i++ ) {
			everyone.push( await ctx.createTester( { name: 'Tess' } ) );
		}
		gone = await ctx.createTester( {
			name: 'Ada',
			surname: 'Gone',
			set: { deleted_at: sqlAt( -1 ) },
		} );
		await recordPoints( ctx, [ [ ada, monthOf( new Date() ), 40, 20 ] ] );
		await insertFiscalProfile( ctx, ada );
		await db
			.updateTable( 'fiscal_profiles' )
			.set( {
				status: 'unverified',
				review_note: 'The tax code does not match the name',
				reviewed_at: sqlAt( -2 ),
			} )
			.where( 'tester_id', '=', ada.id )
			.execute();
		await db
			.updateTable( 'testers' )
			.set( {
				pending_booty_gross_cents: 2550,
				pending_booty_net_cents: 2040,
				booty_gross_cents: 9000,
				booty_net_cents: 7200,
			} )
			.where( 'id', '=', ada.id )
			.execute();

		const model = await db
			.selectFrom( 'device_models' )
			.select( [ 'id', 'name' ] )
			.where( 'device_type', '=', 0 )
			.orderBy( 'id' )
			.executeTakeFirstOrThrow();
		const version = await db
			.selectFrom( 'os_versions as v' )
			.innerJoin( 'os_platforms as p', 'p.id', 'v.platform_id' )
			.select( 'v.id' )
			.where( 'p.device_type', '=', 0 )
			.orderBy( 'v.id' )
			.executeTakeFirstOrThrow();
		device = Number(
			(
				await db
					.insertInto( 'tester_devices' )
					.values( {
						tester_id: ada.id,
						device_type: 0,
						model_id: Number( model.id ),
						os_version_id: Number( version.id ),
					} )
					.executeTakeFirstOrThrow()
			).insertId
		);
		campaign = await insertCampaign( ctx, {
			title: 'Shop app',
			visibility: 'public',
			start: -10,
			end: 10,
			close: 20,
		} );
		bug = Number(
			(
				await db
					.insertInto( 'bugs' )
					.values( {
						tester_id: ada.id,
						campaign_id: campaign,
						title: 'Checkout <crashes>',
						severity_id: 4,
						type_id: 1,
						replicability_id: 3,
						status_id: 4,
						steps: '1. Pay',
						expected: 'Paid',
						current: 'Crash',
					} )
					.executeTakeFirstOrThrow()
			).insertId
		);
		await db
			.insertInto( 'experience_entries' )
			.values( {
				tester_id: ada.id,
				amount: 40,
				activity_id: 2,
				campaign_id: campaign,
				note: 'Bug approved',
				created_at: sqlAt( -3 ),
			} )
			.execute();
		payment = await insertRequest( ctx, ada, {
			status: 'paid',
			requested: -9,
			paid: -4,
			entries: [
				{
					name: 'Shop app',
					activity: 1,
					at: -12,
					gross: 1500,
					net: 1200,
				},
			],
		} );
	} );

	after( () => ctx.close() );

	it( 'answers administrators only: a tester, a tester lead and an anonymous caller get 403', async () => {
		const lead = ( await backOfficeUser( ctx, 'tester_lead' ) ).token;
		const tester = await ctx.tokenFor( ada );
		for ( const url of [ '', `/${ ada.id }` ] ) {
			for ( const token of [ tester, lead, null ] ) {
				const response = await call( url, token );
				assert.equal( response.statusCode, 403, `${ url } ${ token }` );
			}
			const refused = await call( url, lead );
			assert.equal( refused.json().message, ADMINISTRATORS_ONLY_MESSAGE );
		}
	} );

	it( 'lists the testers newest first, a page at a time, without the deleted accounts', async () => {
		const newestFirst = everyone.map( ( tester ) => tester.id ).reverse();
		const first = await ok( '?limit=3' );
		assert.deepEqual(
			[ first.start, first.limit, first.size, first.total ],
			[ 0, 3, 3, everyone.length ]
		);
		assert.deepEqual( idsOf( first ), newestFirst.slice( 0, 3 ) );
		const last = await ok( '?start=6&limit=3' );
		assert.deepEqual( idsOf( last ), newestFirst.slice( 6 ) );
		assert.equal( ( await ok( '' ) ).limit, 20 );

		const row = ( await ok( `?search=T${ ada.id }` ) ).results[ 0 ];
		assert.deepEqual(
			{ ...row, createdAt: typeof row.createdAt },
			{
				id: ada.id,
				wpUserId: ada.wpUserId,
				name: 'Ada',
				surname: 'Byron',
				email: ada.email,
				country: 'IT',
				totalExpPts: 340,
				level: { id: 20, name: 'Bronze' },
				createdAt: 'string',
				isVerified: true,
			}
		);
		assert.match( row.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/ );
		assert.equal(
			( await ok( `?search=${ bob.id }` ) ).results[ 0 ].level,
			null
		);

		for ( const query of [ '?limit=0', '?limit=101', '?start=-1' ] ) {
			assert.equal( ( await call( query ) ).statusCode, 400, query );
		}
	} );

	it( 'searches names, surnames and e-mails by every word, and ids', async () => {
		assert.deepEqual( await search( 'ada' ), [ ada.id ] );
		assert.deepEqual( await search( 'BYRON' ), [ ada.id ] );
		assert.deepEqual( await search( 'lovelace' ), [ ada.id ] );
		assert.deepEqual( await search( '  ada   byron ' ), [ ada.id ] );
		assert.deepEqual( await search( 'ada stone' ), [] );
		assert.deepEqual( await search( `${ bob.id }` ), [ bob.id ] );
		assert.deepEqual( await search( `t${ bob.id }` ), [ bob.id ] );
		// An id finds that tester only, not the e-mails with its digits.
		assert.deepEqual( await search( `${ ada.id }` ), [ ada.id ] );
		// % and _ are letters like any other.
		assert.deepEqual( await search( '100%' ), [ bob.id ] );
		assert.deepEqual( await search( 'b_b' ), [] );
		assert.deepEqual( await search( '%' ), [ bob.id ] );
		const tess = await ok( '?search=tess&limit=2' );
		assert.equal( tess.total, 5 );
		assert.equal( tess.size, 2 );
		// A deleted account is not found, by name or by id.
		assert.deepEqual( await search( 'gone' ), [] );
		assert.deepEqual( await search( `${ gone.id }` ), [] );
	} );

	it( 'opens one tester: profile, fiscal review, booty, devices and the latest experience, bugs and payments', async () => {
		const record = await ok( `/${ ada.id }` );
		assert.equal( record.tester.id, ada.id );
		assert.equal( record.tester.totalExpPts, 340 );
		assert.deepEqual( record.fiscal, {
			type: 'withholding',
			status: 'unverified',
			reviewNote: 'The tax code does not match the name',
			reviewedAt: `${ sqlAt( -2 ).replace( ' ', 'T' ) }Z`,
		} );
		assert.deepEqual( record.pendingBooty, {
			gross: { value: 25.5, currency: 'EUR' },
			net: { value: 20.4, currency: 'EUR' },
		} );
		assert.deepEqual( record.earnedBooty, {
			gross: { value: 90, currency: 'EUR' },
			net: { value: 72, currency: 'EUR' },
		} );
		assert.deepEqual(
			record.devices.map( ( item: { id: number } ) => item.id ),
			[ device ]
		);
		assert.equal(
			typeof record.devices[ 0 ].operating_system.platform,
			'string'
		);
		assert.deepEqual(
			record.experience.results.map(
				( entry: { amount: number; note: string } ) => [
					entry.amount,
					entry.note,
				]
			),
			[ [ 40, 'Bug approved' ] ]
		);
		assert.deepEqual( record.bugs.results, [
			{
				id: bug,
				title: 'Checkout <crashes>',
				severity: { id: 4, name: 'CRITICAL' },
				status: { id: 4, name: 'Need Review' },
				campaign: { id: campaign, name: 'Shop app' },
			},
		] );
		assert.equal( record.payments.total, 1 );
		assert.equal( record.payments.results[ 0 ].id, payment );
		assert.equal(
			record.payments.results[ 0 ].paidDate,
			sqlAt( -4 ).slice( 0, 10 )
		);

		const plain = await ok( `/${ bob.id }` );
		assert.equal( plain.fiscal, null );
		// No net before a fiscal type says what is withheld.
		assert.deepEqual( plain.pendingBooty, {
			gross: { value: 0, currency: 'EUR' },
		} );
		assert.deepEqual(
			[
				plain.devices,
				plain.experience.total,
				plain.bugs.total,
				plain.payments.total,
			],
			[ [], 0, 0, 0 ]
		);

		for ( const id of [ gone.id, 999_999 ] ) {
			const missing = await call( `/${ id }` );
			assert.equal( missing.statusCode, 404 );
			assert.equal(
				missing.json().message,
				ADMIN_TESTER_NOT_FOUND_MESSAGE
			);
		}
		assert.equal( ( await call( '/x' ) ).statusCode, 400 );
	} );
} );
