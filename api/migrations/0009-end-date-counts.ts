import { sql, type Kysely } from 'kysely';
import { isMysql } from '../src/db/engine.ts';

/**
 * The total of a campaign list filtered by end date (the dashboard's available table: not ended yet) counted the
 * campaigns not ended one by one, looked up the tester's application or listing for the internal and small-group
 * ones, and counted the tester's selected applications not ended: some 950 index entries and lookups for the
 * bench's tester on every request, half of the statement (api/README.md "Reads at scale"). Two tables keep those
 * numbers per end date, so that the total is two sums over short primary-key ranges:
 * - campaign_end_counts: campaigns per status, visibility and end date;
 * - tester_end_counts: per tester and their campaigns' status and end date, the selected applications and the
 *   restricted campaigns (internal, small-group) the tester sees: through an application, or for a small-group
 *   one also through a listing.
 * Keyed by the exact end date, a sum over `end_date >= now` needs no correction for the day under way.
 *
 * Triggers keep both in the writing transaction, whoever writes. A campaign's own status and end date key its
 * rows (not the copies its applications carry), and a change of them, or of its visibility, moves its testers'
 * rows. A campaign's deletion takes its rows out before the cascade (MariaDB fires no trigger for cascaded rows;
 * under SQLite the applications' triggers find no campaign left and change nothing). An application's tester
 * and campaign never change; its status does.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	const mysql = isMysql( db );
	const withoutRowid = ( table: any ) =>
		mysql ? table : table.modifyEnd( sql`without rowid` );
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
		.$call( withoutRowid )
		.execute();
	await db.schema
		.createTable( 'tester_end_counts' )
		.addColumn( 'tester_id', 'integer', ( column ) => column.notNull() )
		.addColumn( 'campaign_status_id', 'integer', ( column ) =>
			column.notNull()
		)
		.addColumn( 'end_date', 'datetime', ( column ) => column.notNull() )
		.addColumn( 'selected', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addColumn( 'restricted', 'integer', ( column ) =>
			column.notNull().defaultTo( 0 )
		)
		.addPrimaryKeyConstraint( 'tester_end_counts_pk', [
			'tester_id',
			'campaign_status_id',
			'end_date',
		] )
		.addForeignKeyConstraint(
			'tester_end_counts_tester_fk',
			[ 'tester_id' ],
			'testers',
			[ 'id' ],
			( fk ) => fk.onDelete( 'cascade' )
		)
		.$call( withoutRowid )
		.execute();

	await sql`insert into campaign_end_counts (status_id, visibility, end_date, campaigns)
		select status_id, visibility, end_date, count(*) from campaigns
		group by status_id, visibility, end_date`.execute( db );
	await sql`insert into tester_end_counts (tester_id, campaign_status_id, end_date, selected, restricted)
		select p.tester_id, c.status_id, c.end_date,
			sum(case when a.status = 'selected' then 1 else 0 end),
			sum(case when c.visibility = 'small-group' or (c.visibility = 'internal' and a.id is not null)
				then 1 else 0 end)
		from (select tester_id, campaign_id from applications
			union select tester_id, campaign_id from campaign_targets) p
		join campaigns c on c.id = p.campaign_id
		left join applications a on a.tester_id = p.tester_id and a.campaign_id = p.campaign_id
		group by p.tester_id, c.status_id, c.end_date
		having sum(case when a.status = 'selected' then 1 else 0 end) > 0
			or sum(case when c.visibility = 'small-group' or (c.visibility = 'internal' and a.id is not null)
				then 1 else 0 end) > 0`.execute( db );

	for ( const [ name, timing, event, table, when, body ] of triggers(
		mysql
	) ) {
		const guarded =
			mysql && when ? `if ${ when } then ${ body } end if;` : body;
		await sql
			.raw(
				`create trigger ${ name } ${ timing } ${ event } on ${ table } for each row${
					! mysql && when ? ` when ${ when }` : ''
				} begin ${ guarded } end`
			)
			.execute( db );
	}
}

/**
 * Each trigger as [name, timing, event, table, condition, body].
 *
 * @param mysql
 */
function triggers(
	mysql: boolean
): Array< [ string, string, string, string, string, string ] > {
	// Increments may create their row; decrements only update one. SQLite needs a WHERE before ON CONFLICT in an
	// INSERT … SELECT, which every one below has; MariaDB, the table's name where the SELECT has the same column.
	const upsert = ( table: string, key: string, columns: string[] ) =>
		mysql
			? `on duplicate key update ${ columns
					.map(
						( column ) =>
							`${ column } = ${ table }.${ column } + values(${ column })`
					)
					.join( ', ' ) };`
			: `on conflict (${ key }) do update set ${ columns
					.map(
						( column ) =>
							`${ column } = ${ column } + excluded.${ column }`
					)
					.join( ', ' ) };`;
	const testerKey = 'tester_id, campaign_status_id, end_date';
	const addTesterRows = ( select: string ) =>
		`insert into tester_end_counts (${ testerKey }, selected, restricted)
		${ select } ${ upsert( 'tester_end_counts', testerKey, [
			'selected',
			'restricted',
		] ) }`;

	// campaign_end_counts
	const addCampaign = `insert into campaign_end_counts (status_id, visibility, end_date, campaigns)
		values (new.status_id, new.visibility, new.end_date, 1)
		${ upsert( 'campaign_end_counts', 'status_id, visibility, end_date', [
			'campaigns',
		] ) }`;
	const removeCampaign = `update campaign_end_counts set campaigns = campaigns - 1
		where status_id = old.status_id and visibility = old.visibility and end_date = old.end_date;`;
	const keyChanged =
		'old.status_id <> new.status_id or old.visibility <> new.visibility or old.end_date <> new.end_date';

	// An application of tester `row.tester_id` to campaign `c`: whether it is selected, and whether it is how the
	// tester sees a restricted campaign (for a small-group one, a listing may be that already).
	const selectedOf = ( row: string ) =>
		`case when ${ row }.status = 'selected' then 1 else 0 end`;
	const seenThrough = ( row: string ) =>
		`case when c.visibility = 'internal' or (c.visibility = 'small-group' and not exists (select 1
			from campaign_targets l where l.campaign_id = c.id and l.tester_id = ${ row }.tester_id)) then 1 else 0 end`;
	const addApplication = addTesterRows(
		`select new.tester_id, c.status_id, c.end_date, ${ selectedOf(
			'new'
		) }, ${ seenThrough( 'new' ) }
		from campaigns c where c.id = new.campaign_id
		and (${ selectedOf( 'new' ) } = 1 or ${ seenThrough( 'new' ) } = 1)`
	);
	const campaignOf = ( row: string, column: string ) =>
		`(select c.${ column } from campaigns c where c.id = ${ row }.campaign_id)`;
	const removeApplication = `update tester_end_counts set
			selected = selected - ${ selectedOf( 'old' ) },
			restricted = restricted - (select ${ seenThrough(
				'old'
			) } from campaigns c where c.id = old.campaign_id)
		where tester_id = old.tester_id and campaign_status_id = ${ campaignOf(
			'old',
			'status_id'
		) }
		and end_date = ${ campaignOf( 'old', 'end_date' ) };`;

	// A listing shows a small-group campaign to a tester without an application to it.
	const noApplication = ( row: string ) =>
		`not exists (select 1 from applications a where a.tester_id = ${ row }.tester_id
			and a.campaign_id = ${ row }.campaign_id)`;
	const addListing = addTesterRows(
		`select new.tester_id, c.status_id, c.end_date, 0, 1 from campaigns c
		where c.id = new.campaign_id and c.visibility = 'small-group' and ${ noApplication(
			'new'
		) }`
	);
	const removeListing = `update tester_end_counts set restricted = restricted - 1
		where tester_id = old.tester_id
		and campaign_status_id = (select c.status_id from campaigns c
			where c.id = old.campaign_id and c.visibility = 'small-group')
		and end_date = ${ campaignOf( 'old', 'end_date' ) }
		and ${ noApplication( 'old' ) };`;

	// Every tester a campaign `row` counts for: its applicants and listed testers, with what it adds to their row.
	const applicantsOf = ( row: string, tester: string, status?: string ) =>
		`(select count(*) from applications a where a.campaign_id = ${ row }.id
			and a.tester_id = ${ tester }${
				status ? ` and a.status = '${ status }'` : ''
			})`;
	const restrictedOf = ( row: string, tester: string ) =>
		`case ${ row }.visibility when 'small-group' then 1
			when 'internal' then ${ applicantsOf( row, tester ) } else 0 end`;
	const testersOf = ( row: string ) =>
		`select a.tester_id from applications a where a.campaign_id = ${ row }.id
		union select l.tester_id from campaign_targets l where l.campaign_id = ${ row }.id`;
	const removeCampaignTesters = `update tester_end_counts set
			selected = selected - ${ applicantsOf(
				'old',
				'tester_end_counts.tester_id',
				'selected'
			) },
			restricted = restricted - ${ restrictedOf(
				'old',
				'tester_end_counts.tester_id'
			) }
		where campaign_status_id = old.status_id and end_date = old.end_date
		and tester_id in (${ testersOf( 'old' ) });`;
	// Each applicant and listed tester once, with the campaign `new` as their row's selected application and
	// restricted campaign (a tester has an application and a listing at most).
	const selectedSum = `sum(case when s.status = 'selected' then 1 else 0 end)`;
	const restrictedMax = `max(case when new.visibility = 'small-group' then 1
		when new.visibility = 'internal' and s.status is not null then 1 else 0 end)`;
	const addCampaignTesters = addTesterRows(
		`select s.tester_id, new.status_id, new.end_date, ${ selectedSum }, ${ restrictedMax }
		from (select a.tester_id, a.status from applications a where a.campaign_id = new.id
			union all select l.tester_id, null from campaign_targets l where l.campaign_id = new.id) s
		where true group by s.tester_id
		having ${ selectedSum } > 0 or ${ restrictedMax } > 0`
	);

	return [
		[
			'campaign_end_counts_insert',
			'after',
			'insert',
			'campaigns',
			'',
			addCampaign,
		],
		[
			'campaign_end_counts_delete',
			'after',
			'delete',
			'campaigns',
			'',
			removeCampaign,
		],
		[
			'campaign_end_counts_update',
			'after',
			'update',
			'campaigns',
			keyChanged,
			removeCampaign + addCampaign,
		],
		[
			'tester_end_counts_campaign_update',
			'after',
			'update',
			'campaigns',
			keyChanged,
			removeCampaignTesters + addCampaignTesters,
		],
		[
			'tester_end_counts_campaign_delete',
			'before',
			'delete',
			'campaigns',
			'',
			removeCampaignTesters,
		],
		[
			'tester_end_counts_application_insert',
			'after',
			'insert',
			'applications',
			'',
			addApplication,
		],
		[
			'tester_end_counts_application_delete',
			'after',
			'delete',
			'applications',
			'',
			removeApplication,
		],
		[
			'tester_end_counts_application_update',
			'after',
			'update',
			'applications',
			`old.status <> new.status`,
			removeApplication + addApplication,
		],
		[
			'tester_end_counts_listing_insert',
			'after',
			'insert',
			'campaign_targets',
			'',
			addListing,
		],
		[
			'tester_end_counts_listing_delete',
			'after',
			'delete',
			'campaign_targets',
			'',
			removeListing,
		],
	];
}

export async function down( db: Kysely< any > ): Promise< void > {
	for ( const [ name ] of triggers( isMysql( db ) ) ) {
		await sql.raw( `drop trigger if exists ${ name }` ).execute( db );
	}
	await db.schema.dropTable( 'tester_end_counts' ).execute();
	await db.schema.dropTable( 'campaign_end_counts' ).execute();
}
