import { handler } from '../../contract/handler.ts';
import { requireAuth } from '../../lib/auth.ts';
import { searchPlaces as search } from '../../places/index.ts';

/** GET /places: any signed-in user's city search; the data is the same for everyone and changes with a release. */
export const searchPlaces = handler< 'searchPlaces' >(
	async ( request, reply ) => {
		requireAuth( request );
		const { country, search: prefix, limit, former } = request.query;
		reply.header( 'cache-control', 'private, max-age=300' );
		return search( {
			country,
			search: prefix,
			limit,
			includeFormer: former,
		} );
	}
);
