import type { FiscalProfile } from '../../contract/index.ts';
import { handler } from '../../contract/handler.ts';
import { HttpError, forbidden, notFound } from '../../lib/errors.ts';
import { requireTester } from '../me/require-tester.ts';
import { resolveFiscalInput } from './input.ts';
import {
	DuplicateFiscalProfileError,
	type FiscalProfileOfTester,
} from './repository.ts';
import { statusLabel } from './verify.ts';

export const NO_FISCAL_PROFILE_MESSAGE = 'No fiscal profile';
export const FISCAL_PROFILE_EXISTS_MESSAGE = 'A fiscal profile already exists';
export const INTERNAL_FISCAL_MESSAGE =
	'Internal employees cannot edit fiscal data';

function present( profile: FiscalProfileOfTester ): FiscalProfile {
	return {
		type: profile.type,
		fiscalId: profile.fiscalId,
		gender: profile.gender,
		birthPlace: {
			city: profile.birthCity,
			province: profile.birthProvince,
		},
		address: {
			country: profile.addressCountry,
			province: profile.addressProvince,
			city: profile.addressCity,
			street: profile.addressStreet,
			streetNumber: profile.addressStreetNumber,
			cityCode: profile.addressZip,
		},
		fiscalStatus: statusLabel( profile.status ),
		name: profile.name,
		surname: profile.surname,
		birthDate: profile.birthDate,
		...( profile.refusalReason !== null && {
			refusalReason: profile.refusalReason,
		} ),
	};
}

export const getMyFiscal = handler< 'getMyFiscal' >( async ( request ) => {
	const tester = await requireTester( request );
	const profile = await request.server.services.fiscal.find( tester.id );
	if ( ! profile ) {
		throw notFound( NO_FISCAL_PROFILE_MESSAGE );
	}
	return present( profile );
} );

export const createMyFiscal = handler< 'createMyFiscal' >(
	async ( request, reply ) => {
		const tester = await requireTester( request );
		const { fiscal } = request.server.services;
		// Refused before the form is checked: the answer to a second POST does not depend on its body.
		if ( await fiscal.find( tester.id ) ) {
			throw new HttpError( 409, FISCAL_PROFILE_EXISTS_MESSAGE );
		}
		const record = await resolveFiscalInput( request.body, tester );
		try {
			const profile = await fiscal.create( tester.id, record );
			reply.code( 201 );
			return present( profile );
		} catch ( error ) {
			if ( error instanceof DuplicateFiscalProfileError ) {
				throw new HttpError( 409, FISCAL_PROFILE_EXISTS_MESSAGE, {
					cause: error,
				} );
			}
			throw error;
		}
	}
);

export const updateMyFiscal = handler< 'updateMyFiscal' >(
	async ( request ) => {
		const tester = await requireTester( request );
		const { fiscal } = request.server.services;
		const existing = await fiscal.find( tester.id );
		if ( ! existing ) {
			throw notFound( NO_FISCAL_PROFILE_MESSAGE );
		}
		if ( existing.type === 'internal' ) {
			throw forbidden( INTERNAL_FISCAL_MESSAGE );
		}
		const record = await resolveFiscalInput( request.body, tester );
		const profile = await fiscal.replace( tester.id, record );
		if ( ! profile ) {
			// Became an internal employee's meanwhile.
			throw forbidden( INTERNAL_FISCAL_MESSAGE );
		}
		return present( profile );
	}
);
