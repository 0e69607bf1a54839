import { handler } from '../../contract/handler.ts';
import { orNoTester, requireAuth } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';

export const BUG_NOT_FOUND_MESSAGE = 'Bug not found';

/** The bug's own page: the whole report, its media as short-lived signed URLs, the reviewer's comment. */
export const getMyBug = handler< 'getMyBug' >( async ( request ) => {
	const { wpUserId } = requireAuth( request );
	const { bugs, mediaUrls } = request.server.services;
	const bug = orNoTester(
		await bugs.findOwn( wpUserId, request.params.bugId )
	);
	// Another tester's bug answers as a missing one: its existence is not this tester's business.
	if ( ! bug ) {
		throw notFound( BUG_NOT_FOUND_MESSAGE );
	}
	// Signed here, not checked against the store: a file gone missing is a 404 of its own URL, not of the page.
	const now = Date.now();
	return {
		...bug,
		media: bug.media.map( ( { id, name, mimeType, storageKey } ) => ( {
			id,
			name,
			mimeType,
			url: mediaUrls.url( storageKey, now ),
		} ) ),
	};
} );
