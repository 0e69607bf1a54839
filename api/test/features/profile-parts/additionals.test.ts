import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import {
	CUSTOM_FIELDS,
	writeCustomFieldCatalogue,
} from '../../../src/seed/custom-fields.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { testEngine } from '../../helpers/database.ts';
import { send } from './requests.ts';

const {
	operatingSystem,
	jobTitle,
	linkedIn,
	streaming,
	smartHome,
	shoppingFrequency,
	fax,
} = CUSTOM_FIELDS;

describe( `PUT /api/users/me/additionals/{fieldId} on ${ testEngine() }`, () => {
	let ctx: TestContext;
	let tester: Tester;
	before( async () => {
		ctx = await startTestContext();
		await writeCustomFieldCatalogue( ctx.database.db );
		tester = await ctx.createTester();
	} );
	after( () => ctx.close() );

	const put = ( fieldId: number, body: unknown, who: Tester = tester ) =>
		send( ctx, 'PUT', `/users/me/additionals/${ fieldId }`, who, body );

	/** What the database holds for a tester and field, as rows a client could not fake. */
	const stored = async ( fieldId: number, who: Tester = tester ) =>
		(
			await ctx.database.db
				.selectFrom( 'tester_custom_values' )
				.select( [ 'option_id', 'text_value', 'is_candidate' ] )
				.where( 'tester_id', '=', who.id )
				.where( 'field_id', '=', fieldId )
				.orderBy( 'id' )
				.execute()
		).map( ( row ) => ( {
			option: row.option_id,
			text: row.text_value,
			candidate: Number( row.is_candidate ),
		} ) );

	const expectRefusal = async (
		fieldId: number,
		body: unknown,
		status: number,
		message: string
	) => {
		const earlier = await stored( fieldId );
		const response = await put( fieldId, body );
		assert.equal( response.statusCode, status, response.body );
		assert.equal( response.json().message, message );
		assert.deepEqual( await stored( fieldId ), earlier, 'nothing changed' );
	};

	it( 'stores a select option and answers it with its name', async () => {
		const macOs = operatingSystem.options[ 1 ];
		const response = await put( operatingSystem.id, { value: macOs.id } );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), {
			field_id: operatingSystem.id,
			values: [
				{
					value: String( macOs.id ),
					is_candidate: false,
					text: 'macOS',
				},
			],
		} );
		assert.deepEqual( await stored( operatingSystem.id ), [
			{ option: macOs.id, text: null, candidate: 0 },
		] );
	} );

	it( 'replaces the previous value, and takes an option id as digits', async () => {
		const linux = operatingSystem.options[ 2 ];
		const response = await put( operatingSystem.id, {
			value: String( linux.id ),
		} );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json().values, [
			{ value: String( linux.id ), is_candidate: false, text: 'Linux' },
		] );
		assert.deepEqual( await stored( operatingSystem.id ), [
			{ option: linux.id, text: null, candidate: 0 },
		] );
	} );

	it( 'stores a multiselect of options and free text, the free text as a candidate', async () => {
		const [ netflix, , disney ] = streaming.options;
		const response = await put( streaming.id, [
			{ value: disney.id },
			{ value: 'RaiPlay', is_candidate: true },
			{ value: netflix.id },
			{ value: netflix.id },
			{ value: ' raiplay ', is_candidate: true },
		] );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), {
			field_id: streaming.id,
			values: [
				{
					value: String( netflix.id ),
					is_candidate: false,
					text: 'Netflix',
				},
				{
					value: String( disney.id ),
					is_candidate: false,
					text: 'Disney+',
				},
				{ value: 'RaiPlay', is_candidate: true },
			],
		} );
		assert.deepEqual( await stored( streaming.id ), [
			{ option: netflix.id, text: null, candidate: 0 },
			{ option: disney.id, text: null, candidate: 0 },
			{ option: null, text: 'RaiPlay', candidate: 1 },
		] );
	} );

	it( 'stores free text that names an option (any case) as that option', async () => {
		const response = await put( streaming.id, [
			{ value: 'spotify', is_candidate: true },
		] );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json().values, [
			{
				value: String( streaming.options[ 7 ].id ),
				is_candidate: false,
				text: 'Spotify',
			},
		] );
	} );

	it( 'clears a field with an empty array', async () => {
		const response = await put( streaming.id, [] );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), {
			field_id: streaming.id,
			values: [],
		} );
		assert.deepEqual( await stored( streaming.id ), [] );
	} );

	it( 'stores text trimmed, and clears it with an empty text', async () => {
		let response = await put( jobTitle.id, { value: '  QA analyst ' } );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json().values, [
			{ value: 'QA analyst', is_candidate: false },
		] );
		response = await put( jobTitle.id, { value: '   ' } );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json().values, [] );
		assert.deepEqual( await stored( jobTitle.id ), [] );
	} );

	it( 'stores HTML as the text it is and answers it as JSON text, never as markup', async () => {
		const html = '<img src=x onerror="alert(1)"><b>Tester</b> & co';
		const response = await put( jobTitle.id, { value: html } );
		assert.equal( response.statusCode, 200, response.body );
		assert.match(
			response.headers[ 'content-type' ] as string,
			/^application\/json/
		);
		assert.deepEqual( response.json().values, [
			{ value: html, is_candidate: false },
		] );
		assert.deepEqual( await stored( jobTitle.id ), [
			{ option: null, text: html, candidate: 0 },
		] );
	} );

	it( "checks text against the field's format and answers the format's message", async () => {
		await expectRefusal(
			linkedIn.id,
			{ value: 'https://example.com/me' },
			400,
			'Enter your LinkedIn profile address, like https://www.linkedin.com/in/your-name'
		);
		const response = await put( linkedIn.id, {
			value: 'https://www.linkedin.com/in/vera-veteran',
		} );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( await stored( linkedIn.id ), [
			{
				option: null,
				text: 'https://www.linkedin.com/in/vera-veteran',
				candidate: 0,
			},
		] );
	} );

	describe( 'formats the catalogue got wrong', () => {
		const setFormat = ( format: string ) =>
			ctx.database.db
				.updateTable( 'custom_user_fields' )
				.set( { format } )
				.where( 'id', '=', jobTitle.id )
				.execute();
		after( () => setFormat( null as unknown as string ) );

		it( 'answers the generic message when the format has none', async () => {
			await setFormat( '^[A-Z]' );
			await expectRefusal(
				jobTitle.id,
				{ value: 'lower case' },
				400,
				'Invalid format. Please use the correct format.'
			);
		} );

		it( 'stores the value unchecked when the expression does not compile, and logs it', async () => {
			await setFormat( '([a-z;Broken' );
			const response = await put( jobTitle.id, { value: 'anything' } );
			assert.equal( response.statusCode, 200, response.body );
			assert.ok(
				ctx.logs.some( ( line ) =>
					line.includes( 'format does not compile' )
				)
			);
		} );

		it( 'refuses, quickly, a value a catastrophically backtracking expression cannot settle', async () => {
			await setFormat( '^(a+)+$;Only the letter a' );
			const started = performance.now();
			await expectRefusal(
				jobTitle.id,
				{ value: `${ 'a'.repeat( 40 ) }!` },
				400,
				'Only the letter a'
			);
			assert.ok( performance.now() - started < 5000 );
			const response = await put( jobTitle.id, { value: 'aaaa' } );
			assert.equal( response.statusCode, 200, response.body );
		} );
	} );

	it( 'refuses free text on a field without allow_other', async () => {
		await expectRefusal(
			operatingSystem.id,
			{ value: 'Haiku', is_candidate: true },
			400,
			'This field accepts only its own options'
		);
	} );

	it( "refuses another field's option and text that is no option", async () => {
		await expectRefusal(
			operatingSystem.id,
			{ value: streaming.options[ 0 ].id },
			400,
			'The value is not an option of this field'
		);
		await expectRefusal(
			smartHome.id,
			{ value: 'Maybe' },
			400,
			'The value is not an option of this field'
		);
		await expectRefusal(
			streaming.id,
			[ { value: streaming.options[ 0 ].id }, { value: 999_999 } ],
			400,
			'The value is not an option of this field'
		);
	} );

	it( 'refuses several values for a select or a text field', async () => {
		await expectRefusal(
			shoppingFrequency.id,
			[
				{ value: shoppingFrequency.options[ 0 ].id },
				{ value: shoppingFrequency.options[ 1 ].id },
			],
			400,
			'This field takes one value'
		);
		await expectRefusal(
			jobTitle.id,
			[ { value: 'One' }, { value: 'Two' } ],
			400,
			'This field takes one value'
		);
	} );

	it( 'refuses a body that is no value, naming what is missing', async () => {
		await expectRefusal(
			jobTitle.id,
			{ text: 'x' },
			400,
			'Value is a required field'
		);
		await expectRefusal(
			jobTitle.id,
			{ value: 'tab\there' },
			400,
			'Value must not contain control characters'
		);
		await expectRefusal(
			jobTitle.id,
			{ value: 'x'.repeat( 1001 ) },
			400,
			'Value must be at most 1000 characters long'
		);
		await expectRefusal(
			jobTitle.id,
			'text',
			400,
			'The body must be a value or an array of values'
		);
	} );

	it( 'answers 404 for an unknown or a disabled field', async () => {
		for ( const fieldId of [ 999_999, fax.id ] ) {
			const response = await put( fieldId, { value: 'x' } );
			assert.equal( response.statusCode, 404, String( fieldId ) );
			assert.equal(
				response.json().message,
				'Custom user field not found'
			);
		}
		assert.deepEqual( await stored( fax.id ), [] );
	} );

	it( "changes only the caller's values, whoever else has the field", async () => {
		const other = await ctx.createTester();
		const option = operatingSystem.options[ 0 ];
		assert.equal(
			( await put( operatingSystem.id, { value: option.id }, other ) )
				.statusCode,
			200
		);
		const mine = await stored( operatingSystem.id );
		assert.equal(
			( await put( operatingSystem.id, [], other ) ).statusCode,
			200
		);
		assert.deepEqual( await stored( operatingSystem.id ), mine );
		assert.deepEqual( await stored( operatingSystem.id, other ), [] );
	} );

	it( 'answers 403 without a token', async () => {
		const response = await ctx.app.inject( {
			method: 'PUT',
			url: `/api/users/me/additionals/${ jobTitle.id }`,
			payload: { value: 'x' },
		} );
		assert.equal( response.statusCode, 403 );
	} );
} );
