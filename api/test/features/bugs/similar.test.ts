import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { BugFormWorld, NO_PERMISSION } from './world.ts';

/**
 * GET /users/me/campaigns/{id}/bugs/similar, the duplicate hint, through the real app over bugs written by the API
 * and straight into the database (the index follows both): the campaign's similar titles, most relevant first,
 * never another campaign's, other testers' only with the bug parade on.
 */

describe( 'GET /api/users/me/campaigns/{campaignId}/bugs/similar', () => {
	const world = new BugFormWorld();
	const ids: Record< string, number > = {};

	const insert = async (
		key: string,
		tester: Tester,
		campaignId: number,
		title: string
	) => {
		ids[ key ] = Number(
			(
				await world.ctx.database.db
					.insertInto( 'bugs' )
					.values( {
						tester_id: tester.id,
						campaign_id: campaignId,
						title,
						severity_id: 1,
						type_id: 1,
						replicability_id: 1,
						status_id: key === 'approved' ? 2 : 3,
						steps: 'x',
						expected: 'y',
						current: 'z',
					} )
					.executeTakeFirstOrThrow()
			).insertId
		);
	};

	before( async () => {
		await world.start();
		const { me, other, plain, shop } = world;
		const created = await world.send(
			me,
			'POST',
			`/users/me/campaigns/${ plain }/bugs`,
			world.plainBug( me, 'Login button does nothing on Safari' )
		);
		assert.equal( created.statusCode, 201, created.body );
		ids.mine = created.json().id;
		await insert( 'approved', other, plain, 'Crash when the login fails' );
		await insert(
			'theirs',
			other,
			plain,
			'Login button overlaps the logo'
		);
		await insert( 'unrelated', me, plain, 'Typo in the footer' );
		await insert( 'elsewhere', me, shop, 'Login button does nothing' );
		await insert( 'renamed', me, plain, 'Checkout total is wrong' );
		// Changed titles are indexed again, removed bugs leave.
		await world.ctx.database.db
			.updateTable( 'bugs' )
			.set( { title: 'Login page is slow' } )
			.where( 'id', '=', ids.renamed )
			.execute();
		await insert( 'removed', me, plain, 'Login button is blue' );
		await world.ctx.database.db
			.deleteFrom( 'bugs' )
			.where( 'id', '=', ids.removed )
			.execute();
	} );
	after( () => world.close() );

	const similar = async (
		tester: Tester,
		campaignId: number,
		title: string
	) => {
		const response = await world.send(
			tester,
			'GET',
			`/users/me/campaigns/${ campaignId }/bugs/similar?title=${ encodeURIComponent(
				title
			) }`
		);
		assert.equal( response.statusCode, 200, response.body );
		return response.json().items as Array< {
			id: number;
			title: string;
			status: { id: number; name: string };
			mine: boolean;
		} >;
	};
	const parade = ( on: boolean ) =>
		world.ctx.database.db
			.updateTable( 'campaigns' )
			.set( { has_bug_parade: on ? 1 : 0 } )
			.where( 'id', '=', world.plain )
			.execute();

	it( "hides other testers' bugs while the bug parade is off", async () => {
		await parade( false );
		const items = await similar( world.me, world.plain, 'login button' );
		assert.deepEqual(
			items.map( ( item ) => item.id ).sort(),
			[ ids.mine, ids.renamed ].sort()
		);
		assert.ok( items.every( ( item ) => item.mine ) );
		assert.deepEqual(
			await similar( world.other, world.plain, 'Safari' ),
			[]
		);
	} );

	it( "finds up to three similar titles of the campaign, most relevant first, never another campaign's", async () => {
		await parade( true );
		const items = await similar(
			world.me,
			world.plain,
			'Login button broken'
		);
		assert.ok( items.length <= 3 );
		const found = items.map( ( item ) => item.id );
		assert.ok( ! found.includes( ids.elsewhere ) );
		assert.ok( ! found.includes( ids.removed ) );
		assert.ok( ! found.includes( ids.unrelated ) );
		// Both words beat one.
		assert.deepEqual(
			found.slice( 0, 2 ).sort(),
			[ ids.mine, ids.theirs ].sort()
		);
		const theirs = items.find( ( item ) => item.id === ids.theirs );
		assert.deepEqual( theirs, {
			id: ids.theirs,
			title: 'Login button overlaps the logo',
			status: { id: 3, name: 'Pending' },
			mine: false,
		} );
		// A word being typed matches the start of a longer one.
		const typing = await similar( world.me, world.plain, 'overla' );
		assert.deepEqual(
			typing.map( ( item ) => item.id ),
			[ ids.theirs ]
		);
		const slow = await similar( world.me, world.plain, 'slow page' );
		assert.deepEqual(
			slow.map( ( item ) => item.id ),
			[ ids.renamed ]
		);
	} );

	it( 'answers nothing for fewer than three characters, or a title of no words', async () => {
		assert.deepEqual( await similar( world.me, world.plain, ' lo ' ), [] );
		assert.deepEqual(
			await similar( world.me, world.plain, '"*" AND (OR) -- ;' ),
			[]
		);
	} );

	it( 'takes search syntax as plain words', async () => {
		const items = await similar(
			world.me,
			world.plain,
			'login" OR title:* NEAR(+crash -x)'
		);
		assert.ok( items.some( ( item ) => item.id === ids.approved ) );
	} );

	it( 'refuses a tester not selected, and answers an unknown campaign as missing', async () => {
		const refused = await world.send(
			world.applied,
			'GET',
			`/users/me/campaigns/${ world.shop }/bugs/similar?title=login`
		);
		assert.equal( refused.statusCode, 403, refused.body );
		assert.equal( refused.json().message, NO_PERMISSION );
		const unknown = await world.send(
			world.me,
			'GET',
			'/users/me/campaigns/999999/bugs/similar?title=login'
		);
		assert.equal( unknown.statusCode, 404, unknown.body );
	} );
} );
