import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import {
	backOfficeUser,
	type BackOfficeUser,
} from '../../helpers/back-office.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { testEngine } from '../../helpers/database.ts';
import { bearer, get } from '../../helpers/requests.ts';
import { sqlAt } from '../../helpers/rows.ts';
import { addBooty } from '../payments/tester-world.ts';

/**
 * The back office's fiscal checks: GET /admin/fiscal_profiles lists the profiles by status for administrators
 * only; POST /admin/fiscal_profiles/{testerId}/review verifies one, or refuses it with a reason, with an audit
 * entry; the tester's own fiscal read and the payment request follow the verdict at once.
 */

const ADMIN_ONLY = 'Only administrators may do this.';
const REASON_REQUIRED = 'A reason is required to refuse a fiscal profile';
const NOT_FOUND = 'Fiscal profile not found';
const UNVERIFIED_FISCAL =
	'You need a verified fiscal profile to request a payment';

describe( `the fiscal profiles in the back office on ${ testEngine() }`, () => {
	let ctx: TestContext;
	let admin: BackOfficeUser;
	let lead: BackOfficeUser;
	/** Unverified, the longest waiting first. */
	const waiting: Tester[] = [];
	let verified: Tester;
	let noProfile: Tester;

	/**
	 * A tester with a profile of `status`, last saved `days` from now.
	 *
	 * @param values
	 * @param values.name
	 * @param values.status
	 * @param values.days
	 * @param values.fiscalId
	 */
	async function withProfile( values: {
		name: string;
		status: 'verified' | 'unverified';
		days: number;
		fiscalId: string;
	} ): Promise< Tester > {
		const tester = await ctx.createTester( {
			name: values.name,
			surname: 'Rossi',
			birthDate: '1990-04-02',
			set: { booty_threshold_cents: 300 },
		} );
		await ctx.database.db
			.insertInto( 'fiscal_profiles' )
			.values( {
				tester_id: tester.id,
				type: 'withholding',
				fiscal_id: values.fiscalId,
				gender: 'female',
				birth_city: 'Milano',
				birth_province: 'MI',
				address_country: 'IT',
				address_province: 'MI',
				address_city: 'Milano',
				address_street: 'Via Roma',
				address_street_number: '1',
				address_zip: '20121',
				status: values.status,
				created_at: sqlAt( values.days ),
				updated_at: sqlAt( values.days ),
			} )
			.execute();
		return tester;
	}

	before( async () => {
		ctx = await startTestContext();
		admin = await backOfficeUser( ctx, 'administrator' );
		lead = await backOfficeUser( ctx, 'tester_lead' );
		for ( const [ name, days, fiscalId ] of [
			[ 'Vera', -9, 'RSSVRA90D42F205X' ],
			[ 'Lia', -5, 'RSSLIA90D42F205Y' ],
			[ 'Mia%', -1, 'RSSMIA90D42F205Z' ],
		] as const ) {
			waiting.push(
				await withProfile( {
					name,
					days,
					fiscalId,
					status: 'unverified',
				} )
			);
		}
		verified = await withProfile( {
			name: 'Ugo',
			days: -3,
			fiscalId: 'RSSUGO90D02F205W',
			status: 'verified',
		} );
		noProfile = await ctx.createTester();
	} );
	after( () => ctx.close() );

	const call = (
		method: 'GET' | 'POST',
		url: string,
		token: string,
		body?: unknown
	) =>
		ctx.app.inject( {
			method,
			url: `/api/admin${ url }`,
			headers: {
				...bearer( token ),
				...( body === undefined
					? {}
					: { 'content-type': 'application/json' } ),
			},
			...( body === undefined
				? {}
				: { payload: JSON.stringify( body ) } ),
		} );
	const list = ( query = '', token = admin.token ) =>
		call( 'GET', `/fiscal_profiles${ query }`, token );
	const review = ( tester: Tester, body: unknown, token = admin.token ) =>
		call( 'POST', `/fiscal_profiles/${ tester.id }/review`, token, body );
	const testerIds = ( body: {
		results: Array< { tester: { id: number } } >;
	} ) => body.results.map( ( item ) => item.tester.id );
	const rowOf = ( tester: Tester ) =>
		ctx.database.db
			.selectFrom( 'fiscal_profiles' )
			.select( [
				'id',
				'status',
				'review_note',
				'reviewed_at',
				'updated_at',
			] )
			.where( 'tester_id', '=', tester.id )
			.executeTakeFirstOrThrow();

	it( 'refuses every token but an administrator’s: a tester lead’s and a tester’s included', async () => {
		for ( const token of [
			lead.token,
			await ctx.tokenFor( waiting[ 0 ] ),
		] ) {
			for ( const response of [
				await list( '', token ),
				await review( waiting[ 0 ], { status: 'verified' }, token ),
			] ) {
				assert.equal( response.statusCode, 403, response.body );
				assert.equal( response.json().message, ADMIN_ONLY );
			}
		}
		assert.equal( ( await rowOf( waiting[ 0 ] ) ).status, 'unverified' );
	} );

	it( 'lists the unverified profiles longest waiting first, in pages, searchable; the verified ones apart', async () => {
		const first = ( await list( '?limit=2' ) ).json();
		assert.deepEqual(
			[ first.start, first.limit, first.size, first.total ],
			[ 0, 2, 2, 3 ]
		);
		assert.deepEqual( testerIds( first ), [
			waiting[ 0 ].id,
			waiting[ 1 ].id,
		] );
		const { id } = await rowOf( waiting[ 0 ] );
		assert.deepEqual( first.results[ 0 ], {
			id,
			tester: {
				id: waiting[ 0 ].id,
				name: 'Vera',
				surname: 'Rossi',
				email: waiting[ 0 ].email,
				birthDate: '1990-04-02',
			},
			type: 'withholding',
			fiscalId: 'RSSVRA90D42F205X',
			status: 'unverified',
			reviewNote: null,
			reviewedAt: null,
			updatedAt: first.results[ 0 ].updatedAt,
			gender: 'female',
			birthPlace: { city: 'Milano', province: 'MI' },
			address: {
				country: 'IT',
				province: 'MI',
				city: 'Milano',
				street: 'Via Roma',
				streetNumber: '1',
				cityCode: '20121',
			},
		} );
		assert.equal(
			first.results[ 0 ].updatedAt,
			sqlAt( -9 ).replace( ' ', 'T' ) + 'Z'
		);
		const second = ( await list( '?limit=2&start=2' ) ).json();
		assert.deepEqual( testerIds( second ), [ waiting[ 2 ].id ] );

		// The total counts what the search matched, and a tester's profile alone.
		const searched = ( await list( '?search=lia' ) ).json();
		assert.deepEqual(
			[ testerIds( searched ), searched.total ],
			[ [ waiting[ 1 ].id ], 1 ]
		);
		assert.deepEqual(
			testerIds( ( await list( '?search=F205Z' ) ).json() ),
			[ waiting[ 2 ].id ]
		);
		// `%` is a character, not LIKE's wildcard.
		assert.deepEqual(
			testerIds( ( await list( '?search=a%25' ) ).json() ),
			[ waiting[ 2 ].id ]
		);
		assert.deepEqual(
			testerIds( ( await list( '?status=verified' ) ).json() ),
			[ verified.id ]
		);
		assert.equal( ( await list( '?status=pending' ) ).statusCode, 400 );
		// One tester's profile, whatever its status.
		const own = ( await list( `?testerId=${ verified.id }` ) ).json();
		assert.deepEqual(
			[ testerIds( own ), own.total ],
			[ [ verified.id ], 1 ]
		);
		assert.equal( ( await list( '?status=verified' ) ).json().total, 1 );
		const none = ( await list( `?testerId=${ noProfile.id }` ) ).json();
		assert.deepEqual( [ none.size, none.total ], [ 0, 0 ] );
	} );

	it( 'refuses a refusal without a reason, and an unknown profile', async () => {
		for ( const body of [
			{ status: 'unverified' },
			{ status: 'unverified', reason: '   ' },
		] ) {
			const response = await review( waiting[ 0 ], body );
			assert.equal( response.statusCode, 400, response.body );
			assert.deepEqual(
				[ response.json().message, response.json().field ],
				[ REASON_REQUIRED, 'reason' ]
			);
		}
		const missing = await review( noProfile, { status: 'verified' } );
		assert.equal( missing.statusCode, 404 );
		assert.equal( missing.json().message, NOT_FOUND );
		assert.equal(
			( await review( waiting[ 0 ], { status: 'approved' } ) ).statusCode,
			400
		);
		assert.equal( ( await rowOf( waiting[ 0 ] ) ).reviewed_at, null );
	} );

	it( 'verifies a profile: the tester sees it Verified and may request a payment; the audit trail has it', async () => {
		const tester = waiting[ 0 ];
		await addBooty( ctx, tester, [ { gross: 1250 } ] );
		const requestPayment = async () =>
			ctx.app.inject( {
				method: 'POST',
				url: '/api/users/me/payments',
				headers: bearer( await ctx.tokenFor( tester ) ),
				payload: { method: { type: 'paypal', email: tester.email } },
			} );
		const refused = await requestPayment();
		assert.equal( refused.statusCode, 403, refused.body );
		assert.equal( refused.json().message, UNVERIFIED_FISCAL );
		assert.equal(
			( await get( ctx, '/users/me/fiscal', tester ) ).json()
				.fiscalStatus,
			'Unverified'
		);

		const saved = await rowOf( tester );
		const response = await review( tester, {
			status: 'verified',
			reason: 'Checked against the ID card',
		} );
		assert.equal( response.statusCode, 200, response.body );
		const body = response.json();
		assert.equal( body.status, 'verified' );
		assert.equal( body.reviewNote, null );
		assert.match( body.reviewedAt, /^\d{4}-\d\d-\d\dT/ );
		const reviewed = await rowOf( tester );
		// The tester's last save stays theirs.
		assert.equal( reviewed.updated_at, saved.updated_at );

		assert.equal(
			( await get( ctx, '/users/me/fiscal', tester ) ).json()
				.fiscalStatus,
			'Verified'
		);
		assert.equal( ( await requestPayment() ).statusCode, 201 );
		assert.deepEqual( testerIds( ( await list() ).json() ), [
			waiting[ 1 ].id,
			waiting[ 2 ].id,
		] );

		const trail = await call(
			'GET',
			`/audit?subjectType=fiscal_profile&subjectId=${ reviewed.id }`,
			admin.token
		);
		assert.equal( trail.statusCode, 200, trail.body );
		const [ entry ] = trail.json().results;
		assert.deepEqual(
			{
				action: entry.action,
				actor: entry.actor,
				actorRole: entry.actorRole,
				subjectType: entry.subjectType,
				subjectId: entry.subjectId,
				before: entry.before,
				after: entry.after,
				note: entry.note,
			},
			{
				action: 'fiscal_profile.review',
				actor: admin.wpUserId,
				actorRole: 'administrator',
				subjectType: 'fiscal_profile',
				subjectId: reviewed.id,
				before: { status: 'unverified', reviewNote: null },
				after: { status: 'verified', reviewNote: null },
				note: 'Checked against the ID card',
			}
		);
		// The trail of a fiscal profile is for administrators only.
		const leads = await call(
			'GET',
			`/audit?subjectType=fiscal_profile&subjectId=${ reviewed.id }`,
			lead.token
		);
		assert.equal( leads.statusCode, 403 );
	} );

	it( 'refuses a verified profile with a reason: the tester sees it Unverified and cannot request a payment', async () => {
		await addBooty( ctx, verified, [ { gross: 900 } ] );
		const response = await review( verified, {
			status: 'unverified',
			reason: '  The tax id does not match the birth date  ',
		} );
		assert.equal( response.statusCode, 200, response.body );
		assert.equal(
			response.json().reviewNote,
			'The tax id does not match the birth date'
		);
		const row = await rowOf( verified );
		assert.deepEqual(
			[ row.status, row.review_note ],
			[ 'unverified', 'The tax id does not match the birth date' ]
		);
		assert.equal(
			( await get( ctx, '/users/me/fiscal', verified ) ).json()
				.fiscalStatus,
			'Unverified'
		);
		const payment = await ctx.app.inject( {
			method: 'POST',
			url: '/api/users/me/payments',
			headers: bearer( await ctx.tokenFor( verified ) ),
			payload: { method: { type: 'paypal', email: verified.email } },
		} );
		assert.equal( payment.statusCode, 403 );
		assert.equal( payment.json().message, UNVERIFIED_FISCAL );
		// Now waiting again, most recently saved last, with the note the list shows.
		const waitingNow = ( await list() ).json();
		const listed = waitingNow.results.find(
			( item: { tester: { id: number } } ) =>
				item.tester.id === verified.id
		);
		assert.equal(
			listed.reviewNote,
			'The tax id does not match the birth date'
		);
		assert.equal( ( await list( '?status=verified' ) ).json().total, 1 );
	} );
} );
