import { act, fireEvent, screen, within } from '@testing-library/react';

import Devices from '..';
import { Toaster } from '../../../components/toaster';
import type { AnswerOf } from '../../../services/contract';
import { apiError, FakeApi } from '../../../test-utils/fake-api';
import { DANA, testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';

export type Device = AnswerOf< 'getMyDevice' >;

export const IPHONE: Device = {
	id: 5,
	type: 0,
	device: { id: 11, manufacturer: 'Apple', model: 'iPhone 16' },
	operating_system: {
		id: 100,
		platform: 'iOS',
		platform_id: 1,
		version: '17.5',
	},
	added_on: '2026-01-10T10:00:00Z',
};

export const NOTEBOOK: Device = {
	id: 6,
	type: 2,
	device: { pc_type: 'Notebook' },
	operating_system: {
		id: 301,
		platform: 'Windows',
		platform_id: 3,
		version: '11',
	},
	added_on: '2026-02-01T09:30:00Z',
};

const apple = { id: 1, name: 'Apple' };
const samsung = { id: 2, name: 'Samsung' };

/** The catalogue's models by device type. */
const MODELS: Record< string, AnswerOf< 'listDeviceModels' > > = {
	0: [
		{ id: 11, name: 'iPhone 16', manufacturer: apple },
		{ id: 12, name: 'iPhone 15', manufacturer: apple },
		{ id: 22, name: 'Galaxy A55', manufacturer: samsung },
		{ id: 21, name: 'Galaxy S24', manufacturer: samsung },
	],
	1: [
		{ id: 31, name: 'iPad Air', manufacturer: apple },
		{ id: 41, name: 'Galaxy Tab S9', manufacturer: samsung },
	],
};

const IOS = { id: 1, name: 'iOS' };
const ANDROID = { id: 2, name: 'Android' };
const WINDOWS = { id: 3, name: 'Windows' };
const MACOS = { id: 4, name: 'macOS' };

/** The platforms each model's manufacturer ships; a PC (no filter) gets every platform of its type. */
const PLATFORMS_BY_MODEL: Record<
	string,
	AnswerOf< 'listOperatingSystems' >
> = {
	11: [ IOS ],
	12: [ IOS ],
	21: [ ANDROID ],
	22: [ ANDROID ],
};
const PC_PLATFORMS = [ { id: 5, name: 'Linux' }, MACOS, WINDOWS ];

const VERSIONS: Record< string, AnswerOf< 'listOsVersions' > > = {
	1: [
		{ id: 101, name: '18.1', platform: IOS },
		{ id: 100, name: '17.5', platform: IOS },
	],
	2: [
		{ id: 201, name: '15', platform: ANDROID },
		{ id: 200, name: '14', platform: ANDROID },
	],
	3: [
		{ id: 301, name: '11', platform: WINDOWS },
		{ id: 300, name: '10', platform: WINDOWS },
	],
	4: [ { id: 401, name: '15 Sequoia', platform: MACOS } ],
	5: [
		{ id: 501, name: 'Ubuntu 24.04', platform: { id: 5, name: 'Linux' } },
	],
};

const config = testConfig();

/**
 * The fake API with Dana logged in, her devices (404 when none, as the API answers) and the device catalogue
 * behind the lookups, filters applied as the API applies them.
 *
 * @param devices What GET /users/me/devices lists.
 */
export function devicesApi( devices: Device[] = [ IPHONE, NOTEBOOK ] ) {
	const api = new FakeApi( {
		apiBase: config.apiBase,
		ajaxUrl: config.ajaxUrl,
	} )
		.on( 'GET /users/me', { status: 200, body: DANA } )
		.on( 'GET /users/me/devices', () =>
			devices.length
				? { status: 200, body: devices }
				: apiError( 404, 'No devices' )
		);
	for ( const type of [ 0, 1, 2, 3, 4, 5 ] ) {
		api.on( `GET /devices/${ type }/models`, {
			status: 200,
			body: MODELS[ type ] ?? [],
		} )
			.on( `GET /devices/${ type }/operating_systems`, ( request ) => ( {
				status: 200,
				body:
					type === 2
						? PC_PLATFORMS
						: PLATFORMS_BY_MODEL[
								request.url.searchParams.get(
									'filterBy[model]'
								) ?? ''
						  ] ?? [],
			} ) )
			.on( `GET /devices/${ type }/os_versions`, ( request ) => ( {
				status: 200,
				body:
					VERSIONS[
						request.url.searchParams.get( 'filterBy[platform]' ) ??
							''
					] ?? [],
			} ) );
	}
	return api;
}

/** Renders the widget and the page's toaster. */
export async function renderDevices() {
	window.history.replaceState( null, '', '/personal-equipment/' );
	return renderWithProviders(
		<>
			<Toaster />
			<Devices />
		</>
	);
}

/** Renders the widget and waits for the table. */
export async function renderDeviceTable() {
	const rendered = await renderDevices();
	// The page is a chunk of its own: the first test of a file waits for Jest to load and transform it.
	await screen.findByRole(
		'table',
		{ name: 'Your devices' },
		{ timeout: 5000 }
	);
	return rendered;
}

const realMatchMedia = window.matchMedia;

/**
 * A window `width` pixels wide for the media queries; undo with `restoreWindow`.
 *
 * @param width CSS pixels.
 */
export function windowWidth( width: number ) {
	window.matchMedia = ( query: string ) =>
		( {
			matches:
				width >= Number( /min-width:\s*(\d+)px/.exec( query )?.[ 1 ] ),
			media: query,
			addEventListener: () => {},
			removeEventListener: () => {},
		} ) as unknown as MediaQueryList;
}

export function restoreWindow() {
	window.matchMedia = realMatchMedia;
}

export const button = ( name: string | RegExp ) =>
	screen.getByRole( 'button', { name } );

export const dialog = () => screen.getByRole( 'dialog' );

export const inDialog = () => within( dialog() );

/**
 * A select of the wizard by its label: react-select's search input on a wide window, the native select on a
 * narrow one (both are comboboxes).
 *
 * @param label
 */
export const field = ( label: string ) =>
	inDialog().getByRole( 'combobox', {
		name: new RegExp( `^${ label }` ),
	} );

/**
 * What a searchable select shows as chosen; '' while it shows its placeholder.
 *
 * @param label
 */
export function chosen( label: string ): string {
	return (
		field( label )
			.closest( '.crowdscout-field' )
			?.querySelector( '.crowdscout-combo__single-value' )?.textContent ??
		''
	);
}

/**
 * The options a searchable select offers, opened with the keyboard and closed again.
 *
 * @param label
 */
export async function optionsOf( label: string ): Promise< string[] > {
	const input = field( label );
	fireEvent.keyDown( input, { key: 'ArrowDown' } );
	const options = ( await screen.findAllByRole( 'option' ) ).map(
		( option ) => option.textContent ?? ''
	);
	fireEvent.keyDown( input, { key: 'Escape' } );
	return options;
}

/**
 * Chooses an option of a searchable select, once the options have arrived.
 *
 * @param label
 * @param option
 */
export async function pick( label: string, option: string ) {
	fireEvent.keyDown( field( label ), { key: 'ArrowDown' } );
	fireEvent.click( await screen.findByRole( 'option', { name: option } ) );
}

/** Lets Radix start listening for clicks outside (it does on the next tick). */
export const nextTick = () =>
	act( () => new Promise( ( resolve ) => setTimeout( resolve, 0 ) ) );

/** A pointer press and click on the dialog's backdrop. */
export function clickOutside() {
	const overlay = document.querySelector( '.crowdscout-modal__overlay' )!;
	fireEvent.pointerDown( overlay, { button: 0 } );
	fireEvent.mouseDown( overlay, { button: 0 } );
	fireEvent.pointerUp( overlay, { button: 0 } );
	fireEvent.mouseUp( overlay, { button: 0 } );
	fireEvent.click( overlay, { button: 0 } );
}

/**
 * The recap's rows, term → value.
 */
export function recap(): Record< string, string > {
	const rows: Record< string, string > = {};
	dialog()
		.querySelectorAll( 'dt' )
		.forEach( ( term ) => {
			rows[ term.textContent ?? '' ] =
				term.nextElementSibling?.textContent ?? '';
		} );
	return rows;
}
