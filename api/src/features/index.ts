import type { OperationHandler } from '../lib/openapi.ts';
import { authenticate } from './auth/routes.ts';
import { listMyCampaigns } from './campaigns/routes.ts';
import { getHealth } from './health/routes.ts';
import { listMyBugs, listMyExperience } from './history/routes.ts';
import { getMe, getMyPendingBooty, updateMe } from './me/routes.ts';
import { getMyPopup, listMyPopups } from './popups/routes.ts';
import { getMyRank, getMyRankList } from './ranking/routes.ts';
import { checkEmail, createUser } from './users/routes.ts';

/** operationId (openapi.yaml) → handler. The loader refuses to start when the two sets differ. */
export const handlers: Record< string, OperationHandler > = {
	getHealth,
	authenticate,
	createUser,
	checkEmail,
	getMe,
	updateMe,
	getMyPendingBooty,
	listMyCampaigns,
	// The spec's dashboard tables call GET /campaigns: the same operation under the path the client uses.
	listCampaigns: listMyCampaigns,
	listMyExperience,
	listMyBugs,
	getMyRank,
	getMyRankList,
	listMyPopups,
	getMyPopup,
};
