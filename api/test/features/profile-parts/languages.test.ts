import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { LOOKUP_ROWS } from '../../../src/lookups/index.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { testEngine } from '../../helpers/database.ts';
import { bearer } from '../../helpers/requests.ts';
import { send } from './requests.ts';

const language = ( name: string ) => {
	const row = LOOKUP_ROWS.languages.find( ( item ) => item.name === name );
	assert.ok( row, name );
	return { id: row.id, name: row.name };
};
const english = language( 'English' );
const french = language( 'French' );
const italian = language( 'Italian' );
const spanish = language( 'Spanish' );

describe( `/api/users/me/languages on ${ testEngine() }`, () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const stored = async ( tester: Tester ) =>
		(
			await ctx.database.db
				.selectFrom( 'tester_languages' )
				.select( 'language_id' )
				.where( 'tester_id', '=', tester.id )
				.orderBy( 'language_id' )
				.execute()
		).map( ( row ) => row.language_id );

	it( 'POST adds languages by name, keeps those there, and answers the list by name', async () => {
		const tester = await ctx.createTester();
		let response = await send( ctx, 'POST', '/users/me/languages', tester, [
			'Italian',
			'English',
		] );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), [ english, italian ] );
		response = await send( ctx, 'POST', '/users/me/languages', tester, [
			' italian ',
			'Spanish',
			'Spanish',
		] );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), [ english, italian, spanish ] );
	} );

	it( 'PUT makes the list exactly the names given, and an empty list clears it', async () => {
		const tester = await ctx.createTester();
		await send( ctx, 'POST', '/users/me/languages', tester, [
			'Italian',
			'English',
		] );
		let response = await send( ctx, 'PUT', '/users/me/languages', tester, [
			'French',
			'English',
		] );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), [ english, french ] );
		response = await send( ctx, 'PUT', '/users/me/languages', tester, [] );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), [] );
		assert.deepEqual( await stored( tester ), [] );
	} );

	it( 'refuses an unknown name, naming it, and changes nothing', async () => {
		const tester = await ctx.createTester();
		await send( ctx, 'POST', '/users/me/languages', tester, [ 'Italian' ] );
		for ( const method of [ 'POST', 'PUT' ] as const ) {
			const response = await send(
				ctx,
				method,
				'/users/me/languages',
				tester,
				[ 'English', 'Klingon' ]
			);
			assert.equal( response.statusCode, 400, method );
			assert.equal(
				response.json().message,
				'Unknown language: Klingon'
			);
		}
		assert.deepEqual( await stored( tester ), [ italian.id ] );
	} );

	it( 'refuses a body that is not a list of names', async () => {
		const tester = await ctx.createTester();
		for ( const [ body, message ] of [
			[
				{ name: 'Italian' },
				'The body must be an array of language names',
			],
			[ [ 3 ], 'Each language must be a name' ],
			[ [ '' ], 'A language name must not be empty' ],
		] as const ) {
			const response = await send(
				ctx,
				'POST',
				'/users/me/languages',
				tester,
				body
			);
			assert.equal( response.statusCode, 400, JSON.stringify( body ) );
			assert.equal( response.json().message, message );
		}
	} );

	it( 'DELETE removes one language by id and answers the rest', async () => {
		const tester = await ctx.createTester();
		await send( ctx, 'POST', '/users/me/languages', tester, [
			'Italian',
			'English',
		] );
		const response = await send(
			ctx,
			'DELETE',
			`/users/me/languages/${ english.id }`,
			tester
		);
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), [ italian ] );
	} );

	it( 'DELETE answers as the browser sends it: a POST overridden to DELETE, JSON content type, no body', async () => {
		const tester = await ctx.createTester();
		await send( ctx, 'POST', '/users/me/languages', tester, [
			'Italian',
			'English',
		] );
		const response = await ctx.app.inject( {
			method: 'POST',
			url: `/api/users/me/languages/${ english.id }`,
			headers: {
				...bearer( await ctx.tokenFor( tester ) ),
				'content-type': 'application/json',
				'x-http-method-override': 'DELETE',
			},
		} );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), [ italian ] );
	} );

	it( "DELETE answers 404 for a language the tester does not have, another tester's included, and changes nothing", async () => {
		const tester = await ctx.createTester();
		const other = await ctx.createTester();
		await send( ctx, 'POST', '/users/me/languages', tester, [ 'Italian' ] );
		await send( ctx, 'POST', '/users/me/languages', other, [ 'French' ] );
		for ( const id of [ french.id, 999_999 ] ) {
			const response = await send(
				ctx,
				'DELETE',
				`/users/me/languages/${ id }`,
				tester
			);
			assert.equal( response.statusCode, 404, String( id ) );
			assert.equal( response.json().message, 'Language not found' );
		}
		assert.deepEqual( await stored( tester ), [ italian.id ] );
		assert.deepEqual( await stored( other ), [ french.id ] );
	} );

	it( 'answers 403 without a token', async () => {
		const response = await ctx.app.inject( {
			method: 'POST',
			url: '/api/users/me/languages',
			payload: [ 'Italian' ],
		} );
		assert.equal( response.statusCode, 403 );
	} );
} );
