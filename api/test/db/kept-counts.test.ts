import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import * as rankBuckets from '../../migrations/0007-rank-buckets.ts';
import { isMysql } from '../../src/db/engine.ts';
import {
	bucketOf,
	CAMPAIGN_COPIES,
	KEEPING_TRIGGERS,
	KEPT_TABLES,
	RANK_BUCKET_POINTS,
	recount,
} from '../../src/db/kept-counts.ts';
import type { ApplicationStatus, Database } from '../../src/db/schema.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { toSqlDateTime } from '../../src/db/values.ts';
import { createRankingRepository } from '../../src/features/ranking/repository.ts';
import { LEVELS } from '../../src/lookups/levels.ts';
import { seed } from '../../src/seed/index.ts';
import { Random } from '../../src/seed/random.ts';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from '../helpers/database.ts';

/**
 * What the triggers keep equals what a recount rebuilds from the source rows: a small seed, a few hundred random
 * writes of every kind a kept count or copy follows (same seed, same writes), then every kept table read before
 * and after `recount`. A trigger that keeps a count wrong, or a recount that counts it wrong, makes them differ.
 */

const WRITES = 800;
const REFERENCE = Date.UTC( 2026, 10, 1 );
const DAY = 86_400_000;
const MONTHS = [ '2026-10-01', '2026-11-01', '2026-12-01' ];
const STATUSES: ApplicationStatus[] = [ 'applied', 'selected', 'excluded' ];
const VISIBILITIES = [ 'public', 'target', 'small-group', 'internal' ] as const;

/** A date a whole number of days from the reference date, few enough that campaigns share end dates. */
const dayAt = ( days: number ) =>
	toSqlDateTime( new Date( REFERENCE + days * DAY ) );

/**
 * Every kept table's rows, a row of zeros left out (it reads as none), values as numbers, sorted.
 *
 * @param db
 */
async function snapshot( db: Kysely< Database > ) {
	const tables: Record< string, string[] > = {};
	for ( const kept of KEPT_TABLES ) {
		const { rows } = await sql<
			Record< string, unknown >
		>`select ${ sql.raw(
			[ ...kept.key, ...kept.values ].join( ', ' )
		) } from ${ sql.table( kept.table ) }`.execute( db );
		tables[ kept.table ] = rows
			.filter( ( row ) =>
				kept.values.some( ( name ) => Number( row[ name ] ) !== 0 )
			)
			.map( ( row ) =>
				[
					...kept.key.map( ( name ) => String( row[ name ] ) ),
					...kept.values.map( ( name ) => Number( row[ name ] ) ),
				].join( '|' )
			)
			.sort();
	}
	return tables;
}

/**
 * Applications whose copies differ from their campaign's status and dates.
 *
 * @param db
 */
async function staleCopies( db: Kysely< Database > ) {
	return db
		.selectFrom( 'applications as a' )
		.innerJoin( 'campaigns as c', 'c.id', 'a.campaign_id' )
		.select( 'a.id' )
		.where( ( eb ) =>
			eb.or( [
				eb( 'a.campaign_status_id', '<>', eb.ref( 'c.status_id' ) ),
				eb( 'a.campaign_start_date', 'is', null ),
				eb( 'a.campaign_start_date', '<>', eb.ref( 'c.start_date' ) ),
				eb( 'a.campaign_end_date', 'is', null ),
				eb( 'a.campaign_end_date', '<>', eb.ref( 'c.end_date' ) ),
				eb( 'a.campaign_close_date', 'is', null ),
				eb( 'a.campaign_close_date', '<>', eb.ref( 'c.close_date' ) ),
			] )
		)
		.execute();
}

/**
 * The ids of a table's rows, in id order (the same picks on both engines).
 *
 * @param db
 * @param table
 */
async function idsOf(
	db: Kysely< Database >,
	table:
		| 'testers'
		| 'campaigns'
		| 'applications'
		| 'bugs'
		| 'experience_entries'
		| 'campaign_targets'
) {
	const rows = await db
		.selectFrom( table )
		.select( 'id' )
		.orderBy( 'id' )
		.execute();
	return rows.map( ( row ) => row.id );
}

/**
 * One random write of each kind the kept counts and copies follow, by the paths the API, the seed or an admin
 * would take (applications copy their campaign as the writers do; a campaign loses its bugs and applications
 * before it goes, as MariaDB's cascades fire no trigger).
 *
 * @param db
 */
function writes( db: Kysely< Database > ) {
	const ranking = createRankingRepository( db );
	const pair = async ( random: Random ) => ( {
		testerId: random.pick( await idsOf( db, 'testers' ) ),
		campaignId: random.pick( await idsOf( db, 'campaigns' ) ),
	} );
	const exists = async (
		table: 'applications' | 'campaign_targets',
		{ testerId, campaignId }: { testerId: number; campaignId: number }
	) =>
		Boolean(
			await db
				.selectFrom( table )
				.select( 'id' )
				.where( 'tester_id', '=', testerId )
				.where( 'campaign_id', '=', campaignId )
				.executeTakeFirst()
		);
	const deleteOne = async (
		random: Random,
		table:
			| 'applications'
			| 'bugs'
			| 'experience_entries'
			| 'campaign_targets'
	) => {
		const ids = await idsOf( db, table );
		if ( ids.length ) {
			await db
				.deleteFrom( table )
				.where( 'id', '=', random.pick( ids ) )
				.execute();
		}
	};
	/**
	 * None, one or all of a campaign's dates moved, start ≤ end ≤ close kept (0003's check).
	 *
	 * @param random
	 * @param id
	 */
	const newDates = async ( random: Random, id: number ) => {
		const dates = await db
			.selectFrom( 'campaigns' )
			.select( [ 'start_date', 'end_date', 'close_date' ] )
			.where( 'id', '=', id )
			.executeTakeFirstOrThrow();
		const moved = ( date: string, days: number ) =>
			toSqlDateTime(
				new Date(
					Date.parse( `${ date.replace( ' ', 'T' ) }Z` ) + days * DAY
				)
			);
		switch ( random.int( 0, 3 ) ) {
			case 1:
				return {
					start_date: moved( dates.start_date, -random.int( 1, 5 ) ),
				};
			case 2:
				return {
					close_date: moved( dates.close_date, random.int( 1, 5 ) ),
				};
			case 3: {
				const days = random.int( -15, 15 );
				return {
					start_date: moved( dates.start_date, days ),
					end_date: moved( dates.end_date, days ),
					close_date: moved( dates.close_date, days ),
				};
			}
			default:
				return {};
		}
	};
	return {
		async addExperience( random: Random ) {
			const { testerId, campaignId } = await pair( random );
			await db
				.insertInto( 'experience_entries' )
				.values( {
					tester_id: testerId,
					amount: random.int( -50, 200 ),
					activity_id: random.int( 1, 5 ),
					campaign_id: random.chance( 0.5 ) ? campaignId : null,
				} )
				.execute();
		},
		removeExperience: ( random: Random ) =>
			deleteOne( random, 'experience_entries' ),
		async addBug( random: Random ) {
			const { testerId, campaignId } = await pair( random );
			await db
				.insertInto( 'bugs' )
				.values( {
					tester_id: testerId,
					campaign_id: campaignId,
					title: 'Random bug',
					severity_id: random.int( 1, 4 ),
					type_id: random.int( 1, 8 ),
					replicability_id: random.int( 1, 3 ),
					status_id: random.int( 1, 4 ),
					steps: '1. Open',
					expected: 'Works',
					current: 'Fails',
				} )
				.execute();
		},
		removeBug: ( random: Random ) => deleteOne( random, 'bugs' ),
		async addApplication( random: Random ) {
			const chosen = await pair( random );
			if ( await exists( 'applications', chosen ) ) {
				return;
			}
			const campaign = await db
				.selectFrom( 'campaigns' )
				.select( [
					'status_id',
					'start_date',
					'end_date',
					'close_date',
				] )
				.where( 'id', '=', chosen.campaignId )
				.executeTakeFirstOrThrow();
			const application = {
				tester_id: chosen.testerId,
				campaign_id: chosen.campaignId,
				status: random.pick( STATUSES ),
			};
			// Without its campaign's copies, or with a stale one, 0011 refuses the application.
			await assert.rejects(
				db
					.insertInto( 'applications' )
					.values( {
						...application,
						campaign_status_id: campaign.status_id,
					} )
					.execute(),
				/campaign status and dates/
			);
			await db
				.insertInto( 'applications' )
				.values( {
					...application,
					campaign_status_id: campaign.status_id,
					campaign_start_date: campaign.start_date,
					campaign_end_date: campaign.end_date,
					campaign_close_date: campaign.close_date,
				} )
				.execute();
		},
		async changeApplication( random: Random ) {
			const ids = await idsOf( db, 'applications' );
			if ( ids.length ) {
				await db
					.updateTable( 'applications' )
					.set( { status: random.pick( STATUSES ) } )
					.where( 'id', '=', random.pick( ids ) )
					.execute();
			}
		},
		removeApplication: ( random: Random ) =>
			deleteOne( random, 'applications' ),
		async addListing( random: Random ) {
			const chosen = await pair( random );
			if ( ! ( await exists( 'campaign_targets', chosen ) ) ) {
				await db
					.insertInto( 'campaign_targets' )
					.values( {
						tester_id: chosen.testerId,
						campaign_id: chosen.campaignId,
					} )
					.execute();
			}
		},
		removeListing: ( random: Random ) =>
			deleteOne( random, 'campaign_targets' ),
		async addCampaign( random: Random ) {
			const start = random.int( -40, 20 );
			const end = start + random.int( 1, 12 );
			await db
				.insertInto( 'campaigns' )
				.values( {
					campaign_type_id: 1,
					title: 'Random campaign',
					start_date: dayAt( start ),
					end_date: dayAt( end ),
					close_date: dayAt( end + random.int( 0, 5 ) ),
					status_id: random.int( 1, 2 ),
					visibility: random.pick( VISIBILITIES ),
				} )
				.execute();
		},
		/**
		 * A change of some of a campaign's status, dates and visibility, or of none of them; its applications'
		 * copies must follow at once.
		 *
		 * @param random
		 */
		async changeCampaign( random: Random ) {
			const id = random.pick( await idsOf( db, 'campaigns' ) );
			await db
				.updateTable( 'campaigns' )
				.set( {
					...( random.chance( 0.5 )
						? { status_id: random.int( 1, 2 ) }
						: {} ),
					...( random.chance( 0.3 )
						? { visibility: random.pick( VISIBILITIES ) }
						: {} ),
					...( await newDates( random, id ) ),
					selected_count: random.int( 0, 9 ),
				} )
				.where( 'id', '=', id )
				.execute();
			const stale = ( await staleCopies( db ) ).map( ( row ) => row.id );
			assert.deepEqual( stale, [], `campaign ${ id }'s copies follow` );
		},
		async removeCampaign( random: Random ) {
			const id = random.pick( await idsOf( db, 'campaigns' ) );
			await db
				.deleteFrom( 'bugs' )
				.where( 'campaign_id', '=', id )
				.execute();
			await db
				.deleteFrom( 'applications' )
				.where( 'campaign_id', '=', id )
				.execute();
			await db.deleteFrom( 'campaigns' ).where( 'id', '=', id ).execute();
		},
		async addPoints( random: Random ) {
			const testerId = random.pick( await idsOf( db, 'testers' ) );
			await inTransaction( db, ( trx ) =>
				ranking.recordMonthlyPoints(
					trx,
					testerId,
					random.pick( MONTHS ),
					random.int( -30, 300 ),
					random.pick( LEVELS ).id
				)
			);
		},
		async addTester( random: Random ) {
			const n = random.int( 0, 999_999 );
			await db
				.insertInto( 'testers' )
				.values( {
					wp_user_id: 500_000 + n,
					email: `random.${ n }@example.test`,
					name: 'Random',
					surname: 'Tester',
				} )
				// The same number twice is no new tester.
				.$call( ( insert ) =>
					isMysql( db )
						? insert.ignore()
						: insert.onConflict( ( conflict ) =>
								conflict.doNothing()
						  )
				)
				.execute();
		},
	};
}

/** How often each write runs: more adds than deletes, so that the tables fill. */
const WEIGHTS: ReadonlyArray<
	readonly [ keyof ReturnType< typeof writes >, number ]
> = [
	[ 'addExperience', 3 ],
	[ 'removeExperience', 1 ],
	[ 'addBug', 3 ],
	[ 'removeBug', 1 ],
	[ 'addApplication', 6 ],
	[ 'changeApplication', 4 ],
	[ 'removeApplication', 1 ],
	[ 'addListing', 5 ],
	[ 'removeListing', 1 ],
	[ 'addCampaign', 2 ],
	[ 'changeCampaign', 5 ],
	[ 'removeCampaign', 1 ],
	[ 'addPoints', 4 ],
	[ 'addTester', 1 ],
];

/** The cases the counts tell apart, each of which the writes must reach for the comparison to mean anything. */
const CASES = [
	[
		'an internal campaign listed to a tester who did not apply',
		sql`exists (select 1 from campaign_targets l join campaigns c on c.id = l.campaign_id
			where c.visibility = 'internal' and not exists (select 1 from applications a
				where a.tester_id = l.tester_id and a.campaign_id = l.campaign_id))`,
	],
	[
		'a small-group campaign a tester applied to and is listed for',
		sql`exists (select 1 from campaign_targets l join campaigns c on c.id = l.campaign_id
			join applications a on a.tester_id = l.tester_id and a.campaign_id = l.campaign_id
			where c.visibility = 'small-group')`,
	],
	[
		'a selected application to a closed campaign',
		sql`exists (select 1 from applications where status = 'selected' and campaign_status_id = 2)`,
	],
	[
		'two listed campaigns ending at the same moment',
		sql`exists (select 1 from campaigns where visibility in ('public', 'target')
			group by end_date having count(*) > 1)`,
	],
	[
		'two testers with the same points in a month and level',
		sql`exists (select 1 from tester_monthly_levels group by month, level_id, points
			having count(*) > 1)`,
	],
] as const;

/**
 * The CASES the data holds.
 *
 * @param db
 */
async function cases( db: Kysely< Database > ) {
	const held: string[] = [];
	for ( const [ name, condition ] of CASES ) {
		const { rows } = await sql< {
			held: number | string;
		} >`select case when ${ condition } then 1 else 0 end as held`.execute(
			db
		);
		if ( Number( rows[ 0 ].held ) ) {
			held.push( name );
		}
	}
	return held;
}

describe( `kept counts on ${ testEngine() }`, () => {
	let database: TestDatabase;
	let db: Kysely< Database >;
	before( async () => {
		database = await createTestDatabase();
		db = database.db;
		await seed( db, {
			seed: 'kept-counts',
			testers: 24,
			campaigns: 16,
			bugsPerTester: 4,
			experiencePerTester: 8,
		} );
	} );
	after( () => database.drop() );

	it( 'lists every trigger the database has, and only those', async () => {
		const { rows } = isMysql( db )
			? await sql< {
					name: string;
			  } >`select trigger_name as name from information_schema.triggers
					where trigger_schema = database()`.execute( db )
			: await sql< {
					name: string;
			  } >`select name from sqlite_master where type = 'trigger'`.execute(
					db
			  );
		assert.deepEqual(
			rows.map( ( row ) => row.name ).sort(),
			[ ...KEEPING_TRIGGERS ].sort()
		);
		assert.deepEqual( CAMPAIGN_COPIES.triggers, [
			'applications_campaign_copy',
			'applications_campaign_copy_insert',
		] );
	} );

	it( 'reads the rank buckets with the width migration 0007 keeps them at', () => {
		assert.equal( RANK_BUCKET_POINTS, rankBuckets.RANK_BUCKET_POINTS );
		assert.equal( bucketOf( 'points' ), rankBuckets.bucketOf( 'points' ) );
	} );

	it( 'keeps, after random writes of every kind, what a recount rebuilds', async () => {
		const random = new Random( 'kept-counts' );
		const write = writes( db );
		const done = new Set< string >();
		for ( let n = 0; n < WRITES; n++ ) {
			const kind = random.weighted( WEIGHTS );
			await write[ kind ]( random );
			done.add( kind );
		}
		assert.equal( done.size, WEIGHTS.length, 'every kind of write ran' );
		assert.deepEqual(
			await cases( db ),
			CASES.map( ( [ name ] ) => name )
		);
		assert.deepEqual( await staleCopies( db ), [] );
		const kept = await snapshot( db );
		for ( const table of Object.keys( kept ) ) {
			assert.ok( kept[ table ].length > 0, `${ table } has rows` );
		}
		const recounted = await recount( db );
		assert.deepEqual(
			recounted.filter( ( { differed } ) => differed ),
			[],
			'the recount changed nothing'
		);
		assert.deepEqual( await snapshot( db ), kept );
	} );

	it( 'repairs counts written wrong, and says which', async () => {
		const right = await snapshot( db );
		const testerId = ( await idsOf( db, 'testers' ) )[ 0 ];
		await db
			.updateTable( 'tester_counts' )
			.set( { bugs: 99 } )
			.where( 'tester_id', '=', testerId )
			.execute();
		await db.deleteFrom( 'listed_end_counts' ).execute();
		await db
			.insertInto( 'campaign_counts' )
			.values( { status_id: 2, visibility: 'nobody', campaigns: 3 } )
			.execute();
		// An application whose copies are stale also sits in the wrong application_counts row.
		const applicationId = ( await idsOf( db, 'applications' ) )[ 0 ];
		await db
			.updateTable( 'applications' )
			.set( { campaign_status_id: 9, campaign_end_date: dayAt( 999 ) } )
			.where( 'id', '=', applicationId )
			.execute();
		const differed = Object.fromEntries(
			( await recount( db ) ).map( ( row ) => [
				row.table,
				row.differed,
			] )
		);
		assert.deepEqual( await snapshot( db ), right );
		assert.deepEqual( await staleCopies( db ), [] );
		assert.equal( differed[ 'applications.campaign_*' ], 1 );
		assert.equal( differed.tester_counts, 1 );
		assert.equal( differed.campaign_counts, 1 );
		assert.equal(
			differed.listed_end_counts,
			right.listed_end_counts.length
		);
		assert.equal( differed.tester_end_counts, 0 );
	} );
} );
