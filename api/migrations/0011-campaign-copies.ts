import { sql, type Kysely } from 'kysely';
import { isMysql } from '../src/db/engine.ts';

/**
 * Each application carries a copy of its campaign's status and dates (0005), which the selected campaign tables
 * filter and sort by; nothing kept them when a campaign changed. A trigger on campaigns now sets them on the
 * campaign's applications in the writing transaction, whoever writes the campaign (the campaign edit, the back
 * office, an admin's SQL). Each updated application fires 0006's applications_count_update, which moves the
 * tester's application_counts row to the new campaign status; tester_end_counts is keyed by the campaign's own
 * status and end date and is moved by 0009's trigger on campaigns.
 *
 * A new application must carry its campaign's copies: a trigger refuses one that does not (whoever inserts an
 * application copies them in the same statement, insert … select from campaigns).
 *
 * Copies that were already stale (a campaign changed before this migration) are set here first.
 *
 * MariaDB refuses a trigger's write to a table the triggering statement reads: an UPDATE that changes a
 * campaign's status or dates must not read `applications` in the same statement (a counter set from them, say);
 * setting counters alone is fine, for the trigger then writes nothing.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	// Only the stale ones: each application updated fires 0006's count trigger.
	const campaign = ( column: string ) =>
		`(select c.${ column } from campaigns c where c.id = applications.campaign_id)`;
	await sql
		.raw(
			`update applications set campaign_status_id = ${ campaign(
				'status_id'
			) },
			campaign_start_date = ${ campaign(
				'start_date'
			) }, campaign_end_date = ${ campaign( 'end_date' ) },
			campaign_close_date = ${ campaign( 'close_date' ) }
			where exists (select 1 from campaigns c where c.id = applications.campaign_id
				and (c.status_id <> applications.campaign_status_id
					or applications.campaign_start_date is null or c.start_date <> applications.campaign_start_date
					or applications.campaign_end_date is null or c.end_date <> applications.campaign_end_date
					or applications.campaign_close_date is null or c.close_date <> applications.campaign_close_date))`
		)
		.execute( db );
	const changed = `old.status_id <> new.status_id or old.start_date <> new.start_date
		or old.end_date <> new.end_date or old.close_date <> new.close_date`;
	const copy = `update applications set campaign_status_id = new.status_id,
		campaign_start_date = new.start_date, campaign_end_date = new.end_date,
		campaign_close_date = new.close_date
		where campaign_id = new.id;`;
	// Most updates of a campaign (its selected count, its texts) change none of them and leave the applications be.
	await sql
		.raw(
			isMysql( db )
				? `create trigger ${ TRIGGER } after update on campaigns for each row
					begin if ${ changed } then ${ copy } end if; end`
				: `create trigger ${ TRIGGER } after update on campaigns for each row when ${ changed }
					begin ${ copy } end`
		)
		.execute( db );
	// A new application must arrive with its campaign's copies (an insert … select from campaigns): refusing one
	// that does not keeps the counts its insert trigger makes right, and a writer's slip loud.
	const copies: Array< [ string, string ] > = [
		[ 'campaign_status_id', 'status_id' ],
		[ 'campaign_start_date', 'start_date' ],
		[ 'campaign_end_date', 'end_date' ],
		[ 'campaign_close_date', 'close_date' ],
	];
	const differs = ( same: string ) =>
		copies
			.map(
				( [ copied, column ] ) =>
					`not (new.${ copied } ${ same } (select c.${ column } from campaigns c where c.id = new.campaign_id))`
			)
			.join( ' or ' );
	await sql
		.raw(
			isMysql( db )
				? `create trigger ${ INSERT_TRIGGER } before insert on applications for each row
					begin if ${ differs( '<=>' ) } then
						signal sqlstate '45000' set message_text = '${ INSERT_REFUSAL }';
					end if; end`
				: `create trigger ${ INSERT_TRIGGER } before insert on applications for each row
					when ${ differs( 'is' ) }
					begin select raise(abort, '${ INSERT_REFUSAL }'); end`
		)
		.execute( db );
}

export async function down( db: Kysely< any > ): Promise< void > {
	await sql.raw( `drop trigger if exists ${ INSERT_TRIGGER }` ).execute( db );
	await sql.raw( `drop trigger if exists ${ TRIGGER }` ).execute( db );
}

const TRIGGER = 'applications_campaign_copy';
const INSERT_TRIGGER = 'applications_campaign_copy_insert';
const INSERT_REFUSAL =
	'the campaign status and dates of an application must be those of its campaign';
