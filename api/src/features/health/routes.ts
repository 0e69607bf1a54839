import { handler } from '../../contract/handler.ts';
import { HttpError } from '../../lib/errors.ts';

export const getHealth = handler< 'getHealth' >( async ( request ) => {
	try {
		await request.server.services.health.ping();
	} catch ( error ) {
		throw new HttpError( 503, 'The database is not answering.', {
			cause: error,
		} );
	}
	return { status: 'ok' };
} );
