import type { ContractHandlers } from '../contract/handler.ts';
import { authenticate } from './auth/routes.ts';
import { listCampaigns, listMyCampaigns } from './campaigns/routes.ts';
import { getHealth } from './health/routes.ts';
import { listMyBugs, listMyExperience } from './history/routes.ts';
import { getMe, getMyPendingBooty, updateMe } from './me/routes.ts';
import { getMyPopup, listMyPopups } from './popups/routes.ts';
import { getMyRank, getMyRankList } from './ranking/routes.ts';
import { checkEmail, createUser } from './users/routes.ts';

/**
 * operationId (openapi.yaml) → handler. The typecheck fails when the two sets differ or a handler's request or
 * answer types disagree with its operation, and the loader refuses to start when the sets differ.
 */
export const handlers: ContractHandlers = {
	getHealth,
	authenticate,
	createUser,
	checkEmail,
	getMe,
	updateMe,
	getMyPendingBooty,
	listMyCampaigns,
	listCampaigns,
	listMyExperience,
	listMyBugs,
	getMyRank,
	getMyRankList,
	listMyPopups,
	getMyPopup,
};
