import type { AdminCampaignInput } from '../../contract/index.ts';
import type { CampaignsTable } from '../../db/schema.ts';
import { fromBoolean, toSqlDateTime } from '../../db/values.ts';
import { badRequest } from '../../lib/errors.ts';

/**
 * A campaign's settings as the back office sends them (AdminCampaignInput), checked for the rules the contract's
 * schema cannot state and turned into rows: money in cents, flags 0/1, lists defaulted to empty. What needs the
 * database (a type, a language, a tester that exists) is checked by the repository.
 */

export const EMPTY_TITLE_MESSAGE = 'The title must not be empty';
export const END_BEFORE_START_MESSAGE =
	'The end date must not be before the start date';
export const CLOSE_BEFORE_END_MESSAGE =
	'The close date must not be before the end date';
export const DUPLICATE_DEVICE_TYPE_MESSAGE =
	'Each device type may be listed once';
export const DUPLICATE_CONTENT_MESSAGE = 'Each language may have one content';
export const DUPLICATE_SLUG_MESSAGE =
	'Each additional field needs its own slug';
export const SELECT_WITHOUT_OPTIONS_MESSAGE =
	'A select additional field needs options';
export const CHOICE_WITHOUT_OPTIONS_MESSAGE =
	'A select, multiselect or radio question needs options';
export const CUSTOM_FIELD_QUESTION_MESSAGE =
	'A custom user field question needs an existing customUserFieldId, and no other question has one';

/** The bug form's value names, by stored code − 1 (0003-domain). */
export const SEVERITY_NAMES = [ 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL' ] as const;
export const TYPE_NAMES = [
	'CRASH',
	'GRAPHIC',
	'PERFORMANCE',
	'MALFUNCTION',
	'TYPO',
	'OTHER',
	'SECURITY',
	'USABILITY',
] as const;
export const REPLICABILITY_NAMES = [ 'ONCE', 'SOMETIMES', 'ALWAYS' ] as const;

/** The campaign's own columns that an edit sets (not its status nor its kept counts). */
export type CampaignColumns = Pick<
	CampaignsTable,
	| 'title'
	| 'target_country'
	| 'target_language_id'
	| 'target_min_level_id'
	| 'max_testers'
	| 'tl_name'
	| 'tl_email'
	| 'language_code'
	| 'language_message'
> & {
	campaign_type_id: number;
	start_date: string;
	end_date: string;
	close_date: string;
	visibility: AdminCampaignInput[ 'visibility' ];
	complete_bonus_cents: number;
	minimum_bugs: number;
	percent_usecases: number;
	payout_limit_cents: number;
	critical_bug_payout_cents: number;
	high_bug_payout_cents: number;
	medium_bug_payout_cents: number;
	low_bug_payout_cents: number;
	top_tester_bonus_cents: number;
	campaign_pts: number;
	has_bug_form: number;
	has_bug_parade: number;
	minimum_media: number;
	title_rule: number;
	valid_file_extensions: string;
	leader_wp_user_id: number | null;
};

export interface TaskSetting {
	id?: number;
	name: string;
	content: string;
	canUploadMedia: boolean;
}

export interface QuestionSetting {
	id?: number;
	type: NonNullable< AdminCampaignInput[ 'questions' ] >[ number ][ 'type' ];
	question: string;
	customUserFieldId: number | null;
	regex: string | null;
	error: string | null;
	options: Array< { id?: number; name: string } >;
}

export interface AdditionalFieldSetting {
	slug: string;
	name: string;
	type: 'text' | 'select';
	regex: string | null;
	error: string | null;
	options: string[];
}

export interface ContentSetting {
	language: string;
	previewContent: string;
	manualContent: string;
	previewLink: string | null;
	manualLink: string | null;
}

/** Everything a campaign's edit writes. */
export interface CampaignSettings {
	columns: CampaignColumns;
	targetTesterIds: number[];
	devices: Array< { deviceType: number; platformIds: number[] } >;
	contents: ContentSetting[];
	severities: number[];
	types: number[];
	replicabilities: number[];
	additionalFields: AdditionalFieldSetting[];
	tasks: TaskSetting[];
	questions: QuestionSetting[];
}

const CHOICE_TYPES = new Set( [ 'select', 'multiselect', 'radio' ] );

/**
 * Drops `<script>` elements (and stray script tags) from HTML. WordPress sanitised it already (wp_kses_post);
 * this only keeps a caller that skipped it from storing a script the tester pages would render.
 *
 * @param html
 */
export function withoutScripts( html: string ): string {
	return html
		.replace( /<script\b[\s\S]*?<\/script\s*>/gi, '' )
		.replace( /<\/?script\b[^>]*>?/gi, '' );
}

const cents = ( euros: number | undefined ) =>
	Math.round( ( euros ?? 0 ) * 100 );

/**
 * The codes of names listed, in code order.
 *
 * @param names  All names, by code − 1.
 * @param listed
 */
const codesOf = ( names: readonly string[], listed: readonly string[] = [] ) =>
	names
		.map( ( name, index ) => ( listed.includes( name ) ? index + 1 : 0 ) )
		.filter( ( code ) => code > 0 );

const emptyToNull = ( value: string | null | undefined ) => {
	const trimmed = value?.trim() ?? '';
	return trimmed === '' ? null : trimmed;
};

function assertUnique( values: readonly unknown[], message: string ) {
	if ( new Set( values ).size !== values.length ) {
		throw badRequest( message );
	}
}

/**
 * The settings of a campaign from the body of POST or PUT /admin/campaigns.
 *
 * @param input
 * @throws HttpError 400 for a rule the schema cannot state.
 */
export function settingsOf( input: AdminCampaignInput ): CampaignSettings {
	const title = input.title.trim();
	if ( title === '' ) {
		throw badRequest( EMPTY_TITLE_MESSAGE );
	}
	const start = new Date( input.startDate );
	const end = new Date( input.endDate );
	const close = new Date( input.closeDate );
	if ( end < start ) {
		throw badRequest( END_BEFORE_START_MESSAGE );
	}
	if ( close < end ) {
		throw badRequest( CLOSE_BEFORE_END_MESSAGE );
	}
	const payout = input.payout ?? {};
	const bugForm = input.bugForm ?? {};
	const devices = input.acceptedDevices ?? [];
	assertUnique(
		devices.map( ( device ) => device.deviceType ),
		DUPLICATE_DEVICE_TYPE_MESSAGE
	);
	const contents = input.contents ?? [];
	assertUnique(
		contents.map( ( content ) => content.language ),
		DUPLICATE_CONTENT_MESSAGE
	);
	const additionalFields = bugForm.additionalFields ?? [];
	assertUnique(
		additionalFields.map( ( field ) => field.slug ),
		DUPLICATE_SLUG_MESSAGE
	);
	if (
		additionalFields.some(
			( field ) =>
				field.type === 'select' && ( field.options ?? [] ).length === 0
		)
	) {
		throw badRequest( SELECT_WITHOUT_OPTIONS_MESSAGE );
	}
	const questions = input.questions ?? [];
	for ( const question of questions ) {
		if (
			CHOICE_TYPES.has( question.type ) &&
			( question.options ?? [] ).length === 0
		) {
			throw badRequest( CHOICE_WITHOUT_OPTIONS_MESSAGE );
		}
		if (
			( question.type === 'cuf' ) !==
			( ( question.customUserFieldId ?? null ) !== null )
		) {
			throw badRequest( CUSTOM_FIELD_QUESTION_MESSAGE );
		}
	}
	const extensions = [ ...new Set( bugForm.validFileExtensions ?? [] ) ];
	return {
		columns: {
			title,
			campaign_type_id: input.typeId,
			start_date: toSqlDateTime( start ),
			end_date: toSqlDateTime( end ),
			close_date: toSqlDateTime( close ),
			visibility: input.visibility,
			target_country: input.targetCountry ?? null,
			target_language_id: input.targetLanguageId ?? null,
			target_min_level_id: input.targetMinLevelId ?? null,
			max_testers: input.maxTesters ?? null,
			tl_name: emptyToNull( input.tlName ),
			tl_email: emptyToNull( input.tlEmail ),
			language_code: input.language?.code ?? null,
			language_message: input.language ? input.language.message : null,
			complete_bonus_cents: cents( payout.completeBonus ),
			minimum_bugs: payout.minimumBugs ?? 0,
			percent_usecases: payout.percentUsecases ?? 0,
			payout_limit_cents: cents( payout.payoutLimit ),
			critical_bug_payout_cents: cents( payout.criticalBugPayout ),
			high_bug_payout_cents: cents( payout.highBugPayout ),
			medium_bug_payout_cents: cents( payout.mediumBugPayout ),
			low_bug_payout_cents: cents( payout.lowBugPayout ),
			top_tester_bonus_cents: cents( payout.topTesterBonus ),
			campaign_pts: payout.campaignPts ?? 0,
			has_bug_form: fromBoolean( bugForm.hasBugForm ?? false ),
			has_bug_parade: fromBoolean( bugForm.hasBugParade ?? false ),
			minimum_media: bugForm.minimumMedia ?? 0,
			title_rule: fromBoolean( bugForm.titleRule ?? false ),
			valid_file_extensions: extensions.join( ',' ),
			leader_wp_user_id: input.leader ?? null,
		},
		targetTesterIds: input.targetTesterIds ?? [],
		devices: devices.map( ( device ) => ( {
			deviceType: device.deviceType,
			platformIds: device.platformIds,
		} ) ),
		contents: contents.map( ( content ) => ( {
			language: content.language,
			previewContent: withoutScripts( content.previewContent ?? '' ),
			manualContent: withoutScripts( content.manualContent ?? '' ),
			previewLink: emptyToNull( content.previewLink ),
			manualLink: emptyToNull( content.manualLink ),
		} ) ),
		severities: codesOf( SEVERITY_NAMES, bugForm.severities ),
		types: codesOf( TYPE_NAMES, bugForm.types ),
		replicabilities: codesOf(
			REPLICABILITY_NAMES,
			bugForm.replicabilities
		),
		additionalFields: additionalFields.map( ( field ) => ( {
			slug: field.slug,
			name: field.name,
			type: field.type,
			regex: emptyToNull( field.regex ),
			error: emptyToNull( field.error ),
			options: field.type === 'select' ? field.options ?? [] : [],
		} ) ),
		tasks: ( input.tasks ?? [] ).map( ( task ) => ( {
			...( task.id === undefined ? {} : { id: task.id } ),
			name: task.name,
			content: withoutScripts( task.content ?? '' ),
			canUploadMedia: task.canUploadMedia ?? false,
		} ) ),
		questions: questions.map( ( question ) => ( {
			...( question.id === undefined ? {} : { id: question.id } ),
			type: question.type,
			question: question.question,
			customUserFieldId: question.customUserFieldId ?? null,
			regex:
				question.type === 'text' ? emptyToNull( question.regex ) : null,
			error:
				question.type === 'text' ? emptyToNull( question.error ) : null,
			options: CHOICE_TYPES.has( question.type )
				? ( question.options ?? [] ).map( ( option ) => ( {
						...( option.id === undefined ? {} : { id: option.id } ),
						name: option.name,
				  } ) )
				: [],
		} ) ),
	};
}
