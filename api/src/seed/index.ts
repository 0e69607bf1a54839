import { sql, type Kysely } from 'kysely';
import { writeReceiptsOf } from '../features/payments/admin-repository.ts';
import { isMysql } from '../db/engine.ts';
import type { Database } from '../db/schema.ts';
import { writeDemoBugReports } from './bug-reports.ts';
import { planCampaigns, updateCampaignCounters } from './campaigns.ts';
import { SeedContext, type SeedOptions } from './context.ts';
import {
	writeCustomFieldCatalogue,
	writeDemoProfileParts,
} from './custom-fields.ts';
import type { DemoPlan } from './demo.ts';
import { writeDemoCampaignStates } from './demo-campaigns.ts';
import { writeDemoLeadership } from './demo-leads.ts';
import { writeDemoProfileStates } from './demo-profiles.ts';
import { writePopups } from './popups.ts';
import { rebuildMonthlyRankCounts } from './reset.ts';
import type { DemoUpdate } from './testers/profile.ts';
import { writeTester, type TesterWorld } from './testers/tester.ts';
import type { SeedTable, TableStats } from './writer.ts';

/**
 * Demo data at any scale, written straight into the API database: testers with profiles, devices, fiscal
 * profiles, applications, bugs, experience, monthly levels, booty and payments (testers/); campaigns in every
 * lifecycle state with their contents, bug-form settings, accepted devices, tasks and pre-selection questions
 * (campaigns.ts, preselection.ts); the demo veteran's campaign states (demo-campaigns.ts); popups and their reads
 * (popups.ts, testers/popups.ts).
 *
 * Deterministic: every value comes from a seeded PRNG (one stream for the campaigns, one per tester, so a
 * tester's rows do not depend on the chunk size) and every date from `referenceDate`, never the clock. Ids
 * are assigned here, after the highest id already in each table, so child rows need no read-back; on an empty
 * database the same seed gives the same rows, byte for byte. How seeded rows are recognised: seeded.ts.
 *
 * The counters kept alongside the rows (0003) are written consistent with them:
 * - testers.total_exp_pts = SUM(experience_entries.amount) = SUM(tester_monthly_levels.points);
 * - testers.attended_cp = applications selected and completed; testers.approved_bugs = bugs with status 2;
 * - testers.booty_* = SUM of all booty entries, pending_booty_* = SUM of those with no payment request;
 * - campaigns.selected_count = selected applications (set from the rows by one UPDATE at the end);
 * - applications.campaign_status_id, campaign_start_date, campaign_end_date, campaign_close_date = their
 *   campaign's status_id and dates (0005);
 * - monthly_rank_counts = tester_monthly_levels counted per month, level and points, real testers' rows
 *   included (0005; rebuilt from the rows at the end of seed() and of resetSeed()).
 */

export { DEMO_PROFILES, type DemoProfile, type DemoTester } from './demo.ts';
export type { SeedOptions, SeedProgress } from './context.ts';
export { rebuildMonthlyRankCounts, resetSeed } from './reset.ts';
export {
	countSeeded,
	SEED_EMAIL_DOMAIN,
	SEED_WP_USER_ID_BASE,
} from './seeded.ts';

export interface SeedResult {
	tables: Record< SeedTable, TableStats >;
	totalRows: number;
	ms: number;
}

export async function seed(
	db: Kysely< Database >,
	options: SeedOptions
): Promise< SeedResult > {
	const started = performance.now();
	const { context, demo } = await SeedContext.create( db, options );
	await withFastWrites( db, async () => {
		await writeCustomFieldCatalogue( db );
		const planned = planCampaigns( context );
		const popups = writePopups( context );
		await context.writer.flush();
		await writeDemoTesters( db, context, demo, {
			planned,
			popups,
			testerBase: 0,
		} );
		await writeGeneratedTesters( context, {
			planned,
			popups,
			testerBase: context.lastId( 'testers' ),
		} );
		await writeDemoProfileParts( db, demo );
		await writeDemoProfileStates( db, demo );
		await writeDemoCampaignStates( db, demo, context.now );
		await writeDemoBugReports( db, demo, options.storage );
		await writeDemoLeadership( db, demo, options.leadWpUserIds ?? [] );
		if ( options.storage ) {
			// The demo testers' paid requests get their PDF receipts, as the back office makes them.
			await writeReceiptsOf(
				db,
				options.storage,
				demo.map( ( plan ) => plan.id )
			);
		}
		await updateCampaignCounters( db, planned.campaigns );
		await rebuildMonthlyRankCounts( db );
	} );
	const tables = Object.fromEntries( context.writer.stats ) as Record<
		SeedTable,
		TableStats
	>;
	return {
		tables,
		totalRows: Object.values( tables ).reduce(
			( sum, stats ) => sum + stats.rows,
			0
		),
		ms: performance.now() - started,
	};
}

/**
 * Runs `write` with SQLite's fsyncs off and a large page cache, then puts them back: a crash mid-seed loses a
 * demo database, not data, and the index builds get memory.
 *
 * @param db
 * @param write
 */
async function withFastWrites(
	db: Kysely< Database >,
	write: () => Promise< void >
): Promise< void > {
	const mysql = isMysql( db );
	if ( ! mysql ) {
		await sql`pragma synchronous = OFF`.execute( db );
		await sql`pragma cache_size = -262144`.execute( db );
	}
	try {
		await write();
	} finally {
		if ( ! mysql ) {
			await sql`pragma synchronous = NORMAL`.execute( db );
			await sql`pragma cache_size = -2000`.execute( db );
		}
	}
}

/**
 * The demo testers first, so they get their pick of the campaigns; their own rows exist, so their columns are
 * updated once everything they own is in.
 *
 * @param db
 * @param context
 * @param demo
 * @param world
 */
async function writeDemoTesters(
	db: Kysely< Database >,
	context: SeedContext,
	demo: DemoPlan[],
	world: TesterWorld
): Promise< void > {
	const updates: DemoUpdate[] = [];
	for ( const plan of demo ) {
		const update = writeTester( context, world, -1, plan );
		if ( update ) {
			updates.push( update );
		}
		await context.writer.flush();
	}
	for ( const { id, values } of updates ) {
		await db
			.updateTable( 'testers' )
			.set( values as never )
			.where( 'id', '=', id )
			.execute();
	}
}

/** One transaction per chunk of testers, with the progress reported after each. */
async function writeGeneratedTesters(
	context: SeedContext,
	world: TesterWorld
): Promise< void > {
	const started = performance.now();
	const { testers, chunkTesters, writer } = context;
	for ( let index = 0; index < testers; index++ ) {
		writeTester( context, world, index );
		if ( ( index + 1 ) % chunkTesters === 0 || index + 1 === testers ) {
			await writer.flush();
			context.onProgress?.( {
				testersDone: index + 1,
				testers,
				elapsedMs: performance.now() - started,
				tables: writer.stats,
			} );
		}
	}
}
