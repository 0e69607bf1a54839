import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.ts';

export async function getHealth( request: FastifyRequest ) {
	try {
		await request.server.services.health.ping();
	} catch ( error ) {
		throw new HttpError( 503, 'The database is not answering.', {
			cause: error,
		} );
	}
	return { status: 'ok' };
}
