import assert from 'node:assert/strict';
import type { Tester } from '../../../src/features/me/repository.ts';
import { LOOKUP_ROWS } from '../../../src/lookups/index.ts';
import {
	CUSTOM_FIELDS,
	writeCustomFieldCatalogue,
} from '../../../src/seed/custom-fields.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { insertCampaign } from '../../helpers/rows.ts';
import { send } from '../profile-parts/requests.ts';

/**
 * The pre-selection world: the demo's custom user field catalogue plus a select that takes other values, campaigns
 * asking every kind of question, testers with devices added through the API.
 */

const platformId = ( deviceType: number, name: string ) => {
	const row = LOOKUP_ROWS.os_platforms.find(
		( item ) => item.device_type === deviceType && item.name === name
	);
	assert.ok( row, name );
	return row.id;
};
const versionId = ( deviceType: number, platform: string, name: string ) => {
	const row = LOOKUP_ROWS.os_versions.find(
		( item ) =>
			item.platform_id === platformId( deviceType, platform ) &&
			item.name === name
	);
	assert.ok( row, `${ platform } ${ name }` );
	return row.id;
};
const modelId = ( manufacturer: string, name: string ) => {
	const maker = LOOKUP_ROWS.device_manufacturers.find(
		( row ) => row.name === manufacturer
	);
	const row = LOOKUP_ROWS.device_models.find(
		( item ) => item.name === name && item.manufacturer_id === maker?.id
	);
	assert.ok( row, name );
	return row.id;
};

export const ANDROID = platformId( 0, 'Android' );
export const IOS = platformId( 0, 'iOS' );

/** Bodies of POST /users/me/devices. */
export const DEVICES = {
	android: {
		type: 0,
		device: modelId( 'Google', 'Pixel 9' ),
		operating_system: versionId( 0, 'Android', '16' ),
	},
	iphone: {
		type: 0,
		device: modelId( 'Apple', 'iPhone 16' ),
		operating_system: versionId( 0, 'iOS', '18' ),
	},
	pc: {
		type: 2,
		pc_type: 'Notebook',
		operating_system: versionId( 2, 'Windows', '11' ),
	},
};

/** A select of the test's own that takes a value the tester types (the demo catalogue has none). */
export const BRAND = {
	id: 100,
	options: [
		{ id: 1000, name: 'Acme' },
		{ id: 1001, name: 'Globex' },
	],
};

export const { jobTitle, linkedIn, operatingSystem, streaming, fax } =
	CUSTOM_FIELDS;

export const POSTCODE_ERROR = 'Write the 5 digits of your postcode';

/** The questions of a full form, in their order: key, type, text, and what else the question has. */
const FULL_FORM = [
	{
		key: 'postcode',
		type: 'text',
		question: 'Your postcode',
		regex: '^[0-9]{5}$',
		error: POSTCODE_ERROR,
	},
	{
		key: 'app',
		type: 'text',
		question: 'Which app do you use most to shop?',
		regex: '^[A-Za-z ]+$',
	},
	{ key: 'phone', type: 'phone_number', question: 'Your mobile number' },
	{ key: 'home', type: 'address', question: 'Where do you live?' },
	{
		key: 'browser',
		type: 'select',
		question: 'Which browser do you use most?',
		options: [ 'Chrome', 'Firefox' ],
	},
	{ key: 'gender', type: 'gender', question: 'Your gender' },
	{
		key: 'shops',
		type: 'multiselect',
		question: 'Where have you shopped this year?',
		options: [ 'Amazon', 'eBay', 'Zalando' ],
	},
	{
		key: 'hours',
		type: 'radio',
		question: 'Hours online a week?',
		options: [ 'Less than 5', 'More than 5' ],
	},
	{ key: 'job', type: 'cuf', question: 'Your job', field: jobTitle.id },
	{
		key: 'linkedin',
		type: 'cuf',
		question: 'Your LinkedIn',
		field: linkedIn.id,
	},
	{ key: 'os', type: 'cuf', question: 'Your OS', field: operatingSystem.id },
	{ key: 'brand', type: 'cuf', question: 'Your brand', field: BRAND.id },
	{
		key: 'streaming',
		type: 'cuf',
		question: 'Your streaming',
		field: streaming.id,
	},
	// A disabled field: neither shown nor required.
	{ key: 'fax', type: 'cuf', question: 'Your fax', field: fax.id },
] as const;

export type QuestionKey = ( typeof FULL_FORM )[ number ][ 'key' ];

export interface FullForm {
	campaignId: number;
	/** Question ids by key. */
	q: Record< QuestionKey, number >;
	/** Option ids by question key, in their order. */
	options: Partial< Record< QuestionKey, number[] > >;
}

export async function startWorld(): Promise< TestContext > {
	const ctx = await startTestContext();
	const { db } = ctx.database;
	await writeCustomFieldCatalogue( db );
	await db
		.insertInto( 'custom_user_fields' )
		.values( {
			id: BRAND.id,
			group_id: null,
			type: 'select',
			allow_other: 1,
			format: null,
			position: 100,
			enabled: 1,
		} )
		.execute();
	// Italian and English only: Spanish falls back to the Italian.
	await db
		.insertInto( 'custom_user_field_translations' )
		.values( [
			{
				field_id: BRAND.id,
				language_code: 'it',
				name: 'Marca preferita',
				placeholder: 'Scegli o scrivi',
			},
			{
				field_id: BRAND.id,
				language_code: 'en',
				name: 'Favourite brand',
				placeholder: 'Pick or type',
			},
		] )
		.execute();
	await db
		.insertInto( 'custom_user_field_options' )
		.values(
			BRAND.options.map( ( option, position ) => ( {
				...option,
				field_id: BRAND.id,
				position,
			} ) )
		)
		.execute();
	return ctx;
}

export interface CampaignOptions {
	start?: number;
	status?: 1 | 2;
	visibility?: 'public' | 'internal';
	maxTesters?: number;
	selectedCount?: number;
	/** Accepted kinds: device type with a platform id, or null for all its platforms. */
	accepts?: Array< [ number, number | null ] >;
}

let campaigns = 0;

/**
 * A campaign open for applications (start in five days) unless told otherwise.
 *
 * @param ctx
 * @param options
 */
export async function insertOpenCampaign(
	ctx: TestContext,
	options: CampaignOptions = {}
): Promise< number > {
	campaigns += 1;
	const id = await insertCampaign( ctx, {
		title: `Pre-selection ${ campaigns }`,
		visibility: options.visibility ?? 'public',
		status: options.status,
		start: options.start ?? 5,
		end: 15,
		close: 25,
		maxTesters: options.maxTesters,
		selectedCount: options.selectedCount,
	} );
	if ( options.accepts?.length ) {
		await ctx.database.db
			.insertInto( 'campaign_accepted_devices' )
			.values(
				options.accepts.map( ( [ deviceType, platform ] ) => ( {
					campaign_id: id,
					device_type: deviceType,
					os_platform_id: platform,
				} ) )
			)
			.execute();
	}
	return id;
}

/**
 * A campaign asking every kind of question, accepting Android smartphones and every PC.
 *
 * @param ctx
 * @param options
 */
export async function insertFullFormCampaign(
	ctx: TestContext,
	options: CampaignOptions = {}
): Promise< FullForm > {
	const campaignId = await insertOpenCampaign( ctx, {
		accepts: [
			[ 0, ANDROID ],
			[ 2, null ],
		],
		...options,
	} );
	const { db } = ctx.database;
	const q = {} as FullForm[ 'q' ];
	const optionIds: FullForm[ 'options' ] = {};
	for ( const [ index, item ] of FULL_FORM.entries() ) {
		const { insertId } = await db
			.insertInto( 'preselection_questions' )
			.values( {
				campaign_id: campaignId,
				type: item.type,
				custom_user_field_id: 'field' in item ? item.field : null,
				question: item.question,
				regex: 'regex' in item ? item.regex : null,
				error_message: 'error' in item ? item.error : null,
				position: index,
			} )
			.executeTakeFirstOrThrow();
		q[ item.key ] = Number( insertId );
		if ( 'options' in item ) {
			optionIds[ item.key ] = [];
			for ( const [ position, name ] of item.options.entries() ) {
				const option = await db
					.insertInto( 'preselection_question_options' )
					.values( { question_id: q[ item.key ], name, position } )
					.executeTakeFirstOrThrow();
				optionIds[ item.key ]!.push( Number( option.insertId ) );
			}
		}
	}
	return { campaignId, q, options: optionIds };
}

/**
 * A valid answer to every question of the full form, with `changes` by question key (undefined leaves one out).
 *
 * @param form
 * @param changes
 */
export function answersTo(
	form: FullForm,
	changes: Partial< Record< QuestionKey, unknown > > = {}
) {
	const { q, options } = form;
	const values: Partial< Record< QuestionKey, unknown > > = {
		postcode: { serialized: '20121' },
		app: { serialized: 'Amazon' },
		phone: { serialized: '+39 347 123 4567' },
		home: { country: 'IT', city: 'Milano' },
		browser: { id: options.browser![ 1 ] },
		gender: { serialized: 'female' },
		shops: { id: [ options.shops![ 0 ], options.shops![ 2 ] ] },
		hours: { id: options.hours![ 0 ] },
		job: { serialized: 'Software tester' },
		linkedin: { serialized: 'https://www.linkedin.com/in/tess-ter' },
		os: { id: operatingSystem.options[ 2 ].id },
		brand: { serialized: 'Initech' },
		streaming: { id: [ streaming.options[ 0 ].id ] },
		...changes,
	};
	return ( Object.keys( q ) as QuestionKey[] )
		.filter( ( key ) => key !== 'fax' && values[ key ] !== undefined )
		.map( ( key ) => ( { question: q[ key ], value: values[ key ] } ) );
}

/**
 * Adds a device through the API; answers its id.
 *
 * @param ctx
 * @param tester
 * @param kind
 */
export async function addDevice(
	ctx: TestContext,
	tester: Tester,
	kind: keyof typeof DEVICES
): Promise< number > {
	const response = await send(
		ctx,
		'POST',
		'/users/me/devices',
		tester,
		DEVICES[ kind ]
	);
	assert.equal( response.statusCode, 201, response.body );
	return response.json().id;
}
