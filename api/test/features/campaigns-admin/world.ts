import assert from 'node:assert/strict';
import type { AdminCampaignInput } from '../../../src/contract/index.ts';
import type { TestContext } from '../../helpers/context.ts';
import { bearer } from '../../helpers/requests.ts';
import { isoAt } from '../../helpers/rows.ts';

/**
 * What the back office's campaign tests share: calls of /api/admin/campaigns… with a token, and a campaign's
 * settings with every field set.
 */

export const ADMIN_ONLY = 'Only administrators may do this.';
export const BACK_OFFICE_ONLY =
	'Only administrators and tester leads may do this.';
export const NOT_YOUR_CAMPAIGN =
	'Only the campaign’s team leader or an administrator may do this.';
export const NOT_FOUND = 'Campaign not found';

/**
 * A call under /api with a bearer token.
 *
 * @param ctx
 * @param method
 * @param url
 * @param token
 * @param payload
 */
export function call(
	ctx: TestContext,
	method: 'GET' | 'POST' | 'PUT',
	url: string,
	token: string,
	payload?: unknown
) {
	return ctx.app.inject( {
		method,
		url: `/api${ url }`,
		headers: bearer( token ),
		...( payload === undefined ? {} : { payload: payload as object } ),
	} );
}

/**
 * A call that must answer `status`: its body.
 *
 * @param ctx
 * @param method
 * @param url
 * @param token
 * @param status
 * @param payload
 */
export async function expect(
	ctx: TestContext,
	method: 'GET' | 'POST' | 'PUT',
	url: string,
	token: string,
	status: number,
	payload?: unknown
) {
	const response = await call( ctx, method, url, token, payload );
	assert.equal( response.statusCode, status, response.body );
	return response.json();
}

/**
 * The first two operating systems of the PC (device type 2) and one smartphone one (0), as the lookups hold them.
 *
 * @param ctx
 */
export async function platforms( ctx: TestContext ) {
	const rows = await ctx.database.db
		.selectFrom( 'os_platforms' )
		.select( [ 'id', 'device_type' ] )
		.orderBy( 'id' )
		.execute();
	const of = ( type: number ) =>
		rows
			.filter( ( row ) => Number( row.device_type ) === type )
			.map( ( row ) => Number( row.id ) );
	return { pc: of( 2 ).slice( 0, 2 ), smartphone: of( 0 ).slice( 0, 1 ) };
}

/**
 * A custom user field of the catalogue (a select), for a pre-selection question that asks it.
 *
 * @param ctx
 */
export async function customField( ctx: TestContext ): Promise< number > {
	const { db } = ctx.database;
	const field = await db
		.insertInto( 'custom_user_fields' )
		.values( { type: 'select', allow_other: 0, position: 1 } )
		.executeTakeFirstOrThrow();
	const id = Number( field.insertId );
	await db
		.insertInto( 'custom_user_field_translations' )
		.values( { field_id: id, language_code: 'en', name: 'Favourite shop' } )
		.execute();
	return id;
}

/**
 * Settings with every field set: running now, public, with devices, contents, payout, bug form, tasks and a
 * question of every type.
 *
 * @param ctx
 * @param overrides
 */
export async function fullInput(
	ctx: TestContext,
	overrides: Partial< AdminCampaignInput > = {}
): Promise< AdminCampaignInput > {
	const { pc, smartphone } = await platforms( ctx );
	const cuf = await customField( ctx );
	return {
		title: 'Checkout flow of the shop app',
		typeId: 2,
		startDate: isoAt( -1 ),
		endDate: isoAt( 10 ),
		closeDate: isoAt( 15 ),
		visibility: 'public',
		targetCountry: 'IT',
		targetLanguageId: 1,
		targetMinLevelId: 10,
		targetTesterIds: [],
		maxTesters: 25,
		acceptedDevices: [
			{ deviceType: 0, platformIds: smartphone },
			{ deviceType: 2, platformIds: pc },
			{ deviceType: 5, platformIds: [] },
		],
		contents: [
			{
				language: 'en',
				previewContent:
					'<h2>Shop</h2><p>Find the bugs of the checkout.</p>',
				manualContent: '<p>Pay with a test card.</p>',
				previewLink: 'https://example.test/preview',
				manualLink: null,
			},
			{
				language: 'it',
				previewContent: '<p>Trova i bug del checkout.</p>',
				manualContent: '<p>Paga con una carta di prova.</p>',
				previewLink: null,
				manualLink: 'https://example.test/it/manuale',
			},
		],
		payout: {
			completeBonus: 12.5,
			minimumBugs: 1,
			percentUsecases: 50,
			payoutLimit: 60,
			criticalBugPayout: 10,
			highBugPayout: 5.25,
			mediumBugPayout: 2,
			lowBugPayout: 0.5,
			topTesterBonus: 20,
			campaignPts: 150,
		},
		bugForm: {
			hasBugForm: true,
			hasBugParade: true,
			titleRule: true,
			minimumMedia: 1,
			validFileExtensions: [ 'png', 'mp4' ],
			severities: [ 'LOW', 'HIGH', 'CRITICAL' ],
			types: [ 'CRASH', 'TYPO', 'USABILITY' ],
			replicabilities: [ 'ALWAYS' ],
			additionalFields: [
				{
					slug: 'order-id',
					name: 'Order id',
					type: 'text',
					regex: '^[0-9]+$',
					error: 'Digits only',
					options: [],
				},
				{
					slug: 'browser',
					name: 'Browser',
					type: 'select',
					regex: null,
					error: null,
					options: [ 'Firefox', 'Chrome' ],
				},
			],
		},
		tasks: [
			{
				name: 'Buy a product',
				content: '<p>Add it to the cart and pay.</p>',
				canUploadMedia: true,
			},
			{
				name: 'Return it',
				content: '<p>Ask for a refund.</p>',
				canUploadMedia: false,
			},
		],
		questions: [
			{
				type: 'text',
				question: 'Your shop card number?',
				customUserFieldId: null,
				regex: '^[0-9]{6}$',
				error: 'Six digits',
				options: [],
			},
			{
				type: 'phone_number',
				question: 'Your phone',
				customUserFieldId: null,
				regex: null,
				error: null,
				options: [],
			},
			{
				type: 'address',
				question: 'Where do you live?',
				customUserFieldId: null,
				regex: null,
				error: null,
				options: [],
			},
			{
				type: 'gender',
				question: 'Gender',
				customUserFieldId: null,
				regex: null,
				error: null,
				options: [],
			},
			{
				type: 'select',
				question: 'How often do you shop online?',
				customUserFieldId: null,
				regex: null,
				error: null,
				options: [ { name: 'Weekly' }, { name: 'Monthly' } ],
			},
			{
				type: 'multiselect',
				question: 'Which shops?',
				customUserFieldId: null,
				regex: null,
				error: null,
				options: [ { name: 'Books' }, { name: 'Food' } ],
			},
			{
				type: 'radio',
				question: 'Do you own a card?',
				customUserFieldId: null,
				regex: null,
				error: null,
				options: [ { name: 'Yes' }, { name: 'No' } ],
			},
			{
				type: 'cuf',
				question: 'Your favourite shop',
				customUserFieldId: cuf,
				regex: null,
				error: null,
				options: [],
			},
		],
		leader: null,
		tlName: 'Tina Lead',
		tlEmail: 'tina@example.test',
		language: { code: 'en', message: 'Write your bugs in English' },
		...overrides,
	};
}
