import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../lib/auth.ts';
import { presentMe } from '../services/profile.ts';

export async function getMe( request: FastifyRequest ) {
	const { tester, claims } = requireAuth( request );
	const { fields } = request.query as { fields?: string[] };
	return presentMe( tester, claims.role, fields );
}
