import { handler } from '../../contract/handler.ts';
import { requireAdministrator } from '../../lib/back-office.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { answerOf } from '../payments/admin-routes.ts';

/**
 * The back office's testers (administrators only): the list, one tester's record with their devices, latest
 * experience, bugs and payment requests, and a manual change of their experience points.
 */

export const ADMIN_TESTER_NOT_FOUND_MESSAGE = 'Tester not found';
export const EXPERIENCE_BELOW_ZERO_MESSAGE =
	'The tester’s experience points cannot go below 0';
/** The request body's rules, worded in openapi.yaml (ExperienceChange's x-messages). */
export const EXPERIENCE_AMOUNT_MESSAGE =
	'Amount must be a whole number of points from -10000 to 10000, other than 0';
export const EXPERIENCE_ACTIVITY_MESSAGE =
	'Activity must be points-fix or extra-award';
export const EXPERIENCE_REASON_MESSAGE = 'Reason is required';
export const EXPERIENCE_REASON_LENGTH_MESSAGE =
	'Reason must be at most 500 characters long';

/** How many of each of a tester's lists the record shows: the latest ones. */
export const RECORD_LIST_SIZE = 20;

const euros = ( cents: number ) => cents / 100;

/**
 * A booty as the contract answers it.
 *
 * @param grossCents
 * @param netCents   Null when none was recorded.
 */
const bootyOf = ( grossCents: number, netCents: number | null ) => ( {
	gross: { value: euros( grossCents ), currency: 'EUR' },
	...( netCents === null
		? {}
		: { net: { value: euros( netCents ), currency: 'EUR' } } ),
} );

export const listAdminTesters = handler< 'listAdminTesters' >(
	async ( request ) => {
		requireAdministrator( request );
		const { search, start, limit } = request.query;
		return request.server.services.testersAdmin.list( {
			search: search?.trim() || undefined,
			start,
			limit,
		} );
	}
);

export const getAdminTester = handler< 'getAdminTester' >(
	async ( request ) => {
		requireAdministrator( request );
		const { testersAdmin, devices, history, paymentsAdmin } =
			request.server.services;
		const tester = await testersAdmin.find( request.params.testerId );
		if ( ! tester ) {
			throw notFound( ADMIN_TESTER_NOT_FOUND_MESSAGE );
		}
		const latest = {
			start: 0,
			limit: RECORD_LIST_SIZE,
			order: 'DESC',
		} as const;
		const [ owned, experience, bugs, payments ] = await Promise.all( [
			devices.list( tester.wpUserId ),
			history.listExperience( tester.wpUserId, {
				...latest,
				orderBy: 'date',
			} ),
			history.listBugs( tester.wpUserId, { ...latest, orderBy: 'id' } ),
			paymentsAdmin.ofTester( tester.id, RECORD_LIST_SIZE ),
		] );
		const empty = { ...latest, size: 0, total: 0, results: [] };
		const {
			fiscal,
			pendingGrossCents,
			pendingNetCents,
			earnedGrossCents,
			earnedNetCents,
			...profile
		} = tester;
		return {
			tester: profile,
			fiscal,
			pendingBooty: bootyOf( pendingGrossCents, pendingNetCents ),
			earnedBooty: bootyOf( earnedGrossCents, earnedNetCents ),
			devices: owned?.answer ?? [],
			experience: experience ?? empty,
			bugs: bugs ?? empty,
			payments: {
				...payments,
				results: payments.results.map( ( row ) =>
					answerOf( request, row )
				),
			},
		};
	}
);

/**
 * Adds or takes away points with a reason: the ledger's entry (activity Points Fix or Extra Award, the reason as
 * its note, shown in the tester's experience history), the tester's total and month's points, and the audit entry,
 * together. Answers the new total.
 */
export const changeAdminTesterExperience =
	handler< 'changeAdminTesterExperience' >( async ( request ) => {
		const caller = requireAdministrator( request );
		const { amount, activity, reason } = request.body;
		const changed =
			await request.server.services.testersAdmin.changeExperience(
				{
					testerId: request.params.testerId,
					amount,
					activity,
					reason: reason.trim(),
				},
				caller
			);
		if ( changed.outcome === 'not-found' ) {
			throw notFound( ADMIN_TESTER_NOT_FOUND_MESSAGE );
		}
		if ( changed.outcome === 'below-zero' ) {
			throw new HttpError( 409, EXPERIENCE_BELOW_ZERO_MESSAGE );
		}
		return { totalExpPts: changed.totalExpPts };
	} );
