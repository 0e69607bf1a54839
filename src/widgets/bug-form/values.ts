import type { TFunction } from 'i18next';
import * as Yup from 'yup';

import type {
	BugInput,
	CampaignAdditionalField,
	CampaignDetail,
	Device,
} from '../../services/contract';

/** The spec's "Bug report (form values)"; selects hold their value as text, as the controls do. */
export interface BugFormValues {
	title: string;
	device: string;
	type: string;
	severity: string;
	replicability: string;
	useCase: string;
	stepDescription: string;
	expected: string;
	current: string;
	date: string;
	time: string;
	notes: string;
	/** The URLs of the files uploaded, in the order shown. */
	media: string[];
	additional: Record< string, string >;
}

/** The steps start as three numbered lines, which the tester must change (spec section 5). */
export const STEPS_TEMPLATE = '1. \n2. \n3. ';

/** "[Phase / Section] - description" (spec section 5). */
export const TITLE_RULE = /^\[[^\]]+\]\s*-\s*\S.*/;

/** "Not a specific usecase". */
export const NO_USE_CASE = -1;

export type ValueKind = 'severity' | 'type' | 'replicability';

/** Every value of a kind, in the catalogue's order (spec "Bug values"). */
export const ALL_VALUES: Record< ValueKind, readonly string[] > = {
	severity: [ 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL' ],
	type: [
		'CRASH',
		'GRAPHIC',
		'PERFORMANCE',
		'MALFUNCTION',
		'TYPO',
		'OTHER',
		'SECURITY',
		'USABILITY',
	],
	replicability: [ 'ONCE', 'SOMETIMES', 'ALWAYS' ],
};

/**
 * The campaign's lists of a kind: `LOW`, `MEDIUM`… from its valid and invalid names.
 *
 * @param campaign
 * @param kind
 */
export function validInvalid( campaign: CampaignDetail, kind: ValueKind ) {
	const lists = {
		severity: campaign.bugSeverity,
		type: campaign.bugTypes,
		replicability: campaign.bugReplicability,
	}[ kind ];
	const known = ( names: string[] ) =>
		names
			.map( ( name ) => name.toUpperCase() )
			.filter( ( name ) => ALL_VALUES[ kind ].includes( name ) );
	const valid = known( lists.valid );
	return {
		// A campaign that lists no valid value takes every one but the invalid ones.
		valid: valid.length
			? valid
			: ALL_VALUES[ kind ].filter(
					( name ) => ! known( lists.invalid ).includes( name )
			  ),
		invalid: known( lists.invalid ),
	};
}

/**
 * The hint of section 5: the valid values when they are fewer than or as many as the invalid ones, otherwise
 * the invalid ones; nothing when the campaign refuses none.
 *
 * @param lists
 * @param lists.valid
 * @param lists.invalid
 */
export function valuesHint( {
	valid,
	invalid,
}: {
	valid: string[];
	invalid: string[];
} ): { kind: 'valid' | 'invalid'; values: string[] } | null {
	if ( invalid.length === 0 ) {
		return null;
	}
	return valid.length <= invalid.length
		? { kind: 'valid', values: valid }
		: { kind: 'invalid', values: invalid };
}

const twoDigits = ( value: number ) => String( value ).padStart( 2, '0' );

/**
 * A moment as the date and time inputs hold it, in the tester's own time zone.
 *
 * @param date
 */
export function dateAndTime( date: Date ): { date: string; time: string } {
	return {
		date: `${ date.getFullYear() }-${ twoDigits(
			date.getMonth() + 1
		) }-${ twoDigits( date.getDate() ) }`,
		time: `${ twoDigits( date.getHours() ) }:${ twoDigits(
			date.getMinutes()
		) }`,
	};
}

/**
 * The local moment of a date (yyyy-mm-dd) and a time (hh:mm), or null when either is no valid value.
 *
 * @param date
 * @param time
 */
export function localMoment( date: string, time: string ): Date | null {
	const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec( date );
	const clock = /^(\d{2}):(\d{2})$/.exec( time || '00:00' );
	if ( ! day || ! clock ) {
		return null;
	}
	const moment = new Date(
		Number( day[ 1 ] ),
		Number( day[ 2 ] ) - 1,
		Number( day[ 3 ] ),
		Number( clock[ 1 ] ),
		Number( clock[ 2 ] ),
		0,
		0
	);
	// 2026-02-31 rolls over into March: a date the picker should not have let through.
	return moment.getDate() === Number( day[ 3 ] ) ? moment : null;
}

/**
 * The spec's `lastSeen`: local time with its offset, seconds and milliseconds zero (2026-11-28T14:05:00.000+01:00).
 *
 * @param moment
 */
export function localIso( moment: Date ): string {
	const { date, time } = dateAndTime( moment );
	const offset = -moment.getTimezoneOffset();
	const sign = offset >= 0 ? '+' : '-';
	const hours = twoDigits( Math.floor( Math.abs( offset ) / 60 ) );
	const minutes = twoDigits( Math.abs( offset ) % 60 );
	return `${ date }T${ time }:00.000${ sign }${ hours }:${ minutes }`;
}

/**
 * The form's values to start with: the one device preselected, the steps template, now as last seen and the
 * additional values remembered from the last bug of the campaign.
 *
 * @param campaign
 * @param devices
 * @param remembered The additional values of the last bug sent, by slug.
 * @param now
 */
export function initialValues(
	campaign: CampaignDetail,
	devices: Device[],
	remembered: Record< string, string >,
	now: Date = new Date()
): BugFormValues {
	const additional: Record< string, string > = {};
	for ( const field of campaign.additionalFields ) {
		const value = remembered[ field.slug ] ?? '';
		additional[ field.slug ] =
			field.type === 'select' && ! field.options.includes( value )
				? ''
				: value;
	}
	return {
		title: '',
		device: devices.length === 1 ? String( devices[ 0 ].id ) : '',
		type: '',
		severity: '',
		replicability: '',
		useCase: '',
		stepDescription: STEPS_TEMPLATE,
		expected: '',
		current: '',
		...dateAndTime( now ),
		notes: '',
		media: [],
		additional,
	};
}

/** The template with every line trimmed: "1.\n2.\n3.". */
const trimmedLines = ( text: string ) =>
	text
		.trim()
		.split( '\n' )
		.map( ( line ) => line.trim() )
		.join( '\n' );

/**
 * A campaign's regex, or null when it does not compile (the API then checks alone).
 *
 * @param source
 */
function compiled( source: string | null ): RegExp | null {
	if ( ! source ) {
		return null;
	}
	try {
		return new RegExp( source );
	} catch {
		return null;
	}
}

function additionalSchema( field: CampaignAdditionalField, t: TFunction ) {
	const required = field.error || t( 'bugForm.required' );
	if ( field.type === 'select' ) {
		return Yup.string().required( t( 'bugForm.required' ) );
	}
	const regex = compiled( field.regex );
	return Yup.string()
		.trim()
		.required( required )
		.test(
			'format',
			field.error || t( 'bugForm.invalidFormat' ),
			( value ) => ! regex || ! value || regex.test( value )
		);
}

/**
 * The rules of section 5, with their messages already in the page's language.
 *
 * @param campaign
 * @param t
 * @param now      When "now" is, for the future date check.
 */
export function bugSchema(
	campaign: CampaignDetail,
	t: TFunction,
	now: () => Date = () => new Date()
) {
	const required = t( 'bugForm.required' );
	const future = t( 'bugForm.futureDate' );
	const minimum = campaign.minimumMedia;
	const additional: Record< string, Yup.StringSchema > = {};
	for ( const field of campaign.additionalFields ) {
		additional[ field.slug ] = additionalSchema( field, t );
	}
	let title = Yup.string().trim().required( required );
	if ( campaign.titleRule ) {
		title = title.matches( TITLE_RULE, t( 'bugForm.titleRule' ) );
	}
	return Yup.object( {
		title,
		device: Yup.string().required( required ),
		type: Yup.string().required( required ),
		severity: Yup.string().required( required ),
		replicability: Yup.string().required( required ),
		useCase: Yup.string().required( required ),
		stepDescription: Yup.string()
			.trim()
			.required( required )
			.test(
				'changed',
				required,
				( value ) =>
					trimmedLines( value ?? '' ) !==
					trimmedLines( STEPS_TEMPLATE )
			),
		expected: Yup.string().trim().required( required ),
		current: Yup.string().trim().required( required ),
		date: Yup.string()
			.required( required )
			.test( 'past', future, ( value ) => {
				const day = localMoment( value ?? '', '00:00' );
				return ! day || day.getTime() <= now().getTime();
			} ),
		time: Yup.string()
			.required( required )
			.test( 'past', future, function ( value ) {
				const day = localMoment( this.parent.date, '00:00' );
				const moment = localMoment( this.parent.date, value ?? '' );
				// A future day is the date's error already.
				if ( ! moment || ! day || day.getTime() > now().getTime() ) {
					return true;
				}
				return moment.getTime() <= now().getTime();
			} ),
		notes: Yup.string(),
		media: Yup.array()
			.of( Yup.string().required() )
			.min( minimum, t( 'bugForm.mediaMinimum', { num: minimum } ) ),
		additional: Yup.object( additional ),
	} );
}

/**
 * What the form sends (spec section 7, "Create bug").
 *
 * @param campaign
 * @param values
 */
export function bugInput(
	campaign: CampaignDetail,
	values: BugFormValues
): BugInput {
	const moment = localMoment( values.date, values.time ) ?? new Date();
	const notes = values.notes.trim();
	return {
		title: values.title.trim(),
		description: values.stepDescription.trim(),
		expected: values.expected.trim(),
		current: values.current.trim(),
		...( notes ? { notes } : {} ),
		severity: values.severity as BugInput[ 'severity' ],
		replicability: values.replicability as BugInput[ 'replicability' ],
		type: values.type as BugInput[ 'type' ],
		usecase: Number( values.useCase ),
		device: Number( values.device ),
		media: values.media,
		additional: campaign.additionalFields.map( ( field ) => ( {
			slug: field.slug,
			value: ( values.additional[ field.slug ] ?? '' ).trim(),
		} ) ),
		lastSeen: localIso( moment ),
	};
}
