import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
	DEFAULT_FORMAT_MESSAGE,
	checkFormat,
	checkPattern,
	parseFormat,
} from '../../../src/features/profile-parts/field-format.ts';

describe( 'custom user field formats', () => {
	it( 'splits the expression from its message at the first semicolon', () => {
		assert.deepEqual(
			parseFormat( '^[0-9]{11}$;Eleven digits; no spaces' ),
			{
				source: '^[0-9]{11}$',
				message: 'Eleven digits; no spaces',
			}
		);
		assert.deepEqual( parseFormat( '^[0-9]{11}$' ), {
			source: '^[0-9]{11}$',
			message: DEFAULT_FORMAT_MESSAGE,
		} );
		assert.deepEqual( parseFormat( '^x$;  ' ), {
			source: '^x$',
			message: DEFAULT_FORMAT_MESSAGE,
		} );
		assert.equal( parseFormat( null ), null );
		assert.equal( parseFormat( '  ' ), null );
	} );

	it( 'matches as the browser does: a plain RegExp, unanchored unless the expression anchors it', () => {
		assert.deepEqual( checkFormat( '[0-9];Needs a digit', 'abc1' ), {
			ok: true,
		} );
		assert.deepEqual( checkFormat( '^[0-9]+$;Digits only', 'abc1' ), {
			ok: false,
			message: 'Digits only',
		} );
		assert.deepEqual( checkFormat( null, 'anything' ), { ok: true } );
	} );

	it( 'reports an expression that does not compile instead of throwing', () => {
		const check = checkFormat( '(unclosed;Message', 'x' );
		assert.equal( check.ok, 'unchecked' );
	} );

	it( 'gives up on a catastrophically backtracking match in moments, not hours', () => {
		const started = performance.now();
		assert.deepEqual(
			checkFormat( '^(a+)+$;Only a', `${ 'a'.repeat( 40 ) }!` ),
			{ ok: false, message: 'Only a' }
		);
		assert.ok( performance.now() - started < 5000 );
	} );
} );

describe( 'custom user field formats on RE2', () => {
	it( 'answers in linear time: a match a backtracking RegExp cannot find in time is found', () => {
		// A RegExp tries `(a+)+b` at the first "a" for 2^40 steps before it reaches the "!": in the sandbox
		// this times out and answers "no match"; RE2 finds the "!".
		assert.deepEqual(
			checkPattern( '(a+)+b|!', `${ 'a'.repeat( 40 ) }!`, 'No' ),
			{ ok: true }
		);
	} );

	it( 'leaves to the sandbox what RE2 reads otherwise or not at all', () => {
		// A back-reference and a lookahead exist only in a RegExp.
		assert.deepEqual( checkPattern( '^(a)\\1$', 'aa', 'No' ), {
			ok: true,
		} );
		assert.deepEqual( checkPattern( '^(?=\\d)\\w+$', 'a1', 'No' ), {
			ok: false,
			message: 'No',
		} );
		// To a RegExp without flags `\A` is an "A" and `[]` matches nothing; RE2 reads a start of text and a class.
		assert.deepEqual( checkPattern( '^\\A$', 'A', 'No' ), { ok: true } );
		assert.deepEqual( checkPattern( '[]a]', 'a', 'No' ), {
			ok: false,
			message: 'No',
		} );
		// A no-break space is `\s` to a RegExp, not to RE2; a carriage return is not `.` to a RegExp.
		assert.deepEqual( checkPattern( '^a\\sb$', 'a\u00a0b', 'No' ), {
			ok: true,
		} );
		assert.deepEqual( checkPattern( '^a.b$', 'a\rb', 'No' ), {
			ok: false,
			message: 'No',
		} );
	} );

	it( 'agrees with a RegExp on thousands of generated expressions and values', () => {
		// A small deterministic generator (Park and Miller's), so a failure names a case that can be run again.
		let seed = 20261130;
		const random = () => {
			seed = ( seed * 16807 ) % 2147483647;
			return ( seed - 1 ) / 2147483646;
		};
		const pick = < T >( list: readonly T[] ): T =>
			list[ Math.floor( random() * list.length ) ];
		const atoms = [
			'a',
			'b',
			'1',
			' ',
			'é',
			'\\.',
			'-',
			'.',
			'\\d',
			'\\D',
			'\\w',
			'\\W',
			'\\s',
			'\\S',
			'[a-c]',
			'[^b]',
			'[\\d\\s]',
			'[.-]',
			'\\b',
			'\\B',
		];
		const quantifiers = [
			'',
			'',
			'*',
			'+',
			'?',
			'{1,2}',
			'*?',
			'+?',
			'{2}',
		];
		const expression = ( depth: number ): string => {
			let text = '';
			const length = 1 + Math.floor( random() * 3 );
			for ( let i = 0; i < length; i++ ) {
				const atom =
					depth > 0 && random() < 0.25
						? `(${ random() < 0.5 ? '?:' : '' }${ expression(
								depth - 1
						  ) }${
								random() < 0.4
									? `|${ expression( depth - 1 ) }`
									: ''
						  })`
						: pick( atoms );
				text +=
					atom +
					( atom === '\\b' || atom === '\\B'
						? ''
						: pick( quantifiers ) );
			}
			return text;
		};
		const characters = [ 'a', 'b', 'c', '1', '2', ' ', 'é', '.', '-', '_' ];
		let checked = 0;
		for ( let i = 0; i < 3000; i++ ) {
			const source =
				( random() < 0.4 ? '^' : '' ) +
				expression( 2 ) +
				( random() < 0.4 ? '$' : '' );
			const pattern = new RegExp( source );
			for ( let j = 0; j < 4; j++ ) {
				let value = '';
				const length = Math.floor( random() * 6 );
				for ( let k = 0; k < length; k++ ) {
					value += pick( characters );
				}
				assert.equal(
					checkPattern( source, value, 'No' ).ok === true,
					pattern.test( value ),
					`${ JSON.stringify( source ) } on ${ JSON.stringify(
						value
					) }`
				);
				checked++;
			}
		}
		assert.equal( checked, 12000 );
	} );
} );
