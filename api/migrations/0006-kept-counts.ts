import { sql, type Kysely } from 'kysely';
import { isMysql } from '../src/db/engine.ts';

/**
 * Counts the lists answer as their `total` when no filter narrows them, kept by the database itself so that
 * every write path (the API, the seed, an admin's SQL) keeps them right:
 * - tester_counts: a tester's experience entries and bugs (a table of its own: MariaDB lets no trigger write
 *   to a table the triggering statement reads, and statements about a tester's rows often read `testers`);
 * - application_counts: a tester's applications per status and campaign status (the closed campaigns table
 *   is "selected, campaign closed").
 * Triggers on insert, delete and (applications) update maintain them in the writing transaction. MariaDB does
 * not fire triggers for foreign-key cascades: a deleted tester takes their counts along; deleting a campaign
 * must delete its applications first (the seed's reset does), or recount with the statements below.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	const mysql = isMysql( db );
	await db.schema
		.createTable( 'tester_counts' )
		.addColumn( 'tester_id', 'integer', ( column ) => column.primaryKey() )
		.addColumn( 'experience_entries', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addColumn( 'bugs', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addForeignKeyConstraint(
			'tester_counts_tester_fk',
			[ 'tester_id' ],
			'testers',
			[ 'id' ],
			( fk ) => fk.onDelete( 'cascade' )
		)
		.execute();
	await sql`insert into tester_counts (tester_id, experience_entries, bugs)
		select t.id,
			(select count(*) from experience_entries e where e.tester_id = t.id),
			(select count(*) from bugs b where b.tester_id = t.id)
		from testers t`.execute( db );

	await db.schema
		.createTable( 'application_counts' )
		.addColumn( 'tester_id', 'integer', ( column ) => column.notNull() )
		.addColumn( 'status', 'varchar(10)', ( column ) => column.notNull() )
		.addColumn( 'campaign_status_id', 'integer', ( column ) =>
			column.notNull()
		)
		.addColumn( 'applications', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addPrimaryKeyConstraint( 'application_counts_pk', [
			'tester_id',
			'status',
			'campaign_status_id',
		] )
		.addForeignKeyConstraint(
			'application_counts_tester_fk',
			[ 'tester_id' ],
			'testers',
			[ 'id' ],
			( fk ) => fk.onDelete( 'cascade' )
		)
		.execute();
	await sql`insert into application_counts (tester_id, status, campaign_status_id, applications)
		select tester_id, status, campaign_status_id, count(*) from applications
		group by tester_id, status, campaign_status_id`.execute( db );

	// Increments may create their counts row; decrements only update one (a cascade from a deleted tester must
	// not create rows for it).
	const addApplication = mysql
		? `insert into application_counts (tester_id, status, campaign_status_id, applications)
			values (new.tester_id, new.status, new.campaign_status_id, 1)
			on duplicate key update applications = applications + 1;`
		: `insert into application_counts (tester_id, status, campaign_status_id, applications)
			values (new.tester_id, new.status, new.campaign_status_id, 1)
			on conflict (tester_id, status, campaign_status_id)
			do update set applications = applications + 1;`;
	const removeApplication = `update application_counts set applications = applications - 1
		where tester_id = old.tester_id and status = old.status
		and campaign_status_id = old.campaign_status_id;`;
	const count = (
		column: string,
		row: 'new' | 'old',
		delta: '+ 1' | '- 1'
	) =>
		`update tester_counts set ${ column } = ${ column } ${ delta } where tester_id = ${ row }.tester_id;`;
	const triggers: Array< [ string, string, string, string ] > = [
		[
			'testers_counts_insert',
			'insert',
			'testers',
			'insert into tester_counts (tester_id) values (new.id);',
		],
		[
			'experience_entries_count_insert',
			'insert',
			'experience_entries',
			count( 'experience_entries', 'new', '+ 1' ),
		],
		[
			'experience_entries_count_delete',
			'delete',
			'experience_entries',
			count( 'experience_entries', 'old', '- 1' ),
		],
		[
			'bugs_count_insert',
			'insert',
			'bugs',
			count( 'bugs', 'new', '+ 1' ),
		],
		[
			'bugs_count_delete',
			'delete',
			'bugs',
			count( 'bugs', 'old', '- 1' ),
		],
		[
			'applications_count_insert',
			'insert',
			'applications',
			addApplication,
		],
		[
			'applications_count_delete',
			'delete',
			'applications',
			removeApplication,
		],
		[
			'applications_count_update',
			'update',
			'applications',
			removeApplication + addApplication,
		],
	];
	for ( const [ name, event, table, body ] of triggers ) {
		await sql
			.raw(
				`create trigger ${ name } after ${ event } on ${ table } for each row begin ${ body } end`
			)
			.execute( db );
	}
}

export async function down( db: Kysely< any > ): Promise< void > {
	for ( const name of [
		'testers_counts_insert',
		'experience_entries_count_insert',
		'experience_entries_count_delete',
		'bugs_count_insert',
		'bugs_count_delete',
		'applications_count_insert',
		'applications_count_delete',
		'applications_count_update',
	] ) {
		await sql.raw( `drop trigger if exists ${ name }` ).execute( db );
	}
	await db.schema.dropTable( 'application_counts' ).execute();
	await db.schema.dropTable( 'tester_counts' ).execute();
}
