import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createBugReportsRepository } from '../../../src/features/bugs/report-repository.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import { BugFormWorld, keyOf, localTime, NO_PERMISSION } from './world.ts';

/**
 * POST /users/me/campaigns/{id}/bugs, the bug form's submit, through the real app: every rule of the form answered
 * with its field and the spec's message, the bug written whole (its media and additional values) or not at all,
 * and only by a selected tester of a running campaign.
 */

describe( 'POST /api/users/me/campaigns/{campaignId}/bugs', () => {
	const world = new BugFormWorld();
	before( () => world.start() );
	after( () => world.close() );

	const submit = ( tester: Tester, campaignId: number, body: unknown ) =>
		world.send(
			tester,
			'POST',
			`/users/me/campaigns/${ campaignId }/bugs`,
			body
		);

	const counts = async () => ( {
		bugs: await world.count( 'bugs' ),
		media: await world.count( 'bug_media' ),
		values: await world.count( 'bug_additional_values' ),
	} );

	it( 'writes the bug with its media and additional values, pending, last seen in UTC', async () => {
		const { me, shop } = world;
		const first = await world.uploaded( me, shop, 'first.png' );
		const second = await world.uploaded( me, shop, 'second.png' );
		const body = world.shopBug( me, [ second, first ], {
			title: '  [Checkout] - The pay button does nothing  ',
			lastSeen: '2026-11-28T14:05:00.000+01:00',
		} );
		const response = await submit( me, shop, body );
		assert.equal( response.statusCode, 201, response.body );
		const created = response.json();
		assert.equal(
			created.title,
			'[Checkout] - The pay button does nothing'
		);
		assert.match( created.publicToken, /^[A-Za-z0-9_-]{32}$/ );

		const page = await world.send(
			me,
			'GET',
			`/users/me/bugs/${ created.id }`
		);
		assert.equal( page.statusCode, 200, page.body );
		const bug = page.json();
		assert.equal( bug.publicToken, created.publicToken );
		assert.deepEqual(
			{
				title: bug.title,
				status: bug.status,
				severity: bug.severity.name,
				type: bug.type.name,
				replicability: bug.replicability.name,
				useCase: bug.useCase,
				device: bug.device.id,
				steps: bug.stepDescription,
				expected: bug.expected,
				current: bug.current,
				notes: bug.notes,
				lastSeen: bug.lastSeen,
				media: bug.media.map(
					( item: { name: string; url: string } ) => [
						item.name,
						keyOf( item.url ),
					]
				),
				additional: bug.additional,
			},
			{
				title: '[Checkout] - The pay button does nothing',
				status: { id: 3, name: 'Pending' },
				severity: 'HIGH',
				type: 'MALFUNCTION',
				replicability: 'ALWAYS',
				useCase: { id: world.tasks[ 0 ], name: 'Checkout' },
				device: world.deviceOf( me ),
				steps: body.description,
				expected: 'The payment page',
				current: 'Nothing happens',
				notes: 'Only on Wi-Fi',
				lastSeen: '2026-11-28T13:05:00Z',
				media: [
					[ 'second.png', keyOf( second ) ],
					[ 'first.png', keyOf( first ) ],
				],
				additional: [
					{ slug: 'browser', name: 'Browser', value: 'Firefox 133' },
					{ slug: 'env', name: 'Environment', value: 'staging' },
				],
			}
		);
		// The uploads now belong to the bug: a second bug cannot take them.
		const again = await submit( me, shop, body );
		assert.equal( again.statusCode, 400, again.body );
		assert.deepEqual( again.json(), {
			status: 400,
			error: 'Bad Request',
			message: 'Media not found',
			field: 'media',
		} );
	} );

	it( 'takes a bug without a use case, notes or media where the campaign asks for none', async () => {
		const { me, plain } = world;
		const body = world.plainBug( me, 'Typo on the home page' );
		const response = await submit( me, plain, body );
		assert.equal( response.statusCode, 201, response.body );
		const row = await world.ctx.database.db
			.selectFrom( 'bugs' )
			.select( [ 'task_id', 'notes', 'status_id', 'tester_id' ] )
			.where( 'id', '=', response.json().id )
			.executeTakeFirstOrThrow();
		assert.deepEqual( row, {
			task_id: null,
			notes: null,
			status_id: 3,
			tester_id: me.id,
		} );
	} );

	it( "refuses each broken rule with its field and the spec's message, writing nothing", async () => {
		const { me, shop } = world;
		const media = [ await world.uploaded( me, shop ) ];
		const counted = await counts();
		const cases: Array< [ Record< string, unknown >, string, string ] > = [
			[ { title: '   ' }, 'title', 'This is a required field' ],
			[
				{ title: 'The pay button does nothing' },
				'title',
				'Format should be [Phase / Section] - Briefly Issue description',
			],
			[
				{ severity: 'LOW' },
				'severity',
				'LOW is not accepted by this campaign: choose one of MEDIUM, HIGH, CRITICAL',
			],
			[
				{ replicability: 'ONCE' },
				'replicability',
				'ONCE is not accepted by this campaign: choose one of SOMETIMES, ALWAYS',
			],
			[
				{ type: 'TYPO' },
				'type',
				'TYPO is not accepted by this campaign: choose one of CRASH, GRAPHIC, PERFORMANCE, MALFUNCTION, OTHER',
			],
			[
				{ usecase: world.plainTask },
				'usecase',
				"Use case must be one of the campaign's tasks, or -1 (not a specific use case)",
			],
			[ { description: '' }, 'description', 'This is a required field' ],
			[
				{ description: '1. \n2. \n3. ' },
				'description',
				'This is a required field',
			],
			[ { expected: ' ' }, 'expected', 'This is a required field' ],
			[ { current: '' }, 'current', 'This is a required field' ],
			[
				{ lastSeen: localTime( 10 ) },
				'lastSeen',
				"You can't upload bug with a future date or future time",
			],
			[
				{ lastSeen: '2026-02-31T10:00:00.000+01:00' },
				'lastSeen',
				'lastSeen must be a real date and time',
			],
			[
				{ media: [] },
				'media',
				'Media field must have at least 1 items',
			],
			[
				{
					additional: [ { slug: 'env', value: 'staging' } ],
				},
				'additional.browser',
				'Write the browser and its version',
			],
			[
				{
					additional: [
						{ slug: 'browser', value: 'Firefox' },
						{ slug: 'env', value: 'staging' },
					],
				},
				'additional.browser',
				'Write the browser and its version',
			],
			[
				{
					additional: [
						{ slug: 'browser', value: 'Firefox 133' },
						{ slug: 'env', value: 'qa' },
					],
				},
				'additional.env',
				'Environment must be one of: staging, production',
			],
			[
				{
					additional: [
						{ slug: 'browser', value: 'Firefox 133' },
						{ slug: 'env', value: '' },
					],
				},
				'additional.env',
				'This is a required field',
			],
			[
				{
					additional: [
						{ slug: 'browser', value: 'Firefox 133' },
						{ slug: 'env', value: 'staging' },
						{ slug: 'os', value: 'Linux' },
					],
				},
				'additional.os',
				'os is not an additional field of this campaign',
			],
			[
				{ device: world.disabledDevice },
				'device',
				'Device must be one of your devices',
			],
			[
				{ device: world.deviceOf( world.other ) },
				'device',
				'Device must be one of your devices',
			],
			[
				{ media: [ '/api/media/0123456789abcdef.png' ] },
				'media',
				'Media not found',
			],
			[ { media: [ 'not a url at all' ] }, 'media', 'Media not found' ],
		];
		for ( const [ change, field, message ] of cases ) {
			const response = await submit(
				me,
				shop,
				world.shopBug( me, media, change )
			);
			assert.equal( response.statusCode, 400, response.body );
			assert.deepEqual(
				response.json(),
				{ status: 400, error: 'Bad Request', message, field },
				JSON.stringify( change )
			);
		}
		assert.deepEqual( await counts(), counted );
	} );

	it( 'writes every one of twenty bugs sent to one campaign at the same moment, each pending', async () => {
		const { me, plain } = world;
		const pendingOf = async () =>
			Number(
				(
					await world.ctx.database.db
						.selectFrom( 'bugs' )
						.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
						.where( 'campaign_id', '=', plain )
						.where( 'status_id', '=', 3 )
						.executeTakeFirstOrThrow()
				).n
			);
		const earlier = { ...( await counts() ), pending: await pendingOf() };
		// Bugs at once share their campaign's row (their foreign key's shared lock) and write nothing of it: none
		// waits for another, none deadlocks.
		const responses = await Promise.all(
			Array.from( { length: 20 }, ( _, n ) =>
				submit(
					me,
					plain,
					world.plainBug(
						me,
						`Typo number ${ n + 1 } on the home page`
					)
				)
			)
		);
		assert.deepEqual(
			responses.map( ( response ) => response.statusCode ),
			Array( 20 ).fill( 201 ),
			responses.map( ( response ) => response.body ).join( '\n' )
		);
		assert.equal( ( await counts() ).bugs, earlier.bugs + 20 );
		assert.equal( await pendingOf(), earlier.pending + 20 );
	} );

	it( 'refuses bodies outside the contract: unknown fields, wrong values, texts too long', async () => {
		const { me, shop } = world;
		const media = [ await world.uploaded( me, shop ) ];
		const counted = await counts();
		for ( const change of [
			{ severity: 'SEVERE' },
			{ usecase: -2 },
			{ title: 'x'.repeat( 256 ) },
			{ notes: 'x'.repeat( 10001 ) },
			{ lastSeen: '2026-11-28 14:05' },
			{ extra: true },
		] ) {
			const response = await submit(
				me,
				shop,
				world.shopBug( me, media, change )
			);
			assert.equal( response.statusCode, 400, JSON.stringify( change ) );
		}
		const { title: _title, ...untitled } = world.shopBug( me, media );
		const missing = await submit( me, shop, untitled );
		assert.equal( missing.statusCode, 400, missing.body );
		assert.deepEqual( await counts(), counted );
	} );

	it( "refuses another tester's upload and one of another campaign", async () => {
		const { me, other, shop, plain } = world;
		const theirs = await world.uploaded( other, shop );
		const elsewhere = await world.uploaded( me, plain );
		for ( const url of [ theirs, elsewhere ] ) {
			const response = await submit(
				me,
				shop,
				world.shopBug( me, [ url ] )
			);
			assert.equal( response.statusCode, 400, response.body );
			assert.equal( response.json().message, 'Media not found' );
		}
		// Still theirs, unattached.
		const row = await world.ctx.database.db
			.selectFrom( 'bug_uploads' )
			.select( [ 'tester_id', 'bug_id' ] )
			.where( 'storage_key', '=', keyOf( theirs ) )
			.executeTakeFirstOrThrow();
		assert.deepEqual( row, { tester_id: other.id, bug_id: null } );
	} );

	it( 'refuses a tester not selected, without the contract, or a campaign not running: 403, nothing written', async () => {
		const counted = await counts();
		for ( const [ tester, campaign ] of [
			[ world.applied, world.shop ],
			[ world.starting, world.shop ],
			[ world.me, world.upcoming ],
			[ world.me, world.closed ],
		] as const ) {
			const response = await submit(
				tester,
				campaign,
				// A valid body (the applied tester has no device): the refusal is the campaign's.
				world.plainBug( world.me, 'A bug' )
			);
			assert.equal( response.statusCode, 403, response.body );
			assert.equal( response.json().message, NO_PERMISSION );
		}
		const unknown = await submit(
			world.me,
			999999,
			world.plainBug( world.me, 'A bug' )
		);
		assert.equal( unknown.statusCode, 404, unknown.body );
		assert.deepEqual( await counts(), counted );
	} );

	it( 'leaves no half bug when a write fails inside the transaction', async () => {
		const { me, shop } = world;
		const url = await world.uploaded( me, shop );
		const counted = await counts();
		const services = world.ctx.app.services;
		const kept = services.bugReports;
		// The same repository over a database that fails the last statement of the bug: its additional values.
		services.bugReports = createBugReportsRepository(
			world.ctx.database.db.withPlugin( {
				transformQuery( args ) {
					const node = args.node as {
						kind: string;
						into?: { table: { identifier: { name: string } } };
					};
					if (
						node.kind === 'InsertQueryNode' &&
						node.into?.table.identifier.name ===
							'bug_additional_values'
					) {
						throw new Error( 'the database went away' );
					}
					return args.node;
				},
				transformResult: async ( args ) => args.result,
			} )
		);
		try {
			const response = await submit(
				me,
				shop,
				world.shopBug( me, [ url ] )
			);
			assert.equal( response.statusCode, 500, response.body );
		} finally {
			services.bugReports = kept;
		}
		assert.deepEqual( await counts(), counted );
		const upload = await world.ctx.database.db
			.selectFrom( 'bug_uploads' )
			.select( 'bug_id' )
			.where( 'storage_key', '=', keyOf( url ) )
			.executeTakeFirstOrThrow();
		assert.equal( upload.bug_id, null );
		// The same media make a bug once the database answers again.
		const retried = await submit( me, shop, world.shopBug( me, [ url ] ) );
		assert.equal( retried.statusCode, 201, retried.body );
	} );
} );
