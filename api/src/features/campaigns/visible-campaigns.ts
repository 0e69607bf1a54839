/**
 * The campaigns a tester sees (every list but the selected ones), as the SQL fragments the open-first walk, the
 * date walks and the ranked list share: the filters, the targeting rules, the tester's application and listing
 * of a campaign, and the list's total.
 *
 * Written as SQL text rather than with the query builder: building these statements' trees of subqueries on
 * every request cost more than running them. The tester is not read beforehand: each select block that needs
 * it joins `testers me` through the unique key of its WordPress user, a constant table to both engines'
 * planners, so a page is one round trip (api/README.md "Reads at scale").
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { forceIndex } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import type { CampaignListQuery, Viewer } from './types.ts';

export interface VisibleCampaigns {
	viewer: Viewer;
	query: CampaignListQuery;
	/** The moment "ended" and "open for subscription" are measured against, as stored. */
	now: string;
	/** The campaign statuses of the filter, as numbers and as SQL. */
	statusIds: number[];
	statuses: RawBuilder< unknown >;
	/** The end date's comparison with `now` for a date filter, null without one. */
	ended: RawBuilder< unknown > | null;
	/** The tester, in a block that joins `testers me`. */
	isMe: RawBuilder< unknown >;
	/** The status and date filters on a campaign `c`. */
	filters: RawBuilder< unknown >;
	/**
	 * A campaign `c` the tester may apply to (when they have no application yet): running, start date ahead, a
	 * free place, and for a targeted one the tester's country, a spoken language and this month's level. The
	 * block joins `me` and `targeting`.
	 */
	open: RawBuilder< unknown >;
	/**
	 * The tester's level this month (`ml`) and, for a targeted campaign `c`, the tester's speaking its language
	 * (`tl`): joins through unique keys, which MariaDB plans for less than the subqueries they replace.
	 */
	targeting: RawBuilder< unknown >;
	/**
	 * The tester's application of a campaign `c` (`a`) and, for a small-group one, the tester's listing (`g`):
	 * both through a unique key, one row at most.
	 */
	mine: RawBuilder< unknown >;
	/** The number of campaigns that match, from counts kept by triggers (see totalOf). */
	total: RawBuilder< unknown >;
}

/**
 * @param db
 * @param viewer
 * @param query
 * @param now
 */
export function visibleCampaigns(
	db: Kysely< Database >,
	viewer: Viewer,
	query: CampaignListQuery,
	now: string
): VisibleCampaigns {
	const statusIds = query.statusId ? [ query.statusId ] : [ 1, 2 ];
	const ended =
		query.completed === undefined
			? null
			: sql.raw( query.completed ? '<' : '>=' );
	const statuses = sql.join( statusIds );
	const visible = {
		viewer,
		query,
		now,
		statusIds,
		statuses,
		ended,
		isMe: sql`me.wp_user_id = ${ viewer.wpUserId }`,
		filters: sql`c.status_id in (${ statuses })${
			ended ? sql` and c.end_date ${ ended } ${ now }` : sql``
		}`,
		open: sql`c.status_id = 1 and c.start_date > ${ now }
			and (c.max_testers is null or c.selected_count < c.max_testers)
			and (c.visibility <> 'target' or (
				(c.target_country is null or c.target_country = me.country)
				and (c.target_min_level_id is null or c.target_min_level_id <= coalesce(ml.level_id, 0))
				and (c.target_language_id is null or tl.language_id is not null)))`,
		targeting: sql`left join tester_monthly_levels ml${ forceIndex(
			db,
			'tester_monthly_levels_unique'
		) } on ml.tester_id = me.id and ml.month = ${ viewer.month }
			left join tester_languages tl${ forceIndex(
				db,
				'tester_languages_unique'
			) } on c.visibility = 'target' and tl.tester_id = me.id
				and tl.language_id = c.target_language_id`,
		mine: sql`left join applications a${ forceIndex(
			db,
			'applications_tester_campaign_unique'
		) } on a.tester_id = me.id and a.campaign_id = c.id
			left join campaign_targets g${ forceIndex(
				db,
				'campaign_targets_unique'
			) } on c.visibility = 'small-group' and g.tester_id = me.id
				and g.campaign_id = c.id`,
	};
	return { ...visible, total: totalOf( db, visible ) };
}

/** What listed_end_counts (0010) sums for each status filter: 0 for none (running and closed). */
const LISTED_COLUMNS = [ 'k.running + k.closed', 'k.running', 'k.closed' ];

/**
 * The total, in the page's statement: the public and targeted campaigns of the filters, plus the internal and
 * small-group ones the tester sees, less for `accepted` 0 the tester's selected ones.
 * - With a date filter, all three are sums over the counts kept per end date: the public and targeted
 *   campaigns, a column per status (0010); the tester's restricted campaigns and selected applications per
 *   campaign status (0009).
 * - Without one, the first is a sum over the counts kept per status and visibility (0008), the second a lookup
 *   of the tester's application or listing for each internal and small-group campaign (`campaigns_visibility`
 *   finds them), the third a sum over the applications kept per status (0006).
 *
 * @param db
 * @param visible
 */
function totalOf(
	db: Kysely< Database >,
	visible: Omit< VisibleCampaigns, 'total' >
): RawBuilder< unknown > {
	const { query, now, statuses, ended, isMe, mine } = visible;
	if ( ended ) {
		return sql`((select coalesce(sum(${ sql.raw(
			LISTED_COLUMNS[ query.statusId ?? 0 ]
		) }), 0) from listed_end_counts k where k.end_date ${ ended } ${ now })
			+ (select coalesce(sum(e.restricted${
				query.accepted === 0 ? sql` - e.selected` : sql``
			}), 0) from testers me join tester_end_counts e on e.tester_id = me.id
				where ${ isMe } and e.campaign_status_id in (${ statuses })
				and e.end_date ${ ended } ${ now }))`;
	}
	return sql`((select coalesce(sum(k.campaigns), 0) from campaign_counts k
			where k.status_id in (${ statuses }) and k.visibility in ('public', 'target'))
		+ (select count(*) from testers me join campaigns c${ forceIndex(
			db,
			'campaigns_visibility'
		) } ${ mine }
			where ${ isMe } and c.visibility in ('internal', 'small-group') and c.status_id in (${ statuses })
			and (a.campaign_id is not null or g.campaign_id is not null))${
				query.accepted === 0
					? sql` - (select coalesce(sum(n.applications), 0) from testers me
					join application_counts n on n.tester_id = me.id
					where ${ isMe } and n.status = 'selected'
					and n.campaign_status_id in (${ statuses }))`
					: sql``
			})`;
}
