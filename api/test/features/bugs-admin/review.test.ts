import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BACK_OFFICE_ONLY, NOT_YOUR_CAMPAIGN, ReviewWorld } from './world.ts';

/**
 * The back office's bug review, writing (issue 27): POST /admin/bugs/{id}/review. The status, the comment, the
 * campaign's counts and the tester's approved bugs move together with an audit entry; the first approval pays the
 * severity's points and the campaign's payout (capped by its payout limit) once ever, whatever the clicks, the
 * reviewers at once, or the refusals in between; the tester sees it through their own API.
 */

const COMMENT_REQUIRED =
	'A comment is required to refuse a bug or ask for its review';

describe( 'the back office: reviewing bugs', () => {
	const world = new ReviewWorld();

	before( () => world.start() );
	after( () => world.close() );

	it( 'refuses a tester and another campaign’s lead, changing nothing', async () => {
		const bug = await world.bug();
		const refusals: Array< [ string, string ] > = [
			[ world.adaToken, BACK_OFFICE_ONLY ],
			[ world.otherLead.token, NOT_YOUR_CAMPAIGN ],
		];
		for ( const [ token, message ] of refusals ) {
			const response = await world.review(
				bug,
				{ status: 'approved' },
				token
			);
			assert.equal( response.statusCode, 403, response.body );
			assert.equal( response.json().message, message );
		}
		assert.equal( ( await world.detail( bug ) ).json().status, 'pending' );
		assert.deepEqual( ( await world.writtenFor( bug ) ).rewards, [] );
	} );

	it( 'needs a comment to refuse or ask for review, and checks the body', async () => {
		const bug = await world.bug();
		const counted = await world.counts();
		for ( const body of [
			{ status: 'refused' },
			{ status: 'refused', comment: ' \n ' },
			{ status: 'need-review', comment: '' },
		] ) {
			const response = await world.review( bug, body );
			assert.equal( response.statusCode, 400, response.body );
			assert.deepEqual( response.json(), {
				status: 400,
				error: 'Bad Request',
				message: COMMENT_REQUIRED,
				field: 'comment',
			} );
		}
		const tooLong = await world.review( bug, {
			status: 'refused',
			comment: 'x'.repeat( 2001 ),
		} );
		assert.equal( tooLong.statusCode, 400 );
		assert.equal(
			tooLong.json().message,
			'Comment must be at most 2000 characters long'
		);
		for ( const body of [
			{ status: 'pending', comment: 'Back' },
			{ status: 'closed' },
			{},
		] ) {
			assert.equal(
				( await world.review( bug, body as { status: string } ) )
					.statusCode,
				400
			);
		}
		assert.equal( ( await world.detail( bug ) ).json().status, 'pending' );
		assert.deepEqual( await world.counts(), counted );
		assert.equal( ( await world.writtenFor( bug ) ).audit, 0 );
	} );

	it( 'approves: pays the severity’s points and payout once, moves the counts, and the tester sees it', async () => {
		const bug = await world.bug( { severity: 3 } );
		const counts = await world.counts();
		const mine = await world.mine();

		const response = await world.review(
			bug,
			{ status: 'approved', comment: '  Nice find  ' },
			world.lead.token
		);
		assert.equal( response.statusCode, 200, response.body );
		const body = response.json();
		assert.equal( body.id, bug );
		assert.equal( body.status, 'approved' );
		assert.equal( body.reviewComment, 'Nice find' );
		assert.deepEqual( body.paid, { points: 20, gross: 10 } );
		assert.equal( body.tester.id, world.ada.id );

		assert.deepEqual( await world.counts(), {
			...counts,
			pending: counts.pending - 1,
			approved: counts.approved + 1,
		} );
		assert.deepEqual( await world.mine(), {
			exp: mine.exp + 20,
			approvedBugs: mine.approvedBugs + 1,
			pending: mine.pending + 10,
			monthPoints: mine.monthPoints + 20,
		} );
		assert.deepEqual( await world.writtenFor( bug ), {
			rewards: [ { points: 20, gross: 1000, by: world.lead.wpUserId } ],
			experience: [ { amount: 20, activity: 2, campaign: world.shop } ],
			booty: [ { gross: 1000, activity: 2, campaign: world.shop } ],
			audit: 1,
		} );

		// The booty entry as the tester's booty details name it.
		const details = (
			await world.request(
				'GET',
				'/users/me/pending_booty/details?limit=100',
				world.adaToken
			)
		).json();
		assert.ok(
			details.results.some(
				( item: { name: string } ) =>
					item.name === `CP${ world.shop } - Bug ${ bug }`
			),
			JSON.stringify( details )
		);

		// Again: nothing changes, nothing is paid, no audit entry.
		const again = await world.review(
			bug,
			{ status: 'approved', comment: 'Nice find' },
			world.lead.token
		);
		assert.equal( again.statusCode, 200, again.body );
		assert.equal( again.json().paid, null );
		assert.equal( ( await world.writtenFor( bug ) ).audit, 1 );
		assert.equal( ( await world.mine() ).exp, mine.exp + 20 );
	} );

	it( 'never pays twice: approve → refuse → need review → approve', async () => {
		const bug = await world.bug( { severity: 4 } );
		const mine = await world.mine();
		const counts = await world.counts();

		assert.deepEqual(
			( await world.review( bug, { status: 'approved' } ) ).json().paid,
			{ points: 40, gross: 20 }
		);
		const refused = await world.review( bug, {
			status: 'refused',
			comment: 'Duplicate of #12',
		} );
		assert.equal( refused.statusCode, 200, refused.body );
		assert.equal( refused.json().status, 'refused' );
		assert.equal( refused.json().reviewComment, 'Duplicate of #12' );
		assert.equal( refused.json().paid, null );
		assert.deepEqual( await world.counts(), {
			...counts,
			pending: counts.pending - 1,
			refused: counts.refused + 1,
		} );
		// Leaving approved takes the approved bug back, not the payment.
		assert.deepEqual( await world.mine(), {
			exp: mine.exp + 40,
			approvedBugs: mine.approvedBugs,
			pending: mine.pending + 20,
			monthPoints: mine.monthPoints + 40,
		} );

		const asked = await world.review( bug, {
			status: 'need-review',
			comment: 'Add a video',
		} );
		assert.equal( asked.json().status, 'need-review' );
		assert.deepEqual( await world.counts(), {
			...counts,
			pending: counts.pending - 1,
			needReview: counts.needReview + 1,
		} );

		const approved = await world.review( bug, { status: 'approved' } );
		assert.equal( approved.json().paid, null );
		assert.equal( approved.json().reviewComment, null );
		assert.deepEqual( await world.counts(), {
			...counts,
			pending: counts.pending - 1,
			approved: counts.approved + 1,
		} );
		assert.deepEqual( await world.mine(), {
			exp: mine.exp + 40,
			approvedBugs: mine.approvedBugs + 1,
			pending: mine.pending + 20,
			monthPoints: mine.monthPoints + 40,
		} );
		const written = await world.writtenFor( bug );
		assert.equal( written.rewards.length, 1 );
		assert.equal( written.experience.length, 1 );
		assert.equal( written.booty.length, 1 );
		assert.equal( written.audit, 4 );
	} );

	it( 'pays once under two approvals at once', async () => {
		const bug = await world.bug( { severity: 2 } );
		const counts = await world.counts();
		const mine = await world.mine();

		const answers = await Promise.all( [
			world.review( bug, { status: 'approved' } ),
			world.review( bug, { status: 'approved' }, world.lead.token ),
		] );
		for ( const answer of answers ) {
			assert.equal( answer.statusCode, 200, answer.body );
			assert.equal( answer.json().status, 'approved' );
		}
		assert.deepEqual(
			answers.map( ( answer ) => answer.json().paid ).filter( Boolean ),
			[ { points: 10, gross: 5 } ]
		);
		const written = await world.writtenFor( bug );
		assert.equal( written.rewards.length, 1 );
		assert.equal( written.experience.length, 1 );
		assert.equal( written.booty.length, 1 );
		assert.equal( written.audit, 1 );
		assert.deepEqual( await world.counts(), {
			...counts,
			pending: counts.pending - 1,
			approved: counts.approved + 1,
		} );
		const now = await world.mine();
		assert.equal( now.exp, mine.exp + 10 );
		assert.equal( now.approvedBugs, mine.approvedBugs + 1 );
	} );

	it( 'caps a tester’s bug payouts on the campaign at its payout limit, also for approvals at once', async () => {
		await world.ctx.database.db
			.updateTable( 'campaigns' )
			.set( { payout_limit_cents: 2500 } )
			.where( 'id', '=', world.other )
			.execute();
		const bugOf = () =>
			world.bug( {
				tester: world.bob,
				campaign: world.other,
				severity: 3,
			} );
		const [ first, second, third, fourth ] = [
			await bugOf(),
			await bugOf(),
			await bugOf(),
			await bugOf(),
		];
		const mine = await world.mine( world.bob );

		const paid = async ( bug: number ) =>
			( await world.review( bug, { status: 'approved' } ) ).json().paid;
		assert.deepEqual( await paid( first ), { points: 20, gross: 10 } );
		const together = await Promise.all( [ paid( second ), paid( third ) ] );
		assert.deepEqual(
			together
				.map( ( item ) => item.gross )
				.sort( ( a: number, b: number ) => a - b ),
			[ 5, 10 ]
		);
		// At the limit: the points, no booty.
		assert.deepEqual( await paid( fourth ), { points: 20, gross: 0 } );

		const now = await world.mine( world.bob );
		assert.equal( now.exp, mine.exp + 80 );
		assert.equal( now.pending, mine.pending + 25 );
		assert.equal( now.approvedBugs, mine.approvedBugs + 4 );
		const booty = await world.ctx.database.db
			.selectFrom( 'booty_entries' )
			.select( 'gross_cents' )
			.where( 'tester_id', '=', world.bob.id )
			.where( 'campaign_id', '=', world.other )
			.execute();
		assert.equal( booty.length, 3, 'No booty entry of nothing.' );
	} );

	it( 'records each review in the bug’s audit trail, which the campaign’s lead and administrators read', async () => {
		const bug = await world.bug( { severity: 1 } );
		await world.review(
			bug,
			{ status: 'need-review', comment: 'Which browser?' },
			world.lead.token
		);
		await world.review( bug, { status: 'approved', comment: 'Thanks' } );

		const response = await world.audit( bug, world.lead.token );
		assert.equal( response.statusCode, 200, response.body );
		const trail = response.json();
		assert.equal( trail.total, 2 );
		const [ approved, asked ] = trail.results;
		assert.deepEqual(
			{
				actor: asked.actor,
				actorRole: asked.actorRole,
				action: asked.action,
				subjectType: asked.subjectType,
				subjectId: asked.subjectId,
				before: asked.before,
				after: asked.after,
				note: asked.note,
			},
			{
				actor: world.lead.wpUserId,
				actorRole: 'tester_lead',
				action: 'bug.review',
				subjectType: 'bug',
				subjectId: bug,
				before: { status: 'pending', reviewComment: null },
				after: {
					status: 'need-review',
					reviewComment: 'Which browser?',
				},
				note: 'Which browser?',
			}
		);
		assert.equal( approved.actor, world.admin.wpUserId );
		assert.equal( approved.actorRole, 'administrator' );
		assert.deepEqual( approved.before, {
			status: 'need-review',
			reviewComment: 'Which browser?',
		} );
		assert.deepEqual( approved.after, {
			status: 'approved',
			reviewComment: 'Thanks',
			paid: { points: 5, gross: 2.5 },
		} );
		assert.equal( approved.note, 'Thanks' );
		assert.match( approved.date, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/ );

		assert.equal( ( await world.audit( bug ) ).statusCode, 200 );
		for ( const [ token, message ] of [
			[ world.otherLead.token, NOT_YOUR_CAMPAIGN ],
			[ world.adaToken, BACK_OFFICE_ONLY ],
		] ) {
			const refused = await world.audit( bug, token );
			assert.equal( refused.statusCode, 403, refused.body );
			assert.equal( refused.json().message, message );
		}
	} );
} );
