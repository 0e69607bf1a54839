/**
 * A list without a date filter (the endpoint's default: every campaign the tester may see, of the platform's
 * whole history) sorted by a date: each status's date index (`campaigns_start`, `_end`, `_close`: status, date,
 * id) is walked in the page's order, the tester's application and listing of each campaign looked up on the way
 * (unique keys), and the walk stops after `start + limit` campaigns the tester sees; the page is cut from the
 * walks merged. Ranking the whole history instead sorted 10,000 campaigns and read the tester's 9,700
 * applications into a list for every page: on the bench's data this went from 111 to ~1,000 requests/s on
 * MariaDB (api/README.md "Reads at scale").
 */
import { sql, type Kysely } from 'kysely';
import { forceIndex, isMysql } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import type { Page } from '../paging.ts';
import { DATE_COLUMNS, readPage } from './campaign-page.ts';
import type { CampaignListItem } from './types.ts';
import type { VisibleCampaigns } from './visible-campaigns.ts';

/** Each date's index on campaigns: (status, date), the id following as in every InnoDB and SQLite index. */
const DATE_INDEXES = {
	start_date: 'campaigns_start',
	end_date: 'campaigns_end',
	close_date: 'campaigns_close',
} as const;

/**
 * Whether a list is read by walking the date indexes: no date filter, and a date to walk by.
 *
 * @param visible
 */
export const walksDates = ( visible: VisibleCampaigns ) =>
	! visible.ended && visible.query.orderBy !== 'visibility';

/**
 * @param db
 * @param visible
 */
export function dateWalkList(
	db: Kysely< Database >,
	visible: VisibleCampaigns
): Promise< Page< CampaignListItem > > {
	const { query, statusIds, total } = visible;
	const column = DATE_COLUMNS[ query.orderBy ];
	const direction = sql.raw( query.order === 'ASC' ? 'asc' : 'desc' );
	return readPage(
		db,
		{
			ids: sql`select w.id, w.visibility_rank from (${ sql.join(
				statusIds.map( ( status ) =>
					walkOf( db, visible, column, status )
				),
				sql` union all `
			) }) as w
				order by w.sort_key ${ direction }, w.id ${ direction }
				limit ${ query.limit } offset ${ query.start }`,
			order: { column, direction: query.order },
			total,
		},
		query
	);
}

/**
 * The walk of one status's date index, as a member of the walks' union.
 *
 * @param db
 * @param visible
 * @param column  The date walked.
 * @param status
 */
function walkOf(
	db: Kysely< Database >,
	visible: VisibleCampaigns,
	column: keyof typeof DATE_INDEXES,
	status: number
) {
	const { query, isMe, open, targeting, mine } = visible;
	const direction = sql.raw( query.order === 'ASC' ? 'asc' : 'desc' );
	// The visibility as the ranked lists give it (VISIBILITY_ORDER positions); only a running campaign is open.
	const steps = sql`select c.id, c.${ sql.raw(
		column
	) } as sort_key, case a.status when 'applied' then 1 when 'selected' then 0
			when 'excluded' then 2 else ${
				status === 1
					? sql`case when ${ open } then 0 else 2 end`
					: sql`2`
			} end as visibility_rank
		from testers me join campaigns c${ forceIndex(
			db,
			DATE_INDEXES[ column ]
		) } ${ mine }${ status === 1 ? sql` ${ targeting }` : sql`` }
		where ${ isMe } and c.status_id = ${ status }
		and (c.visibility in ('public', 'target') or a.campaign_id is not null or g.campaign_id is not null)${
			query.accepted === 0
				? sql` and (a.status is null or a.status <> 'selected')`
				: sql``
		}
		order by c.${ sql.raw( column ) } ${ direction }, c.id ${ direction }
		limit ${ query.start + query.limit }`;
	// MariaDB reads a parenthesised member as it is; SQLite takes an ordered, limited one as a subquery.
	return isMysql( db )
		? sql`(${ steps })`
		: sql`select * from (${ steps }) as s${ sql.lit( status ) }`;
}
