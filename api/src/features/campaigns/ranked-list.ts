/**
 * Every other visible list ranks the campaigns of the filters: the available table (not ended yet) past its
 * open-first pages, and any list sorted by visibility. With the dashboard's date filter that is the campaigns not
 * ended yet, a number that follows how many campaigns run at a time, not the platform's history; sorted by
 * visibility without one it ranks every campaign (86 requests/s on the bench's data), which the dashboard never
 * asks for. The tester's applications of each kind are a short index range each, read once into a list, so no
 * campaign costs a lookup of its own. Those lists are built only here, on the one path that reads them
 * (building and compiling the page statement: 38 → 25 µs a request; api/README.md "Reads at scale").
 */
import { sql, type Kysely } from 'kysely';
import { forceIndex } from '../../db/engine.ts';
import type { ApplicationStatus, Database } from '../../db/schema.ts';
import type { Page } from '../paging.ts';
import { DATE_COLUMNS, readPage } from './campaign-page.ts';
import type { CampaignListItem } from './types.ts';
import type { VisibleCampaigns } from './visible-campaigns.ts';

/**
 * @param db
 * @param visible
 */
export function rankedList(
	db: Kysely< Database >,
	visible: VisibleCampaigns
): Promise< Page< CampaignListItem > > {
	const { query, isMe, filters, open, targeting, total } = visible;
	const applications = applicationsOf( db, visible );
	// The campaigns the tester sees.
	const where = sql`${ filters } and (c.visibility in ('public', 'target')
		or c.id in ${ applications( 'applied', 'selected', 'excluded' ) }
		or (c.visibility = 'small-group' and c.id in (select n.campaign_id from testers me
			join campaign_targets n on n.tester_id = me.id where ${ isMe })))${
				query.accepted === 0
					? sql` and c.id not in ${ applications( 'selected' ) }`
					: sql``
			}`;
	// VISIBILITY_ORDER positions: 0 available (selected, or open), 1 candidate (applied), 2 unavailable.
	const rank = sql`case
		when c.id in ${ applications( 'applied' ) } then 1
		${
			query.accepted === 0
				? sql``
				: sql`when c.id in ${ applications( 'selected' ) } then 0`
		}
		when c.id in ${ applications( 'excluded' ) } then 2
		when ${ open } then 0
		else 2 end`;
	const direction = sql.raw( query.order === 'ASC' ? 'asc' : 'desc' );
	const sortColumn = sql.raw( DATE_COLUMNS[ query.orderBy ] );
	const byVisibility = query.orderBy === 'visibility';
	return readPage(
		db,
		{
			ids: sql`select c.id, ${ rank } as visibility_rank from testers me join campaigns c ${ targeting }
				where ${ isMe } and ${ where }
				order by ${
					byVisibility ? sql`visibility_rank ${ direction }, ` : sql``
				}c.${ sortColumn } ${
					byVisibility ? sql`asc` : direction
				}, c.id ${ direction } limit ${ query.limit } offset ${
					query.start
				}`,
			order: {
				column: DATE_COLUMNS[ query.orderBy ],
				direction: query.order,
				byRank: byVisibility,
			},
			total,
		},
		query
	);
}

/**
 * The tester's applications of some statuses among the campaigns the filters keep, as a subquery.
 *
 * @param db
 * @param visible
 */
function applicationsOf( db: Kysely< Database >, visible: VisibleCampaigns ) {
	const { now, statuses, ended, isMe } = visible;
	return ( ...status: ApplicationStatus[] ) =>
		sql`(select n.campaign_id from testers me join applications n${ forceIndex(
			db,
			'applications_board_end'
		) } on n.tester_id = me.id
			where ${ isMe } and n.status in (${ sql.join(
				status
			) }) and n.campaign_status_id in (${ statuses })${
				ended
					? sql` and n.campaign_end_date ${ ended } ${ now }`
					: sql``
			})`;
}
