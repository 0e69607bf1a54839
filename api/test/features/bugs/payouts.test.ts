import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FiscalType } from '../../../src/db/schema.ts';
import {
	netCentsOf,
	withheldPercentOf,
} from '../../../src/features/fiscal/net.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import { BugFormWorld, NO_PERMISSION } from './world.ts';

/**
 * GET /users/me/campaigns/{id}/bug_payouts, the bug form's payout estimator: the campaign's payout per severity,
 * gross and net of the tester's fiscal type (features/fiscal/net.ts, which the wallet shares).
 */

describe( 'the net of a gross amount', () => {
	it( 'withholds 20% for withholding types only', () => {
		assert.equal( withheldPercentOf( 'withholding' ), 20 );
		assert.equal( withheldPercentOf( 'witholding-extra' ), 20 );
		for ( const type of [
			'vat',
			'company',
			'non-italian',
			'internal',
			null,
		] ) {
			assert.equal( withheldPercentOf( type ), 0, String( type ) );
			assert.equal( netCentsOf( 2005, type ), 2005 );
		}
		assert.equal( netCentsOf( 2005, 'withholding' ), 1604 );
		assert.equal( netCentsOf( 1, 'withholding' ), 1 );
	} );
} );

describe( 'GET /api/users/me/campaigns/{campaignId}/bug_payouts', () => {
	const world = new BugFormWorld();
	before( () => world.start() );
	after( () => world.close() );

	const fiscal = async ( tester: Tester, type: FiscalType ) => {
		const { db } = world.ctx.database;
		await db
			.deleteFrom( 'fiscal_profiles' )
			.where( 'tester_id', '=', tester.id )
			.execute();
		await db
			.insertInto( 'fiscal_profiles' )
			.values( { tester_id: tester.id, type, status: 'verified' } )
			.execute();
	};
	const payouts = async ( tester: Tester ) => {
		const response = await world.send(
			tester,
			'GET',
			`/users/me/campaigns/${ world.shop }/bug_payouts`
		);
		assert.equal( response.statusCode, 200, response.body );
		return response.json();
	};

	it( 'answers the gross as net without a fiscal profile', async () => {
		assert.deepEqual( await payouts( world.me ), {
			currency: 'EUR',
			fiscalType: null,
			withheldPercent: 0,
			severities: [
				{ severity: 'LOW', gross: 2.5, net: 2.5 },
				{ severity: 'MEDIUM', gross: 5, net: 5 },
				{ severity: 'HIGH', gross: 10, net: 10 },
				{ severity: 'CRITICAL', gross: 20.05, net: 20.05 },
			],
		} );
	} );

	it( 'withholds 20% for withholding, none for VAT', async () => {
		await fiscal( world.me, 'withholding' );
		const withheld = await payouts( world.me );
		assert.equal( withheld.fiscalType, 'withholding' );
		assert.equal( withheld.withheldPercent, 20 );
		assert.deepEqual( withheld.severities, [
			{ severity: 'LOW', gross: 2.5, net: 2 },
			{ severity: 'MEDIUM', gross: 5, net: 4 },
			{ severity: 'HIGH', gross: 10, net: 8 },
			{ severity: 'CRITICAL', gross: 20.05, net: 16.04 },
		] );
		await fiscal( world.me, 'vat' );
		const vat = await payouts( world.me );
		assert.equal( vat.fiscalType, 'vat' );
		assert.equal( vat.withheldPercent, 0 );
		assert.deepEqual(
			vat.severities.map( ( row: { net: number } ) => row.net ),
			[ 2.5, 5, 10, 20.05 ]
		);
	} );

	it( 'refuses a tester not selected', async () => {
		const response = await world.send(
			world.applied,
			'GET',
			`/users/me/campaigns/${ world.shop }/bug_payouts`
		);
		assert.equal( response.statusCode, 403, response.body );
		assert.equal( response.json().message, NO_PERMISSION );
	} );
} );
