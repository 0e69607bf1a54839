import type { Tester } from '../../../src/features/me/repository.ts';
import type { TestContext } from '../../helpers/context.ts';
import { bearer } from '../../helpers/requests.ts';

/**
 * A request under /api as `tester`, with a JSON body when one is given.
 *
 * @param ctx
 * @param method
 * @param url
 * @param tester
 * @param body
 */
export async function send(
	ctx: TestContext,
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
	url: string,
	tester: Tester,
	body?: unknown
) {
	return ctx.app.inject( {
		method,
		url: `/api${ url }`,
		headers: {
			...bearer( await ctx.tokenFor( tester ) ),
			...( body === undefined
				? {}
				: { 'content-type': 'application/json' } ),
		},
		...( body === undefined ? {} : { payload: JSON.stringify( body ) } ),
	} );
}
