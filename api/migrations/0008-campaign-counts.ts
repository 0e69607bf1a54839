import { sql, type Kysely } from 'kysely';
import { isMysql } from '../src/db/engine.ts';

/**
 * A campaign list without a date filter (the endpoint's default, every campaign the tester may see) counts the
 * public and targeted campaigns of the platform's whole history on every request: 10,000 index entries for the
 * bench's data set, more every month. campaign_counts keeps them per status and visibility, so that part of the
 * total is a sum over a few primary-key rows (api/README.md "Reads at scale"); only the internal and
 * small-group campaigns, which a tester sees through an application or a listing, are still looked at one by one.
 *
 * Triggers on campaigns keep the counts in the writing transaction, whoever writes the campaigns.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	const mysql = isMysql( db );
	await db.schema
		.createTable( 'campaign_counts' )
		.addColumn( 'status_id', 'integer', ( column ) => column.notNull() )
		.addColumn( 'visibility', 'varchar(20)', ( column ) =>
			column.notNull()
		)
		.addColumn( 'campaigns', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addPrimaryKeyConstraint( 'campaign_counts_pk', [
			'status_id',
			'visibility',
		] )
		.addCheckConstraint(
			'campaign_counts_campaigns_check',
			sql`campaigns >= 0`
		)
		.$call( ( table ) =>
			mysql ? table : table.modifyEnd( sql`without rowid` )
		)
		.execute();
	await sql`insert into campaign_counts (status_id, visibility, campaigns)
		select status_id, visibility, count(*) from campaigns group by status_id, visibility`.execute(
		db
	);

	const add = `insert into campaign_counts (status_id, visibility, campaigns)
		values (new.status_id, new.visibility, 1)
		${
			mysql
				? 'on duplicate key update'
				: 'on conflict (status_id, visibility) do update set'
		} campaigns = campaigns + 1;`;
	const remove = `update campaign_counts set campaigns = campaigns - 1
		where status_id = old.status_id and visibility = old.visibility;`;
	// Most updates of a campaign (its selected count, its texts) change neither column and leave the counts be.
	const changed =
		'old.status_id <> new.status_id or old.visibility <> new.visibility';
	for ( const [ name, event, when, body ] of [
		[ 'campaign_counts_insert', 'insert', '', add ],
		[ 'campaign_counts_delete', 'delete', '', remove ],
		mysql
			? [
					'campaign_counts_update',
					'update',
					'',
					`if ${ changed } then ${ remove } ${ add } end if;`,
			  ]
			: [
					'campaign_counts_update',
					'update',
					` when ${ changed }`,
					remove + add,
			  ],
	] ) {
		await sql
			.raw(
				`create trigger ${ name } after ${ event } on campaigns for each row${ when } begin ${ body } end`
			)
			.execute( db );
	}
}

export async function down( db: Kysely< any > ): Promise< void > {
	for ( const name of [
		'campaign_counts_insert',
		'campaign_counts_delete',
		'campaign_counts_update',
	] ) {
		await sql.raw( `drop trigger if exists ${ name }` ).execute( db );
	}
	await db.schema.dropTable( 'campaign_counts' ).execute();
}
