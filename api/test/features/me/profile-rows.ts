import type { Tester } from '../../../src/features/me/repository.ts';
import type { TestContext } from '../../helpers/context.ts';
import { insertCampaign, recordPoints } from '../../helpers/rows.ts';
import { monthOf } from '../../../src/features/ranking/repository.ts';

/**
 * The rows of a tester's profile written straight into the test database (the lookups come from migration 0004),
 * and the records the company keeps: what GET /users/me reads and DELETE /users/me must delete or keep.
 */

export interface NamedRow {
	id: number;
	name: string;
}

export async function firstRows(
	ctx: TestContext,
	table: 'languages' | 'employments' | 'education_levels',
	count: number
): Promise< NamedRow[] > {
	const rows = await ctx.database.db
		.selectFrom( table )
		.select( [ 'id', 'name' ] )
		.orderBy( 'id' )
		.limit( count )
		.execute();
	return rows.map( ( row ) => ( { id: Number( row.id ), name: row.name } ) );
}

/** A catalogue certification with its area's and institute's names. */
export async function someCertification( ctx: TestContext, offset = 0 ) {
	const row = await ctx.database.db
		.selectFrom( 'certifications as c' )
		.innerJoin( 'certification_areas as a', 'a.id', 'c.area_id' )
		.innerJoin( 'certification_institutes as i', 'i.id', 'a.institute_id' )
		.select( [ 'c.id', 'c.name', 'a.name as area', 'i.name as institute' ] )
		.orderBy( 'c.id' )
		.offset( offset )
		.limit( 1 )
		.executeTakeFirstOrThrow();
	return { ...row, id: Number( row.id ) };
}

let fieldCounter = 0;

/** A select field with two options (one other allowed) and a text field, enabled. */
export async function customFields( ctx: TestContext ) {
	const { db } = ctx.database;
	fieldCounter++;
	const select = Number(
		(
			await db
				.insertInto( 'custom_user_fields' )
				.values( {
					group_id: null,
					type: 'select',
					allow_other: 1,
					position: fieldCounter,
				} )
				.executeTakeFirstOrThrow()
		).insertId
	);
	const option = Number(
		(
			await db
				.insertInto( 'custom_user_field_options' )
				.values( { field_id: select, name: 'Tennis' } )
				.executeTakeFirstOrThrow()
		).insertId
	);
	const text = Number(
		(
			await db
				.insertInto( 'custom_user_fields' )
				.values( {
					group_id: null,
					type: 'text',
					allow_other: 0,
					format: '^\\w+$',
					position: fieldCounter,
				} )
				.executeTakeFirstOrThrow()
		).insertId
	);
	return { select, option, text };
}

/**
 * Languages, a certification, custom values, a device, a fiscal profile, popups and monthly points: the
 * tester's personal data.
 *
 * @param ctx
 * @param tester
 */
export async function addPersonalData( ctx: TestContext, tester: Tester ) {
	const { db } = ctx.database;
	const languages = await firstRows( ctx, 'languages', 2 );
	for ( const language of languages ) {
		await db
			.insertInto( 'tester_languages' )
			.values( { tester_id: tester.id, language_id: language.id } )
			.execute();
	}
	const certification = await someCertification( ctx );
	await db
		.insertInto( 'tester_certifications' )
		.values( {
			tester_id: tester.id,
			certification_id: certification.id,
			achievement_date: '2020-05-01',
		} )
		.execute();
	const fields = await customFields( ctx );
	await db
		.insertInto( 'tester_custom_values' )
		// Every column in every row: SQLite has no DEFAULT in a multi-row insert, Kysely writes NULL.
		.values( [
			{
				tester_id: tester.id,
				field_id: fields.select,
				option_id: fields.option,
				text_value: null,
				is_candidate: 0,
			},
			{
				tester_id: tester.id,
				field_id: fields.select,
				option_id: null,
				text_value: 'Curling',
				is_candidate: 1,
			},
			{
				tester_id: tester.id,
				field_id: fields.text,
				option_id: null,
				text_value: '<b>bold</b>',
				is_candidate: 0,
			},
		] )
		.execute();
	const model = await db
		.selectFrom( 'device_models' )
		.select( 'id' )
		.where( 'device_type', '=', 0 )
		.orderBy( 'id' )
		.executeTakeFirstOrThrow();
	const version = await db
		.selectFrom( 'os_versions as v' )
		.innerJoin( 'os_platforms as p', 'p.id', 'v.platform_id' )
		.select( 'v.id' )
		.where( 'p.device_type', '=', 0 )
		.orderBy( 'v.id' )
		.executeTakeFirstOrThrow();
	const device = Number(
		(
			await db
				.insertInto( 'tester_devices' )
				.values( {
					tester_id: tester.id,
					device_type: 0,
					model_id: Number( model.id ),
					os_version_id: Number( version.id ),
				} )
				.executeTakeFirstOrThrow()
		).insertId
	);
	await db
		.insertInto( 'fiscal_profiles' )
		.values( {
			tester_id: tester.id,
			type: 'non-italian',
			fiscal_id: 'X123',
			gender: 'female',
			address_country: 'FR',
			status: 'verified',
		} )
		.execute();
	const popup = Number(
		(
			await db
				.insertInto( 'popups' )
				.values( {
					title: 'Hello',
					content: 'eJzLSM3JyQcABiwCFQ==',
					is_once: 0,
					target: 'list',
				} )
				.executeTakeFirstOrThrow()
		).insertId
	);
	await db
		.insertInto( 'popup_recipients' )
		.values( { tester_id: tester.id, popup_id: popup } )
		.execute();
	await db
		.insertInto( 'popup_reads' )
		.values( { tester_id: tester.id, popup_id: popup } )
		.execute();
	await recordPoints( ctx, [ [ tester, monthOf( new Date() ), 120, 10 ] ] );
	return { languages, certification, fields, device };
}

/**
 * A bug (on the tester's device), an application, a payment request with its booty and an experience entry:
 * the records the company keeps.
 *
 * @param ctx
 * @param tester
 * @param device
 */
export async function addRecords(
	ctx: TestContext,
	tester: Tester,
	device: number | null
) {
	const { db } = ctx.database;
	const campaign = await insertCampaign( ctx, {
		title: `Kept ${ tester.id }`,
		visibility: 'public',
		start: -10,
		end: 10,
		close: 20,
	} );
	const bug = Number(
		(
			await db
				.insertInto( 'bugs' )
				.values( {
					tester_id: tester.id,
					campaign_id: campaign,
					tester_device_id: device,
					title: 'It crashes',
					severity_id: 2,
					type_id: 1,
					replicability_id: 1,
					steps: 'Open it',
					expected: 'It works',
					current: 'It does not',
				} )
				.executeTakeFirstOrThrow()
		).insertId
	);
	const payment = Number(
		(
			await db
				.insertInto( 'payment_requests' )
				.values( {
					tester_id: tester.id,
					method: 'paypal',
					paypal_email: tester.email,
					amount_gross_cents: 2500,
				} )
				.executeTakeFirstOrThrow()
		).insertId
	);
	await db
		.insertInto( 'booty_entries' )
		.values( {
			tester_id: tester.id,
			campaign_id: campaign,
			activity_id: 1,
			name: 'Campaign completion',
			gross_cents: 2500,
			payment_request_id: payment,
		} )
		.execute();
	await db
		.insertInto( 'experience_entries' )
		.values( {
			tester_id: tester.id,
			amount: 120,
			activity_id: 1,
			campaign_id: campaign,
		} )
		.execute();
	return { campaign, bug, payment };
}

/** How many rows of `table` belong to the tester. */
export async function countOf(
	ctx: TestContext,
	table:
		| 'tester_languages'
		| 'tester_certifications'
		| 'tester_custom_values'
		| 'fiscal_profiles'
		| 'tester_devices'
		| 'tester_monthly_levels'
		| 'popup_reads'
		| 'popup_recipients'
		| 'bugs'
		| 'payment_requests'
		| 'booty_entries'
		| 'experience_entries',
	testerId: number
): Promise< number > {
	const row = await ctx.database.db
		.selectFrom( table )
		.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
		.where( 'tester_id', '=', testerId )
		.executeTakeFirstOrThrow();
	return Number( row.n );
}

export const PERSONAL_TABLES = [
	'tester_languages',
	'tester_certifications',
	'tester_custom_values',
	'fiscal_profiles',
	'tester_devices',
	'tester_monthly_levels',
	'popup_reads',
	'popup_recipients',
] as const;

export const KEPT_TABLES = [
	'bugs',
	'payment_requests',
	'booty_entries',
	'experience_entries',
] as const;
