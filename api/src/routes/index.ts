import type { OperationHandler } from '../lib/openapi.ts';
import { authenticate } from './authenticate.ts';
import { getHealth } from './health.ts';
import { getMyPopup, listMyPopups } from './popups.ts';
import { checkEmail, createUser } from './users.ts';
import {
	getMe,
	getMyPendingBooty,
	getMyRank,
	getMyRankList,
	listMyBugs,
	listMyCampaigns,
	listMyExperience,
	updateMe,
} from './users-me.ts';

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
