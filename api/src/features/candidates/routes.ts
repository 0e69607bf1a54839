import { handler } from '../../contract/handler.ts';
import {
	ADMIN_CAMPAIGN_NOT_FOUND_MESSAGE,
	requireCampaignLead,
} from '../../lib/back-office.ts';
import { HttpError, badRequest, notFound } from '../../lib/errors.ts';

export const APPLICATION_NOT_FOUND_MESSAGE = 'Application not found';
export const NOT_AN_APPLIED_DEVICE_MESSAGE =
	'A tester is tested on a device they applied with';

/**
 * The 409 of a selection past the campaign's cap, with the numbers the team leader decides on.
 *
 * @param full
 * @param full.cap      The campaign's max_testers.
 * @param full.selected Testers selected already.
 * @param full.asked    Testers the request would add.
 */
export function capReachedMessage( {
	cap,
	selected,
	asked,
}: {
	cap: number;
	selected: number;
	asked: number;
} ): string {
	const free = Math.max( 0, cap - selected );
	return `The campaign takes at most ${ cap } testers: ${ selected } ${
		selected === 1 ? 'is' : 'are'
	} selected, so ${ free } more can be, not ${ asked }.`;
}

/** A campaign's applications, for its team leader or an administrator. */
export const listCandidates = handler< 'listCandidates' >(
	async ( request ) => {
		const { campaignId } = request.params;
		await requireCampaignLead( request, campaignId );
		const { status, search, start, limit } = request.query;
		const page = await request.server.services.candidates.list(
			campaignId,
			{ status, search, start, limit }
		);
		if ( ! page ) {
			throw notFound( ADMIN_CAMPAIGN_NOT_FOUND_MESSAGE );
		}
		return page;
	}
);

/** Selects, excludes or puts back under review some of a campaign's applications: all of them or none. */
export const setCandidatesStatus = handler< 'setCandidatesStatus' >(
	async ( request ) => {
		const { campaignId } = request.params;
		const caller = await requireCampaignLead( request, campaignId );
		const { applications, status, devices = [] } = request.body;
		const chosen = new Map(
			devices.map( ( { application, device } ) => [
				application,
				device,
			] )
		);
		if ( chosen.size !== devices.length ) {
			throw badRequest( NOT_AN_APPLIED_DEVICE_MESSAGE );
		}
		const change = await request.server.services.candidates.setStatus(
			caller,
			campaignId,
			applications,
			status,
			chosen
		);
		switch ( change.outcome ) {
			case 'no-campaign':
				throw notFound( ADMIN_CAMPAIGN_NOT_FOUND_MESSAGE );
			case 'no-application':
				throw notFound( APPLICATION_NOT_FOUND_MESSAGE );
			case 'bad-device':
				throw badRequest( NOT_AN_APPLIED_DEVICE_MESSAGE );
			case 'full':
				throw new HttpError( 409, capReachedMessage( change ) );
			case 'updated':
				return { updated: change.updated, campaign: change.campaign };
		}
	}
);
