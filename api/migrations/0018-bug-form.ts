import { sql, type Kysely } from 'kysely';
import { BUG_SEARCH_DOC_FUNCTION } from '../src/db/bug-search.ts';
import { isMysql } from '../src/db/engine.ts';

/**
 * The bug form (issue 25):
 * - bug_uploads: files a tester uploaded for a bug of a campaign, theirs until a bug attaches them (bug_id set) or
 *   they delete them; a bug's own files are copied into bug_media when it is written.
 * - bug_search: the full-text index of bug titles behind the form's duplicate hint, each word a token of its
 *   campaign's own (db/bug-search.ts), so a common word never walks every campaign's bugs. Kept by triggers on
 *   bugs, so the seed's and every other writer's bugs are found too. SQLite: an FTS5 table whose rowid is the bug id;
 *   MariaDB: an InnoDB table with a FULLTEXT index, deleted with its bug by a foreign key (MariaDB fires no
 *   trigger for a cascade).
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	const mysql = isMysql( db );
	let uploads = db.schema
		.createTable( 'bug_uploads' )
		.addColumn( 'id', 'integer', ( column ) =>
			column.primaryKey().autoIncrement()
		)
		.addColumn( 'tester_id', 'integer', ( column ) => column.notNull() )
		.addColumn( 'campaign_id', 'integer', ( column ) => column.notNull() )
		.addColumn( 'storage_key', 'varchar(191)', ( column ) =>
			column.notNull()
		)
		.addColumn( 'file_name', 'varchar(255)', ( column ) =>
			column.notNull()
		)
		.addColumn( 'mime_type', 'varchar(100)', ( column ) =>
			column.notNull()
		)
		.addColumn( 'size', 'bigint', ( column ) => column.notNull() )
		.addColumn( 'bug_id', 'integer' )
		.addColumn( 'created_at', 'datetime', ( column ) =>
			column.notNull().defaultTo( sql`CURRENT_TIMESTAMP` )
		)
		.addUniqueConstraint( 'bug_uploads_storage_key_unique', [
			'storage_key',
		] )
		.addForeignKeyConstraint(
			'bug_uploads_tester_fk',
			[ 'tester_id' ],
			'testers',
			[ 'id' ],
			( fk ) => fk.onDelete( 'cascade' )
		)
		.addForeignKeyConstraint(
			'bug_uploads_campaign_fk',
			[ 'campaign_id' ],
			'campaigns',
			[ 'id' ],
			( fk ) => fk.onDelete( 'cascade' )
		)
		.addForeignKeyConstraint(
			'bug_uploads_bug_fk',
			[ 'bug_id' ],
			'bugs',
			[ 'id' ],
			( fk ) => fk.onDelete( 'cascade' )
		);
	if ( mysql ) {
		uploads = uploads.modifyEnd(
			sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`
		);
	}
	await uploads.execute();
	await db.schema
		.createIndex( 'bug_uploads_tester_campaign' )
		.on( 'bug_uploads' )
		.columns( [ 'tester_id', 'campaign_id' ] )
		.execute();
	await db.schema
		.createIndex( 'bug_uploads_bug' )
		.on( 'bug_uploads' )
		.column( 'bug_id' )
		.execute();

	if ( mysql ) {
		await sql`create table bug_search (
			bug_id integer not null primary key,
			doc text not null,
			fulltext key bug_search_doc (doc),
			constraint bug_search_bug_fk foreign key (bug_id) references bugs (id) on delete cascade
		) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`.execute(
			db
		);
		// db/bug-search.ts: the campaign's bare token, then each run of neither space nor punctuation as its token.
		const doc = ( row: 'new' | 'b' ) =>
			`concat('c', ${ row }.campaign_id, 'x ', regexp_replace(lower(${ row }.title), '[^[:space:][:punct:]]+', concat('c', ${ row }.campaign_id, 'x\\\\0')))`;
		await sql
			.raw(
				`insert into bug_search (bug_id, doc) select b.id, ${ doc(
					'b'
				) } from bugs b`
			)
			.execute( db );
		const triggers: Array< [ string, string, string ] > = [
			[
				'bugs_search_insert',
				'after insert',
				`insert into bug_search (bug_id, doc) values (new.id, ${ doc(
					'new'
				) });`,
			],
			[
				'bugs_search_update',
				'after update',
				`if not (old.title <=> new.title and old.campaign_id <=> new.campaign_id) then
					update bug_search set doc = ${ doc( 'new' ) } where bug_id = new.id;
				end if;`,
			],
			[
				'bugs_search_delete',
				'after delete',
				'delete from bug_search where bug_id = old.id;',
			],
		];
		for ( const [ name, event, body ] of triggers ) {
			await sql
				.raw(
					`create trigger ${ name } ${ event } on bugs for each row begin ${ body } end`
				)
				.execute( db );
		}
		return;
	}

	await sql`create virtual table bug_search using fts5(doc, tokenize = 'unicode61 remove_diacritics 2')`.execute(
		db
	);
	const doc = ( row: 'new' | 'b' ) =>
		`${ BUG_SEARCH_DOC_FUNCTION }(${ row }.campaign_id, ${ row }.title)`;
	await sql
		.raw(
			`insert into bug_search (rowid, doc) select b.id, ${ doc(
				'b'
			) } from bugs b`
		)
		.execute( db );
	const triggers: Array< [ string, string, string ] > = [
		[
			'bugs_search_insert',
			'after insert',
			`insert into bug_search (rowid, doc) values (new.id, ${ doc(
				'new'
			) });`,
		],
		[
			'bugs_search_update',
			'after update of title, campaign_id',
			`update bug_search set doc = ${ doc(
				'new'
			) } where rowid = new.id;`,
		],
		[
			'bugs_search_delete',
			'after delete',
			'delete from bug_search where rowid = old.id;',
		],
	];
	for ( const [ name, event, body ] of triggers ) {
		await sql
			.raw(
				`create trigger ${ name } ${ event } on bugs for each row begin ${ body } end`
			)
			.execute( db );
	}
}

export async function down( db: Kysely< any > ): Promise< void > {
	for ( const name of [
		'bugs_search_insert',
		'bugs_search_update',
		'bugs_search_delete',
	] ) {
		await sql.raw( `drop trigger if exists ${ name }` ).execute( db );
	}
	await sql`drop table if exists bug_search`.execute( db );
	await db.schema.dropTable( 'bug_uploads' ).execute();
}
