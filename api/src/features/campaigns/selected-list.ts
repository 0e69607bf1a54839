/**
 * The tester's selected campaigns (`accepted` 1: the active, finished and closed tables) read from the tester's
 * applications alone, which carry their campaign's status and dates (0005, kept by 0011's triggers): one range
 * of a board index (tester, status, campaign status, date), whatever the platform's size.
 *
 * The total is a sum of counts kept by triggers, not a count of the range: per campaign status
 * (application_counts, 0006) or, with a date filter, per campaign status and end date (tester_end_counts.selected,
 * 0009; the bench tester's 291 selected applications not ended are 75 rows there). A window count over the range
 * had cost MariaDB ~0.6 M instructions, for it copies the range into a temporary table; the sum costs ~0.4 M
 * (active table 2.99 M → 2.81 M, finished 1.92 M → 1.84 M), and SQLite no longer counts the range in a second
 * statement (api/README.md "Reads at scale").
 */
import { sql, type Kysely } from 'kysely';
import { forceIndex } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import type { Page } from '../paging.ts';
import { DATE_COLUMNS, readPage } from './campaign-page.ts';
import type { CampaignListItem, CampaignListQuery, Viewer } from './types.ts';

/**
 * @param db
 * @param viewer
 * @param query
 * @param now    The moment "ended" is measured against, as stored.
 */
export function selectedList(
	db: Kysely< Database >,
	viewer: Viewer,
	query: CampaignListQuery,
	now: string
): Promise< Page< CampaignListItem > > {
	const statuses = sql.join( query.statusId ? [ query.statusId ] : [ 1, 2 ] );
	// The tester's applications through the board index that serves the page: by close date only when that is the
	// sort and no end date filters.
	const applications = sql`applications a${ forceIndex(
		db,
		query.completed === undefined && query.orderBy === 'close_date'
			? 'applications_board_close'
			: 'applications_board_end'
	) }`;
	const ended = sql.raw( query.completed ? '<' : '>=' );
	// Over `testers me join ${ applications }`.
	const range = sql`me.wp_user_id = ${
		viewer.wpUserId
	} and a.status = 'selected' and a.campaign_status_id in (${ statuses })${
		query.completed === undefined
			? sql``
			: sql` and a.campaign_end_date ${ ended } ${ now }`
	}`;
	const direction = sql.raw( query.order === 'ASC' ? 'asc' : 'desc' );
	// Fewer rows than the range has entries: a tester's campaigns share end dates.
	const total =
		query.completed === undefined
			? sql`(select coalesce(sum(n.applications), 0) from testers me
				join application_counts n on n.tester_id = me.id where me.wp_user_id = ${ viewer.wpUserId }
				and n.status = 'selected' and n.campaign_status_id in (${ statuses }))`
			: sql`(select coalesce(sum(e.selected), 0) from testers me
				join tester_end_counts e on e.tester_id = me.id where me.wp_user_id = ${ viewer.wpUserId }
				and e.campaign_status_id in (${ statuses }) and e.end_date ${ ended } ${ now })`;
	return readPage(
		db,
		{
			ids: sql`select a.campaign_id as id, 0 as visibility_rank, a.${ sql.raw(
				`campaign_${ DATE_COLUMNS[ query.orderBy ] }`
			) } as sort_key from testers me join ${ applications } on a.tester_id = me.id
				where ${ range }
				order by sort_key ${ direction }, a.campaign_id ${ direction }
				limit ${ query.limit } offset ${ query.start }`,
			order: {
				column: DATE_COLUMNS[ query.orderBy ],
				direction: query.order,
			},
			total,
		},
		query
	);
}
