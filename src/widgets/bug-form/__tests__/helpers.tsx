import { fireEvent, screen, waitFor } from '@testing-library/react';

import BugFormWidget from '..';
import { Toaster } from '../../../components/toaster';
import type {
	BugPayouts,
	CampaignDetail,
	Device,
	SimilarBug,
} from '../../../services/contract';
import { FakeApi, apiError } from '../../../test-utils/fake-api';
import { DANA, testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';
import { dateAndTime } from '../values';

export const CAMPAIGN_ID = 12;

export const CAMPAIGN: CampaignDetail = {
	id: CAMPAIGN_ID,
	title: 'Banking app for Android',
	type: { id: 1, name: 'Bug hunting', icon: 'bug' },
	startDate: '2026-11-01T09:00:00Z',
	endDate: '2026-12-15T18:00:00Z',
	closeDate: '2026-12-31T18:00:00Z',
	status: 'selected',
	selectionStatus: 'other',
	cap: 3,
	acceptedDevices: { smartphone: [ 'Android' ] },
	tl: { name: 'Leo Lead', email: 'lead@crowdscout.test' },
	manual: '',
	bugs: { refused: 0, approved: 0, pending: 0, needReview: 0 },
	hasBugForm: true,
	hasBugParade: true,
	minimumMedia: 1,
	titleRule: true,
	validFileExtensions: [ 'png', 'jpg', 'mp4', 'webm', 'txt' ],
	language: null,
	bugSeverity: {
		valid: [ 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL' ],
		invalid: [],
	},
	bugTypes: {
		valid: [
			'CRASH',
			'GRAPHIC',
			'MALFUNCTION',
			'TYPO',
			'OTHER',
			'USABILITY',
		],
		invalid: [ 'PERFORMANCE', 'SECURITY' ],
	},
	bugReplicability: { valid: [ 'ALWAYS' ], invalid: [ 'ONCE', 'SOMETIMES' ] },
	useCases: [
		{ id: 31, name: 'Log in' },
		{ id: 32, name: 'Send money' },
		{ id: -1, name: 'Not a specific usecase' },
	],
	additionalFields: [
		{
			slug: 'build',
			name: 'App build',
			type: 'text',
			regex: '^\\d+\\.\\d+$',
			error: 'Write the build as 1.2',
			options: [],
		},
		{
			slug: 'network',
			name: 'Network',
			type: 'select',
			regex: null,
			error: null,
			options: [ 'Wi-Fi', '4G' ],
		},
	],
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

export const LAPTOP: Device = {
	id: 6,
	type: 2,
	device: { pc_type: 'Notebook' },
	operating_system: {
		id: 301,
		platform: 'Windows',
		platform_id: 8,
		version: '11',
	},
	added_on: '2026-02-10T10:00:00Z',
};

export const PAYOUTS: BugPayouts = {
	currency: 'EUR',
	fiscalType: 'withholding',
	withheldPercent: 20,
	severities: [
		{ severity: 'LOW', gross: 1.25, net: 1 },
		{ severity: 'MEDIUM', gross: 3, net: 2.4 },
		{ severity: 'HIGH', gross: 5.5, net: 4.4 },
		{ severity: 'CRITICAL', gross: 8, net: 6.4 },
	],
};

export const config = testConfig();

export const BASE = `/users/me/campaigns/${ CAMPAIGN_ID }` as const;

/**
 * The fake API with Dana logged in, CP12 with its bug form, her devices and the payouts.
 *
 * @param campaign        Changes to CAMPAIGN.
 * @param options
 * @param options.devices Dana's devices.
 * @param options.similar The duplicate hint's answer.
 */
export function bugFormApi(
	campaign: Partial< CampaignDetail > = {},
	{
		devices = [ PIXEL ],
		similar = [],
	}: { devices?: Device[]; similar?: SimilarBug[] } = {}
) {
	const fake = new FakeApi( {
		apiBase: config.apiBase,
		ajaxUrl: config.ajaxUrl,
	} )
		.on( 'GET /users/me', { status: 200, body: DANA } )
		.on( `GET ${ BASE }`, {
			status: 200,
			body: { ...CAMPAIGN, ...campaign },
		} )
		.on( `GET ${ BASE }/bug_payouts`, { status: 200, body: PAYOUTS } )
		.on( `GET ${ BASE }/bugs/similar`, {
			status: 200,
			body: { items: similar },
		} );
	return devices.length
		? fake.on( 'GET /users/me/devices', { status: 200, body: devices } )
		: fake.on( 'GET /users/me/devices', apiError( 404, 'No devices' ) );
}

export { apiError };

/**
 * Renders the widget on its page's address, with the page's toaster.
 *
 * @param path The page's address.
 */
export async function renderBugForm(
	path = `/campaign/${ CAMPAIGN_ID }/bugform/`
) {
	window.history.replaceState( null, '', path );
	return renderWithProviders(
		<>
			<Toaster />
			<BugFormWidget />
		</>
	);
}

/** Renders the form and waits until it is there. */
export async function renderLoadedForm() {
	const rendered = await renderBugForm();
	// The widget is a chunk of its own: the first test of a file waits for Jest to load and transform it.
	await screen.findByRole(
		'button',
		{ name: 'Submit bug' },
		{ timeout: 8000 }
	);
	return rendered;
}

export const field = ( name: string ) =>
	screen.getByRole( 'textbox', { name } ) as HTMLInputElement;

export const select = ( name: string ) =>
	screen.getByRole( 'combobox', { name } ) as HTMLSelectElement;

export const type = ( element: HTMLElement, value: string ) =>
	fireEvent.change( element, { target: { value } } );

/** Dates of the date input, relative to today. */
export const day = ( offsetDays: number ) =>
	dateAndTime( new Date( Date.now() + offsetDays * 86_400_000 ) ).date;

/** Fills every field with valid values (media apart). */
export function fillValidBug() {
	type( field( 'Title' ), '[Login] - The button does nothing' );
	type( select( 'Use case' ), '31' );
	type( select( 'Severity' ), 'HIGH' );
	type( select( 'Type' ), 'CRASH' );
	type( select( 'Replicability' ), 'ALWAYS' );
	type(
		field( 'Steps to reproduce' ),
		'1. Open the app\n2. Tap Login\n3. Wait'
	);
	type( field( 'Expected result' ), 'The home page opens' );
	type( field( 'Current result' ), 'Nothing happens' );
	type( screen.getByLabelText( /Date last seen/ ), day( -1 ) );
	type( screen.getByLabelText( /Time last seen/ ), '10:30' );
	type( field( 'App build' ), '4.2' );
	type( select( 'Network' ), '4G' );
}

/** Submits the form and waits for validation to settle. */
export async function submit() {
	fireEvent.click( screen.getByRole( 'button', { name: 'Submit bug' } ) );
	await waitFor( () => undefined );
}
