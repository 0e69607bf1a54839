import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { DEFAULT_FIELDS, presentMe } from '../../../src/features/me/profile.ts';

const tester: Tester = {
	id: 7,
	wpUserId: 70,
	email: 't@example.test',
	name: 'T',
	surname: 'S',
	birthDate: '2000-01-01',
	country: 'IT',
	image: 'https://example.test/a.png',
	onboardingCompleted: true,
	isVerified: false,
	totalExpPts: 10,
	attendedCp: 1,
	approvedBugs: 2,
	bootyGrossCents: 1005,
	bootyNetCents: 801,
	pendingBootyGrossCents: 250,
	pendingBootyNetCents: null,
	bootyThresholdCents: 300,
	referralCode: null,
	gender: 'other',
	phone: '+393331234567',
	city: 'Milano',
	professionId: 3,
	educationId: null,
	emailConfirmed: true,
	sessionsValidFrom: null,
	createdAt: '2024-01-01T00:00:00Z',
	updatedAt: '2024-01-01T00:00:00Z',
};

describe( 'presentMe', () => {
	it( 'answers the default fields when none or an empty list is asked for', () => {
		const expected = Object.fromEntries(
			DEFAULT_FIELDS.map( ( field ) => [
				field,
				presentMe( tester, 'tester', [ field ] )[ field ],
			] )
		);
		assert.deepEqual( presentMe( tester, 'tester' ), expected );
		assert.deepEqual( presentMe( tester, 'tester', [] ), expected );
		assert.equal( expected.role, 'tester' );
	} );

	it( 'converts cents to amounts with two decimals', () => {
		assert.deepEqual( presentMe( tester, '', [ 'booty' ] ).booty, {
			gross: { value: 10.05, currency: 'EUR' },
			net: { value: 8.01, currency: 'EUR' },
		} );
		assert.deepEqual(
			presentMe( tester, '', [ 'pending_booty', 'booty_threshold' ] ),
			{
				id: 7,
				pending_booty: { gross: { value: 2.5, currency: 'EUR' } },
				booty_threshold: { value: 3, isOver: false },
			}
		);
	} );

	it( 'answers the rank it is given, null when none', () => {
		assert.equal( presentMe( tester, '', [ 'all' ] ).rank, null );
		assert.deepEqual( presentMe( tester, '', [ 'rank' ], { rank: 4 } ), {
			id: 7,
			rank: 4,
		} );
	} );
} );
