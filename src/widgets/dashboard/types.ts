import type {
	CampaignItem,
	CampaignPage,
	IdName,
	PerLanguage,
	QueryOf,
	RankSummary,
} from '../../services/contract';

export type { CampaignPage, IdName, PerLanguage, RankSummary };

/** One row of the dashboard tables. */
export type Campaign = CampaignItem;

export type Visibility = Campaign[ 'visibility' ][ 'type' ];

/** What the dashboard tables send: every parameter, defaults included, so the cache key says it all. */
export type CampaignQuery = Required< QueryOf< 'listMyCampaigns' > >;

export type SortKey = CampaignQuery[ 'orderBy' ];

export type SortOrder = CampaignQuery[ 'order' ];

/** The table's sort as the interface keeps it. */
export interface Sort {
	orderBy: SortKey;
	order: SortOrder;
}

export type CampaignFilter = CampaignQuery[ 'filterBy' ];
