import { sql, type Kysely } from 'kysely';
import { isMysql } from '../../db/engine.ts';
import type { Popup } from '../../contract/index.ts';
import type { Database } from '../../db/schema.ts';
import { toBoolean, toInteger, toSqlDateTime } from '../../db/values.ts';

/** The most popups one inbox answer carries (openapi.yaml says so too). */
export const MAX_POPUPS = 50;

interface PopupRow {
	id: number | string;
	title: string;
	content: string;
	is_once: number | string;
}

const toPopup = ( row: PopupRow ): Popup => ( {
	id: toInteger( row.id ),
	title: row.title,
	content: row.content,
	once: toBoolean( row.is_once ),
} );

export type PopupsRepository = ReturnType< typeof createPopupsRepository >;

/**
 * The inbox. A popup is meant for a tester when its target is `all`, or `list` with a popup_recipients row for
 * the tester; a popup_reads row says the tester has seen it. Popups are written by staff, so there are few of
 * them; recipients and reads grow with the testers, and are only ever reached through their (tester_id,
 * popup_id) unique keys.
 *
 * @param db
 */
export function createPopupsRepository( db: Kysely< Database > ) {
	const mysql = isMysql( db );

	return {
		/**
		 * The popups meant for the tester, newest first, at most MAX_POPUPS.
		 *
		 * @param testerId
		 * @param options
		 * @param options.showExpired Also the expired ones and those the tester has seen (the Inbox button).
		 * @param options.now
		 */
		async listForTester(
			testerId: number,
			{
				showExpired = false,
				now = new Date(),
			}: { showExpired?: boolean; now?: Date } = {}
		): Promise< Popup[] > {
			const pending = showExpired
				? sql``
				: sql` and (p.expires_at is null or p.expires_at > ${ toSqlDateTime(
						now
				  ) })
					and not exists (select 1 from popup_reads s
						where s.tester_id = ${ testerId } and s.popup_id = p.id)`;
			// Two branches rather than one `target = 'all' or exists (recipient)`: each is an index range (the
			// popups_target_expiry index for everyone's, the tester's popup_recipients rows for the listed ones),
			// where the OR would read every popup ever written.
			const { rows } =
				await sql< PopupRow >`select id, title, content, is_once from (
					select p.id, p.title, p.content, p.is_once, p.created_at
					from popups p
					where p.target = 'all'${ pending }
					union all
					select p.id, p.title, p.content, p.is_once, p.created_at
					from popup_recipients r
					join popups p on p.id = r.popup_id
					where r.tester_id = ${ testerId } and p.target = 'list'${ pending }
				) meant
				order by created_at desc, id desc
				limit ${ MAX_POPUPS }`.execute( db );
			return rows.map( toPopup );
		},

		/**
		 * One popup, if it is meant for the tester (expired or seen ones included).
		 *
		 * @param testerId
		 * @param popupId
		 */
		async findForTester(
			testerId: number,
			popupId: number
		): Promise< Popup | undefined > {
			const row = await db
				.selectFrom( 'popups as p' )
				.select( [ 'p.id', 'p.title', 'p.content', 'p.is_once' ] )
				.where( 'p.id', '=', popupId )
				.where( ( eb ) =>
					eb.or( [
						eb( 'p.target', '=', 'all' ),
						eb.exists(
							eb
								.selectFrom( 'popup_recipients as r' )
								.select( sql`1`.as( 'one' ) )
								.where( 'r.tester_id', '=', testerId )
								.whereRef( 'r.popup_id', '=', 'p.id' )
						),
					] )
				)
				.executeTakeFirst();
			return row ? toPopup( row ) : undefined;
		},

		/**
		 * Records that the tester has seen the popup; a second call, concurrent or not, leaves the first record.
		 *
		 * @param testerId
		 * @param popupId
		 * @param now
		 */
		async markSeen(
			testerId: number,
			popupId: number,
			now: Date = new Date()
		): Promise< void > {
			const insert = db.insertInto( 'popup_reads' ).values( {
				tester_id: testerId,
				popup_id: popupId,
				read_at: toSqlDateTime( now ),
			} );
			// A single statement that lets the unique key settle a race: reading first and inserting when absent
			// would let two requests both find nothing and the second fail on the key.
			await ( mysql
				? insert.ignore()
				: insert.onConflict( ( conflict ) =>
						conflict
							.columns( [ 'tester_id', 'popup_id' ] )
							.doNothing()
				  )
			).execute();
		},
	};
}
