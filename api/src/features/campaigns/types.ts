import type {
	CampaignItem,
	Locale as ContractLocale,
	PerLanguage as ContractPerLanguage,
	QueryOf,
} from '../../contract/index.ts';
import type { SortOrder } from '../paging.ts';

export type Locale = ContractLocale;
export type PerLanguage = ContractPerLanguage;
export type CampaignListItem = CampaignItem;
export type Visibility = CampaignItem[ 'visibility' ][ 'type' ];
export type CampaignSort = QueryOf< 'listMyCampaigns' >[ 'orderBy' ];

export interface CampaignListQuery {
	start: number;
	limit: number;
	order: SortOrder;
	orderBy: CampaignSort;
	locale: Locale;
	/** 1: the tester is selected; 0: not selected. */
	accepted?: 0 | 1;
	/** 1: the end date has passed; 0: it has not. */
	completed?: 0 | 1;
	/** 1 running, 2 closed. */
	statusId?: 1 | 2;
}

/**
 * Whose campaigns: the tester of a WordPress user, found inside each statement (see createCampaignsRepository).
 */
export interface Viewer {
	wpUserId: number;
	/** `YYYY-MM-01`: the month whose level the targeting rules read. */
	month: string;
}
