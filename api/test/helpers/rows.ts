import type { Insertable } from 'kysely';
import type {
	ApplicationStatus,
	ApplicationsTable,
} from '../../src/db/schema.ts';
import { toSqlDateTime } from '../../src/db/values.ts';
import type { Tester } from '../../src/features/me/repository.ts';
import { createRankingRepository } from '../../src/features/ranking/repository.ts';
import type { TestContext } from './context.ts';

/**
 * Rows written straight into the test database, for the reads to find: campaigns with dates in days from now,
 * applications that copy their campaign's status and dates as the API's writes do, monthly points through the
 * repository so the counts kept beside them follow.
 */

export const DAY = 86_400_000;

/** Whole seconds, as the database keeps them. */
export const NOW = Math.floor( Date.now() / 1000 ) * 1000;
export const sqlAt = ( days: number ) =>
	toSqlDateTime( new Date( NOW + Math.round( days * DAY ) ) );
export const isoAt = ( days: number ) =>
	new Date( NOW + Math.round( days * DAY ) )
		.toISOString()
		.replace( '.000Z', 'Z' );

/** A campaign's columns as the tests set them, dates in days from now. */
export interface CampaignValues {
	title: string;
	visibility: 'public' | 'target' | 'small-group' | 'internal';
	status?: 1 | 2;
	start: number;
	end: number;
	close: number;
	type?: number;
	maxTesters?: number;
	selectedCount?: number;
	targetCountry?: string;
	targetMinLevel?: number;
}

/**
 * A campaign row (dates in days from now) and a copy of its status and dates on its applications.
 *
 * @param ctx
 * @param values
 */
export async function insertCampaign(
	ctx: TestContext,
	values: CampaignValues
): Promise< number > {
	const result = await ctx.database.db
		.insertInto( 'campaigns' )
		.values( {
			campaign_type_id: values.type ?? 1,
			title: values.title,
			start_date: sqlAt( values.start ),
			end_date: sqlAt( values.end ),
			close_date: sqlAt( values.close ),
			status_id: values.status ?? 1,
			visibility: values.visibility,
			max_testers: values.maxTesters ?? null,
			selected_count: values.selectedCount ?? 0,
			target_country: values.targetCountry ?? null,
			target_min_level_id: values.targetMinLevel ?? null,
		} )
		.executeTakeFirstOrThrow();
	return Number( result.insertId );
}

export async function insertApplication(
	ctx: TestContext,
	testerId: number,
	campaignId: number,
	status: ApplicationStatus,
	change: Partial< Insertable< ApplicationsTable > > = {}
): Promise< void > {
	const { db } = ctx.database;
	const campaign = await db
		.selectFrom( 'campaigns' )
		.select( [ 'status_id', 'start_date', 'end_date', 'close_date' ] )
		.where( 'id', '=', campaignId )
		.executeTakeFirstOrThrow();
	await db
		.insertInto( 'applications' )
		.values( {
			tester_id: testerId,
			campaign_id: campaignId,
			status,
			campaign_status_id: campaign.status_id,
			campaign_start_date: campaign.start_date,
			campaign_end_date: campaign.end_date,
			campaign_close_date: campaign.close_date,
			...change,
		} )
		.execute();
}

/**
 * Monthly points through the repository, so monthly_rank_counts follows.
 *
 * @param ctx
 * @param rows
 */
export async function recordPoints(
	ctx: TestContext,
	rows: Array< [ Tester, string, number, number ] >
): Promise< void > {
	const ranking = createRankingRepository( ctx.database.db );
	await ctx.database.db.transaction().execute( async ( trx ) => {
		for ( const [ tester, month, amount, levelId ] of rows ) {
			await ranking.recordMonthlyPoints(
				trx,
				tester.id,
				month,
				amount,
				levelId
			);
		}
	} );
}

/**
 * Runs `check`, then deletes the rows `ids` of `table` that the test added, even when the check fails.
 *
 * @param ctx
 * @param table
 * @param ids
 * @param check
 */
export async function thenDelete(
	ctx: TestContext,
	table: 'experience_entries' | 'bugs',
	ids: number[],
	check: () => Promise< void >
) {
	try {
		await check();
	} finally {
		await ctx.database.db
			.deleteFrom( table )
			.where( 'id', 'in', ids )
			.execute();
	}
}

/**
 * The database with a count of the statements run through it (`taken()` answers it and starts again at zero).
 *
 * @param ctx
 */
export function countingStatements( ctx: TestContext ) {
	let statements = 0;
	const db = ctx.database.db.withPlugin( {
		transformQuery: ( args ) => args.node,
		// Once per statement run (transformQuery also sees each subquery built).
		transformResult: async ( args ) => {
			statements++;
			return args.result;
		},
	} );
	const taken = () => {
		const counted = statements;
		statements = 0;
		return counted;
	};
	return { db, taken };
}
