import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { normaliseEmail } from '../me/repository.ts';
import { signUp, type SignUpInput } from './sign-up.ts';

export const EMAIL_FREE_MESSAGE = 'Email not registered';

export async function createUser(
	request: FastifyRequest,
	reply: FastifyReply
) {
	const { rateLimiter, rateLimits } = request.server.services;
	await rateLimiter.hit( `signup:${ request.ip }`, rateLimits.signUp );
	const tester = await signUp(
		request.server.services,
		request.body as SignUpInput,
		request.log,
		localeOf( request )
	);
	reply.code( 201 );
	return {
		id: tester.id,
		wp_user_id: tester.wpUserId,
		email: tester.email,
		name: tester.name,
		surname: tester.surname,
	};
}

/** `GET|HEAD /users/by-email/{email}`: 200 when the email is taken, 404 when it is free. */
export async function checkEmail( request: FastifyRequest ) {
	const { email } = request.params as { email: string };
	const { rateLimiter, rateLimits } = request.server.services;
	await rateLimiter.hit(
		`email-check:${ request.ip }`,
		rateLimits.emailCheck
	);
	const found = await request.server.services.testers.findByEmail(
		normaliseEmail( email )
	);
	if ( ! found ) {
		throw notFound( EMAIL_FREE_MESSAGE );
	}
	return { exists: true as const };
}

const LOCALES = new Set( [ 'en', 'it', 'es', 'fr' ] );

/**
 * The language of the person signing up, for the welcome mail: the front end's `_locale` query parameter, then
 * the browser's Accept-Language, then English.
 *
 * @param request
 */
function localeOf( request: FastifyRequest ): string {
	const query = request.query as Record< string, unknown > | undefined;
	const candidates = [
		typeof query?._locale === 'string' ? query._locale : '',
		...String( request.headers[ 'accept-language' ] ?? '' )
			.split( ',' )
			.map( ( part ) => part.trim().slice( 0, 2 ).toLowerCase() ),
	];
	return candidates.find( ( candidate ) => LOCALES.has( candidate ) ) ?? 'en';
}
