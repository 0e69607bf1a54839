import type { OperationHandler } from '../lib/openapi.ts';
import { authenticate } from './authenticate.ts';
import { getHealth } from './health.ts';
import { checkEmail, createUser } from './users.ts';
import {
	getMe,
	getMyRank,
	getMyRankList,
	listMyBugs,
	listMyCampaigns,
	listMyExperience,
} from './users-me.ts';

/** operationId (openapi.yaml) → handler. The loader refuses to start when the two sets differ. */
export const handlers: Record< string, OperationHandler > = {
	getHealth,
	authenticate,
	createUser,
	checkEmail,
	getMe,
	listMyCampaigns,
	listMyExperience,
	listMyBugs,
	getMyRank,
	getMyRankList,
};
