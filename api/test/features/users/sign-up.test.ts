import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isOldEnough } from '../../../src/features/users/sign-up.ts';

describe( 'isOldEnough (16-year cutoff)', () => {
	const today = new Date( '2024-06-15T10:00:00Z' );

	it( 'accepts from the 16th birthday on', () => {
		assert.equal( isOldEnough( '2008-06-15', today ), true );
		assert.equal( isOldEnough( '2008-06-14', today ), true );
		assert.equal( isOldEnough( '1950-01-01', today ), true );
	} );

	it( 'refuses the day before the 16th birthday and later dates', () => {
		assert.equal( isOldEnough( '2008-06-16', today ), false );
		assert.equal( isOldEnough( '2010-01-01', today ), false );
		assert.equal( isOldEnough( '2030-01-01', today ), false );
	} );
} );
