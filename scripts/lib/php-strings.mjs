/**
 * The gettext calls of the plugin's PHP, read without PHP: a small lexer that knows strings, comments and
 * inline HTML, then the literal arguments of `__()`, `esc_html__()`, `_x()`, `_n()`, `_nx()` and their kin.
 * Used by scripts/i18n-admin.mjs (catalogues and .l10n.php files) and its test.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Each translation function and the order of its arguments. */
const CALLS = {
	__: [ 'singular', 'domain' ],
	_e: [ 'singular', 'domain' ],
	esc_html__: [ 'singular', 'domain' ],
	esc_attr__: [ 'singular', 'domain' ],
	esc_html_e: [ 'singular', 'domain' ],
	esc_attr_e: [ 'singular', 'domain' ],
	_x: [ 'singular', 'context', 'domain' ],
	_ex: [ 'singular', 'context', 'domain' ],
	esc_html_x: [ 'singular', 'context', 'domain' ],
	esc_attr_x: [ 'singular', 'context', 'domain' ],
	_n: [ 'singular', 'plural', 'number', 'domain' ],
	_nx: [ 'singular', 'plural', 'number', 'context', 'domain' ],
	_n_noop: [ 'singular', 'plural', 'domain' ],
	_nx_noop: [ 'singular', 'plural', 'context', 'domain' ],
};

// A name after one of these is a method, a declaration or a class, not a call of the global function.
const NOT_A_CALL_AFTER = new Set( [
	'->',
	'?->',
	'::',
	'function',
	'fn',
	'new',
	'const',
] );

const DOUBLE_QUOTE_ESCAPES = {
	n: '\n',
	t: '\t',
	r: '\r',
	v: '\v',
	e: '\x1b',
	f: '\f',
	'\\': '\\',
	$: '$',
	'"': '"',
};

/**
 * PHP source → tokens `{ type, value, line }`: `string` (a constant string's value), `dynamic` (a string with
 * interpolation or a heredoc), `name`, `variable`, `punct`, `other`. Comments and inline HTML are dropped.
 *
 * @param {string} source PHP file contents.
 */
export function tokenize( source ) {
	const tokens = [];
	let i = 0;
	let line = 1;
	let inPhp = false;
	const push = ( type, value, at ) =>
		tokens.push( { type, value, line: at } );
	const advanceTo = ( end ) => {
		for ( ; i < end; i++ ) {
			if ( source[ i ] === '\n' ) {
				line++;
			}
		}
	};

	while ( i < source.length ) {
		if ( ! inPhp ) {
			const open = source.indexOf( '<?', i );
			if ( open === -1 ) {
				advanceTo( source.length );
				break;
			}
			advanceTo( open );
			i += source.startsWith( '<?php', i ) ? 5 : 2;
			if ( source[ i ] === '=' ) {
				i++;
			}
			inPhp = true;
			continue;
		}
		const c = source[ i ];
		const rest2 = source.slice( i, i + 2 );
		if ( c === '\n' ) {
			line++;
			i++;
		} else if ( /\s/.test( c ) ) {
			i++;
		} else if ( rest2 === '?>' ) {
			i += 2;
			inPhp = false;
		} else if (
			rest2 === '//' ||
			( c === '#' && source[ i + 1 ] !== '[' )
		) {
			let end = i;
			while (
				end < source.length &&
				source[ end ] !== '\n' &&
				source.slice( end, end + 2 ) !== '?>'
			) {
				end++;
			}
			i = end;
		} else if ( rest2 === '/*' ) {
			const end = source.indexOf( '*/', i + 2 );
			advanceTo( end === -1 ? source.length : end + 2 );
		} else if ( c === "'" ) {
			const at = line;
			let value = '';
			i++;
			while ( i < source.length && source[ i ] !== "'" ) {
				if (
					source[ i ] === '\\' &&
					( source[ i + 1 ] === "'" || source[ i + 1 ] === '\\' )
				) {
					value += source[ i + 1 ];
					i += 2;
				} else {
					if ( source[ i ] === '\n' ) {
						line++;
					}
					value += source[ i ];
					i++;
				}
			}
			i++;
			push( 'string', value, at );
		} else if ( c === '"' ) {
			const at = line;
			let value = '';
			let dynamic = false;
			i++;
			while ( i < source.length && source[ i ] !== '"' ) {
				const ch = source[ i ];
				const next = source[ i + 1 ];
				if ( ch === '\\' ) {
					if ( next in DOUBLE_QUOTE_ESCAPES ) {
						value += DOUBLE_QUOTE_ESCAPES[ next ];
						i += 2;
					} else if ( /[0-7]/.test( next ) ) {
						const [ octal ] = source
							.slice( i + 1 )
							.match( /^[0-7]{1,3}/ );
						value += String.fromCharCode( parseInt( octal, 8 ) );
						i += 1 + octal.length;
					} else if (
						next === 'x' &&
						/[0-9A-Fa-f]/.test( source[ i + 2 ] )
					) {
						const [ hex ] = source
							.slice( i + 2 )
							.match( /^[0-9A-Fa-f]{1,2}/ );
						value += String.fromCharCode( parseInt( hex, 16 ) );
						i += 2 + hex.length;
					} else if ( next === 'u' && source[ i + 2 ] === '{' ) {
						const close = source.indexOf( '}', i );
						value += String.fromCodePoint(
							parseInt( source.slice( i + 3, close ), 16 )
						);
						i = close + 1;
					} else {
						value += ch;
						i++;
					}
				} else {
					if (
						( ch === '$' && /[A-Za-z_{]/.test( next ?? '' ) ) ||
						( ch === '{' && next === '$' )
					) {
						dynamic = true;
					}
					if ( ch === '\n' ) {
						line++;
					}
					value += ch;
					i++;
				}
			}
			i++;
			push( dynamic ? 'dynamic' : 'string', value, at );
		} else if ( source.startsWith( '<<<', i ) ) {
			const at = line;
			const [ header, nowdoc, label ] = source
				.slice( i )
				.match( /^<<<[ \t]*(['"]?)([A-Za-z_]\w*)\1\r?\n/ );
			const body = i + header.length;
			const closing = new RegExp( `\\n[ \\t]*${ label }\\b` );
			const match = closing.exec( source.slice( body - 1 ) );
			const end = match ? body - 1 + match.index : source.length;
			const indent = match ? match[ 0 ].length - 1 - label.length : 0;
			const value = source
				.slice( body, end )
				.split( '\n' )
				.map( ( row ) => row.slice( indent ) )
				.join( '\n' );
			advanceTo( match ? end + match[ 0 ].length : source.length );
			push( nowdoc === "'" ? 'string' : 'dynamic', value, at );
		} else if ( /[A-Za-z_\x80-\uffff]/.test( c ) ) {
			const [ word ] = source.slice( i ).match( /^[\w\x80-\uffff]+/ );
			push( 'name', word, line );
			i += word.length;
		} else if ( c === '$' && /[A-Za-z_]/.test( source[ i + 1 ] ?? '' ) ) {
			const [ word ] = source.slice( i ).match( /^\$\w+/ );
			push( 'variable', word, line );
			i += word.length;
		} else if ( /[0-9]/.test( c ) ) {
			const [ number ] = source.slice( i ).match( /^[0-9][\w.]*/ );
			push( 'other', number, line );
			i += number.length;
		} else {
			const punct =
				[ '?->', '->', '::', '=>' ].find( ( p ) =>
					source.startsWith( p, i )
				) ?? c;
			push( 'punct', punct, line );
			i += punct.length;
		}
	}
	return tokens;
}

/**
 * One argument's tokens → its constant string value (literals joined by `.`), or null.
 *
 * @param {Array<{type: string, value: string}>} tokens
 */
function constantString( tokens ) {
	if ( tokens.length === 0 || tokens.length % 2 === 0 ) {
		return null;
	}
	let value = '';
	for ( const [ index, token ] of tokens.entries() ) {
		if ( index % 2 === 0 ? token.type !== 'string' : token.value !== '.' ) {
			return null;
		}
		if ( index % 2 === 0 ) {
			value += token.value;
		}
	}
	return value;
}

/**
 * The arguments of the call whose `(` is at `open`: one token list per argument.
 *
 * @param {Array<{type: string, value: string}>} tokens
 * @param {number}                               open
 */
function callArguments( tokens, open ) {
	const args = [ [] ];
	let depth = 0;
	for ( let i = open + 1; i < tokens.length; i++ ) {
		const { value, type } = tokens[ i ];
		if ( type === 'punct' && '([{'.includes( value ) ) {
			depth++;
		} else if ( type === 'punct' && ')]}'.includes( value ) ) {
			if ( depth === 0 ) {
				break;
			}
			depth--;
		} else if ( type === 'punct' && value === ',' && depth === 0 ) {
			args.push( [] );
			continue;
		}
		args.at( -1 ).push( tokens[ i ] );
	}
	return args;
}

/**
 * The translation calls of one PHP source for `domain`: `{ singular, plural?, context?, line }` for every call
 * with literal strings, `{ dynamic: true, line }` for a call of the domain whose text is not a literal.
 *
 * @param {string} source PHP file contents.
 * @param {string} domain Text domain.
 */
export function extractCalls( source, domain ) {
	const tokens = tokenize( source );
	const calls = [];
	tokens.forEach( ( token, index ) => {
		const roles = CALLS[ token.type === 'name' ? token.value : '' ];
		const before = tokens[ index - 1 ];
		if (
			! roles ||
			tokens[ index + 1 ]?.value !== '(' ||
			( before && NOT_A_CALL_AFTER.has( before.value ) )
		) {
			return;
		}
		const args = callArguments( tokens, index + 1 );
		const values = Object.fromEntries(
			roles.map( ( role, i ) => [ role, args[ i ] ?? [] ] )
		);
		if ( constantString( values.domain ) !== domain ) {
			return;
		}
		const call = { line: token.line };
		for ( const role of [ 'singular', 'plural', 'context' ] ) {
			if ( ! roles.includes( role ) ) {
				continue;
			}
			const value = constantString( values[ role ] );
			if ( value === null ) {
				calls.push( { dynamic: true, line: token.line } );
				return;
			}
			call[ role ] = value;
		}
		calls.push( call );
	} );
	return calls;
}

/**
 * The catalogue key of a message: its text, after its context and U+0004 when it has one (gettext's own
 * spelling; WordPress's .l10n.php files use it too).
 *
 * @param {{singular: string, context?: string}} message
 */
export const messageKey = ( { singular, context } ) =>
	context === undefined ? singular : `${ context }\u0004${ singular }`;

/**
 * Every PHP file under `dir`, sorted, except the folders named in `skip`.
 *
 * @param {string}   dir
 * @param {string[]} skip Folder names not to enter.
 */
export function phpFiles( dir, skip = [] ) {
	return fs
		.readdirSync( dir, { withFileTypes: true } )
		.sort( ( a, b ) => ( a.name < b.name ? -1 : 1 ) )
		.flatMap( ( entry ) => {
			const file = path.join( dir, entry.name );
			if ( entry.isDirectory() ) {
				return skip.includes( entry.name )
					? []
					: phpFiles( file, skip );
			}
			return entry.name.endsWith( '.php' ) ? [ file ] : [];
		} );
}

/**
 * The messages of `domain` in the PHP files under `dir`: a Map from catalogue key to
 * `{ singular, plural?, context?, refs: ['file:line'] }`, sorted by key; plus the problems no catalogue can
 * fix (a non-literal text, one text used both plain and plural or with two plurals).
 *
 * @param {string}   dir    Plugin folder.
 * @param {string}   domain Text domain.
 * @param {string[]} skip   Folder names not to read (built and generated files).
 */
export function extractMessages( dir, domain, skip = [] ) {
	const messages = new Map();
	const problems = [];
	for ( const file of phpFiles( dir, skip ) ) {
		const relative = path.relative( dir, file );
		for ( const call of extractCalls(
			fs.readFileSync( file, 'utf8' ),
			domain
		) ) {
			const ref = `${ relative }:${ call.line }`;
			if ( call.dynamic ) {
				problems.push( `${ ref }: the text is not a literal string` );
				continue;
			}
			const key = messageKey( call );
			const known = messages.get( key );
			if ( known && known.plural !== call.plural ) {
				problems.push(
					`${ ref }: "${ call.singular }" is used with two plurals (${ known.refs[ 0 ] })`
				);
				continue;
			}
			const message = known ?? {
				singular: call.singular,
				...( call.plural !== undefined && { plural: call.plural } ),
				...( call.context !== undefined && { context: call.context } ),
				refs: [],
			};
			message.refs.push( ref );
			messages.set( key, message );
		}
	}
	return {
		messages: new Map(
			[ ...messages ].sort( ( [ a ], [ b ] ) => compareKeys( a, b ) )
		),
		problems,
	};
}

/**
 * A deterministic order for catalogue keys (code points, not the machine's collation).
 *
 * @param {string} a
 * @param {string} b
 */
export const compareKeys = ( a, b ) => {
	if ( a === b ) {
		return 0;
	}
	return a < b ? -1 : 1;
};

const PRINTF = /%(?:(\d+)\$)?[-+ 0#]*\d*(?:\.\d+)?[bcdeEfFgGosuxX]/g;

/**
 * What a translation must carry over from its original: numbered printf placeholders (any order), unnumbered
 * ones (in order: they are filled by position), `{{…}}` placeholders and HTML tags (any order).
 *
 * @param {string} text
 */
export function placeholders( text ) {
	const printf = [ ...text.replaceAll( '%%', '' ).matchAll( PRINTF ) ];
	const sorted = ( list ) => [ ...list ].sort( compareKeys );
	return {
		numbered: sorted(
			printf.filter( ( [ , n ] ) => n ).map( ( [ p ] ) => p )
		),
		positional: printf.filter( ( [ , n ] ) => ! n ).map( ( [ p ] ) => p ),
		named: sorted( text.match( /{{\s*[\w.]+\s*}}/g ) ?? [] ),
		html: sorted( text.match( /<\/?[A-Za-z][^<>]*>/g ) ?? [] ),
	};
}
