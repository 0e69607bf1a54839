import { sql, type Kysely } from 'kysely';
import { isMysql } from '../src/db/engine.ts';

const TRIGGER = 'applications_campaign_copy_insert';
const REFUSAL =
	'the campaign status and dates of an application must be those of its campaign';
/** An application's copies and the campaign columns they copy (0011). */
const COPIES: Array< [ string, string ] > = [
	[ 'campaign_status_id', 'status_id' ],
	[ 'campaign_start_date', 'start_date' ],
	[ 'campaign_end_date', 'end_date' ],
	[ 'campaign_close_date', 'close_date' ],
];

/**
 * The trigger that refuses an application without its campaign's copies, and the statement that raises it.
 *
 * @param db
 * @param refused A condition on `new` that refuses the row.
 */
async function createCheck( db: Kysely< any >, refused: string ) {
	await sql.raw( `drop trigger if exists ${ TRIGGER }` ).execute( db );
	await sql
		.raw(
			isMysql( db )
				? `create trigger ${ TRIGGER } before insert on applications for each row
					begin if ${ refused } then
						signal sqlstate '45000' set message_text = '${ REFUSAL }';
					end if; end`
				: `create trigger ${ TRIGGER } before insert on applications for each row
					when ${ refused }
					begin select raise(abort, '${ REFUSAL }'); end`
		)
		.execute( db );
}

/**
 * 0011's check of a new application's copies looked its campaign up once per copied column: four look-ups of the
 * same row on every application. It now finds the campaign once, with all four columns equal to the copies. The
 * refusal and its message are the same; an application to no campaign, which its foreign key refuses anyway, is
 * refused here first.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	const same = isMysql( db ) ? '<=>' : 'is';
	await createCheck(
		db,
		`not exists (select 1 from campaigns c where c.id = new.campaign_id and ${ COPIES.map(
			( [ copied, column ] ) => `c.${ column } ${ same } new.${ copied }`
		).join( ' and ' ) })`
	);
}

/**
 * 0011's check again.
 *
 * @param db
 */
export async function down( db: Kysely< any > ): Promise< void > {
	const same = isMysql( db ) ? '<=>' : 'is';
	await createCheck(
		db,
		COPIES.map(
			( [ copied, column ] ) =>
				`not (new.${ copied } ${ same } (select c.${ column } from campaigns c where c.id = new.campaign_id))`
		).join( ' or ' )
	);
}
