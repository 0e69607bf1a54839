import type { Kysely } from 'kysely';
import type { CampaignPage } from '../../contract/index.ts';
import type { Database } from '../../db/schema.ts';
import { toSqlDateTime } from '../../db/values.ts';
import { readCampaignAccess } from './access.ts';
import { LOCALES } from './campaign-page.ts';
import { dateWalkList, walksDates } from './date-walk-list.ts';
import { createCampaignDetailReads } from './details.ts';
import { openFirstList, opensFirst } from './open-first-list.ts';
import { rankedList } from './ranked-list.ts';
import { selectedList } from './selected-list.ts';
import { visibleCampaigns } from './visible-campaigns.ts';
import type { CampaignListQuery, Viewer } from './types.ts';

export { LOCALES };
// The feature's types live in types.ts so that its strategy modules need not import this file back.
export type * from './types.ts';

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
		// One campaign's pages and its start (details.ts).
		...createCampaignDetailReads( db ),

		/**
		 * The tester with one campaign they may see and their application of it (access.ts).
		 *
		 * @param wpUserId
		 * @param campaignId
		 * @return Undefined when the WordPress user has no tester.
		 * @throws HttpError 404 when the campaign is unknown or not one the tester may see.
		 */
		access: ( wpUserId: number, campaignId: number ) =>
			readCampaignAccess( db, wpUserId, campaignId ),

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
