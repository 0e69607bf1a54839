import type { FastifyRequest } from 'fastify';
import { ping } from '../db/engine.ts';
import { HttpError } from '../lib/errors.ts';

export async function getHealth( request: FastifyRequest ) {
	try {
		await ping( request.server.services.db );
	} catch ( error ) {
		throw new HttpError( 503, 'The database is not answering.', {
			cause: error,
		} );
	}
	return { status: 'ok' };
}
