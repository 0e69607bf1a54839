import vm from 'node:vm';
import { RE2JS } from 're2js';

/**
 * The `format` of a text custom user field: a regular expression, optionally followed by `;` and the message a
 * tester sees when the value does not match (split at the first `;`, as the client splits it). The expression is
 * the catalogue's, written by people: it is compiled as the browser compiles it (a JavaScript RegExp, no flags),
 * so the form and the API agree, and no expression can hold the event loop, however it backtracks.
 *
 * Most checks run on RE2 (re2js), whose matching takes time linear in the value: over 1,000 times cheaper than a
 * RegExp run in a sandbox under a time limit, which costs a thread (~70 µs; 20 % of a bug submit's CPU with two
 * additional fields, docs/performance.md). RE2 is only asked where it answers as a RegExp would: an expression of
 * the syntax both read alike, a value without the characters they class differently (control characters, the
 * Unicode spaces and line ends of `\s` and `.`, surrogate pairs). Anything else takes the sandbox.
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

/**
 * Syntax RE2 reads otherwise than a RegExp without flags, or not at all: an escape other than a class (`\d`, `\s`,
 * `\w`…), a boundary, `\t \n \v \f \r` or an escaped punctuation mark (`\A`, `\p{L}` and `\Q` are RE2's; `\1`,
 * `\u0041` and `\cA` only a RegExp's); a group other than `(?:`; the empty classes `[]` and `[^]`; a POSIX class
 * `[:alpha:]`; a character outside the Basic Multilingual Plane (one code point to RE2, two units to a RegExp).
 * (`[\b]`, a backspace to a RegExp, does not compile in RE2, which sends it to the sandbox too.)
 */
const NOT_SHARED_SYNTAX =
	/\\[^dDwWsSbBtnvfr!-/:-@[-`{-~]|\(\?(?!:)|\[\^?\]|\[:|[\ud800-\udfff]/;

/** Characters a RegExp and RE2 class differently: controls, Unicode spaces and line ends, surrogates. */
const NOT_SHARED_CHARACTER =
	/[\0-\x1f\x7f-\xa0\u1680\u2000-\u202f\u205f\u3000\ud800-\udfff\ufeff]/;

type Expression = { pattern: RegExp; linear: RE2JS | null } | { error: string };

/** Expressions compiled, by source; a field's or a question's expression is asked again and again. */
const compiled = new Map< string, Expression >();
const COMPILED_KEPT = 500;

function compile( source: string ): Expression {
	let expression = compiled.get( source );
	if ( ! expression ) {
		expression = compileOnce( source );
		if ( compiled.size >= COMPILED_KEPT ) {
			compiled.clear();
		}
		compiled.set( source, expression );
	}
	return expression;
}

function compileOnce( source: string ): Expression {
	let pattern: RegExp;
	try {
		pattern = new RegExp( source );
	} catch ( error ) {
		return {
			error: error instanceof Error ? error.message : String( error ),
		};
	}
	let linear: RE2JS | null = null;
	if ( ! NOT_SHARED_SYNTAX.test( source ) ) {
		try {
			linear = RE2JS.compile( source );
		} catch {
			// Syntax RE2 does not know (a lookahead, a back-reference): the sandbox runs it.
		}
	}
	return { pattern, linear };
}

// One context for every sandboxed check: the expression and the value are handed over as its globals.
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
	const expression = compile( source );
	if ( 'error' in expression ) {
		return { ok: 'unchecked', reason: expression.error };
	}
	const { pattern, linear } = expression;
	if ( linear && ! NOT_SHARED_CHARACTER.test( value ) ) {
		return linear.matcher( value ).find()
			? { ok: true }
			: { ok: false, message };
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
