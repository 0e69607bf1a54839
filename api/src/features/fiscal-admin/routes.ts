import { handler } from '../../contract/handler.ts';
import { requireAdministrator } from '../../lib/back-office.ts';
import { HttpError, notFound } from '../../lib/errors.ts';

export const FISCAL_PROFILE_NOT_FOUND_MESSAGE = 'Fiscal profile not found';
export const REASON_REQUIRED_MESSAGE =
	'A reason is required to refuse a fiscal profile';

/** The testers' fiscal profiles with a status, for administrators. */
export const listFiscalProfiles = handler< 'listFiscalProfiles' >(
	async ( request ) => {
		requireAdministrator( request );
		const { status, testerId, search, start, limit } = request.query;
		return request.server.services.fiscalAdmin.list( {
			status,
			testerId,
			search,
			start,
			limit,
		} );
	}
);

/** An administrator verifies a tester's fiscal profile, or refuses it with a reason. */
export const reviewFiscalProfile = handler< 'reviewFiscalProfile' >(
	async ( request ) => {
		const caller = requireAdministrator( request );
		const { status } = request.body;
		const reason = request.body.reason?.trim() || null;
		if ( status === 'unverified' && reason === null ) {
			throw new HttpError( 400, REASON_REQUIRED_MESSAGE, {
				fields: { field: 'reason' },
			} );
		}
		const profile = await request.server.services.fiscalAdmin.review(
			caller,
			request.params.testerId,
			{ status, reason }
		);
		if ( ! profile ) {
			throw notFound( FISCAL_PROFILE_NOT_FOUND_MESSAGE );
		}
		return profile;
	}
);
