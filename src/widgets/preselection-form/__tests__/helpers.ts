import { fireEvent, screen } from '@testing-library/react';

import type { Device, PreselectionFormItem } from '../../../services/contract';
import type { ApiAnswer, FakeApi } from '../../../test-utils/fake-api';
import { DANA } from '../../../test-utils/fixtures';

export const CAMPAIGN_ID = 7;

export const FORM_ROUTE = `/users/me/campaigns/${ CAMPAIGN_ID }/forms`;

/** One question of every type the contract has, custom user fields included. */
export const QUESTIONS: PreselectionFormItem[] = [
	{
		id: 1,
		type: 'text',
		question: 'Your favourite browser',
		validation: { regex: '^[A-Za-z ]+$', error: 'Letters only, please' },
	},
	{
		id: 2,
		type: 'text',
		question: 'Postcode',
		validation: { regex: '^[0-9]{5}$' },
	},
	{ id: 3, type: 'phone_number', question: 'Your phone number' },
	{ id: 4, type: 'address', question: 'Where do you live?' },
	{
		id: 5,
		type: 'select',
		question: 'Your employment',
		options: [
			{ id: 51, name: 'Student' },
			{ id: 52, name: 'Employee' },
		],
	},
	{ id: 6, type: 'gender', question: 'Your gender' },
	{
		id: 7,
		type: 'multiselect',
		question: 'Which streaming services do you use?',
		options: [
			{ id: 71, name: 'Netflix' },
			{ id: 72, name: 'Prime Video' },
		],
	},
	{
		id: 8,
		type: 'radio',
		question: 'How often do you shop online?',
		options: [
			{ id: 81, name: 'Weekly' },
			{ id: 82, name: 'Monthly' },
		],
	},
	{
		id: 9,
		type: 'cuf_12',
		question: 'Your bank',
		customUserField: {
			id: 12,
			type: 'select',
			name: 'Bank',
			placeholder: null,
			allow_other: true,
			format: null,
		},
		options: [
			{ id: 121, name: 'Intesa' },
			{ id: 122, name: 'UniCredit' },
		],
	},
	{
		id: 10,
		type: 'cuf_13',
		question: 'Your pets',
		customUserField: {
			id: 13,
			type: 'multiselect',
			name: 'Pets',
			placeholder: null,
			allow_other: false,
			format: null,
		},
		options: [
			{ id: 131, name: 'Cat' },
			{ id: 132, name: 'Dog' },
		],
		value: { id: [ 131 ] },
	},
	{
		id: 11,
		type: 'cuf_14',
		question: 'Your lucky number',
		customUserField: {
			id: 14,
			type: 'text',
			name: 'Lucky number',
			placeholder: 'e.g. 7',
			allow_other: false,
			format: '^[0-9]+$;Digits only',
		},
		value: { serialized: '7' },
	},
];

export const PIXEL: Device = {
	id: 31,
	type: 0,
	device: { id: 11, manufacturer: 'Google', model: 'Pixel 8' },
	operating_system: {
		id: 90,
		platform: 'Android',
		platform_id: 1,
		version: '14',
	},
	added_on: '2025-01-10T10:00:00Z',
};

export const LAPTOP: Device = {
	id: 32,
	type: 2,
	device: { pc_type: 'Notebook' },
	operating_system: {
		id: 120,
		platform: 'Windows',
		platform_id: 8,
		version: '11',
	},
	added_on: '2025-02-10T10:00:00Z',
};

/**
 * Serves the page's calls: the profile, the questions and the compatible devices.
 *
 * @param api
 * @param options
 * @param options.questions The questions' answer.
 * @param options.devices   The compatible devices' answer.
 */
export function serveForm(
	api: FakeApi,
	{
		questions = { status: 200, body: QUESTIONS },
		devices = { status: 200, body: [ PIXEL, LAPTOP ] },
	}: {
		questions?: ApiAnswer< 'getMyCampaignForm' >;
		devices?: ApiAnswer< 'listMyCompatibleDevices' >;
	} = {}
): FakeApi {
	return api
		.on( 'GET /users/me', { status: 200, body: DANA } )
		.on( `GET ${ FORM_ROUTE }`, questions )
		.on(
			`GET /users/me/campaigns/${ CAMPAIGN_ID }/compatible_devices`,
			devices
		);
}

export const control = ( label: string | RegExp ) =>
	screen.getByLabelText( label ) as HTMLInputElement;

export function type( label: string | RegExp, value: string ) {
	fireEvent.change( control( label ), { target: { value } } );
}

export const check = ( name: string | RegExp ) =>
	fireEvent.click( screen.getByRole( 'checkbox', { name } ) );

export const submit = () =>
	fireEvent.click( screen.getByRole( 'button', { name: 'Apply' } ) );

/**
 * The message a control names in `aria-describedby` as its error, if any.
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

/**
 * Types into a react-select's search input (the city), to start the debounced places search.
 *
 * @param label The field's label.
 * @param text  What to type.
 */
export function search( label: string | RegExp, text: string ) {
	const input = screen.getByRole( 'combobox', { name: label } );
	fireEvent.focus( input );
	fireEvent.change( input, { target: { value: text } } );
	return input;
}
