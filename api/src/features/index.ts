import type { ContractHandlers } from '../contract/handler.ts';
import { authenticate } from './auth/routes.ts';
import {
	applyToMyCampaign,
	getMyCampaignForm,
	listMyCampaignDevices,
	listMyCompatibleDevices,
} from './applications/routes.ts';
import { getMyBug, getPublicBug } from './bugs/routes.ts';
import {
	createMyBug,
	deleteMyMedia,
	getMyBugPayouts,
	listMySimilarBugs,
	uploadMyBugMedia,
} from './bugs/form-routes.ts';
import {
	addMyDevice,
	deleteMyDevice,
	getMyDevice,
	listMyDevices,
	updateMyDevice,
} from './devices/routes.ts';
import { confirmMyEmail } from './email-confirmation/routes.ts';
import { listCampaigns, listMyCampaigns } from './campaigns/routes.ts';
import {
	getMyCampaign,
	getMyCampaignPayoutData,
	getMyCampaignPreview,
	listMyCampaignTasks,
	startMyCampaign,
} from './campaigns/detail-routes.ts';
import {
	createMyFiscal,
	getMyFiscal,
	updateMyFiscal,
} from './fiscal/routes.ts';
import { getHealth } from './health/routes.ts';
import { getMedia } from './media/routes.ts';
import {
	listMyBugs,
	listMyExperience,
	listMyExperienceFilters,
} from './history/routes.ts';
import {
	listCertifications,
	listCountryRegions,
	listCustomUserFields,
	listDeviceModels,
	listEducation,
	listEmployments,
	listLanguages,
	listLevels,
	listOperatingSystems,
	listOsVersions,
} from './lookups/routes.ts';
import {
	deleteMe,
	getMe,
	getMyPendingBooty,
	replaceMe,
	updateMe,
} from './me/routes.ts';
import {
	createMyPayment,
	listMyBootyDetails,
	listMyPaymentItems,
	listMyPayments,
} from './payments/routes.ts';
import {
	exportPaidPayments,
	listPayments,
	markPaymentPaid,
} from './payments/admin-routes.ts';
import {
	changeAdminTesterExperience,
	getAdminTester,
	listAdminTesters,
} from './testers-admin/routes.ts';
import { getAdminSummary } from './admin-summary/routes.ts';
import { listAuditEntries } from './audit/routes.ts';
import {
	closeAdminCampaign,
	createAdminCampaign,
	duplicateAdminCampaign,
	getAdminCampaign,
	getAdminCampaignChoices,
	listAdminCampaigns,
	updateAdminCampaign,
} from './campaigns-admin/routes.ts';
import { listCandidates, setCandidatesStatus } from './candidates/routes.ts';
import {
	listFiscalProfiles,
	reviewFiscalProfile,
} from './fiscal-admin/routes.ts';
import {
	getAdminBug,
	listCampaignBugs,
	reviewAdminBug,
	reviewCampaignBugs,
} from './bugs-admin/routes.ts';
import { searchPlaces } from './places/routes.ts';
import { getMyPopup, listMyPopups } from './popups/routes.ts';
import {
	createAdminPopup,
	deleteAdminPopup,
	getAdminPopup,
	listAdminPopups,
	updateAdminPopup,
} from './popups-admin/routes.ts';
import {
	addMyCertification,
	addMyLanguages,
	deleteMyCertification,
	deleteMyLanguage,
	replaceMyLanguages,
	updateMyAdditional,
} from './profile-parts/routes.ts';
import { getMyRank, getMyRankList } from './ranking/routes.ts';
import {
	completeMyCampaignTask,
	deleteMyTaskMedia,
	listMyTaskMedia,
	uploadMyTaskMedia,
} from './tasks/routes.ts';
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
	replaceMe,
	deleteMe,
	getMyPendingBooty,
	listMyBootyDetails,
	listMyPayments,
	createMyPayment,
	listMyPaymentItems,
	listPayments,
	markPaymentPaid,
	exportPaidPayments,
	listAdminTesters,
	getAdminTester,
	changeAdminTesterExperience,
	getAdminSummary,
	listAuditEntries,
	listAdminCampaigns,
	getAdminCampaign,
	createAdminCampaign,
	updateAdminCampaign,
	duplicateAdminCampaign,
	closeAdminCampaign,
	getAdminCampaignChoices,
	listCandidates,
	setCandidatesStatus,
	listFiscalProfiles,
	reviewFiscalProfile,
	listCampaignBugs,
	getAdminBug,
	reviewAdminBug,
	reviewCampaignBugs,
	confirmMyEmail,
	listMyCampaigns,
	listCampaigns,
	listMyExperience,
	listMyExperienceFilters,
	listMyBugs,
	getMyBug,
	getMedia,
	getMyRank,
	getMyRankList,
	listMyPopups,
	getMyPopup,
	listAdminPopups,
	getAdminPopup,
	createAdminPopup,
	updateAdminPopup,
	deleteAdminPopup,
	updateMyAdditional,
	addMyLanguages,
	replaceMyLanguages,
	deleteMyLanguage,
	addMyCertification,
	deleteMyCertification,
	listMyDevices,
	addMyDevice,
	getMyDevice,
	updateMyDevice,
	deleteMyDevice,
	listLanguages,
	listEmployments,
	listEducation,
	listCustomUserFields,
	listLevels,
	listCertifications,
	listCountryRegions,
	listDeviceModels,
	listOperatingSystems,
	listOsVersions,
	searchPlaces,
	getMyFiscal,
	createMyFiscal,
	updateMyFiscal,
	getMyCampaign,
	getMyCampaignPreview,
	getMyCampaignPayoutData,
	listMyCampaignTasks,
	startMyCampaign,
	completeMyCampaignTask,
	listMyTaskMedia,
	uploadMyTaskMedia,
	deleteMyTaskMedia,
	getMyCampaignForm,
	applyToMyCampaign,
	listMyCampaignDevices,
	listMyCompatibleDevices,
	uploadMyBugMedia,
	deleteMyMedia,
	createMyBug,
	listMySimilarBugs,
	getMyBugPayouts,
	getPublicBug,
};
