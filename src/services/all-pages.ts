import type { ApiError } from './api-error';
import type { ApiRequest, apiBaseQuery } from './base-query';

/** The largest page the API's lists answer (their `limit` maximum in api/openapi.yaml). */
export const LARGEST_PAGE = 100;

/** Pages asked at once after the first: enough to be quick, few enough not to crowd the API. */
const AT_ONCE = 4;

/** What RTK Query hands a `queryFn` as its fourth argument: the API's base query, bound to the store. */
export type Fetch = (
	request: ApiRequest
) => ReturnType< typeof apiBaseQuery >;

interface ListPage< Row > {
	results: Row[];
	total: number;
}

/**
 * Every row of a list, read a largest page at a time: the Campaign select of the bugs page lists the campaigns
 * of every bug the tester reported, which a tester of several years has hundreds of. The first page
 * says how many there are; the others are asked a few at a time. The first failure is the answer.
 *
 * @param fetch   The `baseQuery` a `queryFn` receives.
 * @param request The list's call, without `start` and `limit`.
 */
export async function fetchAllPages< Row >(
	fetch: Fetch,
	request: ApiRequest
): Promise< { data: Row[] } | { error: ApiError } > {
	const page = async ( start: number ) => {
		const answer = await fetch( {
			...request,
			params: { ...request.params, start, limit: LARGEST_PAGE },
		} );
		if ( answer.error ) {
			throw answer.error;
		}
		return answer.data as ListPage< Row >;
	};
	try {
		const first = await page( 0 );
		const rows = [ ...first.results ];
		const starts: number[] = [];
		for (
			let start = first.results.length;
			start < first.total && first.results.length > 0;
			start += LARGEST_PAGE
		) {
			starts.push( start );
		}
		for ( let index = 0; index < starts.length; index += AT_ONCE ) {
			const pages = await Promise.all(
				starts.slice( index, index + AT_ONCE ).map( page )
			);
			pages.forEach( ( next ) => rows.push( ...next.results ) );
		}
		return { data: rows };
	} catch ( error ) {
		return { error: error as ApiError };
	}
}
