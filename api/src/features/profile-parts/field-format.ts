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
	if ( ! parsed ) {
		return { ok: true };
	}
	let pattern: RegExp;
	try {
		pattern = new RegExp( parsed.source );
	} catch ( error ) {
		return {
			ok: 'unchecked',
			reason: error instanceof Error ? error.message : String( error ),
		};
	}
	sandbox.pattern = pattern;
	sandbox.value = value;
	try {
		return test.runInContext( sandbox, { timeout: MATCH_TIMEOUT_MS } )
			? { ok: true }
			: { ok: false, message: parsed.message };
	} catch {
		// Timed out: the value is not shown to match, so it is not stored.
		return { ok: false, message: parsed.message };
	} finally {
		sandbox.pattern = undefined;
		sandbox.value = undefined;
	}
}
