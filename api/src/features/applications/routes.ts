import type { FastifyRequest } from 'fastify';
import { handler } from '../../contract/handler.ts';
import type { Device } from '../../contract/index.ts';
import { orNoTester, requireAuth } from '../../lib/auth.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import type { CampaignAccess } from '../campaigns/access.ts';
import { checkAnswers } from './answers.ts';
import { presentForm } from './form.ts';
import { campaignRefusal, type ApplicationRefusal } from './repository.ts';

/** The spec's messages (sections 4 and 8). */
export const ALREADY_APPLIED_MESSAGE =
	'You have already applied to this campaign';
export const SUBSCRIPTION_CLOSED_MESSAGE =
	"Oh no, It's too late! The subscription phase is closed now.";
export const FULL_MESSAGE = 'The campaign has reached its maximum capacity.';
/** As GET /users/me/devices answers a tester without devices. */
export const NO_DEVICES_MESSAGE = 'No devices';

const REFUSALS: Record< ApplicationRefusal, string > = {
	'already-applied': ALREADY_APPLIED_MESSAGE,
	closed: SUBSCRIPTION_CLOSED_MESSAGE,
	full: FULL_MESSAGE,
};
const conflict = ( refusal: ApplicationRefusal ) =>
	new HttpError( 409, REFUSALS[ refusal ] );

interface CampaignRequest {
	params: { campaignId: number };
}

/**
 * The tester and the campaign of a call, with their application: 404 for a campaign the tester may not see
 * (access.ts), 403 without a tester.
 *
 * @param request
 */
async function campaignAccess(
	request: FastifyRequest & CampaignRequest
): Promise< CampaignAccess > {
	const { wpUserId } = requireAuth( request );
	return orNoTester(
		await request.server.services.campaigns.access(
			wpUserId,
			request.params.campaignId
		)
	);
}

/**
 * The tester's enabled devices (oldest first, as the devices list) the campaign accepts.
 *
 * @param request
 * @param access
 */
async function compatibleDevices(
	request: FastifyRequest,
	access: CampaignAccess
): Promise< Device[] > {
	const { devices, applications } = request.server.services;
	const [ mine, usable ] = await Promise.all( [
		devices.list( requireAuth( request ).wpUserId ),
		applications.acceptedDeviceIds( access.tester.id, access.campaign.id ),
	] );
	return ( mine?.answer ?? [] ).filter( ( device ) =>
		usable.has( device.id )
	);
}

/**
 * Why the tester cannot apply now, if they cannot: an application already (excluded included), the subscription
 * over (the start date passed, or the campaign closed), no free place. The same order as the preview's apply area.
 *
 * @param access
 */
function refusalOf( access: CampaignAccess ): ApplicationRefusal | undefined {
	return access.application
		? 'already-applied'
		: campaignRefusal( access.campaign, new Date() );
}

export const getMyCampaignForm = handler< 'getMyCampaignForm' >(
	async ( request ) => {
		const access = await campaignAccess( request );
		const { applications, lookups } = request.server.services;
		const { questions } = await applications.form( access.campaign.id );
		if ( ! questions.length ) {
			return [];
		}
		const [ catalogue, profile ] = await Promise.all( [
			lookups.customUserFields(),
			applications.profileAnswers( access.tester.id ),
		] );
		return presentForm(
			questions,
			catalogue,
			profile,
			request.query.locale
		);
	}
);

/**
 * Checks everything before writing: the campaign's state, every answer, every device; then the transaction,
 * which checks the campaign's state again (a place taken or the start passed in between) and turns a concurrent
 * application of the same tester into the same 409 as an earlier one.
 */
export const applyToMyCampaign = handler< 'applyToMyCampaign' >(
	async ( request, reply ) => {
		const access = await campaignAccess( request );
		const refusal = refusalOf( access );
		if ( refusal ) {
			throw conflict( refusal );
		}
		const { applications } = request.server.services;
		const { form, device: deviceIds } = request.body;
		const campaignId = access.campaign.id;
		const [ { questions, fields }, usable ] = await Promise.all( [
			applications.form( campaignId ),
			applications.acceptedDeviceIds( access.tester.id, campaignId ),
		] );
		const checked = await checkAnswers(
			questions,
			fields,
			form,
			request.log
		);
		const refused = deviceIds.find( ( id ) => ! usable.has( id ) );
		if ( refused !== undefined ) {
			const mine = await request.server.services.devices.get(
				requireAuth( request ).wpUserId,
				refused
			);
			throw badRequest(
				mine?.answer
					? `Device ${ refused } is not accepted by this campaign`
					: `Device ${ refused } is not one of your devices`
			);
		}
		const made = await applications.apply( {
			testerId: access.tester.id,
			campaignId,
			deviceIds,
			answers: checked.answers,
			profile: checked.profile,
		} );
		if ( typeof made === 'string' ) {
			throw conflict( made );
		}
		reply.code( 201 );
		return { id: made.id, status: 'applied' as const };
	}
);

export const listMyCampaignDevices = handler< 'listMyCampaignDevices' >(
	async ( request ) => {
		const access = await campaignAccess( request );
		if ( ! access.application ) {
			throw notFound( NO_DEVICES_MESSAGE );
		}
		const { applications, devices } = request.server.services;
		const [ ids, mine ] = await Promise.all( [
			applications.applicationDeviceIds( access.application.id ),
			devices.list( requireAuth( request ).wpUserId ),
		] );
		const byId = new Map(
			( mine?.answer ?? [] ).map( ( device ) => [ device.id, device ] )
		);
		return ids.flatMap( ( id ) => byId.get( id ) ?? [] );
	}
);

export const listMyCompatibleDevices = handler< 'listMyCompatibleDevices' >(
	async ( request ) => {
		const access = await campaignAccess( request );
		return compatibleDevices( request, access );
	}
);
