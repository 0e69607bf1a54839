import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestContext, type TestContext } from '../../helpers/context.ts';

describe( 'GET /api/health', () => {
	let ctx: TestContext;
	before( async () => {
		ctx = await startTestContext();
	} );
	after( () => ctx.close() );

	it( 'answers ok without a token, _locale tolerated', async () => {
		for ( const url of [ '/api/health', '/api/health?_locale=user' ] ) {
			const response = await ctx.app.inject( { method: 'GET', url } );
			assert.equal( response.statusCode, 200 );
			assert.deepEqual( response.json(), { status: 'ok' } );
		}
	} );

	it( 'answers 503 when the database is gone', async () => {
		const broken = await startTestContext();
		await broken.database.db.destroy();
		try {
			const response = await broken.app.inject( {
				method: 'GET',
				url: '/api/health',
			} );
			assert.equal( response.statusCode, 503 );
			assert.deepEqual( response.json(), {
				status: 503,
				error: 'Service Unavailable',
				message: 'The database is not answering.',
			} );
		} finally {
			await broken.app.close();
			await broken.wordpress.close();
			await broken.database.drop().catch( () => {} );
		}
	} );
} );
