import { fireEvent, screen } from '@testing-library/react';

import Profile from '..';
import { Toaster } from '../../../components/toaster';
import type { AnswerOf } from '../../../services/contract';
import { apiError, FakeApi } from '../../../test-utils/fake-api';
import { DANA, testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';

export type Fiscal = AnswerOf< 'getMyFiscal' >;
type Me = AnswerOf< 'getMe' >;

// The page downloads each tab's code when the tab is shown; loaded once here, before the tests, a test's waits
// measure the page and not Jest reading the tab's modules the first time.
beforeAll( () =>
	Promise.all( [
		import( '../profile-page' ),
		import( '../base-tab' ),
		import( '../advanced/advanced-tab' ),
		import( '../fiscal-tab' ),
		import( '../settings/settings-tab' ),
	] )
);

/** Dana with every field the profile page reads. */
export const ME = {
	...DANA,
	email: 'dana@example.com',
	email_confirmed: false,
	gender: 'female',
	birthDate: '1990-04-12',
	phone: '+393331234567',
	country: 'IT',
	city: 'Milano',
	languages: [ { id: 1, name: 'Italian' } ],
	profession: { id: 2, name: 'Developer' },
	education: null,
} satisfies Me;

/** A verified Italian profile that matches Dana. */
export const VERIFIED: Fiscal = {
	type: 'withholding',
	fiscalId: 'DMEDNA90D52F205X',
	gender: 'female',
	birthPlace: { city: 'Milano', province: 'MI' },
	address: {
		country: 'IT',
		province: 'MI',
		city: 'Milano',
		street: 'Via Roma',
		streetNumber: '1',
		cityCode: '20100',
	},
	fiscalStatus: 'Verified',
	name: 'Dana',
	surname: 'Demo',
	birthDate: '1990-04-12',
};

export const UNVERIFIED: Fiscal = { ...VERIFIED, fiscalStatus: 'Unverified' };

const config = testConfig();

export function fakeApi() {
	return new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
}

/**
 * Serves what the page reads on load: the profile, the fiscal profile (404 when `fiscal` is null) and the
 * lookups of the base tab.
 *
 * @param api
 * @param options
 * @param options.me
 * @param options.fiscal
 */
export function serveProfile(
	api: FakeApi,
	{ me = ME, fiscal = VERIFIED }: { me?: Me; fiscal?: Fiscal | null } = {}
): FakeApi {
	return api
		.on( 'GET /users/me', { status: 200, body: me } )
		.on(
			'GET /users/me/fiscal',
			fiscal
				? { status: 200, body: fiscal }
				: apiError( 404, 'No fiscal profile' )
		)
		.on( 'GET /languages', {
			status: 200,
			body: [
				{ id: 1, name: 'Italian' },
				{ id: 2, name: 'English' },
			],
		} )
		.on( 'GET /employments', {
			status: 200,
			body: [
				{ id: 1, name: 'Student' },
				{ id: 2, name: 'Developer' },
			],
		} )
		.on( 'GET /education', {
			status: 200,
			body: [ { id: 1, name: 'Degree' } ],
		} );
}

/**
 * Renders the page (and the toaster) as `my-account` with that query string.
 *
 * @param search E.g. `?tab=fiscal`.
 */
export function renderPage( search = '' ) {
	window.history.replaceState( null, '', `/my-account/${ search }` );
	return renderWithProviders(
		<>
			<Toaster />
			<Profile />
		</>
	);
}

/**
 * Renders the page and waits for its tabs.
 *
 * @param search E.g. `?tab=fiscal`.
 */
export async function renderProfile( search = '' ) {
	const rendered = await renderPage( search );
	await screen.findByRole( 'tablist', { name: 'Profile sections' } );
	return rendered;
}

export const control = ( label: string | RegExp ) =>
	screen.getByLabelText( label ) as HTMLInputElement;

export function type( label: string | RegExp, value: string ) {
	fireEvent.change( control( label ), { target: { value } } );
}

export const click = ( name: string | RegExp ) =>
	fireEvent.click( screen.getByRole( 'button', { name } ) );

/**
 * The message an input names in `aria-describedby` as its error, if any.
 *
 * @param input
 */
export function errorOf( input: HTMLElement ) {
	return ( input.getAttribute( 'aria-describedby' ) ?? '' )
		.split( ' ' )
		.map( ( id ) => document.getElementById( id ) )
		.find(
			( element ) =>
				element?.classList.contains( 'crowdscout-field__error' )
		)?.textContent;
}
