import { fireEvent, screen } from '@testing-library/react';

import { Toaster } from '../../../components/toaster';
import type { CrowdscoutConfig } from '../../../lib/config';
import { FakeApi, type AnswerTo } from '../../../test-utils/fake-api';
import { testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';
import { Signup } from '../signup';

/** Sign-up is for visitors: no token, no user. */
export const visitorConfig = ( overrides: Partial< CrowdscoutConfig > = {} ) =>
	testConfig( { token: null, user: null, referral: null, ...overrides } );

export const EMAIL = 'new.scout@example.com';
export const PASSWORD = 'Secret1';

export const emailRoute = ( email = EMAIL ) =>
	`HEAD /users/by-email/${ encodeURIComponent( email ) }` as const;

type EmailAnswer = AnswerTo< ReturnType< typeof emailRoute > >;

export const taken: EmailAnswer = { status: 200 };
export const free: EmailAnswer = {
	status: 404,
	body: { status: 404, error: 'Not Found', message: 'Email not registered' },
};

export function fakeApi( config: CrowdscoutConfig ) {
	return new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
}

/**
 * The widget as a page shows it, with the page's toaster.
 *
 * @param options
 * @param options.config Page configuration overrides.
 * @param options.search The page's query string.
 */
export async function renderSignup( {
	config = {},
	search = '',
}: { config?: Partial< CrowdscoutConfig >; search?: string } = {} ) {
	const navigate = jest.fn();
	const rendered = await renderWithProviders(
		<>
			<Signup navigate={ navigate } search={ search } />
			<Toaster />
		</>,
		{ config: visitorConfig( config ) }
	);
	return { ...rendered, navigate };
}

/** Controls by their accessible name; the asterisk of required fields is hidden from it. */
export const control = ( name: string ) =>
	screen.getByLabelText( new RegExp( `^${ name }( \\*)?$` ) );

export function type( name: string, value: string ) {
	fireEvent.change( control( name ), { target: { value } } );
}

export const click = ( name: string | RegExp ) =>
	fireEvent.click( screen.getByRole( 'button', { name } ) );

export async function openEmailForm() {
	click( 'Continue with email' );
	return screen.findByRole( 'heading', { name: 'Account info' } );
}

export function fillAccount( email = EMAIL, password = PASSWORD ) {
	type( 'Email', email );
	type( 'Password', password );
}

/** Step 0 filled and accepted: the email check answers free. */
export async function reachPersonalStep( api: FakeApi ) {
	api.on( emailRoute(), free, { open: true } );
	await openEmailForm();
	fillAccount();
	click( 'Next' );
	return screen.findByRole( 'heading', { name: 'Personal info' } );
}

/**
 * A date `years` years before today, as the three parts the form asks for.
 *
 * @param years   How many years ago.
 * @param dayDiff Days to add to that date.
 */
export function yearsAgo( years: number, dayDiff = 0 ) {
	const now = new Date();
	const date = new Date(
		now.getFullYear() - years,
		now.getMonth(),
		now.getDate() + dayDiff
	);
	return {
		day: String( date.getDate() ),
		month: String( date.getMonth() + 1 ),
		year: String( date.getFullYear() ),
		iso: [
			date.getFullYear(),
			String( date.getMonth() + 1 ).padStart( 2, '0' ),
			String( date.getDate() ).padStart( 2, '0' ),
		].join( '-' ),
	};
}

export function fillBirthDate( date: {
	day: string;
	month: string;
	year: string;
} ) {
	type( 'Day', date.day );
	type( 'Month', date.month );
	type( 'Year', date.year );
}

export function fillPersonal( {
	birthDate = yearsAgo( 30 ),
	country = 'IT',
}: {
	birthDate?: { day: string; month: string; year: string };
	country?: string;
} = {} ) {
	type( 'Name', 'Nora' );
	type( 'Surname', 'Newcomer' );
	fillBirthDate( birthDate );
	type( 'Country', country );
	fireEvent.click(
		screen.getByRole( 'checkbox', { name: /^I accept the terms/ } )
	);
}
