import type { FastifyRequest } from 'fastify';
import { requireTester } from '../me/require-tester.ts';
import { notFound } from '../../lib/errors.ts';

export const POPUP_NOT_FOUND_MESSAGE = 'Popup not found';

/** The inbox: by default the popups still to show, with `showExpired` every one meant for the tester. */
export async function listMyPopups( request: FastifyRequest ) {
	const tester = await requireTester( request );
	const { showExpired } = request.query as { showExpired?: boolean };
	return request.server.services.popups.listForTester( tester.id, {
		showExpired,
	} );
}

/** Reading a popup by id is how the client reports it seen (spec: "marking seen is requested by popupId"). */
export async function getMyPopup( request: FastifyRequest ) {
	const tester = await requireTester( request );
	const { popupId } = request.params as { popupId: number };
	const { popups } = request.server.services;
	const popup = await popups.findForTester( tester.id, popupId );
	// Another tester's list popup answers as a missing one: its existence is not this tester's business.
	if ( ! popup ) {
		throw notFound( POPUP_NOT_FOUND_MESSAGE );
	}
	await popups.markSeen( tester.id, popup.id );
	return popup;
}
