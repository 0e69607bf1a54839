import { handler } from '../../contract/handler.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import { requireTester } from '../me/require-tester.ts';
import { valuesFor } from './additional-values.ts';
import { presentCertification, presentCustomValue } from './present.ts';

export const FIELD_NOT_FOUND_MESSAGE = 'Custom user field not found';
export const LANGUAGE_NOT_FOUND_MESSAGE = 'Language not found';
export const CERTIFICATION_NOT_FOUND_MESSAGE = 'Certification not found';
export const DUPLICATE_CERTIFICATION_MESSAGE =
	'You already have this certification.';
export const ACHIEVEMENT_DATE_MESSAGE =
	'Achievement date must be between 01/01/1970 and today.';

/** The spec's earliest achievement date. */
const FIRST_ACHIEVEMENT_DATE = '1970-01-01';
/** The furthest ahead of UTC a time zone runs (UTC+14): a tester's own "today" is never refused. */
const EARLIEST_ZONE_MS = 14 * 60 * 60 * 1000;

export const updateMyAdditional = handler< 'updateMyAdditional' >(
	async ( request ) => {
		const tester = await requireTester( request );
		const { profileParts } = request.server.services;
		const field = await profileParts.editableField(
			request.params.fieldId
		);
		if ( ! field ) {
			throw notFound( FIELD_NOT_FOUND_MESSAGE );
		}
		const values = valuesFor( field, request.body, request.log );
		const stored = await profileParts.replaceCustomValues(
			tester.id,
			field.id,
			values
		);
		return { field_id: field.id, values: stored.map( presentCustomValue ) };
	}
);

/**
 * The catalogue ids of these names.
 *
 * @param request
 * @param names
 * @throws HttpError 400 naming the first name the catalogue does not have.
 */
async function languageIds(
	request: Parameters< typeof addMyLanguages >[ 0 ],
	names: readonly string[]
): Promise< number[] > {
	const { found, unknown } =
		await request.server.services.profileParts.languagesNamed( names );
	if ( unknown.length ) {
		throw badRequest( `Unknown language: ${ unknown[ 0 ] }` );
	}
	return found.map( ( language ) => language.id );
}

export const addMyLanguages = handler< 'addMyLanguages' >(
	async ( request ) => {
		const tester = await requireTester( request );
		const ids = await languageIds( request, request.body );
		return request.server.services.profileParts.addLanguages(
			tester.id,
			ids
		);
	}
);

export const replaceMyLanguages = handler< 'replaceMyLanguages' >(
	async ( request ) => {
		const tester = await requireTester( request );
		const ids = await languageIds( request, request.body );
		return request.server.services.profileParts.replaceLanguages(
			tester.id,
			ids
		);
	}
);

export const deleteMyLanguage = handler< 'deleteMyLanguage' >(
	async ( request ) => {
		const tester = await requireTester( request );
		const { profileParts } = request.server.services;
		if (
			! ( await profileParts.removeLanguage(
				tester.id,
				request.params.languageId
			) )
		) {
			throw notFound( LANGUAGE_NOT_FOUND_MESSAGE );
		}
		return profileParts.languagesOf( tester.id );
	}
);

/**
 * Whether a YYYY-MM-DD date is a real day from 1970-01-01 to today.
 *
 * @param date
 * @param now
 */
export function isAchievementDate( date: string, now = new Date() ): boolean {
	const latest = new Date( now.getTime() + EARLIEST_ZONE_MS )
		.toISOString()
		.slice( 0, 10 );
	return date >= FIRST_ACHIEVEMENT_DATE && date <= latest;
}

export const addMyCertification = handler< 'addMyCertification' >(
	async ( request, reply ) => {
		const tester = await requireTester( request );
		const { certification_id: certificationId, achievement_date: date } =
			request.body;
		if ( ! isAchievementDate( date ) ) {
			throw badRequest( ACHIEVEMENT_DATE_MESSAGE );
		}
		const { profileParts } = request.server.services;
		if ( ! ( await profileParts.certificationExists( certificationId ) ) ) {
			throw badRequest( CERTIFICATION_NOT_FOUND_MESSAGE );
		}
		if (
			( await profileParts.addCertification(
				tester.id,
				certificationId,
				date
			) ) === 'duplicate'
		) {
			throw new HttpError( 409, DUPLICATE_CERTIFICATION_MESSAGE );
		}
		const [ added ] = await profileParts.certificationsOf(
			tester.id,
			certificationId
		);
		reply.code( 201 );
		return presentCertification( added );
	}
);

export const deleteMyCertification = handler< 'deleteMyCertification' >(
	async ( request ) => {
		const tester = await requireTester( request );
		const { certificationId } = request.params;
		if (
			! ( await request.server.services.profileParts.removeCertification(
				tester.id,
				certificationId
			) )
		) {
			throw notFound( CERTIFICATION_NOT_FOUND_MESSAGE );
		}
		return { id: certificationId };
	}
);
