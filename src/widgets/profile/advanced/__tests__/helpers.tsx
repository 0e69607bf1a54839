import { act, fireEvent, screen } from '@testing-library/react';

import { Toaster } from '../../../../components/toaster';
import type { CrowdscoutConfig } from '../../../../lib/config';
import type {
	CertificationItem,
	CustomUserFieldGroup,
	UserAdditional,
} from '../../../../services/contract';
import { FakeApi } from '../../../../test-utils/fake-api';
import { testConfig } from '../../../../test-utils/fixtures';
import { renderWithProviders } from '../../../../test-utils/render-with-providers';
import { AdvancedTab } from '../advanced-tab';

export const FIELDS: CustomUserFieldGroup[] = [
	{
		group: { id: 0, name: { it: 'Generale' } },
		fields: [
			{
				id: 11,
				type: 'text',
				name: { it: 'Codice tester', en: 'Tester code' },
				placeholder: { it: 'ABC', en: 'Three letters' },
				allow_other: false,
				format: '^[A-Z]{3}$;Use three capital letters',
				options: [],
			},
			{
				id: 12,
				type: 'text',
				name: { it: 'Soprannome' },
				placeholder: null,
				allow_other: false,
				format: '^[a-z]+$',
				options: [],
			},
			{
				id: 13,
				type: 'select',
				name: { it: 'Sistema preferito', en: 'Favourite system' },
				placeholder: null,
				allow_other: false,
				format: null,
				options: [
					{ id: 1, name: { it: 'Android' } },
					{ id: 2, name: { it: 'iOS' } },
				],
			},
		],
	},
	{
		group: { id: 5, name: { it: 'Passioni', en: 'Hobbies' } },
		fields: [
			{
				id: 21,
				type: 'multiselect',
				name: { it: 'Sport', en: 'Sports' },
				placeholder: null,
				allow_other: true,
				format: null,
				options: [
					{ id: 7, name: { it: 'Calcio', en: 'Football' } },
					{ id: 8, name: { it: 'Tennis' } },
					{ id: 9, name: { it: 'Pallavolo', en: 'Volleyball' } },
				],
			},
		],
	},
];

export const ADDITIONAL: UserAdditional[] = [
	{ field_id: 11, value: 'XYZ', is_candidate: false },
	{ field_id: 13, value: '2', is_candidate: false, text: 'iOS' },
	// `text` is the option's default name; the page names the option in its own language.
	{ field_id: 21, value: '7', is_candidate: false, text: 'Football' },
];

export const MY_CERTIFICATIONS = [
	{
		id: 31,
		name: 'ISTQB Foundation',
		institute: 'ISTQB',
		area: 'Testing',
		achievement_date: '2019-05-04',
	},
];

export const CATALOGUE: CertificationItem[] = [
	{
		id: 31,
		name: 'ISTQB Foundation',
		institute: { id: 1, name: 'ISTQB' },
		area: { id: 10, name: 'Testing' },
	},
	{
		id: 32,
		name: 'ISTQB Advanced Test Analyst',
		institute: { id: 1, name: 'ISTQB' },
		area: { id: 10, name: 'Testing' },
	},
	{
		id: 33,
		name: 'ISTQB Agile',
		institute: { id: 1, name: 'ISTQB' },
		area: { id: 11, name: 'Agile' },
	},
	{
		id: 41,
		name: 'CompTIA Security+',
		institute: { id: 2, name: 'CompTIA' },
		area: { id: 20, name: 'Security' },
	},
];

/**
 * The API of the advanced tab: the custom fields, the tester's values and certifications, the catalogue
 * filtered as the API filters it.
 *
 * @param config              The page configuration.
 * @param data                What the API holds; read at each request, so a getter can follow a test's changes.
 * @param data.fields         The custom user fields.
 * @param data.additional     The tester's values.
 * @param data.certifications The tester's certifications.
 */
export function advancedApi(
	config: CrowdscoutConfig,
	data: {
		fields?: CustomUserFieldGroup[];
		additional?: UserAdditional[];
		certifications?: typeof MY_CERTIFICATIONS;
	} = {}
) {
	return new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } )
		.on( 'GET /custom_user_fields', () => ( {
			status: 200,
			body: data.fields ?? FIELDS,
		} ) )
		.on( 'GET /users/me', ( request ) => {
			const asked = request.url.searchParams.get( 'fields' ) ?? '';
			return {
				status: 200,
				body: {
					id: 17,
					...( asked.includes( 'additional' )
						? { additional: data.additional ?? ADDITIONAL }
						: {} ),
					...( asked.includes( 'certifications' )
						? {
								certifications:
									data.certifications ?? MY_CERTIFICATIONS,
						  }
						: {} ),
				},
			};
		} )
		.on( 'GET /certifications', ( request ) => {
			const institute = request.url.searchParams.get(
				'filterBy[institute]'
			);
			const area = request.url.searchParams.get( 'filterBy[area]' );
			return {
				status: 200,
				body: CATALOGUE.filter(
					( item ) =>
						( ! institute ||
							String( item.institute.id ) === institute ) &&
						( ! area || String( item.area.id ) === area )
				),
			};
		} );
}

/**
 * The tab as the profile page shows it, with the page's toaster, once the fields are in.
 *
 * @param config Page configuration overrides.
 * @param loaded What shows once the fields have loaded.
 */
export async function renderAdvanced(
	config: Partial< CrowdscoutConfig > = {},
	loaded: () => Promise< unknown > = () =>
		screen.findByRole( 'button', { name: 'Save' } )
) {
	const rendered = await renderWithProviders(
		<>
			<AdvancedTab />
			<Toaster />
		</>,
		{ config: testConfig( config ) }
	);
	await loaded();
	return rendered;
}

export const saveButton = () => screen.getByRole( 'button', { name: 'Save' } );

export const type = ( label: string | RegExp, value: string ) =>
	fireEvent.change( screen.getByLabelText( label ), { target: { value } } );

/**
 * Opens a react-select by its label and picks an option, typing it first when given.
 *
 * @param label  The field's label.
 * @param option The option to choose, as shown.
 * @param typed  What to type before choosing (a new entry).
 */
export async function choose(
	label: string,
	option: string | RegExp,
	typed?: string
) {
	const input = screen.getByLabelText( label );
	act( () => input.focus() );
	if ( typed !== undefined ) {
		fireEvent.change( input, { target: { value: typed } } );
	} else {
		fireEvent.keyDown( input, { key: 'ArrowDown', code: 'ArrowDown' } );
	}
	fireEvent.click( await screen.findByText( option ) );
}
