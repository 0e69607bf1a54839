import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
	createTestersRepository,
	DuplicateTesterError,
	type TestersRepository,
} from '../../../src/features/me/repository.ts';
import {
	createTestDatabase,
	testEngine,
	type TestDatabase,
} from '../../helpers/database.ts';

describe( `testers repository on ${ testEngine() }`, () => {
	let database: TestDatabase;
	let testers: TestersRepository;
	before( async () => {
		database = await createTestDatabase();
		testers = createTestersRepository( database.db );
	} );
	after( () => database.drop() );

	it( 'creates a tester with normalised values', async () => {
		const startedAt = Date.now();
		const tester = await testers.create( {
			wpUserId: 10,
			email: '  Some.One@Example.TEST ',
			name: 'Some',
			surname: 'One',
			birthDate: '1990-12-31',
			country: 'IT',
			referralCode: 'R1',
		} );
		assert.equal( typeof tester.id, 'number' );
		assert.deepEqual(
			{ ...tester, id: 0, createdAt: '', updatedAt: '' },
			{
				id: 0,
				wpUserId: 10,
				email: 'some.one@example.test',
				name: 'Some',
				surname: 'One',
				birthDate: '1990-12-31',
				country: 'IT',
				image: null,
				onboardingCompleted: false,
				isVerified: false,
				totalExpPts: 0,
				attendedCp: 0,
				approvedBugs: 0,
				bootyGrossCents: 0,
				bootyNetCents: null,
				pendingBootyGrossCents: 0,
				pendingBootyNetCents: null,
				bootyThresholdCents: 300,
				referralCode: 'R1',
				gender: null,
				phone: null,
				city: null,
				professionId: null,
				educationId: null,
				emailConfirmed: false,
				sessionsValidFrom: null,
				createdAt: '',
				updatedAt: '',
			}
		);
		assert.match( tester.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/ );
		assert.ok(
			Math.abs( Date.parse( tester.createdAt ) - startedAt ) < 5_000
		);
	} );

	it( 'finds by id, WordPress user and email (any case)', async () => {
		const tester = await testers.create( {
			wpUserId: 11,
			email: 'find@example.test',
			name: 'F',
			surname: 'I',
		} );
		assert.equal( ( await testers.findById( tester.id ) )?.wpUserId, 11 );
		assert.equal( ( await testers.findByWpUserId( 11 ) )?.id, tester.id );
		assert.equal(
			( await testers.findByEmail( 'FIND@example.test' ) )?.id,
			tester.id
		);
		assert.equal( await testers.findByWpUserId( 999 ), undefined );
	} );

	it( 'reads flags as booleans and big counters as exact numbers', async () => {
		const tester = await testers.create( {
			wpUserId: 12,
			email: 'flags@example.test',
			name: 'F',
			surname: 'L',
		} );
		await database.db
			.updateTable( 'testers' )
			.set( {
				onboarding_completed: 1,
				is_verified: 1,
				booty_gross_cents: 4_000_000_000_123,
				booty_net_cents: 0,
			} )
			.where( 'id', '=', tester.id )
			.execute();
		const read = await testers.findById( tester.id );
		assert.equal( read?.onboardingCompleted, true );
		assert.equal( read?.isVerified, true );
		assert.equal( read?.bootyGrossCents, 4_000_000_000_123 );
		assert.equal( read?.bootyNetCents, 0 );
	} );

	it( 'refuses duplicates with DuplicateTesterError', async () => {
		await testers.create( {
			wpUserId: 13,
			email: 'dup@example.test',
			name: 'D',
			surname: 'U',
		} );
		await assert.rejects(
			testers.create( {
				wpUserId: 13,
				email: 'other@example.test',
				name: 'D',
				surname: 'U',
			} ),
			DuplicateTesterError
		);
		await assert.rejects(
			testers.create( {
				wpUserId: 14,
				email: 'DUP@example.test',
				name: 'D',
				surname: 'U',
			} ),
			DuplicateTesterError
		);
	} );

	it( 'writes nothing when the surrounding transaction fails', async () => {
		await assert.rejects(
			database.db.transaction().execute( async ( trx ) => {
				await testers.create(
					{
						wpUserId: 15,
						email: 'rolled@example.test',
						name: 'R',
						surname: 'B',
					},
					trx
				);
				throw new Error( 'abort' );
			} ),
			/abort/
		);
		assert.equal( await testers.findByWpUserId( 15 ), undefined );
	} );
} );
