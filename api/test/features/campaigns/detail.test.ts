import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApplicationStatus } from '../../../src/db/schema.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { bearer, get, getOk } from '../../helpers/requests.ts';
import {
	insertApplication,
	insertCampaign,
	isoAt,
	sqlAt,
	type CampaignValues,
} from '../../helpers/rows.ts';

/**
 * One campaign as the tester sees it: the manual's data (GET /users/me/campaigns/{id}), the preview, the payout
 * data, the tasks and the start, through the real app over rows written straight into the database. A campaign
 * the tester may not see answers as a missing one; the tasks and the start are for a selected tester only.
 */

const NOT_FOUND = 'Campaign not found';
const NO_PERMISSION = 'You do not have permission to access this campaign';
/** Every bug value the stored codes name, in code order. */
const SEVERITIES = [ 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL' ];
const TYPES = [
	'CRASH',
	'GRAPHIC',
	'PERFORMANCE',
	'MALFUNCTION',
	'TYPO',
	'OTHER',
	'SECURITY',
	'USABILITY',
];
const REPLICABILITIES = [ 'ONCE', 'SOMETIMES', 'ALWAYS' ];
const DEFAULT_EXTENSIONS = [
	'jpg',
	'jpeg',
	'png',
	'gif',
	'webp',
	'mp4',
	'webm',
	'ogg',
	'mov',
];

type Key =
	| 'shop'
	| 'open'
	| 'onlyItalian'
	| 'targetIt'
	| 'targetFr'
	| 'internal'
	| 'internalApplied'
	| 'groupMe'
	| 'groupOther'
	| 'applied'
	| 'excluded'
	| 'upcoming'
	| 'started'
	| 'full'
	| 'noTasks';

/** Days from now for start, end and close, and what else the campaign sets; `me` is the tester's application. */
const CAMPAIGNS: Record<
	Key,
	Omit< CampaignValues, 'title' > & {
		me?: ApplicationStatus;
		listed?: boolean;
	}
> = {
	shop: {
		visibility: 'public',
		start: -5,
		end: 10,
		close: 20,
		type: 2,
		maxTesters: 10,
		selectedCount: 3,
		me: 'selected',
	},
	open: { visibility: 'public', start: 5, end: 10, close: 20 },
	onlyItalian: { visibility: 'public', start: 5, end: 10, close: 20 },
	targetIt: {
		visibility: 'target',
		start: 5,
		end: 10,
		close: 20,
		targetCountry: 'IT',
	},
	targetFr: {
		visibility: 'target',
		start: 5,
		end: 10,
		close: 20,
		targetCountry: 'FR',
	},
	internal: { visibility: 'internal', start: 5, end: 10, close: 20 },
	internalApplied: {
		visibility: 'internal',
		start: 5,
		end: 10,
		close: 20,
		me: 'applied',
	},
	groupMe: {
		visibility: 'small-group',
		start: 5,
		end: 10,
		close: 20,
		listed: true,
	},
	groupOther: { visibility: 'small-group', start: 5, end: 10, close: 20 },
	applied: {
		visibility: 'public',
		start: 5,
		end: 10,
		close: 20,
		me: 'applied',
	},
	excluded: {
		visibility: 'public',
		start: -2,
		end: 10,
		close: 20,
		me: 'excluded',
	},
	upcoming: {
		visibility: 'public',
		start: 3,
		end: 10,
		close: 20,
		me: 'selected',
	},
	started: {
		visibility: 'public',
		start: -3,
		end: 10,
		close: 20,
		me: 'selected',
	},
	full: {
		visibility: 'public',
		start: 5,
		end: 10,
		close: 20,
		maxTesters: 2,
		selectedCount: 3,
	},
	noTasks: {
		visibility: 'public',
		start: -1,
		end: 10,
		close: 20,
		me: 'selected',
	},
};

describe( 'one campaign of the tester', () => {
	let ctx: TestContext;
	let me: Tester;
	let other: Tester;
	const ids = {} as Record< Key, number >;
	let tasks: { checkout: number; terms: number };

	const url = ( key: Key, rest = '' ) =>
		`/users/me/campaigns/${ ids[ key ] }${ rest }`;

	async function send(
		tester: Tester,
		method: 'GET' | 'POST',
		path: string,
		body?: object
	) {
		return ctx.app.inject( {
			method,
			url: `/api${ path }`,
			headers: bearer( await ctx.tokenFor( tester ) ),
			...( body ? { payload: body } : {} ),
		} );
	}

	async function assertError(
		response: Awaited< ReturnType< typeof send > >,
		status: number,
		message: string
	) {
		assert.equal( response.statusCode, status, response.body );
		assert.deepEqual( response.json(), {
			status,
			error: { 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict' }[
				status
			],
			message,
		} );
	}

	const platformId = async ( deviceType: number, name: string ) =>
		Number(
			(
				await ctx.database.db
					.selectFrom( 'os_platforms' )
					.select( 'id' )
					.where( 'device_type', '=', deviceType )
					.where( 'name', '=', name )
					.executeTakeFirstOrThrow()
			).id
		);

	/**
	 * Runs `check` while the tester is selected in the campaign with the contract accepted (the manual's text is
	 * answered only then), and puts the application back as it was afterwards.
	 *
	 * @param key
	 * @param check
	 */
	async function asStarted( key: Key, check: () => Promise< void > ) {
		const { db } = ctx.database;
		const previous = await db
			.selectFrom( 'applications' )
			.select( [ 'id', 'status', 'contract_accepted_at' ] )
			.where( 'tester_id', '=', me.id )
			.where( 'campaign_id', '=', ids[ key ] )
			.executeTakeFirst();
		if ( ! previous ) {
			await insertApplication( ctx, me.id, ids[ key ], 'selected' );
		}
		const restore = async () => {
			if ( previous ) {
				await db
					.updateTable( 'applications' )
					.set( {
						status: previous.status,
						contract_accepted_at: previous.contract_accepted_at,
					} )
					.where( 'id', '=', previous.id )
					.execute();
			} else {
				await db
					.deleteFrom( 'applications' )
					.where( 'tester_id', '=', me.id )
					.where( 'campaign_id', '=', ids[ key ] )
					.execute();
			}
		};
		await db
			.updateTable( 'applications' )
			.set( {
				status: 'selected',
				contract_accepted_at: '2026-01-01 00:00:00',
			} )
			.where( 'tester_id', '=', me.id )
			.where( 'campaign_id', '=', ids[ key ] )
			.execute();
		try {
			await check();
		} finally {
			await restore();
		}
	}

	/** The shop campaign in full: every table the manual and the preview read. */
	async function furnishShop() {
		const { db } = ctx.database;
		const id = ids.shop;
		await db
			.updateTable( 'campaigns' )
			.set( {
				tl_name: 'Tina Leader',
				tl_email: 'tina@crowdscout.test',
				complete_bonus_cents: 2550,
				minimum_bugs: 2,
				percent_usecases: 80,
				payout_limit_cents: 10000,
				critical_bug_payout_cents: 1234,
				high_bug_payout_cents: 800,
				medium_bug_payout_cents: 405,
				low_bug_payout_cents: 1,
				top_tester_bonus_cents: 5000,
				campaign_pts: 150,
				has_bug_parade: 1,
				minimum_media: 2,
				title_rule: 1,
				valid_file_extensions: 'png, MP4',
				language_code: 'en',
				language_message: 'Write your bugs in English',
			} )
			.where( 'id', '=', id )
			.execute();
		await db
			.insertInto( 'campaign_contents' )
			.values( [
				{
					campaign_id: id,
					language_code: 'en',
					manual_content: '<p>English manual</p>',
					preview_content:
						'<p>English preview</p><div data-crowdscout-block="payout"></div>',
				},
				{
					campaign_id: id,
					language_code: 'fr',
					manual_content: '<p>Manuel</p>',
					preview_content: null,
				},
				{
					campaign_id: id,
					language_code: 'it',
					manual_content: '',
					preview_content: '<p>Anteprima</p>',
				},
				{
					campaign_id: ids.onlyItalian,
					language_code: 'it',
					manual_content: '<p>Solo italiano</p>',
					preview_content: '<p>Anteprima italiana</p>',
				},
			] )
			.execute();
		await db
			.insertInto( 'campaign_accepted_devices' )
			.values( [
				{
					campaign_id: id,
					device_type: 0,
					os_platform_id: await platformId( 0, 'iOS' ),
				},
				{
					campaign_id: id,
					device_type: 0,
					os_platform_id: await platformId( 0, 'Android' ),
				},
				{ campaign_id: id, device_type: 2, os_platform_id: null },
				{ campaign_id: id, device_type: 5, os_platform_id: null },
			] )
			.execute();
		await db
			.insertInto( 'campaign_bug_severities' )
			.values(
				[ 3, 4 ].map( ( code ) => ( {
					campaign_id: id,
					severity_id: code,
				} ) )
			)
			.execute();
		await db
			.insertInto( 'campaign_bug_types' )
			.values(
				[ 1, 4, 7 ].map( ( code ) => ( {
					campaign_id: id,
					type_id: code,
				} ) )
			)
			.execute();
		await db
			.insertInto( 'campaign_bug_replicabilities' )
			.values( [ { campaign_id: id, replicability_id: 3 } ] )
			.execute();
		await db
			.insertInto( 'campaign_additional_fields' )
			.values( [
				{
					campaign_id: id,
					slug: 'order',
					name: 'Order number',
					type: 'text',
					regex: '^[0-9]{6}$',
					error_message: 'Six digits',
					options: null,
					position: 2,
				},
				{
					campaign_id: id,
					slug: 'browser',
					name: 'Browser',
					type: 'select',
					regex: null,
					error_message: null,
					options: JSON.stringify( [ 'Firefox', 'Chrome' ] ),
					position: 1,
				},
			] )
			.execute();
		const task = async ( name: string, position: number, media: number ) =>
			Number(
				(
					await db
						.insertInto( 'campaign_tasks' )
						.values( {
							campaign_id: id,
							name,
							content: position === 1 ? null : `<p>${ name }</p>`,
							can_upload_media: media,
							position,
						} )
						.executeTakeFirstOrThrow()
				).insertId
			);
		// Inserted out of order: the lists follow the position.
		const terms = await task( 'Read the terms', 2, 0 );
		const checkout = await task( 'Record the checkout', 1, 1 );
		tasks = { checkout, terms };
		await db
			.insertInto( 'tester_tasks' )
			.values( {
				tester_id: me.id,
				task_id: terms,
				status: 'completed',
				completed_at: sqlAt( -1 ),
			} )
			.execute();
		await db
			.insertInto( 'preselection_questions' )
			.values( {
				campaign_id: id,
				type: 'text',
				question: 'Which shop do you use?',
			} )
			.execute();
		const bug = ( tester: Tester, campaign: number, status: number ) => ( {
			tester_id: tester.id,
			campaign_id: campaign,
			title: 'A bug',
			severity_id: 1,
			type_id: 1,
			replicability_id: 1,
			status_id: status,
			steps: 'Open it',
			expected: 'It works',
			current: 'It does not',
		} );
		await db
			.insertInto( 'bugs' )
			.values( [
				bug( me, id, 1 ),
				bug( me, id, 2 ),
				bug( me, id, 2 ),
				bug( me, id, 3 ),
				// Not the tester's, or not this campaign's.
				bug( other, id, 4 ),
				bug( me, ids.started, 4 ),
			] )
			.execute();
	}

	before( async () => {
		ctx = await startTestContext();
		me = await ctx.createTester( { name: 'Mia', surname: 'Me' } );
		other = await ctx.createTester( { name: 'Otto', surname: 'Other' } );
		for ( const [ key, campaign ] of Object.entries( CAMPAIGNS ) ) {
			ids[ key as Key ] = await insertCampaign( ctx, {
				...campaign,
				title: `Campaign ${ key }`,
			} );
			if ( campaign.me ) {
				await insertApplication(
					ctx,
					me.id,
					ids[ key as Key ],
					campaign.me
				);
			}
			if ( campaign.listed ) {
				await ctx.database.db
					.insertInto( 'campaign_targets' )
					.values( {
						campaign_id: ids[ key as Key ],
						tester_id: me.id,
					} )
					.execute();
			}
		}
		await ctx.database.db
			.updateTable( 'applications' )
			.set( { contract_accepted_at: sqlAt( -2 ) } )
			.where( 'tester_id', '=', me.id )
			.where( 'campaign_id', '=', ids.started )
			.execute();
		await furnishShop();
	} );

	after( () => ctx?.close() );

	describe( 'who may see it', () => {
		const reads = [ '', '/preview', '/payout_data' ];

		it( 'answers the campaigns the tester may see', async () => {
			for ( const key of [
				'open',
				'targetIt',
				'internalApplied',
				'groupMe',
			] as const ) {
				for ( const read of reads ) {
					const response = await get( ctx, url( key, read ), me );
					assert.equal(
						response.statusCode,
						200,
						`${ key }${ read }: ${ response.body }`
					);
				}
			}
		} );

		it( 'answers a campaign the tester may not see as a missing one', async () => {
			for ( const key of [
				'targetFr',
				'internal',
				'groupOther',
			] as const ) {
				for ( const read of [ ...reads, '/tasks' ] ) {
					await assertError(
						await send( me, 'GET', url( key, read ) ),
						404,
						NOT_FOUND
					);
				}
				await assertError(
					await send( me, 'POST', url( key, '/start' ) ),
					404,
					NOT_FOUND
				);
			}
			for ( const read of reads ) {
				await assertError(
					await send(
						me,
						'GET',
						`/users/me/campaigns/999999${ read }`
					),
					404,
					NOT_FOUND
				);
			}
		} );

		it( 'refuses a call without a token, and a campaign id that is not one', async () => {
			const anonymous = await get( ctx, url( 'open' ) );
			assert.equal( anonymous.statusCode, 403, anonymous.body );
			const bad = await get( ctx, '/users/me/campaigns/0/preview', me );
			assert.equal( bad.statusCode, 400, bad.body );
		} );
	} );

	describe( 'GET /users/me/campaigns/{id}', () => {
		it( 'answers the manual and the bug form of a campaign in full', async () => {
			await asStarted( 'shop', async () =>
				assert.deepEqual(
					await getOk( ctx, url( 'shop', '?locale=fr' ), me ),
					{
						id: ids.shop,
						title: 'Campaign shop',
						type: {
							id: 2,
							name: 'Usability testing (thinking aloud)',
							icon: 'thinking-aloud',
						},
						startDate: isoAt( -5 ),
						endDate: isoAt( 10 ),
						closeDate: isoAt( 20 ),
						status: 'selected',
						selectionStatus: 'other',
						cap: 7,
						acceptedDevices: {
							smartphone: [ 'Android', 'iOS' ],
							pc: 'all',
							smartTv: 'all',
						},
						tl: {
							name: 'Tina Leader',
							email: 'tina@crowdscout.test',
						},
						manual: '<p>Manuel</p>',
						bugs: {
							refused: 1,
							approved: 2,
							pending: 1,
							needReview: 0,
						},
						hasBugForm: true,
						hasBugParade: true,
						minimumMedia: 2,
						titleRule: true,
						validFileExtensions: [ 'png', 'mp4' ],
						language: {
							code: 'en',
							message: 'Write your bugs in English',
						},
						bugSeverity: {
							valid: [ 'HIGH', 'CRITICAL' ],
							invalid: [ 'LOW', 'MEDIUM' ],
						},
						bugTypes: {
							valid: [ 'CRASH', 'MALFUNCTION', 'SECURITY' ],
							invalid: [
								'GRAPHIC',
								'PERFORMANCE',
								'TYPO',
								'OTHER',
								'USABILITY',
							],
						},
						bugReplicability: {
							valid: [ 'ALWAYS' ],
							invalid: [ 'ONCE', 'SOMETIMES' ],
						},
						useCases: [
							{ id: tasks.checkout, name: 'Record the checkout' },
							{ id: tasks.terms, name: 'Read the terms' },
							{ id: -1, name: 'Not a specific usecase' },
						],
						additionalFields: [
							{
								slug: 'browser',
								name: 'Browser',
								type: 'select',
								regex: null,
								error: null,
								options: [ 'Firefox', 'Chrome' ],
							},
							{
								slug: 'order',
								name: 'Order number',
								type: 'text',
								regex: '^[0-9]{6}$',
								error: 'Six digits',
								options: [],
							},
						],
					}
				)
			);
		} );

		it( 'keeps the manual text from a tester who may not open the manual yet', async () => {
			// shop: selected, started, contract not accepted; applied: not selected.
			for ( const key of [ 'shop', 'applied', 'upcoming' ] as Key[] ) {
				const body = await getOk( ctx, url( key, '?locale=fr' ), me );
				assert.equal( body.manual, '', key );
			}
		} );

		it( 'answers a bare campaign with empty lists and the defaults', async () => {
			const body = await getOk( ctx, url( 'open' ), me );
			assert.equal( body.manual, '' );
			assert.deepEqual( body.acceptedDevices, {} );
			assert.equal( body.tl, null );
			assert.equal( body.cap, null );
			assert.equal( body.language, null );
			assert.deepEqual( body.bugs, {
				refused: 0,
				approved: 0,
				pending: 0,
				needReview: 0,
			} );
			assert.deepEqual( body.validFileExtensions, DEFAULT_EXTENSIONS );
			assert.deepEqual( body.bugSeverity, {
				valid: [],
				invalid: SEVERITIES,
			} );
			assert.deepEqual( body.bugTypes, { valid: [], invalid: TYPES } );
			assert.deepEqual( body.bugReplicability, {
				valid: [],
				invalid: REPLICABILITIES,
			} );
			assert.deepEqual( body.useCases, [
				{ id: -1, name: 'Not a specific usecase' },
			] );
			assert.deepEqual( body.additionalFields, [] );
		} );

		it( 'tells each application and selection state apart', async () => {
			const expected: Array< [ Key, string, string ] > = [
				[ 'open', 'available', 'other' ],
				[ 'applied', 'applied', 'other' ],
				[ 'excluded', 'excluded', 'excluded' ],
				[ 'upcoming', 'selected', 'not-started' ],
				[ 'shop', 'selected', 'starting' ],
				[ 'started', 'selected', 'other' ],
			];
			for ( const [ key, status, selectionStatus ] of expected ) {
				const body = await getOk( ctx, url( key ), me );
				assert.deepEqual(
					[ body.status, body.selectionStatus ],
					[ status, selectionStatus ],
					key
				);
			}
		} );

		it( 'answers the manual in the locale, else English, else any language it has', async () => {
			const manual = async ( key: Key, query: string ) =>
				( await getOk( ctx, url( key, query ), me ) ).manual;
			await asStarted( 'shop', async () => {
				assert.equal(
					await manual( 'shop', '' ),
					'<p>English manual</p>'
				);
				assert.equal(
					await manual( 'shop', '?locale=fr' ),
					'<p>Manuel</p>'
				);
				// Spanish is missing and the Italian manual is empty: English.
				assert.equal(
					await manual( 'shop', '?locale=es' ),
					'<p>English manual</p>'
				);
				assert.equal(
					await manual( 'shop', '?locale=it' ),
					'<p>English manual</p>'
				);
			} );
		} );
	} );

	describe( 'GET /users/me/campaigns/{id}/preview', () => {
		it( 'answers the preview with what the apply area needs', async () => {
			assert.deepEqual(
				await getOk( ctx, url( 'shop', '/preview' ), me ),
				{
					id: ids.shop,
					title: 'Campaign shop',
					type: {
						id: 2,
						name: 'Usability testing (thinking aloud)',
						icon: 'thinking-aloud',
					},
					content:
						'<p>English preview</p><div data-crowdscout-block="payout"></div>',
					startDate: isoAt( -5 ),
					endDate: isoAt( 10 ),
					status: 'selected',
					cap: 7,
					acceptedDevices: {
						smartphone: [ 'Android', 'iOS' ],
						pc: 'all',
						smartTv: 'all',
					},
					tl: { name: 'Tina Leader', email: 'tina@crowdscout.test' },
					hasForm: true,
				}
			);
		} );

		it( 'answers the preview in the locale, else English, else any language it has', async () => {
			const content = async ( key: Key, query: string ) =>
				( await getOk( ctx, url( key, `/preview${ query }` ), me ) )
					.content;
			assert.equal(
				await content( 'shop', '?locale=it' ),
				'<p>Anteprima</p>'
			);
			// No French preview: English.
			assert.match(
				await content( 'shop', '?locale=fr' ),
				/English preview/
			);
			assert.equal(
				await content( 'onlyItalian', '?locale=en' ),
				'<p>Anteprima italiana</p>'
			);
			assert.equal( await content( 'open', '' ), '' );
		} );

		it( 'answers the status and the free places, never below zero', async () => {
			const preview = ( key: Key ) =>
				getOk( ctx, url( key, '/preview' ), me );
			const open = await preview( 'open' );
			assert.deepEqual(
				[ open.status, open.cap, open.hasForm, open.acceptedDevices ],
				[ 'available', null, false, {} ]
			);
			assert.equal( ( await preview( 'full' ) ).cap, 0 );
			assert.equal( ( await preview( 'applied' ) ).status, 'applied' );
			assert.equal( ( await preview( 'excluded' ) ).status, 'excluded' );
		} );
	} );

	describe( 'GET /users/me/campaigns/{id}/payout_data', () => {
		it( 'answers the amounts in euros and the points', async () => {
			assert.deepEqual(
				await getOk( ctx, url( 'shop', '/payout_data' ), me ),
				{
					campaign_complete_bonus_eur: 25.5,
					minimum_bugs: 2,
					percent_usecases: 80,
					payout_limit: 100,
					critical_bug_payout: 12.34,
					high_bug_payout: 8,
					medium_bug_payout: 4.05,
					low_bug_payout: 0.01,
					top_tester_bonus: 50,
					campaign_pts: 150,
				}
			);
		} );

		it( 'answers it before applying too', async () => {
			const body = await getOk( ctx, url( 'open', '/payout_data' ), me );
			assert.equal( body.campaign_complete_bonus_eur, 0 );
		} );
	} );

	describe( 'GET /users/me/campaigns/{id}/tasks', () => {
		it( 'answers the tasks in their order with the tester’s progress', async () => {
			assert.deepEqual( await getOk( ctx, url( 'shop', '/tasks' ), me ), [
				{
					id: tasks.checkout,
					name: 'Record the checkout',
					content: '',
					status: 'pending',
					can_upload_media: true,
				},
				{
					id: tasks.terms,
					name: 'Read the terms',
					content: '<p>Read the terms</p>',
					status: 'completed',
					can_upload_media: false,
				},
			] );
		} );

		it( 'answers an empty list for a campaign without tasks', async () => {
			assert.deepEqual(
				await getOk( ctx, url( 'noTasks', '/tasks' ), me ),
				[]
			);
		} );

		it( 'refuses a tester who is not selected', async () => {
			for ( const key of [ 'applied', 'excluded', 'open' ] as const ) {
				await assertError(
					await send( me, 'GET', url( key, '/tasks' ) ),
					403,
					NO_PERMISSION
				);
			}
			await assertError(
				await send( other, 'GET', url( 'shop', '/tasks' ) ),
				403,
				NO_PERMISSION
			);
		} );
	} );

	describe( 'POST /users/me/campaigns/{id}/start', () => {
		const acceptedAt = async ( key: Key ) =>
			(
				await ctx.database.db
					.selectFrom( 'applications' )
					.select( 'contract_accepted_at' )
					.where( 'tester_id', '=', me.id )
					.where( 'campaign_id', '=', ids[ key ] )
					.executeTakeFirstOrThrow()
			).contract_accepted_at;

		it( 'refuses a tester who is not selected, and changes nothing', async () => {
			for ( const key of [ 'applied', 'excluded' ] as const ) {
				await assertError(
					await send( me, 'POST', url( key, '/start' ) ),
					403,
					NO_PERMISSION
				);
				assert.equal( await acceptedAt( key ), null );
			}
			await assertError(
				await send( me, 'POST', url( 'open', '/start' ) ),
				403,
				NO_PERMISSION
			);
		} );

		it( 'refuses to start before the start date, with the date', async () => {
			await assertError(
				await send( me, 'POST', url( 'upcoming', '/start' ) ),
				409,
				`The manual is not ready yet, the activity will start on ${ sqlAt(
					3
				).slice( 0, 10 ) }`
			);
			assert.equal( await acceptedAt( 'upcoming' ), null );
		} );

		it( 'starts the campaign once, after which the task writes work', async () => {
			const taskUrl = url( 'shop', `/tasks/${ tasks.checkout }` );
			const early = await send( me, 'POST', taskUrl, {
				status: 'completed',
			} );
			assert.equal( early.statusCode, 403, early.body );

			const since = Date.now() - 1000;
			const first = await send( me, 'POST', url( 'shop', '/start' ) );
			assert.equal( first.statusCode, 200, first.body );
			const { id, startedAt } = first.json();
			assert.equal( id, ids.shop );
			assert.match( startedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/ );
			assert.ok( Date.parse( startedAt ) >= since );
			assert.ok( Date.parse( startedAt ) <= Date.now() );

			const again = await send( me, 'POST', url( 'shop', '/start' ) );
			assert.equal( again.statusCode, 200, again.body );
			assert.deepEqual( again.json(), first.json() );
			assert.equal(
				await acceptedAt( 'shop' ),
				startedAt.replace( 'T', ' ' ).replace( 'Z', '' )
			);

			const manual = await getOk( ctx, url( 'shop' ), me );
			assert.equal( manual.selectionStatus, 'other' );
			const done = await send( me, 'POST', taskUrl, {
				status: 'completed',
			} );
			assert.equal( done.statusCode, 200, done.body );
			assert.equal( done.json().status, 'completed' );
		} );

		it( 'keeps the first start of a campaign started before', async () => {
			const first = await acceptedAt( 'started' );
			const response = await send(
				me,
				'POST',
				url( 'started', '/start' )
			);
			assert.equal( response.statusCode, 200, response.body );
			assert.deepEqual( response.json(), {
				id: ids.started,
				startedAt: isoAt( -2 ),
			} );
			assert.equal( await acceptedAt( 'started' ), first );
		} );
	} );
} );
