import { handler } from '../../contract/handler.ts';
import { requireTester } from '../me/require-tester.ts';
import { notFound } from '../../lib/errors.ts';

export const POPUP_NOT_FOUND_MESSAGE = 'Popup not found';

/** The inbox: by default the popups still to show, with `showExpired` every one meant for the tester. */
export const listMyPopups = handler< 'listMyPopups' >( async ( request ) => {
	const tester = await requireTester( request );
	return request.server.services.popups.listForTester( tester.id, {
		showExpired: request.query.showExpired,
	} );
} );

/** Reading a popup by id is how the client reports it seen (spec: "marking seen is requested by popupId"). */
export const getMyPopup = handler< 'getMyPopup' >( async ( request ) => {
	const tester = await requireTester( request );
	const { popupId } = request.params;
	const { popups } = request.server.services;
	const popup = await popups.findForTester( tester.id, popupId );
	// Another tester's list popup answers as a missing one: its existence is not this tester's business.
	if ( ! popup ) {
		throw notFound( POPUP_NOT_FOUND_MESSAGE );
	}
	await popups.markSeen( tester.id, popup.id );
	return popup;
} );
