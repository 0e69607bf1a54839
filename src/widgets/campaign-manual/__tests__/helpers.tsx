import { screen, waitFor } from '@testing-library/react';

import CampaignManual from '..';
import { Toaster } from '../../../components/toaster';
import type {
	CampaignDetail,
	CampaignTask,
	Device,
	PayoutData,
	TaskMedia,
} from '../../../services/contract';
import { FakeApi, apiError } from '../../../test-utils/fake-api';
import { DANA, testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';
import type { Locale } from '../../../lib/locale';

export const CAMPAIGN_ID = 12;

/** Dana, selected in CP12 and started: the manual. */
export const CAMPAIGN: CampaignDetail = {
	id: CAMPAIGN_ID,
	title: 'Banking app for Android',
	type: { id: 1, name: 'Bug hunting', icon: 'bug' },
	startDate: '2026-12-01T09:00:00Z',
	endDate: '2026-12-15T18:00:00Z',
	closeDate: '2026-12-31T18:00:00Z',
	status: 'selected',
	selectionStatus: 'other',
	cap: 3,
	acceptedDevices: { smartphone: [ 'Android' ] },
	tl: { name: 'Leo Lead', email: 'lead@crowdscout.test' },
	manual: '<h2>Welcome</h2><p>Test the <strong>login</strong> flow.</p>',
	bugs: { refused: 1, approved: 4, pending: 2, needReview: 3 },
	hasBugForm: true,
	hasBugParade: false,
	minimumMedia: 1,
	titleRule: false,
	validFileExtensions: [ 'png', 'jpg' ],
	language: null,
	bugSeverity: {
		valid: [ 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL' ],
		invalid: [],
	},
	bugTypes: { valid: [ 'CRASH', 'GRAPHIC' ], invalid: [] },
	bugReplicability: { valid: [ 'ONCE', 'ALWAYS' ], invalid: [] },
	useCases: [
		{ id: 31, name: 'Log in' },
		{ id: 32, name: 'Send money' },
		{ id: -1, name: 'Not a specific usecase' },
	],
	additionalFields: [],
};

export const PAYOUT: PayoutData = {
	campaign_complete_bonus_eur: 10,
	minimum_bugs: 2,
	percent_usecases: 100,
	payout_limit: 50,
	critical_bug_payout: 8,
	high_bug_payout: 5.5,
	medium_bug_payout: 3,
	low_bug_payout: 1.25,
	top_tester_bonus: 15,
	campaign_pts: 200,
};

export const LOGIN_TASK: CampaignTask = {
	id: 31,
	name: 'Log in',
	content: '<p>Log in with your own account.</p>',
	status: 'pending',
	can_upload_media: true,
};

export const TRANSFER_TASK: CampaignTask = {
	id: 32,
	name: 'Send money',
	content: '<p>Send 1 euro to a friend.</p>',
	status: 'completed',
	can_upload_media: false,
};

export const PIXEL: Device = {
	id: 5,
	type: 0,
	device: { id: 21, manufacturer: 'Google', model: 'Pixel 8' },
	operating_system: {
		id: 201,
		platform: 'Android',
		platform_id: 2,
		version: '15',
	},
	added_on: '2026-01-10T10:00:00Z',
};

export const SCREENSHOT: TaskMedia = {
	id: 70,
	name: 'login-screen.png',
	mimeType: 'image/png',
	url: '/api/media/abc123?expires=1&signature=xyz',
};

export const config = testConfig();

export const TASKS_ROUTE =
	`GET /users/me/campaigns/${ CAMPAIGN_ID }/tasks` as const;

/**
 * The fake API with Dana logged in and CP12 as `campaign` says, its payout, tasks, devices and the media of the
 * login task.
 *
 * @param campaign      Changes to CAMPAIGN.
 * @param options
 * @param options.tasks The tasks list.
 * @param options.media The login task's files.
 */
export function manualApi(
	campaign: Partial< CampaignDetail > = {},
	{
		tasks = [ LOGIN_TASK, TRANSFER_TASK ],
		media = [ SCREENSHOT ],
	}: { tasks?: CampaignTask[]; media?: TaskMedia[] } = {}
) {
	const base = `/users/me/campaigns/${ CAMPAIGN_ID }` as const;
	return new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } )
		.on( 'GET /users/me', { status: 200, body: DANA } )
		.on( `GET ${ base }`, {
			status: 200,
			body: { ...CAMPAIGN, ...campaign },
		} )
		.on( `GET ${ base }/payout_data`, { status: 200, body: PAYOUT } )
		.on( `GET ${ base }/tasks`, { status: 200, body: tasks } )
		.on( `GET ${ base }/devices`, { status: 200, body: [ PIXEL ] } )
		.on( `GET ${ base }/tasks/${ LOGIN_TASK.id }/media`, {
			status: 200,
			body: { items: media },
		} );
}

export { apiError };

/**
 * Renders the widget on its page's address, with the page's toaster.
 *
 * @param options
 * @param options.reload What the page does to reload.
 * @param options.locale The page's language.
 * @param options.path   The page's address.
 */
export async function renderManual( {
	reload = jest.fn(),
	locale = 'en',
	path = `/campaigns/${ CAMPAIGN_ID }/manual/`,
}: { reload?: () => void; locale?: Locale; path?: string } = {} ) {
	window.history.replaceState(
		null,
		'',
		locale === 'en' ? path : `/${ locale }${ path }`
	);
	const rendered = await renderWithProviders(
		<>
			<Toaster />
			<CampaignManual reload={ reload } />
		</>,
		{ config: { locale } }
	);
	return { ...rendered, reload };
}

/** Renders the manual and waits until its campaign, tasks and side cards are there. */
export async function renderLoadedManual(
	options: Parameters< typeof renderManual >[ 0 ] = {}
) {
	const rendered = await renderManual( options );
	// The widget is a chunk of its own: the first test of a file waits for Jest to load and transform it.
	await screen.findByRole( 'heading', { level: 1 }, { timeout: 5000 } );
	await waitFor( () =>
		expect( screen.queryByRole( 'status' ) ).not.toBeInTheDocument()
	);
	return rendered;
}
