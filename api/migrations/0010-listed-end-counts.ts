import { sql, type Kysely } from 'kysely';
import { isMysql } from '../src/db/engine.ts';

/**
 * The public and targeted campaigns not ended yet, which every tester's available table counts in its total, were
 * a sum over campaign_end_counts (0009) across four primary-key ranges: two statuses times two visibilities. On
 * MariaDB that sum cost as much as reading the page's ten campaigns in full (~0.7 M instructions per request,
 * api/README.md "Reads at scale"). listed_end_counts keeps those campaigns alone ("listed": shown to every tester),
 * per end date with a column per status (1 running, 2 closed: the only two), so the same number is one range of
 * rows half as many. The visibilities no read asks for apart are not kept apart, and campaign_end_counts, which
 * only that sum read, goes with its triggers.
 *
 * Triggers on campaigns keep the counts in the writing transaction, as 0009's did: a change of a campaign's
 * status, visibility or end date moves it; any other update leaves the counts be.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	const mysql = isMysql( db );
	await dropTriggers( db, REPLACED );
	await db.schema.dropTable( 'campaign_end_counts' ).execute();
	await db.schema
		.createTable( 'listed_end_counts' )
		.addColumn( 'end_date', 'datetime', ( column ) =>
			column.notNull().primaryKey()
		)
		.addColumn( 'running', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addColumn( 'closed', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addCheckConstraint(
			'listed_end_counts_check',
			sql`running >= 0 and closed >= 0`
		)
		.$call( ( table ) =>
			mysql ? table : table.modifyEnd( sql`without rowid` )
		)
		.execute();
	await sql`insert into listed_end_counts (end_date, running, closed)
		select end_date, sum(case when status_id = 1 then 1 else 0 end),
			sum(case when status_id = 2 then 1 else 0 end)
		from campaigns where visibility in ${ sql.raw( LISTED ) }
		group by end_date`.execute( db );
	await createTriggers( db, listedTriggers( mysql ) );
}

export async function down( db: Kysely< any > ): Promise< void > {
	const mysql = isMysql( db );
	await dropTriggers(
		db,
		listedTriggers( mysql ).map( ( [ name ] ) => name )
	);
	await db.schema.dropTable( 'listed_end_counts' ).execute();
	// 0009's table and triggers, as 0009 made them.
	await db.schema
		.createTable( 'campaign_end_counts' )
		.addColumn( 'status_id', 'integer', ( column ) => column.notNull() )
		.addColumn( 'visibility', 'varchar(20)', ( column ) =>
			column.notNull()
		)
		.addColumn( 'end_date', 'datetime', ( column ) => column.notNull() )
		.addColumn( 'campaigns', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addPrimaryKeyConstraint( 'campaign_end_counts_pk', [
			'status_id',
			'visibility',
			'end_date',
		] )
		.$call( ( table ) =>
			mysql ? table : table.modifyEnd( sql`without rowid` )
		)
		.execute();
	await sql`insert into campaign_end_counts (status_id, visibility, end_date, campaigns)
		select status_id, visibility, end_date, count(*) from campaigns
		group by status_id, visibility, end_date`.execute( db );
	const add = `insert into campaign_end_counts (status_id, visibility, end_date, campaigns)
		values (new.status_id, new.visibility, new.end_date, 1)
		${
			mysql
				? 'on duplicate key update campaigns = campaign_end_counts.campaigns + values(campaigns);'
				: 'on conflict (status_id, visibility, end_date) do update set campaigns = campaigns + excluded.campaigns;'
		}`;
	const remove = `update campaign_end_counts set campaigns = campaigns - 1
		where status_id = old.status_id and visibility = old.visibility and end_date = old.end_date;`;
	await createTriggers( db, [
		[ REPLACED[ 0 ], 'insert', '', add ],
		[ REPLACED[ 1 ], 'delete', '', remove ],
		[ REPLACED[ 2 ], 'update', KEY_CHANGED, remove + add ],
	] );
}

/** The visibilities every tester's list shows (a targeted campaign shows as unavailable to those it excludes). */
const LISTED = `('public', 'target')`;

/** 0009's triggers that kept campaign_end_counts: insert, delete, update. */
const REPLACED = [
	'campaign_end_counts_insert',
	'campaign_end_counts_delete',
	'campaign_end_counts_update',
];

const KEY_CHANGED =
	'old.status_id <> new.status_id or old.visibility <> new.visibility or old.end_date <> new.end_date';

/**
 * The triggers as [name, event on campaigns, condition, body].
 *
 * @param mysql
 */
function listedTriggers(
	mysql: boolean
): Array< [ string, string, string, string ] > {
	// The new row's count, when it is listed: an insert of a one-row select, so that its WHERE can leave it out
	// in SQLite's trigger bodies, which have no IF (and need a WHERE before ON CONFLICT anyway).
	const add = `insert into listed_end_counts (end_date, running, closed)
		select new.end_date, case when new.status_id = 1 then 1 else 0 end,
			case when new.status_id = 2 then 1 else 0 end
		${ mysql ? 'from dual ' : '' }where new.visibility in ${ LISTED }
		${
			mysql
				? 'on duplicate key update running = listed_end_counts.running + values(running), closed = listed_end_counts.closed + values(closed);'
				: 'on conflict (end_date) do update set running = running + excluded.running, closed = closed + excluded.closed;'
		}`;
	const remove = `update listed_end_counts set
			running = running - case when old.status_id = 1 then 1 else 0 end,
			closed = closed - case when old.status_id = 2 then 1 else 0 end
		where end_date = old.end_date and old.visibility in ${ LISTED };`;
	return [
		[ 'listed_end_counts_insert', 'insert', '', add ],
		[ 'listed_end_counts_delete', 'delete', '', remove ],
		[ 'listed_end_counts_update', 'update', KEY_CHANGED, remove + add ],
	];
}

/**
 * After-triggers on campaigns, a condition as SQLite's WHEN or MariaDB's IF around the body.
 *
 * @param db
 * @param triggers [name, event, condition, body]
 */
async function createTriggers(
	db: Kysely< any >,
	triggers: Array< [ string, string, string, string ] >
) {
	const mysql = isMysql( db );
	for ( const [ name, event, when, body ] of triggers ) {
		const guarded =
			mysql && when ? `if ${ when } then ${ body } end if;` : body;
		await sql
			.raw(
				`create trigger ${ name } after ${ event } on campaigns for each row${
					! mysql && when ? ` when ${ when }` : ''
				} begin ${ guarded } end`
			)
			.execute( db );
	}
}

async function dropTriggers( db: Kysely< any >, names: string[] ) {
	for ( const name of names ) {
		await sql.raw( `drop trigger if exists ${ name }` ).execute( db );
	}
}
