/**
 * Benchmark data for `npm run bench` (scripts/bench/api.mjs): migrates the database at --db-url, and unless it
 * already holds this exact data set, seeds it at the requested scale with one extra tester given the `heavy`
 * demo profile (thousands of applications, experience entries and bugs). Prints one JSON line on stdout:
 * `{ token, testerId, campaignId, bugId, task, seeded, ms }`, a bearer token for that tester signed with CROWDSCOUT_SECRET.
 *
 *   node --import tsx api/bench/prepare.ts --db-url URL --testers N --campaigns M --bugs-per-tester K
 *     --experience-per-tester E --reference-date YYYY-MM-DD
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { checkSecret } from '../src/config.ts';
import { createDatabase, parseDatabaseUrl } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { toSqlDateTime } from '../src/db/values.ts';
import { createTokenService } from '../src/lib/auth.ts';
import { monthOf } from '../src/features/ranking/repository.ts';
import { createTestersRepository } from '../src/features/me/repository.ts';
import { writeCustomFieldCatalogue } from '../src/seed/custom-fields.ts';
import { seed } from '../src/seed/index.ts';

export const BENCH_EMAIL = 'bench-heavy@crowdscout.test';
/** Below the seeded range (1,000,000 and up) and far above any real development user. */
const BENCH_WP_USER_ID = 999_999;

const { values } = parseArgs( {
	options: {
		'db-url': { type: 'string' },
		testers: { type: 'string', default: '100000' },
		campaigns: { type: 'string', default: '10000' },
		'bugs-per-tester': { type: 'string', default: '10' },
		'experience-per-tester': { type: 'string', default: '50' },
		'reference-date': { type: 'string' },
	},
} );

const log = ( line: string ) => process.stderr.write( `${ line }\n` );

const url = values[ 'db-url' ];
if ( ! url ) {
	throw new Error( '--db-url is required' );
}
const secret = checkSecret( process.env.CROWDSCOUT_SECRET );
const referenceDate =
	values[ 'reference-date' ] ?? new Date().toISOString().slice( 0, 10 );
const scale = {
	testers: Number( values.testers ),
	campaigns: Number( values.campaigns ),
	bugsPerTester: Number( values[ 'bugs-per-tester' ] ),
	experiencePerTester: Number( values[ 'experience-per-tester' ] ),
};
/** What the data set is: a database seeded with another key is seeded again. */
const key = JSON.stringify( {
	...scale,
	referenceDate,
	seed: 'bench',
	// Raised whenever the generator's output changes, so an older data set is seeded again.
	generator: 4,
} );

/**
 * The data set's database, empty when `fresh`. A benchmark database is the benchmark's own, so a data set
 * seeded with another key is thrown away whole: dropping it takes a second where deleting ten million rows
 * one trigger at a time took minutes.
 *
 * @param databaseUrl
 * @param fresh
 */
async function openDatabase( databaseUrl: string, fresh: boolean ) {
	const target = parseDatabaseUrl( databaseUrl );
	if ( target.engine === 'sqlite' ) {
		if ( fresh ) {
			for ( const suffix of [ '', '-wal', '-shm' ] ) {
				fs.rmSync( target.file + suffix, { force: true } );
			}
		}
		return createDatabase( databaseUrl );
	}
	if ( ! /^\w+$/.test( target.database ) ) {
		throw new Error(
			`--db-url must name a database, not "${ target.database }"`
		);
	}
	const parsed = new URL( databaseUrl );
	parsed.pathname = '/mysql';
	const server = createDatabase( parsed.toString() );
	try {
		if ( fresh ) {
			await sql`drop database if exists ${ sql.raw(
				target.database
			) }`.execute( server.db );
		}
		await sql`create database if not exists ${ sql.raw(
			target.database
		) } character set utf8mb4 collate utf8mb4_unicode_ci`.execute(
			server.db
		);
	} finally {
		await server.destroy();
	}
	return createDatabase( databaseUrl );
}

/** The key of the data set the database holds, if any. */
async function storedKey( databaseUrl: string ): Promise< string | undefined > {
	const database = await openDatabase( databaseUrl, false );
	try {
		await sql`create table if not exists bench_marker (data_key varchar(255) not null)`.execute(
			database.db
		);
		const marker = await sql< {
			data_key: string;
		} >`select data_key from bench_marker`.execute( database.db );
		return marker.rows[ 0 ]?.data_key;
	} finally {
		await database.destroy();
	}
}

const started = performance.now();
const seeded = ( await storedKey( url ) ) !== key;
const database = await openDatabase( url, seeded );
const { db } = database;
try {
	await migrateToLatest( db );
	// A reused data set gains what the catalogue got since (its groups' and options' names per language), so
	// GET /custom_user_fields is measured on the rows it reads in production.
	await writeCustomFieldCatalogue( db );
	const testers = createTestersRepository( db );
	if ( seeded ) {
		const heavy = await testers.create( {
			wpUserId: BENCH_WP_USER_ID,
			email: BENCH_EMAIL,
			name: 'Bench',
			surname: 'Heavy',
			country: 'IT',
		} );
		log(
			`Seeding ${ scale.testers.toLocaleString(
				'en'
			) } testers, ${ scale.campaigns.toLocaleString(
				'en'
			) } campaigns (reference date ${ referenceDate }); this runs once per data set…`
		);
		let reported = 0;
		await seed( db, {
			seed: 'bench',
			...scale,
			referenceDate,
			demo: [ { testerId: heavy.id, profile: 'heavy' } ],
			onProgress: ( progress ) => {
				if (
					progress.testersDone < progress.testers &&
					progress.elapsedMs - reported < 10_000
				) {
					return;
				}
				reported = progress.elapsedMs;
				log(
					`  testers ${ progress.testersDone.toLocaleString(
						'en'
					) }/${ progress.testers.toLocaleString( 'en' ) }, ${ (
						progress.elapsedMs / 1000
					).toFixed( 0 ) } s`
				);
			},
		} );
		await sql`create table bench_marker (data_key varchar(255) not null)`.execute(
			db
		);
		await sql`insert into bench_marker (data_key) values (${ key })`.execute(
			db
		);
	}
	const heavy = await testers.findByEmail( BENCH_EMAIL );
	if ( ! heavy ) {
		throw new Error( 'The benchmark tester is missing' );
	}
	// A campaign the tester has experience in, for the campaign filter of the experience list.
	const entry = await db
		.selectFrom( 'experience_entries' )
		.select( 'campaign_id' )
		.where( 'tester_id', '=', heavy.id )
		.where( 'campaign_id', 'is not', null )
		.orderBy( 'id' )
		.executeTakeFirst();
	// The bug page's read: the tester's newest bug with media (signed per request), else the newest bug.
	const bug = await db
		.selectFrom( 'bugs as b' )
		.leftJoin( 'bug_media as m', 'm.bug_id', 'b.id' )
		.select( 'b.id' )
		.where( 'b.tester_id', '=', heavy.id )
		.orderBy( 'm.id', 'desc' )
		.orderBy( 'b.id', 'desc' )
		.limit( 1 )
		.executeTakeFirst();
	// Completing a task (a write each time: the answer's upsert runs even for a completed task): a task of a started
	// campaign the tester is selected in, preferring one whose contract the tester accepted; otherwise that
	// application's contract is accepted here, as the manual's start button would.
	const selected = await db
		.selectFrom( 'applications as a' )
		.innerJoin( 'campaigns as c', 'c.id', 'a.campaign_id' )
		.innerJoin( 'campaign_tasks as t', 't.campaign_id', 'a.campaign_id' )
		.select( [
			'a.id',
			'a.campaign_id',
			'a.contract_accepted_at',
			't.id as task_id',
		] )
		.where( 'a.tester_id', '=', heavy.id )
		.where( 'a.status', '=', 'selected' )
		.where( 'c.start_date', '<=', toSqlDateTime() )
		.orderBy( sql`a.contract_accepted_at is null` )
		.orderBy( 'a.id' )
		.orderBy( 't.position' )
		.limit( 1 )
		.executeTakeFirst();
	if ( selected && ! selected.contract_accepted_at ) {
		await db
			.updateTable( 'applications' )
			.set( { contract_accepted_at: toSqlDateTime() } )
			.where( 'id', '=', selected.id )
			.execute();
	}
	// The rank's worst case: a tester in the middle of the most crowded level this month.
	const month = monthOf( new Date() );
	const crowded = await db
		.selectFrom( 'tester_monthly_levels' )
		.select( [ 'level_id', ( eb ) => eb.fn.countAll().as( 'testers' ) ] )
		.where( 'month', '=', month )
		.where( 'level_id', '>', 0 )
		.groupBy( 'level_id' )
		.orderBy( 'testers', 'desc' )
		.executeTakeFirstOrThrow();
	const middle = await db
		.selectFrom( 'tester_monthly_levels as m' )
		.innerJoin( 'testers as t', 't.id', 'm.tester_id' )
		.select( [ 't.wp_user_id', 'm.points' ] )
		.where( 'm.month', '=', month )
		.where( 'm.level_id', '=', crowded.level_id )
		.orderBy( 'm.points', 'desc' )
		.orderBy( 'm.tester_id' )
		.offset( Math.floor( Number( crowded.testers ) / 2 ) )
		.limit( 1 )
		.executeTakeFirstOrThrow();
	const tokens = createTokenService( secret );
	const mint = async ( wpUserId: number | string ) =>
		(
			await tokens.mint( {
				sub: String( wpUserId ),
				role: 'subscriber',
			} )
		).token;
	const [ experience, bugs ] = await Promise.all(
		( [ 'experience_entries', 'bugs' ] as const ).map( async ( table ) =>
			Number(
				(
					await db
						.selectFrom( table )
						.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
						.where( 'tester_id', '=', heavy.id )
						.executeTakeFirstOrThrow()
				).n
			)
		)
	);
	process.stdout.write(
		`${ JSON.stringify( {
			token: await mint( heavy.wpUserId ),
			testerId: heavy.id,
			experience,
			bugs,
			campaignId: entry?.campaign_id ?? null,
			bugId: bug?.id ?? null,
			task: selected
				? { campaignId: selected.campaign_id, taskId: selected.task_id }
				: null,
			middle: {
				token: await mint( middle.wp_user_id ),
				level: crowded.level_id,
				testers: Number( crowded.testers ),
				points: Number( middle.points ),
			},
			seeded,
			ms: Math.round( performance.now() - started ),
		} ) }\n`
	);
} finally {
	await database.destroy();
}
