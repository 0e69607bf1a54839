import { sql, type Kysely } from 'kysely';
import { isMysql } from '../src/db/engine.ts';

/** Point values per bucket (repositories/ranking.ts reads the buckets with the same width). */
export const RANK_BUCKET_POINTS = 64;

/** The bucket of a points expression, as SQL: floor(points / width) on both engines (SQLite's math functions). */
export const bucketOf = ( points: string ) =>
	`floor(${ points } / ${ RANK_BUCKET_POINTS }.0)`;

/**
 * A rank summed over monthly_rank_counts reads one row per distinct points value above the tester: a few
 * hundred for a tester in the middle of a crowded level, more as a month's points spread. monthly_rank_buckets
 * keeps the same counts per month, level and bucket of RANK_BUCKET_POINTS consecutive values, so a rank is the
 * buckets above the tester's bucket plus the values above the tester's points inside it: at most a few dozen
 * rows, however the points spread (api/README.md "Reads at scale").
 *
 * Triggers on monthly_rank_counts keep the buckets in the writing transaction, whoever writes the counts
 * (recordMonthlyPoints, the seed's rebuild, an admin's SQL).
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	const mysql = isMysql( db );
	await db.schema
		.createTable( 'monthly_rank_buckets' )
		.addColumn( 'month', 'date', ( column ) => column.notNull() )
		.addColumn( 'level_id', 'integer', ( column ) => column.notNull() )
		.addColumn( 'bucket', 'integer', ( column ) => column.notNull() )
		.addColumn( 'testers', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addPrimaryKeyConstraint( 'monthly_rank_buckets_pk', [
			'month',
			'level_id',
			'bucket',
		] )
		.addCheckConstraint(
			'monthly_rank_buckets_testers_check',
			sql`testers >= 0`
		)
		.$call( ( table ) =>
			mysql ? table : table.modifyEnd( sql`without rowid` )
		)
		.execute();
	await sql
		.raw(
			`insert into monthly_rank_buckets (month, level_id, bucket, testers)
			select month, level_id, ${ bucketOf(
				'points'
			) }, sum(testers) from monthly_rank_counts
			group by month, level_id, ${ bucketOf( 'points' ) }`
		)
		.execute( db );

	const add = `insert into monthly_rank_buckets (month, level_id, bucket, testers)
		values (new.month, new.level_id, ${ bucketOf( 'new.points' ) }, new.testers)
		${
			mysql
				? 'on duplicate key update'
				: 'on conflict (month, level_id, bucket) do update set'
		} testers = testers + new.testers;`;
	const remove = `update monthly_rank_buckets set testers = testers - old.testers
		where month = old.month and level_id = old.level_id and bucket = ${ bucketOf(
			'old.points'
		) };`;
	for ( const [ name, event, body ] of [
		[ 'monthly_rank_buckets_insert', 'insert', add ],
		[ 'monthly_rank_buckets_delete', 'delete', remove ],
		[ 'monthly_rank_buckets_update', 'update', remove + add ],
	] ) {
		await sql
			.raw(
				`create trigger ${ name } after ${ event } on monthly_rank_counts for each row begin ${ body } end`
			)
			.execute( db );
	}
}

export async function down( db: Kysely< any > ): Promise< void > {
	for ( const name of [
		'monthly_rank_buckets_insert',
		'monthly_rank_buckets_delete',
		'monthly_rank_buckets_update',
	] ) {
		await sql.raw( `drop trigger if exists ${ name }` ).execute( db );
	}
	await db.schema.dropTable( 'monthly_rank_buckets' ).execute();
}
