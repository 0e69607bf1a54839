import type { FastifyReply } from 'fastify';
import { handler } from '../../contract/handler.ts';
import { notFound } from '../../lib/errors.ts';

export const COUNTRY_NOT_FOUND_MESSAGE = 'Country not found';

/**
 * The lookups change with a release or an administrator's edit, not with the tester: a browser may reuse one for
 * five minutes, and no shared cache may keep it (the answer still needs a token). Set once the answer is there,
 * so an error is never cached.
 *
 * @param reply
 * @param answer
 */
function cached< Answer >( reply: FastifyReply, answer: Answer ): Answer {
	reply.header( 'cache-control', 'private, max-age=300' );
	return answer;
}

export const listLanguages = handler< 'listLanguages' >(
	async ( request, reply ) => {
		return cached(
			reply,
			await request.server.services.lookups.languages()
		);
	}
);

export const listEmployments = handler< 'listEmployments' >(
	async ( request, reply ) => {
		return cached(
			reply,
			await request.server.services.lookups.employments()
		);
	}
);

export const listEducation = handler< 'listEducation' >(
	async ( request, reply ) => {
		return cached(
			reply,
			await request.server.services.lookups.educationLevels()
		);
	}
);

export const listLevels = handler< 'listLevels' >( async ( request, reply ) => {
	const levels = await request.server.services.lookups.levels();
	return cached(
		reply,
		levels.map( ( level ) => ( {
			id: level.id,
			name: level.name,
			reach_exp_pts: level.reachPoints,
			hold_exp_pts: level.holdPoints,
		} ) )
	);
} );

export const listCertifications = handler< 'listCertifications' >(
	async ( request, reply ) => {
		const { institute, area } = request.query.filterBy ?? {};
		return cached(
			reply,
			await request.server.services.lookups.certifications( {
				instituteId: institute,
				areaId: area,
			} )
		);
	}
);

export const listCustomUserFields = handler< 'listCustomUserFields' >(
	async ( request, reply ) => {
		const groups = await request.server.services.lookups.customUserFields();
		return cached(
			reply,
			groups.map( ( { group, fields } ) => ( {
				group,
				fields: fields.map( ( field ) => ( {
					id: field.id,
					type: field.type,
					name: field.name,
					placeholder: field.placeholder,
					allow_other: field.allowOther,
					format: field.format,
					options: field.options,
				} ) ),
			} ) )
		);
	}
);

export const listCountryRegions = handler< 'listCountryRegions' >(
	async ( request, reply ) => {
		const regions = request.server.services.lookups.regionsOf(
			request.params.code,
			request.query.languageCode
		);
		if ( ! regions ) {
			throw notFound( COUNTRY_NOT_FOUND_MESSAGE );
		}
		return cached( reply, regions );
	}
);

export const listDeviceModels = handler< 'listDeviceModels' >(
	async ( request, reply ) => {
		const models = await request.server.services.lookups.deviceModels(
			request.params.deviceType,
			{ manufacturerId: request.query.filterBy?.manufacturer }
		);
		return cached(
			reply,
			models.map( ( { id, name, manufacturer } ) => ( {
				id,
				name,
				manufacturer,
			} ) )
		);
	}
);

export const listOperatingSystems = handler< 'listOperatingSystems' >(
	async ( request, reply ) => {
		const { manufacturer, model } = request.query.filterBy ?? {};
		const platforms =
			await request.server.services.lookups.operatingSystems( {
				deviceType: request.params.deviceType,
				manufacturerId: manufacturer,
				modelId: model,
			} );
		return cached(
			reply,
			platforms.map( ( { id, name } ) => ( { id, name } ) )
		);
	}
);

export const listOsVersions = handler< 'listOsVersions' >(
	async ( request, reply ) => {
		const versions = await request.server.services.lookups.osVersions( {
			deviceType: request.params.deviceType,
			platformId: request.query.filterBy?.platform,
		} );
		return cached(
			reply,
			versions.map( ( { id, name, platform } ) => ( {
				id,
				name,
				platform: { id: platform.id, name: platform.name },
			} ) )
		);
	}
);
