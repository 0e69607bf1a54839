import type { FastifyRequest } from 'fastify';
import { handler } from '../../contract/handler.ts';
import { orNoTester, requireAuth } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import type { OwnBug } from './repository.ts';

export const BUG_NOT_FOUND_MESSAGE = 'Bug not found';

/**
 * A bug's media with their URLs signed now. Signed here, not checked against the store: a file gone missing is a
 * 404 of its own URL, not of the page.
 *
 * @param request
 * @param media
 */
function signedMedia( request: FastifyRequest, media: OwnBug[ 'media' ] ) {
	const { mediaUrls } = request.server.services;
	const now = Date.now();
	return media.map( ( { id, name, mimeType, storageKey } ) => ( {
		id,
		name,
		mimeType,
		url: mediaUrls.url( storageKey, now ),
	} ) );
}

/** The bug's own page: the whole report, its media as short-lived signed URLs, the reviewer's comment. */
export const getMyBug = handler< 'getMyBug' >( async ( request ) => {
	const { wpUserId } = requireAuth( request );
	const { bugs, publicBugTokens } = request.server.services;
	const bug = orNoTester(
		await bugs.findOwn( wpUserId, request.params.bugId )
	);
	// Another tester's bug answers as a missing one: its existence is not this tester's business.
	if ( ! bug ) {
		throw notFound( BUG_NOT_FOUND_MESSAGE );
	}
	return {
		...bug,
		media: signedMedia( request, bug.media ),
		publicToken: publicBugTokens.tokenOf( bug.id ),
	};
} );

/**
 * A bug's public view, without a login: only while WordPress's "Public user pages" is on and with the bug's token
 * (checked in constant time, before the bug is read). Every refusal is the same 404, so the answer tells neither
 * whether the bug exists nor whether the setting is on. No device, use case or token in the answer.
 */
export const getPublicBug = handler< 'getPublicBug' >( async ( request ) => {
	const { bugId, token } = request.params;
	const { bugs, publicBugTokens, siteSettings } = request.server.services;
	const tokenRight = publicBugTokens.check( bugId, token );
	const { publicUserPages } = await siteSettings.read();
	const bug =
		tokenRight && publicUserPages ? await bugs.findAny( bugId ) : undefined;
	if ( ! bug ) {
		throw notFound( BUG_NOT_FOUND_MESSAGE );
	}
	const { device: _device, useCase: _useCase, ...shown } = bug;
	return { ...shown, media: signedMedia( request, bug.media ) };
} );
