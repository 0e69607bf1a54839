import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LastSeen } from '../../src/lib/last-seen.ts';

describe( 'LastSeen', () => {
	it( 'answers the value set last for a key, and nothing for a key never set', () => {
		const seen = new LastSeen< number, number >( 3 );
		seen.set( 1, 10 );
		seen.set( 1, 11 );
		assert.equal( seen.get( 1 ), 11 );
		assert.equal( seen.get( 2 ), undefined );
	} );

	it( 'keeps at most its capacity, dropping the key set longest ago', () => {
		const seen = new LastSeen< number, string >( 2 );
		seen.set( 1, 'a' );
		seen.set( 2, 'b' );
		// Set again, 1 is now newer than 2.
		seen.set( 1, 'c' );
		seen.set( 3, 'd' );
		assert.equal( seen.get( 2 ), undefined );
		assert.equal( seen.get( 1 ), 'c' );
		assert.equal( seen.get( 3 ), 'd' );
	} );
} );
