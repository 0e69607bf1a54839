import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import {
	ACTIVE,
	AVAILABLE,
	AWAITING,
	CampaignWorld,
	CLOSED,
} from '../../helpers/campaign-world.ts';
import { mintToken } from '../../helpers/tokens.ts';
import { bearer, get, idsOf } from '../../helpers/requests.ts';

// The spec's client asks for the dashboard tables at GET /campaigns: the same operation, another path.
describe( 'GET /api/campaigns', () => {
	const world = new CampaignWorld();
	const { sorted } = world;
	before( () => world.start() );
	after( () => world.close() );

	const both = async ( query: string, tester: Tester = world.me ) => {
		const [ campaigns, mine ] = await Promise.all( [
			get( world.ctx, `/campaigns${ query }`, tester ),
			get( world.ctx, `/users/me/campaigns${ query }`, tester ),
		] );
		return { campaigns, mine };
	};

	for ( const [ table, query, keys ] of [
		[ 'active', '?filterBy[accepted]=1&filterBy[completed]=0', ACTIVE ],
		[
			'available',
			'?filterBy[accepted]=0&filterBy[completed]=0&limit=100',
			AVAILABLE,
		],
		[ 'closed', '?filterBy[accepted]=1&filterBy[statusId]=2', CLOSED ],
		[
			'finished awaiting review',
			'?filterBy[accepted]=1&filterBy[statusId]=1&filterBy[completed]=1',
			AWAITING,
		],
	] as const ) {
		it( `answers the ${ table } table as /users/me/campaigns does`, async () => {
			const { campaigns, mine } = await both( query );
			assert.equal( campaigns.statusCode, 200, campaigns.body );
			assert.deepEqual( idsOf( campaigns.json() ), sorted( keys ) );
			assert.equal( campaigns.json().total, keys.length );
			assert.deepEqual( campaigns.json(), mine.json() );
		} );
	}

	it( 'sorts, pages and picks the locale as /users/me/campaigns does', async () => {
		for ( const query of [
			'',
			'?orderBy=visibility&order=DESC&start=2&limit=3',
			'?orderBy=end_date&order=DESC&locale=fr&limit=100',
			'?orderBy=close_date&filterBy[completed]=1&_locale=user',
		] ) {
			const { campaigns, mine } = await both( query );
			assert.equal( campaigns.statusCode, 200, query );
			assert.ok( campaigns.json().results.length > 0, query );
			assert.deepEqual( campaigns.json(), mine.json(), query );
		}
	} );

	it( 'answers each tester their own tables', async () => {
		const query = '?filterBy[accepted]=1&limit=100';
		const { campaigns, mine } = await both( query, world.other );
		assert.equal( campaigns.statusCode, 200 );
		assert.deepEqual( campaigns.json(), mine.json() );
		assert.notDeepEqual(
			idsOf( campaigns.json() ),
			idsOf( ( await both( query, world.me ) ).campaigns.json() )
		);
	} );

	for ( const query of [
		'?filterBy[accepted]=2',
		'?filterBy[completed]=yes',
		'?filterBy[statusId]=3',
		'?filterBy[campaign]=1',
		'?orderBy=title',
		'?limit=101',
		'?locale=de',
	] ) {
		it( `answers 400 to ${ query } with the message /users/me/campaigns gives`, async () => {
			const { campaigns, mine } = await both( query );
			assert.equal( campaigns.statusCode, 400, campaigns.body );
			assert.deepEqual( campaigns.json(), mine.json() );
		} );
	}

	it( 'answers 403 without a token and 401 with an expired one', async () => {
		const missing = await get( world.ctx, '/campaigns' );
		assert.equal( missing.statusCode, 403 );
		assert.equal( missing.json().status, 403 );
		const expired = await world.ctx.app.inject( {
			method: 'GET',
			url: '/api/campaigns',
			headers: bearer(
				await mintToken( {
					secret: world.ctx.secret,
					sub: world.me.wpUserId,
					expiresIn: -60,
				} )
			),
		} );
		assert.equal( expired.statusCode, 401 );
		assert.equal( expired.json().message, 'Token expired' );
	} );
} );
