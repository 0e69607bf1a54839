import type { Kysely } from 'kysely';
import type {
	CampaignItem,
	CampaignPage,
	Locale as ContractLocale,
	PerLanguage as ContractPerLanguage,
	QueryOf,
} from '../../contract/index.ts';
import type { Database } from '../../db/schema.ts';
import { toSqlDateTime } from '../../db/values.ts';
import type { SortOrder } from '../paging.ts';
import { LOCALES } from './campaign-page.ts';
import { dateWalkList, walksDates } from './date-walk-list.ts';
import { openFirstList, opensFirst } from './open-first-list.ts';
import { rankedList } from './ranked-list.ts';
import { selectedList } from './selected-list.ts';
import { visibleCampaigns } from './visible-campaigns.ts';

export { LOCALES };
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

export type CampaignsRepository = ReturnType<
	typeof createCampaignsRepository
>;

/**
 * The dashboard's campaign tables, each read by the strategy its query calls for (one module each, with its
 * measured reason; api/README.md "Reads at scale"):
 * - the tester's selected campaigns (`accepted` 1): the tester's applications alone (selected-list.ts);
 * - the available table's first pages: the open campaigns walked in start-date order (open-first-list.ts);
 * - a list by a date without a date filter: each status's date index walked (date-walk-list.ts);
 * - any other list: the campaigns of the filters ranked (ranked-list.ts).
 * Each reads its page, the page's campaigns in full and the total in one statement (campaign-page.ts); the
 * tester is found inside it, so an empty page is the one answer that does not tell whether the tester exists,
 * and only then is that looked up.
 *
 * @param db
 */
export function createCampaignsRepository( db: Kysely< Database > ) {
	async function readList(
		viewer: Viewer,
		query: CampaignListQuery,
		now: string
	): Promise< CampaignPage > {
		if ( query.accepted === 1 ) {
			return selectedList( db, viewer, query, now );
		}
		const visible = visibleCampaigns( db, viewer, query, now );
		const openFirst = opensFirst( query )
			? await openFirstList( db, visible )
			: undefined;
		if ( openFirst ) {
			return openFirst;
		}
		return walksDates( visible )
			? dateWalkList( db, visible )
			: rankedList( db, visible );
	}

	return {
		/**
		 * One page of the campaigns the tester sees, with the number that match.
		 *
		 * @param viewer
		 * @param query
		 * @param now    The moment "ended" and "open for subscription" are measured against.
		 * @return Undefined when the WordPress user has no tester.
		 */
		async listForTester(
			viewer: Viewer,
			query: CampaignListQuery,
			now: Date = new Date()
		): Promise< CampaignPage | undefined > {
			const page = await readList( viewer, query, toSqlDateTime( now ) );
			if ( page.results.length ) {
				return page;
			}
			const tester = await db
				.selectFrom( 'testers' )
				.select( 'id' )
				.where( 'wp_user_id', '=', viewer.wpUserId )
				.executeTakeFirst();
			return tester && page;
		},
	};
}
