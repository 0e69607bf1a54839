import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SeedContext } from './context.ts';
import { CUSTOM_FIELDS } from './custom-fields.ts';
import type { Random } from './random.ts';

/**
 * Pre-selection questions (spec section 3, "Pre-selection form item"): one of each kind the form shows, the
 * custom-user-field ones pointing at the catalogue's fields (custom-fields.ts) so that a tester's profile values
 * prefill them. Some campaigns ask a few of them (writeCampaignForm); the demo veteran's open campaign asks every
 * one (writeFullForm, demo-campaigns.ts).
 */
export interface FormQuestion {
	type:
		| 'text'
		| 'phone_number'
		| 'address'
		| 'select'
		| 'gender'
		| 'multiselect'
		| 'radio'
		| 'cuf';
	question: string;
	customUserFieldId?: number;
	regex?: string;
	error?: string;
	options?: readonly string[];
}

export const FORM_QUESTIONS: readonly FormQuestion[] = [
	{ type: 'text', question: 'Which app do you use most to shop online?' },
	{
		type: 'text',
		question: 'The postcode where you live (5 digits)',
		regex: '^[0-9]{5}$',
		error: 'Write the 5 digits of your postcode',
	},
	{ type: 'phone_number', question: 'Your mobile phone number' },
	{ type: 'address', question: 'Where do you live?' },
	{
		type: 'select',
		question: 'Which browser do you use most?',
		options: [ 'Chrome', 'Firefox', 'Safari', 'Edge' ],
	},
	{ type: 'gender', question: 'Your gender' },
	{
		type: 'multiselect',
		question: 'Which of these shops have you bought from this year?',
		options: [ 'Amazon', 'eBay', 'Zalando', 'Vinted' ],
	},
	{
		type: 'radio',
		question: 'How many hours a week do you spend online?',
		options: [ 'Less than 5', '5 to 20', 'More than 20' ],
	},
	{
		type: 'cuf',
		question: 'Your job title',
		customUserFieldId: CUSTOM_FIELDS.jobTitle.id,
	},
	{
		type: 'cuf',
		question: 'Operating system you use most',
		customUserFieldId: CUSTOM_FIELDS.operatingSystem.id,
	},
	{
		type: 'cuf',
		question: 'Streaming services you use',
		customUserFieldId: CUSTOM_FIELDS.streaming.id,
	},
	{
		type: 'cuf',
		question: 'Do you own a smart home device?',
		customUserFieldId: CUSTOM_FIELDS.smartHome.id,
	},
];

/** Share of campaigns that ask questions before applying. */
const FORM_CHANCE = 0.35;

/**
 * A few questions (two to five, drawn) for some campaigns, from the campaign's own stream.
 *
 * @param ctx
 * @param campaignId
 * @param rng
 */
export function writeCampaignForm(
	ctx: SeedContext,
	campaignId: number,
	rng: Random
): void {
	if ( ! rng.chance( FORM_CHANCE ) ) {
		return;
	}
	const picked = new Set( rng.sample( FORM_QUESTIONS, rng.int( 2, 5 ) ) );
	FORM_QUESTIONS.filter( ( item ) => picked.has( item ) ).forEach(
		( item, position ) => {
			const questionId = ctx.id( 'preselection_questions' );
			ctx.writer.add( 'preselection_questions', [
				questionId,
				campaignId,
				item.type,
				item.customUserFieldId ?? null,
				item.question,
				item.regex ?? null,
				item.error ?? null,
				position,
			] );
			( item.options ?? [] ).forEach( ( name, index ) =>
				ctx.writer.add( 'preselection_question_options', [
					ctx.id( 'preselection_question_options' ),
					questionId,
					name,
					index,
				] )
			);
		}
	);
}

/**
 * Replaces a campaign's questions with every question of FORM_QUESTIONS, in their order (inside the caller's
 * transaction).
 *
 * @param trx
 * @param campaignId
 */
export async function writeFullForm(
	trx: Kysely< Database >,
	campaignId: number
): Promise< void > {
	await trx
		.deleteFrom( 'preselection_questions' )
		.where( 'campaign_id', '=', campaignId )
		.execute();
	for ( const [ position, item ] of FORM_QUESTIONS.entries() ) {
		const { insertId } = await trx
			.insertInto( 'preselection_questions' )
			.values( {
				campaign_id: campaignId,
				type: item.type,
				custom_user_field_id: item.customUserFieldId ?? null,
				question: item.question,
				regex: item.regex ?? null,
				error_message: item.error ?? null,
				position,
			} )
			.executeTakeFirstOrThrow();
		for ( const [ index, name ] of ( item.options ?? [] ).entries() ) {
			await trx
				.insertInto( 'preselection_question_options' )
				.values( {
					question_id: Number( insertId ),
					name,
					position: index,
				} )
				.execute();
		}
	}
}
