import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { createTestersRepository } from '../../../src/features/me/repository.ts';
import {
	reconcileTesters,
	requestedReconciliation,
} from '../../../src/features/users/reconcile.ts';
import { createWordPressClient } from '../../../src/lib/wordpress.ts';
import { createTestDatabase } from '../../helpers/database.ts';
import { startFakeWordPress } from '../../helpers/fake-wordpress.ts';
import {
	startTestContext,
	uniqueEmail,
	type TestContext,
} from '../../helpers/context.ts';

const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../../../..'
);

/**
 * What a process killed between the two writes of a sign-up leaves: the WordPress user (tester role, password,
 * names) and no tester row.
 *
 * @param ctx
 * @param overrides
 * @param overrides.roles
 * @param overrides.name
 * @param overrides.surname
 */
function orphan(
	ctx: TestContext,
	overrides: { roles?: string[]; name?: string; surname?: string } = {}
) {
	return ctx.wordpress.addUser( {
		email: uniqueEmail( 'orphan' ),
		password: 'Secret123',
		name: 'Olga',
		surname: 'Orphan',
		...overrides,
	} );
}

describe( 'a sign-up stopped between the WordPress user and the tester row', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const signUp = (
		email: string,
		overrides: Record< string, unknown > = {}
	) =>
		ctx.app.inject( {
			method: 'POST',
			url: '/api/users',
			payload: {
				email,
				password: 'Secret123',
				name: 'Olga',
				surname: 'Orphan',
				birthDate: '1991-03-04',
				country: 'de',
				...overrides,
			},
		} );
	const rowOf = ( wpUserId: number ) =>
		ctx.database.db
			.selectFrom( 'testers' )
			.selectAll()
			.where( 'wp_user_id', '=', wpUserId )
			.executeTakeFirst();

	it( 'is resumed by signing up again with the same password: the row is written for that WordPress user', async () => {
		const user = orphan( ctx );
		const users = ctx.wordpress.users.size;

		const response = await signUp( user.email.toUpperCase() );

		assert.equal( response.statusCode, 201, response.body );
		assert.equal( response.json().wp_user_id, user.id );
		assert.equal(
			ctx.wordpress.users.size,
			users,
			'no second WordPress user'
		);
		const row = await rowOf( user.id );
		assert.equal( row?.email, user.email );
		assert.equal( String( row?.birth_date ).slice( 0, 10 ), '1991-03-04' );
		assert.equal( row?.country, 'DE' );
		assert.deepEqual( ctx.wordpress.welcomes.at( -1 ), {
			id: user.id,
			locale: 'en',
		} );
		const login = await ctx.app.inject( {
			method: 'POST',
			url: '/api/authenticate',
			payload: { username: user.email, password: 'Secret123' },
		} );
		assert.equal( login.statusCode, 200 );
		assert.equal(
			( await signUp( user.email ) ).statusCode,
			412,
			'and is then a taken email'
		);
	} );

	it( 'answers 412 and writes nothing with another password, for a user who is not a tester, or one who has a row', async () => {
		const wrong = orphan( ctx );
		const subscriber = orphan( ctx, { roles: [ 'subscriber' ] } );
		const administrator = orphan( ctx, { roles: [ 'administrator' ] } );
		for ( const [ user, password ] of [
			[ wrong, 'Other1234' ],
			[ subscriber, 'Secret123' ],
			[ administrator, 'Secret123' ],
		] as const ) {
			const response = await signUp( user.email, { password } );
			assert.equal( response.statusCode, 412 );
			assert.equal( response.json().message, 'Email already registered' );
			assert.equal( await rowOf( user.id ), undefined );
		}
	} );

	it( 'passes the client address to WordPress, whose login throttle counts the password check', async () => {
		const user = orphan( ctx );
		ctx.wordpress.throttled.add( user.email );
		try {
			const response = await signUp( user.email );
			assert.equal( response.statusCode, 429 );
			assert.equal( await rowOf( user.id ), undefined );
		} finally {
			ctx.wordpress.throttled.delete( user.email );
		}
		const check = [ ...ctx.wordpress.requests ]
			.reverse()
			.find(
				( request ) =>
					request.route ===
					'/crowdscout/v1/internal/users/check-password'
			);
		assert.equal( ( check?.body as { ip?: string } ).ip, '127.0.0.1' );
	} );

	it( 'keeps the WordPress user when the reconciliation wrote its row between the two writes, and completes that row', async () => {
		const email = uniqueEmail( 'race' );
		// WordPress answers the creation late; the reconciliation of another process writes the row meanwhile.
		ctx.wordpress.delayMs = 500;
		const pending = signUp( email );
		try {
			let user;
			for ( let i = 0; i < 400 && ! user; i++ ) {
				await new Promise( ( resolve ) => setTimeout( resolve, 5 ) );
				user = ctx.wordpress.findByEmail( email );
			}
			assert.ok( user, 'the WordPress user was created' );
			await createTestersRepository( ctx.database.db ).create( {
				wpUserId: user.id,
				email,
				name: 'Olga',
				surname: 'Orphan',
			} );
		} finally {
			ctx.wordpress.delayMs = 0;
		}
		const response = await pending;
		assert.equal( response.statusCode, 201, response.body );
		const row = await rowOf( response.json().wp_user_id );
		assert.equal( String( row?.birth_date ).slice( 0, 10 ), '1991-03-04' );
		assert.equal( row?.country, 'DE' );
		assert.ok( ctx.wordpress.findByEmail( email ), 'WordPress user kept' );
	} );
} );

describe( 'the reconciliation', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const services = () => ( {
		testers: createTestersRepository( ctx.database.db ),
		wordpress: createWordPressClient( {
			baseUrl: ctx.wordpress.url,
			key: { secret: ctx.secret },
		} ),
	} );
	const silent = { info() {}, warn() {} };

	it( 'writes the missing rows of WordPress testers from their email and names, and nothing for the others', async () => {
		const existing = await ctx.createTester();
		const first = orphan( ctx, {
			name: ' Olga\u202e ',
			surname: 'Or & phan',
		} );
		const second = orphan( ctx );
		const subscriber = orphan( ctx, { roles: [ 'subscriber' ] } );

		const result = await reconcileTesters( services(), silent );

		assert.deepEqual( result.repaired, [ first.id, second.id ] );
		assert.deepEqual( result.skipped, [] );
		assert.equal( result.checked, 3 );
		const rows = await ctx.database.db
			.selectFrom( 'testers' )
			.select( [
				'wp_user_id',
				'email',
				'name',
				'surname',
				'birth_date',
				'country',
			] )
			.orderBy( 'wp_user_id' )
			.execute();
		assert.deepEqual(
			rows.map( ( row ) => ( {
				...row,
				wp_user_id: Number( row.wp_user_id ),
			} ) ),
			[
				{
					wp_user_id: existing.wpUserId,
					email: existing.email,
					name: 'Tess',
					surname: 'Ter',
					birth_date: rows[ 0 ].birth_date,
					country: 'IT',
				},
				{
					wp_user_id: first.id,
					email: first.email,
					name: 'Olga',
					surname: 'Or phan',
					birth_date: null,
					country: null,
				},
				{
					wp_user_id: second.id,
					email: second.email,
					name: 'Olga',
					surname: 'Orphan',
					birth_date: null,
					country: null,
				},
			]
		);
		assert.equal( ( await rowsFor( subscriber.id ) ).length, 0 );

		// The repaired tester uses the product straight away.
		const login = await ctx.app.inject( {
			method: 'POST',
			url: '/api/authenticate',
			payload: { username: second.email, password: 'Secret123' },
		} );
		assert.equal( login.statusCode, 200 );
		const me = await ctx.app.inject( {
			method: 'GET',
			url: '/api/users/me',
			headers: { authorization: `Bearer ${ login.json().token }` },
		} );
		assert.equal( me.statusCode, 200, me.body );

		const again = await reconcileTesters( services(), silent );
		assert.deepEqual( again.repaired, [], 'nothing left to repair' );
	} );

	it( 'leaves a WordPress tester whose email another tester has, and goes on', async () => {
		const taken = await ctx.createTester();
		const clash = ctx.wordpress.addUser( {
			email: taken.email.toUpperCase(),
			password: 'Secret123',
		} );
		const later = orphan( ctx );
		const result = await reconcileTesters( services(), silent );
		assert.deepEqual( result.skipped, [ clash.id ] );
		assert.deepEqual( result.repaired, [ later.id ] );
	} );

	it( 'reads WordPress page by page', async () => {
		const many = Array.from( { length: 3 }, () => orphan( ctx ) );
		const testers = createTestersRepository( ctx.database.db );
		const wordpress = services().wordpress;
		const pages: number[] = [];
		const result = await reconcileTesters(
			{
				testers,
				wordpress: {
					...wordpress,
					listUsers: async ( input ) => {
						const page = await wordpress.listUsers( {
							...input,
							limit: 2,
						} );
						pages.push( page.users.length );
						return page;
					},
				},
			},
			silent
		);
		assert.ok( pages.length > 1, `${ pages }` );
		for ( const user of many ) {
			assert.ok( result.repaired.includes( user.id ) );
		}
	} );

	async function rowsFor( wpUserId: number ) {
		return ctx.database.db
			.selectFrom( 'testers' )
			.select( 'id' )
			.where( 'wp_user_id', '=', wpUserId )
			.execute();
	}
} );

describe( 'a sign-up whose WordPress creation got no answer', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext( { wordpressTimeoutMs: 200 } );
	} );
	after( () => ctx.close() );

	it( 'answers 502, and the reconciliation it asks for writes the row once WordPress answers again', async () => {
		const delay = requestedReconciliation.delayMs;
		requestedReconciliation.delayMs = 50;
		const email = uniqueEmail( 'lost' );
		try {
			// WordPress creates the user, but its answer comes after the API stopped waiting.
			ctx.wordpress.delayMs = 400;
			const response = await ctx.app.inject( {
				method: 'POST',
				url: '/api/users',
				payload: {
					email,
					password: 'Secret123',
					name: 'Lost',
					surname: 'Answer',
					birthDate: '1990-01-01',
					country: 'IT',
				},
			} );
			assert.equal( response.statusCode, 502 );
			ctx.wordpress.delayMs = 0;
			const user = ctx.wordpress.findByEmail( email );
			assert.ok( user, 'WordPress has the user' );

			let row;
			for ( let i = 0; i < 100 && ! row; i++ ) {
				await new Promise( ( resolve ) => setTimeout( resolve, 50 ) );
				row = await ctx.database.db
					.selectFrom( 'testers' )
					.select( [ 'email', 'name', 'surname' ] )
					.where( 'wp_user_id', '=', user.id )
					.executeTakeFirst();
			}
			assert.deepEqual( row, { email, name: 'Lost', surname: 'Answer' } );
		} finally {
			ctx.wordpress.delayMs = 0;
			requestedReconciliation.delayMs = delay;
		}
	} );
} );

describe( 'the reconciliation on start and on demand', () => {
	const secret = 'y'.repeat( 40 );

	/** Runs `args` as production does, with only this environment, until it exits or is stopped. */
	function run( args: string[], env: Record< string, string > ) {
		const child = spawn( process.execPath, [ '--import', 'tsx', ...args ], {
			cwd: ROOT,
			env: { PATH: process.env.PATH ?? '', ...env },
			stdio: [ 'ignore', 'pipe', 'pipe' ],
		} );
		let stdout = '';
		let stderr = '';
		child.stdout.on( 'data', ( chunk ) => ( stdout += chunk ) );
		child.stderr.on( 'data', ( chunk ) => ( stderr += chunk ) );
		const exited = new Promise< number | null >( ( resolve ) =>
			child.on( 'exit', ( code ) => resolve( code ) )
		);
		return { child, exited, output: () => ( { stdout, stderr } ) };
	}

	it( 'npm run reconcile repairs and says so; the API repairs on start without waiting for it', async () => {
		const wordpress = await startFakeWordPress( { secret } );
		const database = await createTestDatabase();
		try {
			const env = {
				CROWDSCOUT_SECRET: secret,
				CROWDSCOUT_DB_URL: database.url,
				CROWDSCOUT_WP_URL: wordpress.url,
			};
			const first = wordpress.addUser( {
				email: uniqueEmail( 'cli' ),
				password: 'Secret123',
				name: 'Cli',
				surname: 'Orphan',
			} );
			const cli = run( [ 'api/src/cli/reconcile.ts' ], env );
			assert.equal( await cli.exited, 0, cli.output().stderr );
			assert.match(
				cli.output().stdout,
				new RegExp(
					`1 WordPress testers checked, 1 repaired \\(WordPress users ${ first.id }\\)`
				)
			);

			const second = wordpress.addUser( {
				email: uniqueEmail( 'start' ),
				password: 'Secret123',
			} );
			const server = run( [ 'api/src/server.ts' ], {
				...env,
				CROWDSCOUT_API_PORT: '0',
			} );
			try {
				let row;
				// Up to 30 s: a server starting beside other test files on a loaded two-core machine is slow.
				for ( let i = 0; i < 600 && ! row; i++ ) {
					await new Promise( ( resolve ) =>
						setTimeout( resolve, 50 )
					);
					row = await database.db
						.selectFrom( 'testers' )
						.select( 'id' )
						.where( 'wp_user_id', '=', second.id )
						.executeTakeFirst();
				}
				assert.ok(
					row,
					`repaired on start: ${ server.output().stdout }`
				);
			} finally {
				server.child.kill( 'SIGTERM' );
				await server.exited;
			}
			assert.match(
				server.output().stdout,
				/every WordPress tester checked/
			);
		} finally {
			await wordpress.close();
			await database.drop();
		}
	} );
} );
