import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { isMysql } from '../../../src/db/engine.ts';
import { insertCampaign } from '../../helpers/rows.ts';
import { leadCampaign } from '../../helpers/back-office.ts';
import { BACK_OFFICE_ONLY, NOT_YOUR_CAMPAIGN, ReviewWorld } from './world.ts';

/**
 * The back office's bulk bug review (issue 27: "bulk actions are transactional"):
 * POST /admin/campaigns/{campaignId}/bugs/review. Every bug is reviewed as the single review does it, all in one
 * transaction: an id that is not a bug of the campaign, or a failure half-way, changes nothing at all; each bug is
 * paid once ever, also against a single review of it at the same time.
 */

const COMMENT_REQUIRED =
	'A comment is required to refuse a bug or ask for its review';

describe( 'the back office: reviewing bugs in bulk', () => {
	const world = new ReviewWorld();

	before( () => world.start() );
	after( () => world.close() );

	const batch = (
		campaignId: number,
		body: { bugs: unknown; status: string; comment?: string },
		token = world.admin.token
	) =>
		world.request(
			'POST',
			`/admin/campaigns/${ campaignId }/bugs/review`,
			token,
			body
		);

	/**
	 * Everything a review may change about some bugs: their status and comment, their rewards, experience, booty
	 * and audit entries, both campaigns' counts and both testers' own numbers.
	 *
	 * @param bugs
	 */
	const state = async ( bugs: number[] ) => {
		const { db } = world.ctx.database;
		const rows = await db
			.selectFrom( 'bugs' )
			.select( [ 'id', 'status_id', 'review_comment', 'updated_at' ] )
			.where( 'id', 'in', bugs )
			.orderBy( 'id' )
			.execute();
		const rewards = await db
			.selectFrom( 'bug_rewards' )
			.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
			.executeTakeFirstOrThrow();
		const audit = await db
			.selectFrom( 'audit_entries' )
			.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
			.executeTakeFirstOrThrow();
		const booty = await db
			.selectFrom( 'booty_entries' )
			.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
			.executeTakeFirstOrThrow();
		const experience = await db
			.selectFrom( 'experience_entries' )
			.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
			.executeTakeFirstOrThrow();
		return {
			bugs: rows.map( ( row ) => ( { ...row } ) ),
			rewards: Number( rewards.n ),
			audit: Number( audit.n ),
			booty: Number( booty.n ),
			experience: Number( experience.n ),
			shop: await world.counts( world.shop ),
			other: await world.counts( world.other ),
			ada: await world.mine( world.ada ),
			bob: await world.mine( world.bob ),
		};
	};

	it( 'refuses a tester, another campaign’s lead, and an unknown campaign, changing nothing', async () => {
		const bugs = [ await world.bug(), await world.bug() ];
		const was = await state( bugs );
		const refusals: Array< [ string, string ] > = [
			[ world.adaToken, BACK_OFFICE_ONLY ],
			[ world.otherLead.token, NOT_YOUR_CAMPAIGN ],
		];
		for ( const [ token, message ] of refusals ) {
			const response = await batch(
				world.shop,
				{ bugs, status: 'approved' },
				token
			);
			assert.equal( response.statusCode, 403, response.body );
			assert.equal( response.json().message, message );
		}
		// Their own campaign's lead cannot pull another campaign's bugs in either.
		const mixed = await batch(
			world.other,
			{ bugs, status: 'approved' },
			world.otherLead.token
		);
		assert.equal( mixed.statusCode, 404, mixed.body );
		assert.equal( mixed.json().message, 'Bug not found' );
		const unknown = await batch( 999_999, { bugs, status: 'approved' } );
		assert.equal( unknown.statusCode, 404, unknown.body );
		assert.equal( unknown.json().message, 'Campaign not found' );
		assert.deepEqual( await state( bugs ), was );
	} );

	it( 'checks the body: 1 to 200 distinct ids, a comment to refuse or ask for review', async () => {
		const bugs = [ await world.bug(), await world.bug() ];
		const was = await state( bugs );
		const messages: Array< [ unknown, string ] > = [
			[ [], 'Choose at least one bug' ],
			[ [ bugs[ 0 ], bugs[ 0 ] ], 'Each bug can be listed only once' ],
			[
				Array.from( { length: 201 }, ( _, index ) => index + 1 ),
				'At most 200 bugs can be reviewed at once',
			],
		];
		for ( const [ ids, message ] of messages ) {
			const response = await batch( world.shop, {
				bugs: ids,
				status: 'approved',
			} );
			assert.equal( response.statusCode, 400, response.body );
			assert.equal( response.json().message, message );
		}
		for ( const body of [
			{ bugs, status: 'refused' },
			{ bugs, status: 'need-review', comment: ' \n ' },
		] ) {
			const response = await batch( world.shop, body, world.lead.token );
			assert.equal( response.statusCode, 400, response.body );
			assert.deepEqual( response.json(), {
				status: 400,
				error: 'Bad Request',
				message: COMMENT_REQUIRED,
				field: 'comment',
			} );
		}
		for ( const body of [
			{ bugs, status: 'pending' },
			{ bugs: [ 0 ], status: 'approved' },
			{ bugs: 'all', status: 'approved' },
			{ bugs, status: 'refused', comment: 'x'.repeat( 2001 ) },
		] ) {
			assert.equal(
				( await batch( world.shop, body ) ).statusCode,
				400,
				JSON.stringify( body ).slice( 0, 80 )
			);
		}
		assert.deepEqual( await state( bugs ), was );
	} );

	it( 'approves a batch: pays each bug once, moves the counts, one audit entry per bug', async () => {
		const low = await world.bug( { severity: 1 } );
		const medium = await world.bug( { severity: 2, tester: world.bob } );
		const critical = await world.bug( { severity: 4 } );
		const approved = await world.bug( { status: 2 } );
		const counts = await world.counts();
		const ada = await world.mine( world.ada );
		const bob = await world.mine( world.bob );

		const response = await batch(
			world.shop,
			{ bugs: [ critical, low, medium ], status: 'approved' },
			world.lead.token
		);
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), {
			reviewed: 3,
			paid: { points: 5 + 10 + 40, gross: 2.5 + 5 + 20 },
		} );
		for ( const [ bug, points, gross ] of [
			[ low, 5, 250 ],
			[ medium, 10, 500 ],
			[ critical, 40, 2000 ],
		] ) {
			const written = await world.writtenFor( bug );
			assert.deepEqual( written.rewards, [
				{ points, gross, by: world.lead.wpUserId },
			] );
			assert.equal( written.experience.length, 1 );
			assert.equal( written.booty.length, 1 );
			assert.equal( written.audit, 1 );
			assert.equal(
				( await world.detail( bug ) ).json().status,
				'approved'
			);
		}
		assert.deepEqual( await world.counts(), {
			...counts,
			pending: counts.pending - 3,
			approved: counts.approved + 3,
		} );
		const adaNow = await world.mine( world.ada );
		assert.equal( adaNow.exp, ada.exp + 45 );
		assert.equal( adaNow.pending, ada.pending + 22.5 );
		assert.equal( adaNow.approvedBugs, ada.approvedBugs + 2 );
		const bobNow = await world.mine( world.bob );
		assert.equal( bobNow.exp, bob.exp + 10 );
		assert.equal( bobNow.approvedBugs, bob.approvedBugs + 1 );

		// Again, with a bug already approved before: nothing changes, nothing is paid.
		const was = await state( [ low, medium, critical, approved ] );
		const again = await batch( world.shop, {
			bugs: [ low, medium, critical, approved ],
			status: 'approved',
		} );
		assert.equal( again.statusCode, 200, again.body );
		assert.deepEqual( again.json(), {
			reviewed: 0,
			paid: { points: 0, gross: 0 },
		} );
		assert.deepEqual(
			await state( [ low, medium, critical, approved ] ),
			was
		);
	} );

	it( 'refuses and asks for review in bulk with one comment; approving again never pays twice', async () => {
		const first = await world.bug( { severity: 3 } );
		const second = await world.bug( { severity: 3 } );
		await batch( world.shop, { bugs: [ first ], status: 'approved' } );
		const counts = await world.counts();
		const ada = await world.mine();

		const refused = await batch( world.shop, {
			bugs: [ first, second ],
			status: 'refused',
			comment: '  Out of scope  ',
		} );
		assert.equal( refused.statusCode, 200, refused.body );
		assert.deepEqual( refused.json(), {
			reviewed: 2,
			paid: { points: 0, gross: 0 },
		} );
		for ( const bug of [ first, second ] ) {
			const detail = ( await world.detail( bug ) ).json();
			assert.equal( detail.status, 'refused' );
			assert.equal( detail.reviewComment, 'Out of scope' );
		}
		assert.deepEqual( await world.counts(), {
			...counts,
			pending: counts.pending - 1,
			approved: counts.approved - 1,
			refused: counts.refused + 2,
		} );
		assert.equal(
			( await world.mine() ).approvedBugs,
			ada.approvedBugs - 1
		);

		const asked = await batch( world.shop, {
			bugs: [ second ],
			status: 'need-review',
			comment: 'Which device?',
		} );
		assert.equal( asked.json().reviewed, 1 );

		const approved = await batch( world.shop, {
			bugs: [ first, second ],
			status: 'approved',
		} );
		assert.deepEqual(
			approved.json().paid,
			{ points: 20, gross: 10 },
			'Only the bug never approved before is paid.'
		);
		assert.equal( ( await world.writtenFor( first ) ).rewards.length, 1 );
		assert.equal( ( await world.writtenFor( first ) ).audit, 3 );
		assert.equal( ( await world.writtenFor( second ) ).audit, 3 );
		const now = await world.mine();
		assert.equal( now.exp, ada.exp + 20 );
		assert.equal( now.approvedBugs, ada.approvedBugs + 1 );
	} );

	it( 'changes nothing when one id is another campaign’s bug or no bug at all', async () => {
		const mine = [ await world.bug(), await world.bug( { severity: 4 } ) ];
		const foreign = await world.bug( { campaign: world.other } );
		const gone = await world.bug();
		await world.ctx.database.db
			.deleteFrom( 'bugs' )
			.where( 'id', '=', gone )
			.execute();
		const was = await state( [ ...mine, foreign ] );

		for ( const stranger of [ foreign, gone, 999_999 ] ) {
			for ( const status of [ 'approved', 'refused' ] ) {
				const response = await batch(
					world.shop,
					{ bugs: [ ...mine, stranger ], status, comment: 'No' },
					world.lead.token
				);
				assert.equal( response.statusCode, 404, response.body );
				assert.equal( response.json().message, 'Bug not found' );
			}
		}
		assert.deepEqual( await state( [ ...mine, foreign ] ), was );
	} );

	it( 'rolls everything back when a bug fails half-way', async () => {
		const { db } = world.ctx.database;
		const [ first, middle, last ] = [
			await world.bug( { severity: 4 } ),
			await world.bug( { severity: 4, tester: world.bob } ),
			await world.bug( { severity: 4 } ),
		];
		// The database refuses the middle bug's audit entry: by then the first bug is reviewed and paid.
		await sql`drop trigger if exists crowdscout_test_fail`.execute( db );
		await ( isMysql( db )
			? sql`create trigger crowdscout_test_fail before insert on audit_entries for each row begin
					if new.subject_type = 'bug' and new.subject_id = ${ sql.lit( middle ) } then
						signal sqlstate '45000' set message_text = 'Refused by the test';
					end if;
				end`
			: sql`create trigger crowdscout_test_fail before insert on audit_entries
					when new.subject_type = 'bug' and new.subject_id = ${ sql.lit( middle ) }
					begin select raise(abort, 'Refused by the test'); end`
		).execute( db );
		try {
			const was = await state( [ first, middle, last ] );
			const response = await batch( world.shop, {
				bugs: [ first, middle, last ],
				status: 'approved',
			} );
			assert.equal( response.statusCode, 500, response.body );
			assert.deepEqual( await state( [ first, middle, last ] ), was );
			assert.deepEqual( ( await world.writtenFor( first ) ).rewards, [] );
		} finally {
			await sql`drop trigger if exists crowdscout_test_fail`.execute(
				db
			);
		}
		const retried = await batch( world.shop, {
			bugs: [ first, middle, last ],
			status: 'approved',
		} );
		assert.equal( retried.statusCode, 200, retried.body );
		assert.deepEqual( retried.json(), {
			reviewed: 3,
			paid: { points: 120, gross: 60 },
		} );
	} );

	it( 'pays once under batches and a single review of the same bugs at once', async () => {
		const shared = await world.bug( { severity: 2 } );
		const other = await world.bug( { severity: 1, tester: world.bob } );
		const counts = await world.counts();
		const ada = await world.mine();

		const answers = await Promise.all( [
			batch( world.shop, {
				bugs: [ shared, other ],
				status: 'approved',
			} ),
			world.review( shared, { status: 'approved' }, world.lead.token ),
			batch(
				world.shop,
				{ bugs: [ other, shared ], status: 'approved' },
				world.lead.token
			),
		] );
		for ( const answer of answers ) {
			assert.equal( answer.statusCode, 200, answer.body );
		}
		const [ one, single, two ] = answers.map( ( answer ) => answer.json() );
		assert.equal(
			one.paid.points + ( single.paid?.points ?? 0 ) + two.paid.points,
			10 + 5
		);
		assert.equal(
			one.paid.gross + ( single.paid?.gross ?? 0 ) + two.paid.gross,
			5 + 2.5
		);
		// Each bug changed once, by whichever came first.
		assert.equal(
			one.reviewed + two.reviewed + ( single.paid ? 1 : 0 ),
			2
		);
		for ( const bug of [ shared, other ] ) {
			const written = await world.writtenFor( bug );
			assert.equal( written.rewards.length, 1 );
			assert.equal( written.experience.length, 1 );
			assert.equal( written.booty.length, 1 );
			assert.equal( written.audit, 1 );
		}
		assert.deepEqual( await world.counts(), {
			...counts,
			pending: counts.pending - 2,
			approved: counts.approved + 2,
		} );
		const now = await world.mine();
		assert.equal( now.exp, ada.exp + 10 );
		assert.equal( now.approvedBugs, ada.approvedBugs + 1 );
	} );

	it( 'keeps a tester’s bug payouts within the campaign’s payout limit across the batch', async () => {
		const { db } = world.ctx.database;
		const capped = await insertCampaign( world.ctx, {
			title: 'Capped app',
			visibility: 'public',
			start: -10,
			end: 10,
			close: 20,
		} );
		await db
			.updateTable( 'campaigns' )
			.set( {
				medium_bug_payout_cents: 500,
				payout_limit_cents: 1200,
			} )
			.where( 'id', '=', capped )
			.execute();
		await leadCampaign( world.ctx, capped, world.lead.wpUserId );
		const bugs = [
			await world.bug( { campaign: capped, severity: 2 } ),
			await world.bug( { campaign: capped, severity: 2 } ),
			await world.bug( { campaign: capped, severity: 2 } ),
			await world.bug( {
				campaign: capped,
				severity: 2,
				tester: world.bob,
			} ),
		];
		const response = await batch(
			capped,
			{ bugs, status: 'approved' },
			world.lead.token
		);
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), {
			reviewed: 4,
			// Ada: 5 + 5 + 2 (the limit), Bob: 5.
			paid: { points: 40, gross: 17 },
		} );
	} );
} );
