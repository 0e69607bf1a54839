import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { monthOf } from '../../../src/features/ranking/rank.ts';
import {
	ADMIN_TESTER_NOT_FOUND_MESSAGE,
	EXPERIENCE_ACTIVITY_MESSAGE,
	EXPERIENCE_AMOUNT_MESSAGE,
	EXPERIENCE_BELOW_ZERO_MESSAGE,
	EXPERIENCE_REASON_LENGTH_MESSAGE,
	EXPERIENCE_REASON_MESSAGE,
} from '../../../src/features/testers-admin/routes.ts';
import { ADMINISTRATORS_ONLY_MESSAGE } from '../../../src/lib/back-office.ts';
import { backOfficeUser } from '../../helpers/back-office.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { bearer, getOk } from '../../helpers/requests.ts';

/**
 * POST /admin/testers/{id}/experience (issue 27): an administrator adds or takes away points with a reason. The
 * entry (Points Fix or Extra Award, the reason as its note), the tester's total, the month's points and the audit
 * entry land together; the tester sees the total and the entry at once; the body's rules answer their messages;
 * a correction below zero is refused, also when two arrive at once.
 */

describe( 'the back office: POST /api/admin/testers/{id}/experience', () => {
	let ctx: TestContext;
	let admin: { wpUserId: number; token: string };
	let ada: Tester;

	const change = async (
		testerId: number,
		body: unknown,
		token: string | null = admin.token
	) =>
		ctx.app.inject( {
			method: 'POST',
			url: `/api/admin/testers/${ testerId }/experience`,
			headers: token === null ? {} : bearer( token ),
			payload: body as Record< string, unknown >,
		} );
	const totalOf = async ( tester: Tester ) =>
		( await getOk( ctx, '/users/me?fields=total_exp_pts', tester ) )
			.total_exp_pts;
	const monthPoints = async ( tester: Tester ) =>
		Number(
			(
				await ctx.database.db
					.selectFrom( 'tester_monthly_levels' )
					.select( 'points' )
					.where( 'tester_id', '=', tester.id )
					.where( 'month', '=', monthOf( new Date() ) )
					.executeTakeFirst()
			)?.points ?? 0
		);
	const entriesOf = async ( tester: Tester ) =>
		Number(
			(
				await ctx.database.db
					.selectFrom( 'experience_entries' )
					.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
					.where( 'tester_id', '=', tester.id )
					.executeTakeFirstOrThrow()
			).n
		);

	before( async () => {
		ctx = await startTestContext();
		admin = await backOfficeUser( ctx, 'administrator' );
		ada = await ctx.createTester( {
			name: 'Ada',
			set: { total_exp_pts: 100 },
		} );
	} );

	after( () => ctx.close() );

	it( 'is for administrators only', async () => {
		const body = { amount: 10, activity: 'extra-award', reason: 'Why not' };
		for ( const token of [
			await ctx.tokenFor( ada ),
			( await backOfficeUser( ctx, 'tester_lead' ) ).token,
		] ) {
			const response = await change( ada.id, body, token );
			assert.equal( response.statusCode, 403 );
			assert.equal(
				response.json().message,
				ADMINISTRATORS_ONLY_MESSAGE
			);
		}
		assert.equal( ( await change( ada.id, body, null ) ).statusCode, 403 );
		assert.equal( await totalOf( ada ), 100 );
		assert.equal( await entriesOf( ada ), 0 );
	} );

	it( 'adds an Extra Award: the total, the month’s points, the tester’s history and the audit trail show it', async () => {
		const response = await change( ada.id, {
			amount: 250,
			activity: 'extra-award',
			reason: '  Best bug of the month  ',
		} );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), { totalExpPts: 350 } );

		assert.equal( await totalOf( ada ), 350 );
		assert.equal( await monthPoints( ada ), 250 );
		const history = await getOk( ctx, '/users/me/experience', ada );
		assert.equal( history.total, 1 );
		const [ entry ] = history.results;
		assert.deepEqual(
			{ ...entry, id: 0, date: typeof entry.date },
			{
				id: 0,
				amount: 250,
				date: 'string',
				activity: { id: 4 },
				campaign: null,
				note: 'Best bug of the month',
			}
		);

		const trail = await ctx.app.inject( {
			method: 'GET',
			url: `/api/admin/audit?subjectType=tester&subjectId=${ ada.id }`,
			headers: bearer( admin.token ),
		} );
		assert.equal( trail.statusCode, 200, trail.body );
		const [ audit ] = trail.json().results;
		assert.deepEqual(
			{
				actor: audit.actor,
				actorRole: audit.actorRole,
				action: audit.action,
				before: audit.before,
				after: audit.after,
				note: audit.note,
			},
			{
				actor: admin.wpUserId,
				actorRole: 'administrator',
				action: 'tester.experience',
				before: { totalExpPts: 100 },
				after: {
					totalExpPts: 350,
					amount: 250,
					activity: 'extra-award',
				},
				note: 'Best bug of the month',
			}
		);
	} );

	it( 'takes points away with a Points Fix, down to zero and not below', async () => {
		const fix = await change( ada.id, {
			amount: -50,
			activity: 'points-fix',
			reason: 'Duplicate bug paid twice',
		} );
		assert.equal( fix.statusCode, 200, fix.body );
		assert.deepEqual( fix.json(), { totalExpPts: 300 } );
		const [ entry ] = ( await getOk( ctx, '/users/me/experience', ada ) )
			.results;
		assert.deepEqual(
			[ entry.amount, entry.activity.id, entry.note ],
			[ -50, 3, 'Duplicate bug paid twice' ]
		);

		const below = await change( ada.id, {
			amount: -301,
			activity: 'points-fix',
			reason: 'Too much',
		} );
		assert.equal( below.statusCode, 409 );
		assert.equal( below.json().message, EXPERIENCE_BELOW_ZERO_MESSAGE );
		assert.equal( await totalOf( ada ), 300 );
		assert.equal( await entriesOf( ada ), 2 );

		// Of four corrections of −100 at once, three fit in the 300 points: the fourth is refused.
		const answers = await Promise.all(
			Array.from( { length: 4 }, () =>
				change( ada.id, {
					amount: -100,
					activity: 'points-fix',
					reason: 'At once',
				} )
			)
		);
		assert.deepEqual(
			answers.map( ( answer ) => answer.statusCode ).sort(),
			[ 200, 200, 200, 409 ]
		);
		assert.equal( await totalOf( ada ), 0 );
		assert.equal( await entriesOf( ada ), 5 );
		assert.equal( await monthPoints( ada ), -100 );
	} );

	it( 'answers each broken rule with its message, and writes nothing', async () => {
		const valid = { amount: 5, activity: 'points-fix', reason: 'Fix' };
		const cases: Array< [ Record< string, unknown >, string ] > = [
			[ { ...valid, amount: 0 }, EXPERIENCE_AMOUNT_MESSAGE ],
			[ { ...valid, amount: 10_001 }, EXPERIENCE_AMOUNT_MESSAGE ],
			[ { ...valid, amount: -10_001 }, EXPERIENCE_AMOUNT_MESSAGE ],
			[ { ...valid, amount: 1.5 }, EXPERIENCE_AMOUNT_MESSAGE ],
			[ { ...valid, amount: '12' }, EXPERIENCE_AMOUNT_MESSAGE ],
			[
				{ activity: 'points-fix', reason: 'Fix' },
				EXPERIENCE_AMOUNT_MESSAGE,
			],
			[ { ...valid, activity: 'bonus' }, EXPERIENCE_ACTIVITY_MESSAGE ],
			[ { amount: 5, reason: 'Fix' }, EXPERIENCE_ACTIVITY_MESSAGE ],
			[
				{ amount: 5, activity: 'points-fix' },
				EXPERIENCE_REASON_MESSAGE,
			],
			[ { ...valid, reason: '' }, EXPERIENCE_REASON_MESSAGE ],
			[ { ...valid, reason: ' \n\t ' }, EXPERIENCE_REASON_MESSAGE ],
			[
				{ ...valid, reason: 'x'.repeat( 501 ) },
				EXPERIENCE_REASON_LENGTH_MESSAGE,
			],
		];
		for ( const [ body, message ] of cases ) {
			const response = await change( ada.id, body );
			assert.equal( response.statusCode, 400, JSON.stringify( body ) );
			assert.equal(
				response.json().message,
				message,
				JSON.stringify( body )
			);
		}
		const longest = await change( ada.id, {
			...valid,
			reason: 'x'.repeat( 500 ),
		} );
		assert.equal( longest.statusCode, 200, longest.body );
		assert.equal( await entriesOf( ada ), 6 );

		const missing = await change( 999_999, valid );
		assert.equal( missing.statusCode, 404 );
		assert.equal( missing.json().message, ADMIN_TESTER_NOT_FOUND_MESSAGE );
	} );
} );
