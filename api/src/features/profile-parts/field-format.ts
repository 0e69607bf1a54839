import vm from 'node:vm';

/**
 * The `format` of a text custom user field: a regular expression, optionally followed by `;` and the message a
 * tester sees when the value does not match (split at the first `;`, as the client splits it). The expression is
 * the catalogue's, written by people: it is compiled as the browser compiles it (a JavaScript RegExp, no flags),
 * so the form and the API agree, and it runs under a time limit, so a catastrophically backtracking expression
 * cannot hold the event loop.
 */

export const DEFAULT_FORMAT_MESSAGE =
	'Invalid format. Please use the correct format.';

/** Long enough for any sane expression over 1,000 characters, short enough that no request notices. */
const MATCH_TIMEOUT_MS = 50;
const MATCH_ATTEMPTS = 2;

export type FormatCheck =
	/** The value matches, or the field has no format. */
	| { ok: true }
	/** The value does not match (or took too long to tell): answer the message. */
	| { ok: false; message: string }
	/** The catalogue's expression does not compile: the value cannot be checked. */
	| { ok: 'unchecked'; reason: string };

export interface ParsedFormat {
	source: string;
	message: string;
}

export function parseFormat( format: string | null ): ParsedFormat | null {
	if ( format === null || format.trim() === '' ) {
		return null;
	}
	const separator = format.indexOf( ';' );
	const source = separator < 0 ? format : format.slice( 0, separator );
	const message = separator < 0 ? '' : format.slice( separator + 1 ).trim();
	return { source, message: message || DEFAULT_FORMAT_MESSAGE };
}

// One context for every check: the expression and the value are handed over as its globals.
const sandbox = vm.createContext( {} );
const test = new vm.Script( 'pattern.test(value)' );

/**
 * Checks `value` against a field's `format`.
 *
 * @param format The catalogue's format, or null.
 * @param value
 */
export function checkFormat(
	format: string | null,
	value: string
): FormatCheck {
	const parsed = parseFormat( format );
	return parsed
		? checkPattern( parsed.source, value, parsed.message )
		: { ok: true };
}

/**
 * Checks `value` against a regular expression written by people (a field's format, a pre-selection question's
 * regex), compiled and run as described above.
 *
 * @param source  The expression, without delimiters or flags.
 * @param value
 * @param message What a value that does not match is answered.
 */
export function checkPattern(
	source: string,
	value: string,
	message: string
): FormatCheck {
	let pattern: RegExp;
	try {
		pattern = new RegExp( source );
	} catch ( error ) {
		return {
			ok: 'unchecked',
			reason: error instanceof Error ? error.message : String( error ),
		};
	}
	sandbox.pattern = pattern;
	sandbox.value = value;
	try {
		// A stall of the whole process (a busy machine, a garbage collection) can outlast the limit on a sane
		// expression: one more try tells that from an expression that cannot settle.
		for ( let attempt = 1; ; attempt++ ) {
			try {
				return test.runInContext( sandbox, {
					timeout: MATCH_TIMEOUT_MS,
				} )
					? { ok: true }
					: { ok: false, message };
			} catch {
				if ( attempt >= MATCH_ATTEMPTS ) {
					// Timed out: the value is not shown to match, so it is not stored.
					return { ok: false, message };
				}
			}
		}
	} finally {
		sandbox.pattern = undefined;
		sandbox.value = undefined;
	}
}
