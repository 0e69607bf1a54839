import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
	DEFAULT_FORMAT_MESSAGE,
	checkFormat,
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
