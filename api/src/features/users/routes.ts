import type { FastifyRequest } from 'fastify';
import { handler } from '../../contract/handler.ts';
import { notFound } from '../../lib/errors.ts';
import { normaliseEmail } from '../me/repository.ts';
import { requestReconciliation } from './reconcile.ts';
import { signUp } from './sign-up.ts';

export const EMAIL_FREE_MESSAGE = 'Email not registered';

/**
 * `POST /users`. A sign-up counts against the per-address sign-up limit only once it can create an account
 * (valid input, an email no tester has), so a mistyped form costs nothing; one answered "Email already
 * registered" counts as an email check instead, which keeps POST from being a way round that limit.
 */
export const createUser = handler< 'createUser' >( async ( request, reply ) => {
	const { rateLimiter, rateLimits } = request.server.services;
	const tester = await signUp(
		request.server.services,
		request.body,
		request.log,
		{
			locale: localeOf(
				request.query._locale,
				request.headers[ 'accept-language' ]
			),
			ip: request.ip,
			beforeCreate: () =>
				rateLimiter.hit( `signup:${ request.ip }`, rateLimits.signUp ),
			onEmailTaken: () =>
				rateLimiter.hit(
					`email-check:${ request.ip }`,
					rateLimits.emailCheck
				),
			onCreateUncertain: () =>
				requestReconciliation(
					request.server.services,
					request.server.log
				),
		}
	);
	reply.code( 201 );
	return {
		id: tester.id,
		wp_user_id: tester.wpUserId,
		email: tester.email,
		name: tester.name,
		surname: tester.surname,
	};
} );

/** `GET|HEAD /users/by-email/{email}`: 200 when the email is taken, 404 when it is free. */
export const checkEmail = handler< 'checkEmail' >( async ( request ) => {
	const { email } = request.params;
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
	return { exists: true };
} );

const LOCALES = new Set( [ 'en', 'it', 'es', 'fr' ] );

/**
 * The language of the person signing up, for the welcome mail: the front end's `_locale` query parameter, then
 * the browser's Accept-Language, then English.
 *
 * @param locale         The `_locale` query parameter.
 * @param acceptLanguage
 */
function localeOf(
	locale: string | undefined,
	acceptLanguage: FastifyRequest[ 'headers' ][ 'accept-language' ]
): string {
	const candidates = [
		locale ?? '',
		...String( acceptLanguage ?? '' )
			.split( ',' )
			.map( ( part ) => part.trim().slice( 0, 2 ).toLowerCase() ),
	];
	return candidates.find( ( candidate ) => LOCALES.has( candidate ) ) ?? 'en';
}
