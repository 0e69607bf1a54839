import type {
	CampaignDetail,
	CampaignPreview,
	PayoutData,
} from '../../../services/contract';
import type { ApiAnswer, FakeApi } from '../../../test-utils/fake-api';
import { DANA } from '../../../test-utils/fixtures';

export const CAMPAIGN_ID = 7;

export const ROUTE = `/users/me/campaigns/${ CAMPAIGN_ID }`;

/** An open campaign, far in the future, with places left. */
export const PREVIEW: CampaignPreview = {
	id: CAMPAIGN_ID,
	title: 'Smart TV app',
	type: { id: 1, name: 'Bug hunting', icon: 'bug' },
	content: '<p>Test our new streaming app.</p>',
	startDate: '2030-12-01T09:00:00Z',
	endDate: '2030-12-15T18:00:00Z',
	status: 'available',
	cap: 5,
	acceptedDevices: { smartphone: [ 'Android', 'iOS' ], pc: 'all' },
	tl: { name: 'Tina Leader', email: 'tina@example.com' },
	hasForm: true,
};

/** 10.10 € for completing, bugs up to 50.20 €, 20 € to the best: 10.10 € to 80.30 €. */
export const PAYOUT: PayoutData = {
	campaign_complete_bonus_eur: 10.1,
	minimum_bugs: 3,
	percent_usecases: 100,
	payout_limit: 50.2,
	critical_bug_payout: 8,
	high_bug_payout: 5,
	medium_bug_payout: 2.5,
	low_bug_payout: 1,
	top_tester_bonus: 20,
	campaign_pts: 120,
};

export const DETAIL: CampaignDetail = {
	id: CAMPAIGN_ID,
	title: PREVIEW.title,
	type: PREVIEW.type,
	startDate: PREVIEW.startDate,
	endDate: PREVIEW.endDate,
	closeDate: '2030-12-20T18:00:00Z',
	status: 'available',
	selectionStatus: 'other',
	cap: 5,
	acceptedDevices: PREVIEW.acceptedDevices,
	tl: PREVIEW.tl,
	manual: '',
	bugs: { refused: 0, approved: 0, pending: 0, needReview: 0 },
	hasBugForm: true,
	hasBugParade: false,
	minimumMedia: 0,
	titleRule: false,
	validFileExtensions: [],
	language: null,
	bugSeverity: { valid: [ 'LOW', 'HIGH' ], invalid: [] },
	bugTypes: { valid: [ 'CRASH', 'USABILITY' ], invalid: [ 'TYPO' ] },
	bugReplicability: { valid: [ 'ALWAYS' ], invalid: [] },
	useCases: [ { id: -1, name: 'Not a specific usecase' } ],
	additionalFields: [],
};

/**
 * Serves the page's calls: the profile, the preview, the payout data, and the application form's (no question,
 * one compatible device).
 *
 * @param api
 * @param options
 * @param options.preview The preview's changes to PREVIEW, or a whole answer.
 * @param options.payout  The payout data's answer.
 */
export function servePreview(
	api: FakeApi,
	{
		preview = {},
		payout = { status: 200, body: PAYOUT },
	}: {
		preview?:
			| Partial< CampaignPreview >
			| ApiAnswer< 'getMyCampaignPreview' >;
		payout?: ApiAnswer< 'getMyCampaignPayoutData' >;
	} = {}
): FakeApi {
	const answer =
		'status' in preview && typeof preview.status === 'number'
			? ( preview as ApiAnswer< 'getMyCampaignPreview' > )
			: {
					status: 200 as const,
					body: {
						...PREVIEW,
						...( preview as Partial< CampaignPreview > ),
					},
			  };
	return api
		.on( 'GET /users/me', { status: 200, body: DANA } )
		.on( `GET ${ ROUTE }/preview`, answer )
		.on( `GET ${ ROUTE }/payout_data`, payout )
		.on( `GET ${ ROUTE }/forms`, { status: 200, body: [] } )
		.on( `GET ${ ROUTE }/compatible_devices`, {
			status: 200,
			body: [
				{
					id: 31,
					type: 0,
					device: {
						id: 11,
						manufacturer: 'Google',
						model: 'Pixel 8',
					},
					operating_system: {
						id: 90,
						platform: 'Android',
						platform_id: 1,
						version: '14',
					},
					added_on: '2025-01-10T10:00:00Z',
				},
			],
		} );
}
