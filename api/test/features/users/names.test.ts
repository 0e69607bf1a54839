import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
	cleanPersonName,
	normalisePersonName,
} from '../../../src/features/users/person-name.ts';
import {
	startTestContext,
	uniqueEmail,
	type TestContext,
} from '../../helpers/context.ts';

describe( 'names at sign-up: one form for the API and WordPress', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	const signUp = ( names: { name: string; surname: string } ) =>
		ctx.app.inject( {
			method: 'POST',
			url: '/api/users',
			payload: {
				email: uniqueEmail( 'names' ),
				password: 'Secret123',
				birthDate: '1990-01-01',
				country: 'IT',
				...names,
			},
		} );

	it( 'stores NFC with one space between words, trimmed, and sends WordPress exactly that', async () => {
		const response = await signUp( {
			// "Zoë" with a combining diaeresis (NFD), a no-break space and an ideographic space inside.
			name: '  Zoe\u0308\u00a0\u00a0Anne-Marie ',
			surname: "\u3000O'Brien   \u201cJr.\u201d ",
		} );
		assert.equal( response.statusCode, 201, response.body );
		const created = response.json();
		assert.equal( created.name, 'Zoë Anne-Marie' );
		assert.equal( created.name, created.name.normalize( 'NFC' ) );
		assert.equal( created.surname, "O'Brien \u201cJr.\u201d" );

		const row = await ctx.database.db
			.selectFrom( 'testers' )
			.select( [ 'name', 'surname' ] )
			.where( 'id', '=', created.id )
			.executeTakeFirstOrThrow();
		assert.deepEqual( row, {
			name: 'Zoë Anne-Marie',
			surname: "O'Brien \u201cJr.\u201d",
		} );

		const sent = ctx.wordpress.requests.find(
			( request ) =>
				request.route === '/crowdscout/v1/internal/users' &&
				request.status === 201 &&
				( request.body as { email: string } ).email === created.email
		);
		assert.deepEqual(
			{
				name: ( sent?.body as { name: string } ).name,
				surname: ( sent?.body as { surname: string } ).surname,
			},
			{ name: 'Zoë Anne-Marie', surname: "O'Brien \u201cJr.\u201d" }
		);
		const user = ctx.wordpress.users.get( created.wp_user_id );
		assert.equal(
			`${ user?.name } ${ user?.surname }`,
			"Zoë Anne-Marie O'Brien \u201cJr.\u201d"
		);
	} );

	it( 'keeps the zero-width joiner and non-joiner some scripts need', async () => {
		const response = await signUp( {
			name: 'می\u200cخواهم',
			surname: 'क्\u200dष',
		} );
		assert.equal( response.statusCode, 201, response.body );
		assert.equal( response.json().name, 'می\u200cخواهم' );
		assert.equal( response.json().surname, 'क्\u200dष' );
	} );

	const refused: Array<
		[ string, { name?: string; surname?: string }, string ]
	> = [
		[
			'a right-to-left override',
			{ name: 'Dana\u202eomeD' },
			'Name must not contain control or invisible formatting characters',
		],
		[
			'a left-to-right isolate',
			{ surname: '\u2066Demo\u2069' },
			'Surname must not contain control or invisible formatting characters',
		],
		[
			'a right-to-left mark',
			{ name: 'Dana\u200f' },
			'Name must not contain control or invisible formatting characters',
		],
		[
			'a zero-width space',
			{ name: 'Da\u200bna' },
			'Name must not contain control or invisible formatting characters',
		],
		[
			'a NUL',
			{ surname: 'De\u0000mo' },
			'Surname must not contain control or invisible formatting characters',
		],
		[
			'a newline',
			{ name: 'Dana\nDemo' },
			'Name must not contain control or invisible formatting characters',
		],
		[
			'an escape sequence',
			{ name: '\u001b[31mDana' },
			'Name must not contain control or invisible formatting characters',
		],
		[
			'a lone surrogate',
			{ name: 'Dana\ud800' },
			'Name must not contain control or invisible formatting characters',
		],
		[
			'markup',
			{ name: '<b>Dana</b>' },
			'Name must not contain <, >, &, \\ or %',
		],
		[
			'an ampersand',
			{ surname: 'Tom & Jerry' },
			'Surname must not contain <, >, &, \\ or %',
		],
		[
			'a percent escape',
			{ name: 'Dana%20Demo' },
			'Name must not contain <, >, &, \\ or %',
		],
		[
			'a backslash',
			{ name: 'Dana\\0' },
			'Name must not contain <, >, &, \\ or %',
		],
		[ 'only spaces', { name: '\u00a0 \u3000' }, 'Name must not be empty' ],
	];
	for ( const [ label, names, message ] of refused ) {
		it( `refuses ${ label } with a 400 naming the field, asking WordPress nothing`, async () => {
			const asked = ctx.wordpress.requests.length;
			const response = await signUp( {
				name: 'Dana',
				surname: 'Demo',
				...names,
			} );
			assert.equal( response.statusCode, 400 );
			assert.deepEqual( response.json(), {
				status: 400,
				error: 'Bad Request',
				message,
			} );
			assert.equal( ctx.wordpress.requests.length, asked );
		} );
	}
} );

describe( 'normalisePersonName and cleanPersonName', () => {
	it( 'refuses past 100 characters after normalising, counting characters, not UTF-16 units', () => {
		assert.equal(
			normalisePersonName( '😀'.repeat( 100 ), 'Name' ).length,
			200
		);
		assert.throws( () => normalisePersonName( 'a'.repeat( 101 ), 'Name' ), {
			statusCode: 400,
			message: 'Name must be at most 100 characters long',
		} );
		// 101 characters that NFC makes 100.
		assert.equal(
			normalisePersonName( `${ 'a'.repeat( 98 ) } e\u0301`, 'Name' ),
			`${ 'a'.repeat( 98 ) } é`
		);
	} );

	it( 'cleans a name WordPress already has: refused characters left out, cut at 100', () => {
		assert.equal( cleanPersonName( ' Tom\u202e & <Jerry> ' ), 'Tom Jerry' );
		assert.equal( cleanPersonName( 'x'.repeat( 150 ) ), 'x'.repeat( 100 ) );
		assert.equal( cleanPersonName( '\u200f' ), '' );
	} );
} );
