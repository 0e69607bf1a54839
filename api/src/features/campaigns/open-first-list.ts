/**
 * The available table's first pages (sorted by visibility, open campaigns first, `accepted` 0): when the
 * campaigns open to the tester fill the page, they are read in start-date order from `campaigns_start` (status,
 * start date, id), stopping at the page's end, instead of ranking every campaign not ended yet. MariaDB is told
 * the index: weighing each of the campaigns' nine indexes for this statement cost it more than the walk. The walk
 * selects the page's campaign columns from the rows it reads anyway, so the page's statement does not read those
 * ten campaigns again by primary key (−130 k instructions of ~2.0 M; api/README.md "Reads at scale").
 */
import { sql, type Kysely } from 'kysely';
import { forceIndex } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import { pageOf, type Page } from '../paging.ts';
import { CAMPAIGN_COLUMNS, describePage } from './campaign-page.ts';
import type { CampaignListItem, CampaignListQuery } from './types.ts';
import type { VisibleCampaigns } from './visible-campaigns.ts';

/**
 * Whether a list's first pages may be the open campaigns alone.
 *
 * @param query
 */
export const opensFirst = ( query: CampaignListQuery ) =>
	query.orderBy === 'visibility' &&
	query.order === 'ASC' &&
	query.accepted === 0;

/**
 * The page, or undefined when the open campaigns do not fill it (the ranked list reads it then).
 *
 * @param db
 * @param visible
 */
export async function openFirstList(
	db: Kysely< Database >,
	visible: VisibleCampaigns
): Promise< Page< CampaignListItem > | undefined > {
	const { query, isMe, filters, open, targeting, mine, total } = visible;
	const page = await describePage(
		db,
		{
			ids: sql`select c.id, 0 as visibility_rank, ${ CAMPAIGN_COLUMNS } from testers me join campaigns c${ forceIndex(
				db,
				'campaigns_start'
			) } ${ mine } ${ targeting }
				where ${ isMe } and ${ filters } and ${ open }
				and (c.visibility in ('public', 'target') or g.campaign_id is not null)
				and a.campaign_id is null
				order by c.start_date asc, c.id asc limit ${ query.limit } offset ${
					query.start
				}`,
			order: { column: 'start_date', direction: 'ASC' },
			total,
			withColumns: true,
		},
		query.locale
	);
	return page.items.length === query.limit && page.total !== undefined
		? pageOf( page.items, query, page.total )
		: undefined;
}
