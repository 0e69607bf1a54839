import { sql, type Kysely } from 'kysely';
import { isMysql } from '../src/db/engine.ts';

/**
 * What the dashboard reads need to stay index ranges at any scale (issue 4, api/README.md "Reads at scale").
 *
 * 1. A tester's campaign tables (active, finished awaiting review, closed) filter their applications by the
 *    campaign's status and dates and sort by a campaign date. Joining every application to its campaign to do
 *    that costs a tester's whole history on each page, so each application keeps a copy of its campaign's
 *    status and three dates ("kept alongside": whoever changes a campaign's status or dates updates its
 *    applications in the same transaction — see repositories/campaigns.ts). Two indexes then serve every table:
 *    `board_end` (status, campaign status, end date, start date) and `board_close` (… close date).
 *
 * 2. A tester's rank in the month is 1 + the testers of the same level with more points. Counting them over
 *    tester_monthly_levels costs one index entry per tester ahead, which grows with the level; instead
 *    monthly_rank_counts keeps, per month, level and points value, how many testers have it. The rank is then a
 *    sum over distinct point values above the tester's (a few hundred to a few thousand, whatever the number of
 *    testers). Maintained with tester_monthly_levels (repositories/ranking.ts recordMonthlyPoints; the seed
 *    rebuilds it from the rows).
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	for ( const column of [
		'campaign_start_date',
		'campaign_end_date',
		'campaign_close_date',
	] ) {
		await db.schema
			.alterTable( 'applications' )
			.addColumn( column, 'datetime' )
			.execute();
	}
	await db.schema
		.alterTable( 'applications' )
		.addColumn( 'campaign_status_id', 'integer', ( column ) =>
			column.notNull().defaultTo( 1 )
		)
		.execute();
	const copy = ( column: string ) =>
		sql.raw(
			`(select c.${ column } from campaigns c where c.id = applications.campaign_id)`
		);
	await db
		.updateTable( 'applications' )
		.set( {
			campaign_status_id: copy( 'status_id' ),
			campaign_start_date: copy( 'start_date' ),
			campaign_end_date: copy( 'end_date' ),
			campaign_close_date: copy( 'close_date' ),
		} )
		.execute();
	await db.schema
		.createIndex( 'applications_board_end' )
		.on( 'applications' )
		.columns( [
			'tester_id',
			'status',
			'campaign_status_id',
			'campaign_end_date',
			'campaign_start_date',
			'campaign_id',
		] )
		.execute();
	await db.schema
		.createIndex( 'applications_board_close' )
		.on( 'applications' )
		.columns( [
			'tester_id',
			'status',
			'campaign_status_id',
			'campaign_close_date',
			'campaign_id',
		] )
		.execute();

	await db.schema
		.createTable( 'monthly_rank_counts' )
		.addColumn( 'month', 'date', ( column ) => column.notNull() )
		.addColumn( 'level_id', 'integer', ( column ) => column.notNull() )
		.addColumn( 'points', 'integer', ( column ) => column.notNull() )
		.addColumn( 'testers', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addPrimaryKeyConstraint( 'monthly_rank_counts_pk', [
			'month',
			'level_id',
			'points',
		] )
		.addCheckConstraint(
			'monthly_rank_counts_testers_check',
			sql`testers >= 0`
		)
		// A rank sums `testers` over a range of the key: SQLite then reads the key's b-tree alone, as InnoDB does
		// with its clustered primary key.
		.$call( ( table ) =>
			isMysql( db ) ? table : table.modifyEnd( sql`without rowid` )
		)
		.execute();
	await db
		.insertInto( 'monthly_rank_counts' )
		.columns( [ 'month', 'level_id', 'points', 'testers' ] )
		.expression(
			db
				.selectFrom( 'tester_monthly_levels' )
				.select( [
					'month',
					'level_id',
					'points',
					( eb ) => eb.fn.countAll().as( 'testers' ),
				] )
				.groupBy( [ 'month', 'level_id', 'points' ] )
		)
		.execute();

	// The campaigns of a status by end date, with every column the visibility rules and the sorts read: the
	// available table (not ended yet) is one range of this index, read without touching the table.
	await db.schema
		.createIndex( 'campaigns_board' )
		.on( 'campaigns' )
		.columns( [
			'status_id',
			'end_date',
			'visibility',
			'start_date',
			'close_date',
			'max_testers',
			'selected_count',
			'target_country',
			'target_language_id',
			'target_min_level_id',
		] )
		.execute();
	// The campaigns open for subscription (running, start date ahead) in start-date order, with what the
	// available table checks before offering one: its first pages are a walk along this index that stops at the
	// page's end.
	await db.schema
		.createIndex( 'campaigns_open' )
		.on( 'campaigns' )
		.columns( [
			'status_id',
			'start_date',
			'end_date',
			'visibility',
			'max_testers',
			'selected_count',
			'target_country',
			'target_language_id',
			'target_min_level_id',
		] )
		.execute();
}

export async function down( db: Kysely< any > ): Promise< void > {
	const mysql = isMysql( db );
	for ( const [ table, name ] of [
		[ 'campaigns', 'campaigns_open' ],
		[ 'campaigns', 'campaigns_board' ],
		[ 'applications', 'applications_board_close' ],
		[ 'applications', 'applications_board_end' ],
	] ) {
		const drop = db.schema.dropIndex( name );
		await ( mysql ? drop.on( table ) : drop ).execute();
	}
	await db.schema.dropTable( 'monthly_rank_counts' ).execute();
	for ( const column of [
		'campaign_status_id',
		'campaign_close_date',
		'campaign_end_date',
		'campaign_start_date',
	] ) {
		await db.schema
			.alterTable( 'applications' )
			.dropColumn( column )
			.execute();
	}
}
