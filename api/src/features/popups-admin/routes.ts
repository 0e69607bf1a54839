import type { FastifyRequest } from 'fastify';
import type { AdminPopupInput } from '../../contract/index.ts';
import { handler } from '../../contract/handler.ts';
import { requireAdministrator } from '../../lib/back-office.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { PopupDraft, PopupWrite } from './repository.ts';

/**
 * The back office's Messages (issue 27): the popups of the testers' inbox, written by administrators. The schema
 * (AdminPopupInput) checks each field; these routes check what it cannot say: the size in bytes, the testers of a
 * list, and the expiry against the clock.
 */

export const ADMIN_POPUP_NOT_FOUND_MESSAGE = 'Popup not found';
/** The stored content's limit, in bytes of UTF-8 (the schema's maxLength counts characters). */
export const MAX_CONTENT_BYTES = 100 * 1024;
export const CONTENT_TOO_LONG_MESSAGE = 'Content must be at most 100 KB';
export const NO_TESTERS_MESSAGE =
	'Choose at least one tester for a popup to a list of testers';
export const EXPIRY_IN_THE_PAST_MESSAGE = 'The expiry must be in the future';

/**
 * "Unknown tester id: 12" / "Unknown tester ids: 12, 13".
 *
 * @param ids
 */
export const unknownTestersMessage = ( ids: number[] ) =>
	`Unknown tester id${ ids.length > 1 ? 's' : '' }: ${ ids.join( ', ' ) }`;

/**
 * The body as a draft, or a 400 for what the schema cannot check.
 *
 * @param body
 * @param keptExpiry An expiry the popup has already, accepted even when it has passed (an edit).
 * @param now
 */
function draftOf(
	body: AdminPopupInput,
	keptExpiry: string | null = null,
	now: Date = new Date()
): PopupDraft {
	if ( Buffer.byteLength( body.content, 'utf8' ) > MAX_CONTENT_BYTES ) {
		throw badRequest( CONTENT_TOO_LONG_MESSAGE );
	}
	const testers =
		body.target === 'list' ? [ ...new Set( body.testers ?? [] ) ] : [];
	if ( body.target === 'list' && testers.length === 0 ) {
		throw badRequest( NO_TESTERS_MESSAGE );
	}
	const expiresAt = body.expiresAt ?? null;
	if ( expiresAt !== null ) {
		const expiry = new Date( expiresAt );
		// Compared to the second, as the database keeps it.
		const kept =
			keptExpiry !== null &&
			Math.floor( expiry.getTime() / 1000 ) ===
				Math.floor( new Date( keptExpiry ).getTime() / 1000 );
		if ( ! kept && expiry.getTime() <= now.getTime() ) {
			throw badRequest( EXPIRY_IN_THE_PAST_MESSAGE );
		}
	}
	return {
		title: body.title.trim(),
		content: body.content,
		target: body.target,
		testers,
		once: body.once,
		expiresAt,
	};
}

/**
 * The popup written, or the error of why not.
 *
 * @param written
 */
function savedPopup( written: PopupWrite ) {
	if ( written.outcome === 'not-found' ) {
		throw notFound( ADMIN_POPUP_NOT_FOUND_MESSAGE );
	}
	if ( written.outcome === 'unknown-testers' ) {
		throw badRequest( unknownTestersMessage( written.ids ) );
	}
	return written.popup;
}

const services = ( request: FastifyRequest ) =>
	request.server.services.popupsAdmin;

/** Every popup, newest first, with how many it is meant for and how many have read it. */
export const listAdminPopups = handler< 'listAdminPopups' >(
	async ( request ) => {
		requireAdministrator( request );
		const { start, limit } = request.query;
		return services( request ).list( { start, limit } );
	}
);

/** One popup, its content as HTML, its recipients. */
export const getAdminPopup = handler< 'getAdminPopup' >( async ( request ) => {
	requireAdministrator( request );
	const popup = await services( request ).find( request.params.popupId );
	if ( ! popup ) {
		throw notFound( ADMIN_POPUP_NOT_FOUND_MESSAGE );
	}
	return popup;
} );

/** A new popup, stored compressed as the inbox reads it. */
export const createAdminPopup = handler< 'createAdminPopup' >(
	async ( request, reply ) => {
		const caller = requireAdministrator( request );
		const popup = savedPopup(
			await services( request ).create( caller, draftOf( request.body ) )
		);
		reply.code( 201 );
		return popup;
	}
);

/** A popup rewritten; its recipients replaced, its reads kept. */
export const updateAdminPopup = handler< 'updateAdminPopup' >(
	async ( request ) => {
		const caller = requireAdministrator( request );
		const { popupId } = request.params;
		const popups = services( request );
		const expiry = await popups.expiryOf( popupId );
		if ( expiry === undefined ) {
			throw notFound( ADMIN_POPUP_NOT_FOUND_MESSAGE );
		}
		return savedPopup(
			await popups.update(
				caller,
				popupId,
				draftOf( request.body, expiry )
			)
		);
	}
);

/** A popup removed, from every inbox at once. */
export const deleteAdminPopup = handler< 'deleteAdminPopup' >(
	async ( request ) => {
		const caller = requireAdministrator( request );
		const { popupId } = request.params;
		if ( ! ( await services( request ).remove( caller, popupId ) ) ) {
			throw notFound( ADMIN_POPUP_NOT_FOUND_MESSAGE );
		}
		return { id: popupId };
	}
);
