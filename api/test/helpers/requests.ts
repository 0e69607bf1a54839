import assert from 'node:assert/strict';
import type { Tester } from '../../src/features/me/repository.ts';
import type { TestContext } from './context.ts';

/** Requests as a client makes them, and what the list reads' tests compare their answers with. */

export const bearer = ( token: string ) => ( {
	authorization: `Bearer ${ token }`,
} );

/**
 * GET under /api, as `tester` (without a token when none is given).
 *
 * @param ctx
 * @param url
 * @param tester
 */
export async function get( ctx: TestContext, url: string, tester?: Tester ) {
	return ctx.app.inject( {
		method: 'GET',
		url: `/api${ url }`,
		headers: tester ? bearer( await ctx.tokenFor( tester ) ) : {},
	} );
}

/**
 * GET under /api as `tester`, asserting a 200: the answer's body.
 *
 * @param ctx
 * @param url
 * @param tester
 */
export async function getOk( ctx: TestContext, url: string, tester: Tester ) {
	const response = await get( ctx, url, tester );
	assert.equal( response.statusCode, 200, response.body );
	return response.json();
}

/** The ids of a list's page, in the order answered. */
export const idsOf = ( body: { results: Array< { id: number } > } ) =>
	body.results.map( ( item ) => item.id );

/** Ascending order of numbers or of strings (the database's dates sort as text). */
export const compare = ( a: number | string, b: number | string ) => {
	if ( a === b ) {
		return 0;
	}
	return a < b ? -1 : 1;
};
