import type { BugInput } from '../../contract/index.ts';
import { toSqlDateTime } from '../../db/values.ts';
import { HttpError } from '../../lib/errors.ts';
import { checkPattern } from '../profile-parts/field-format.ts';
import type { BugFormRules } from './report-repository.ts';

/**
 * The bug form's rules past the contract's schema (spec section 5, "Bug form"), in the order the form shows its
 * fields, the first broken one answered: a 400 whose message is the spec's and whose `field` names the body field.
 * The campaign's rules come from its row; what needs the database (the device, the uploads) the route checks after.
 */

export const REQUIRED_MESSAGE = 'This is a required field';
export const INVALID_FORMAT_MESSAGE = 'This is an invalid format';
export const TITLE_RULE_MESSAGE =
	'Format should be [Phase / Section] - Briefly Issue description';
export const FUTURE_MESSAGE =
	"You can't upload bug with a future date or future time";
export const MEDIA_NOT_FOUND_MESSAGE = 'Media not found';
export const DEVICE_MESSAGE = 'Device must be one of your devices';
export const USE_CASE_MESSAGE =
	"Use case must be one of the campaign's tasks, or -1 (not a specific use case)";

/**
 * Spec section 5: "Media field must have at least {{num}} items".
 *
 * @param minimum
 */
export const minimumMediaMessage = ( minimum: number ) =>
	`Media field must have at least ${ minimum } items`;

/** The title rule: "[Phase / Section] - description". */
export const TITLE_RULE = /^\[[^\]]+\]\s*-\s*\S.*/;

/** The untouched steps template of the form, line by line. */
const STEPS_TEMPLATE = [ '1.', '2.', '3.' ];

/** A clock skew between the tester's device and the API that is not "the future". */
const FUTURE_SKEW_MS = 60_000;

const SEVERITY_CODES = { LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 } as const;
const TYPE_CODES = {
	CRASH: 1,
	GRAPHIC: 2,
	PERFORMANCE: 3,
	MALFUNCTION: 4,
	TYPO: 5,
	OTHER: 6,
	SECURITY: 7,
	USABILITY: 8,
} as const;
const REPLICABILITY_CODES = { ONCE: 1, SOMETIMES: 2, ALWAYS: 3 } as const;

/** A refused bug form: the error body carries the body field at fault (openapi.yaml BugInputError). */
export class BugInputError extends HttpError {
	readonly field: string;

	constructor( field: string, message: string ) {
		super( 400, message, { fields: { field } } );
		this.name = 'BugInputError';
		this.field = field;
	}
}

/** The bug's values as the checks found them, before the database checks (device, uploads). */
export interface CheckedBug {
	title: string;
	steps: string;
	expected: string;
	current: string;
	notes: string | null;
	severityId: number;
	typeId: number;
	replicabilityId: number;
	taskId: number | null;
	/** UTC, as stored. */
	occurredAt: string;
	additional: Array< { fieldId: number; value: string } >;
}

/**
 * A required text, trimmed.
 *
 * @param field
 * @param value
 */
function required( field: string, value: string ): string {
	const text = value.trim();
	if ( ! text ) {
		throw new BugInputError( field, REQUIRED_MESSAGE );
	}
	return text;
}

/**
 * Whether the steps are the form's template as it starts ("1. \n2. \n3. "), blank lines and spaces aside.
 *
 * @param steps
 */
export const isStepsTemplate = ( steps: string ) => {
	const lines = steps
		.split( /\r?\n/ )
		.map( ( line ) => line.trim() )
		.filter( Boolean );
	return (
		lines.length === STEPS_TEMPLATE.length &&
		lines.every( ( line, index ) => line === STEPS_TEMPLATE[ index ] )
	);
};

/**
 * One of the campaign's valid values of a list.
 *
 * @param field
 * @param name
 * @param codes
 * @param valid
 */
function validCode< Name extends string >(
	field: string,
	name: Name,
	codes: Record< Name, number >,
	valid: Set< number >
): number {
	const code = codes[ name ];
	if ( ! valid.has( code ) ) {
		const allowed = ( Object.keys( codes ) as Name[] ).filter( ( key ) =>
			valid.has( codes[ key ] )
		);
		throw new BugInputError(
			field,
			allowed.length
				? `${ name } is not accepted by this campaign: choose one of ${ allowed.join(
						', '
				  ) }`
				: `This campaign accepts no ${ field }`
		);
	}
	return code;
}

/**
 * `lastSeen` (local time with its offset) in UTC as stored; refused when it is not a real date, or later than now.
 *
 * @param lastSeen
 * @param now
 */
function occurredAt( lastSeen: string, now: number ): string {
	const [ , date, hours, minutes, seconds ] =
		/^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec( lastSeen ) ??
		[];
	const at = new Date( lastSeen );
	// Date accepts 24:00 and rolls 2026-02-31 over; a picker never sends either.
	const local = new Date( `${ date }T00:00:00Z` );
	if (
		Number.isNaN( at.getTime() ) ||
		Number.isNaN( local.getTime() ) ||
		local.toISOString().slice( 0, 10 ) !== date ||
		Number( hours ) > 23 ||
		Number( minutes ) > 59 ||
		Number( seconds ?? 0 ) > 59
	) {
		throw new BugInputError(
			'lastSeen',
			'lastSeen must be a real date and time'
		);
	}
	if ( at.getTime() > now + FUTURE_SKEW_MS ) {
		throw new BugInputError( 'lastSeen', FUTURE_MESSAGE );
	}
	return toSqlDateTime( at );
}

/**
 * The campaign's additional fields, each given once, in the campaign's order.
 *
 * @param input
 * @param rules
 */
function additionalValues(
	input: BugInput[ 'additional' ],
	rules: BugFormRules
): CheckedBug[ 'additional' ] {
	const given = new Map< string, string >();
	for ( const { slug, value } of input ) {
		const field = `additional.${ slug }`;
		if ( ! rules.additional.some( ( rule ) => rule.slug === slug ) ) {
			throw new BugInputError(
				field,
				`${ slug } is not an additional field of this campaign`
			);
		}
		if ( given.has( slug ) ) {
			throw new BugInputError( field, `${ slug } is given twice` );
		}
		given.set( slug, value );
	}
	return rules.additional.map( ( rule ) => {
		const field = `additional.${ rule.slug }`;
		const value = ( given.get( rule.slug ) ?? '' ).trim();
		if ( rule.type === 'select' ) {
			if ( ! value ) {
				throw new BugInputError( field, REQUIRED_MESSAGE );
			}
			if ( ! rule.options.includes( value ) ) {
				throw new BugInputError(
					field,
					`${ rule.name } must be one of: ${ rule.options.join(
						', '
					) }`
				);
			}
		} else {
			if ( ! value ) {
				throw new BugInputError(
					field,
					rule.error || REQUIRED_MESSAGE
				);
			}
			if ( rule.regex ) {
				const check = checkPattern(
					rule.regex,
					value,
					rule.error || INVALID_FORMAT_MESSAGE
				);
				// A pattern that does not compile is the campaign's fault: the value is taken unchecked.
				if ( check.ok === false ) {
					throw new BugInputError( field, check.message );
				}
			}
		}
		return { fieldId: rule.id, value };
	} );
}

/**
 * The bug form's rules that need no more than the campaign's: every text, value list, use case, date, the number of
 * media and the additional fields.
 *
 * @param input
 * @param rules
 * @param now   Milliseconds since 1970.
 * @throws BugInputError naming the first field that breaks a rule.
 */
export function checkBug(
	input: BugInput,
	rules: BugFormRules,
	now = Date.now()
): CheckedBug {
	const title = required( 'title', input.title );
	if ( rules.titleRule && ! TITLE_RULE.test( title ) ) {
		throw new BugInputError( 'title', TITLE_RULE_MESSAGE );
	}
	const severityId = validCode(
		'severity',
		input.severity,
		SEVERITY_CODES,
		rules.severities
	);
	const replicabilityId = validCode(
		'replicability',
		input.replicability,
		REPLICABILITY_CODES,
		rules.replicabilities
	);
	const typeId = validCode( 'type', input.type, TYPE_CODES, rules.types );
	if ( input.usecase !== -1 && ! rules.taskIds.has( input.usecase ) ) {
		throw new BugInputError( 'usecase', USE_CASE_MESSAGE );
	}
	const steps = required( 'description', input.description );
	if ( isStepsTemplate( steps ) ) {
		throw new BugInputError( 'description', REQUIRED_MESSAGE );
	}
	const expected = required( 'expected', input.expected );
	const current = required( 'current', input.current );
	const at = occurredAt( input.lastSeen, now );
	if ( input.media.length < rules.minimumMedia ) {
		throw new BugInputError(
			'media',
			minimumMediaMessage( rules.minimumMedia )
		);
	}
	return {
		title,
		steps,
		expected,
		current,
		notes: input.notes?.trim() || null,
		severityId,
		typeId,
		replicabilityId,
		taskId: input.usecase === -1 ? null : input.usecase,
		occurredAt: at,
		additional: additionalValues( input.additional, rules ),
	};
}
