import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { monthOf } from '../../../src/features/ranking/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { mintToken } from '../../helpers/tokens.ts';
import { bearer } from '../../helpers/requests.ts';
import {
	insertApplication,
	insertCampaign,
	recordPoints,
	sqlAt,
} from '../../helpers/rows.ts';

/**
 * The dashboard reads find the tester inside their own statements, from the token's WordPress user: a token
 * whose user has no tester, or whose tester was deleted after the token was minted, must still be refused on
 * every path, never answered as a tester with nothing (the public campaigns below would show).
 */
describe( 'a valid token without a tester behind it', () => {
	let ctx: TestContext;
	let tester: Tester;
	let token: string;
	const month = monthOf( new Date() );
	const campaignLists = [
		'?filterBy[accepted]=1&filterBy[completed]=0&orderBy=start_date',
		'?filterBy[accepted]=1&filterBy[statusId]=2&orderBy=close_date&order=DESC',
		'?filterBy[accepted]=1&filterBy[statusId]=1',
		'?filterBy[accepted]=0&filterBy[completed]=0&orderBy=visibility&order=ASC',
		'?filterBy[accepted]=0&filterBy[completed]=0&orderBy=visibility&order=ASC&limit=1',
		'?filterBy[completed]=0&orderBy=end_date&order=DESC',
		'?orderBy=start_date',
		'?orderBy=visibility&order=DESC',
		'?filterBy[accepted]=0',
	];
	const reads = [
		...campaignLists.map( ( query ) => `/users/me/campaigns${ query }` ),
		`/campaigns${ campaignLists[ 3 ] }`,
		'/users/me/experience',
		'/users/me/experience?start=1',
		'/users/me/experience?filterBy[activity]=1',
		'/users/me/experience?search=Bonus',
		'/users/me/experience/filters',
		'/users/me/bugs',
		'/users/me/bugs?start=1',
		'/users/me/bugs?filterBy[status]=3&orderBy=severity',
		'/users/me/rank',
		'/users/me/rank/list',
		'/users/me',
		'/users/me?fields=rank,name',
		'/users/me/pending_booty',
		'/users/me/popups',
		'/users/me/popups/1',
	];
	const read = ( url: string, bearerToken: string ) =>
		ctx.app.inject( {
			method: 'GET',
			url: `/api${ url }`,
			headers: bearer( bearerToken ),
		} );
	const assertRefused = async ( bearerToken: string ) => {
		for ( const url of reads ) {
			const response = await read( url, bearerToken );
			assert.equal(
				response.statusCode,
				403,
				`${ url }: ${ response.body }`
			);
			assert.equal(
				response.json().message,
				'This account has no tester profile.',
				url
			);
		}
	};

	before( async () => {
		ctx = await startTestContext();
		tester = await ctx.createTester();
		token = await ctx.tokenFor( tester );
		const running = await insertCampaign( ctx, {
			title: 'Running, selected',
			visibility: 'internal',
			start: -5,
			end: 5,
			close: 10,
		} );
		const closed = await insertCampaign( ctx, {
			title: 'Closed, selected',
			visibility: 'public',
			status: 2,
			start: -20,
			end: -10,
			close: -5,
		} );
		for ( const [ title, start ] of [
			[ 'Open', 2 ],
			[ 'Open later', 3 ],
		] as const ) {
			await insertCampaign( ctx, {
				title,
				visibility: 'public',
				start,
				end: start + 10,
				close: start + 15,
			} );
		}
		await insertApplication( ctx, tester.id, running, 'selected' );
		await insertApplication( ctx, tester.id, closed, 'selected' );
		await ctx.database.db
			.insertInto( 'experience_entries' )
			.values(
				[ 1, 2 ].map( ( activity ) => ( {
					tester_id: tester.id,
					amount: 10,
					activity_id: activity,
					campaign_id: closed,
					note: 'Bonus',
					created_at: sqlAt( -activity ),
				} ) )
			)
			.execute();
		await ctx.database.db
			.insertInto( 'bugs' )
			.values(
				[ 2, 3 ].map( ( status ) => ( {
					tester_id: tester.id,
					campaign_id: closed,
					title: `Bug ${ status }`,
					severity_id: 2,
					type_id: 1,
					replicability_id: 1,
					status_id: status,
					steps: 'Open it',
					expected: 'It works',
					current: 'It does not',
				} ) )
			)
			.execute();
		await recordPoints( ctx, [ [ tester, month, 50, 10 ] ] );
	} );
	after( () => ctx.close() );

	it( 'answers every read while the tester exists', async () => {
		for ( const url of reads ) {
			const response = await read( url, token );
			assert.equal(
				response.statusCode,
				url.startsWith( '/users/me/popups/' ) ? 404 : 200,
				`${ url }: ${ response.body }`
			);
		}
		const [ campaigns, experience, bugs, list ] = await Promise.all(
			[
				`/users/me/campaigns${ campaignLists[ 3 ] }`,
				'/users/me/experience',
				'/users/me/bugs',
				'/users/me/rank/list',
			].map( async ( url ) => ( await read( url, token ) ).json() )
		);
		assert.equal( campaigns.total, 2 );
		assert.equal( experience.total, 2 );
		assert.equal( bugs.total, 2 );
		assert.deepEqual(
			list.peers.map( ( peer: { id: number } ) => peer.id ),
			[ tester.id ]
		);
	} );

	it( 'refuses every read for a WordPress user who never had a tester', async () => {
		const user = ctx.wordpress.addUser( {
			email: 'editor@example.test',
			password: 'x',
			roles: [ 'editor' ],
		} );
		await assertRefused(
			await mintToken( {
				secret: ctx.secret,
				sub: user.id,
				role: 'editor',
			} )
		);
	} );

	it( 'refuses every read once the token’s tester is deleted', async () => {
		await ctx.database.db
			.deleteFrom( 'testers' )
			.where( 'id', '=', tester.id )
			.execute();
		await assertRefused( token );
	} );
} );
