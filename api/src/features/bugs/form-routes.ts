import type { FastifyRequest } from 'fastify';
import { handler } from '../../contract/handler.ts';
import { toSqlDateTime } from '../../db/values.ts';
import { orNoTester, requireAuth } from '../../lib/auth.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isStorageKey } from '../../storage/index.ts';
import {
	MEDIA_FIELD,
	parseExtensions,
	receiveUpload,
	UploadError,
} from '../../storage/upload.ts';
import {
	NO_PERMISSION_MESSAGE,
	requireSelected,
	requireStarted,
	type CampaignAccess,
} from '../campaigns/access.ts';
import { BUG_STATUSES } from '../history/repository.ts';
import { netCentsOf, withheldPercentOf } from '../fiscal/net.ts';
import { requireTester } from '../me/require-tester.ts';
import {
	BugInputError,
	checkBug,
	DEVICE_MESSAGE,
	MEDIA_NOT_FOUND_MESSAGE,
} from './checks.ts';
import { UploadTakenError } from './report-repository.ts';
import { SIMILAR_MIN_LENGTH } from './similar-repository.ts';

/**
 * The bug form's calls (issue 25): uploading and deleting its media, submitting the bug, the duplicate hint and the
 * payout estimator. Every call starts with the campaign's access read (404 for a campaign the tester may not see,
 * 403 for one they are not selected in); the writes also need the contract accepted and the campaign running.
 */

interface CampaignRequest {
	params: { campaignId: number };
}

async function selectedAccess(
	request: FastifyRequest & CampaignRequest
): Promise< CampaignAccess > {
	const { wpUserId } = requireAuth( request );
	const access = orNoTester(
		await request.server.services.campaigns.access(
			wpUserId,
			request.params.campaignId
		)
	);
	requireSelected( request, access );
	return access;
}

/**
 * The access of a write: selected, contract accepted, and the campaign running (open, its start date passed).
 *
 * @param request
 */
async function writeAccess(
	request: FastifyRequest & CampaignRequest
): Promise< CampaignAccess > {
	const access = await selectedAccess( request );
	requireStarted( access );
	if (
		access.campaign.statusId !== 1 ||
		access.campaign.startDate > toSqlDateTime()
	) {
		throw forbidden( NO_PERMISSION_MESSAGE );
	}
	return access;
}

/**
 * The storage key of a media URL: the last segment of a path `/media/{key}` (the site's `/api/media/…` or any
 * host's), its query ignored; undefined for anything else.
 *
 * @param url
 */
export function keyOfMediaUrl( url: string ): string | undefined {
	let path: string;
	try {
		path = new URL( url, 'http://site.invalid' ).pathname;
	} catch {
		return undefined;
	}
	const match = /\/media\/([^/]+)$/.exec( path );
	if ( ! match ) {
		return undefined;
	}
	let key: string;
	try {
		key = decodeURIComponent( match[ 1 ] );
	} catch {
		return undefined;
	}
	return isStorageKey( key ) ? key : undefined;
}

/**
 * One file for the bug form. Every check comes before the body is read, so a refused caller stores nothing; the
 * file streams to the store; its row is written once the store has the whole file, and the file removed again if
 * that write fails. An empty file is refused too.
 */
export const uploadMyBugMedia = handler< 'uploadMyBugMedia' >(
	async ( request, reply ) => {
		const access = await writeAccess( request );
		const { storage, bugReports, maxUploadBytes, mediaUrls } =
			request.server.services;
		const extensions = await bugReports.validFileExtensions(
			access.campaign.id
		);
		const file = await receiveUpload( request, storage, {
			field: MEDIA_FIELD,
			extensions: parseExtensions( extensions ),
			maxBytes: maxUploadBytes,
		} );
		try {
			if ( file.size === 0 ) {
				throw new UploadError( 'GENERIC_ERROR' );
			}
			await bugReports.addUpload(
				access.tester.id,
				access.campaign.id,
				file
			);
		} catch ( error ) {
			await storage.delete( file.key ).catch( () => false );
			throw error;
		}
		reply.code( 201 );
		return {
			url: mediaUrls.url( file.key ),
			name: file.name,
			mimeType: file.mimeType,
		};
	}
);

/**
 * Removes one of the caller's uploads that no bug has attached: the row first, then the bytes (a file whose removal
 * fails is an orphan no page shows). Every other URL answers the same 404.
 */
export const deleteMyMedia = handler< 'deleteMyMedia' >( async ( request ) => {
	const tester = await requireTester( request );
	const { storage, bugReports } = request.server.services;
	const { url } = request.body;
	const key = keyOfMediaUrl( url );
	if ( ! key || ! ( await bugReports.removeUpload( tester.id, key ) ) ) {
		throw notFound( MEDIA_NOT_FOUND_MESSAGE );
	}
	await storage
		.delete( key )
		.catch( ( error: unknown ) =>
			request.log.warn(
				{ err: error, key },
				'a removed bug upload stayed in the store'
			)
		);
	return { url };
} );

/**
 * The bug form's submit: the checks of checks.ts, then the device and the uploads, then the bug, its media and
 * its additional values in one transaction.
 */
export const createMyBug = handler< 'createMyBug' >(
	async ( request, reply ) => {
		const access = await writeAccess( request );
		const testerId = access.tester.id;
		const campaignId = access.campaign.id;
		const { bugReports, publicBugTokens } = request.server.services;
		const input = request.body;
		const checked = checkBug( input, await bugReports.rules( campaignId ) );
		if ( ! ( await bugReports.ownsDevice( testerId, input.device ) ) ) {
			throw new BugInputError( 'device', DEVICE_MESSAGE );
		}
		const keys = input.media.map( keyOfMediaUrl );
		if ( keys.some( ( key ) => key === undefined ) ) {
			throw new BugInputError( 'media', MEDIA_NOT_FOUND_MESSAGE );
		}
		const unique = [ ...new Set( keys as string[] ) ];
		const uploads = await bugReports.freeUploads(
			testerId,
			campaignId,
			unique
		);
		if ( uploads.length !== unique.length ) {
			throw new BugInputError( 'media', MEDIA_NOT_FOUND_MESSAGE );
		}
		// In the order the tester listed them.
		uploads.sort(
			( a, b ) =>
				unique.indexOf( a.storageKey ) - unique.indexOf( b.storageKey )
		);
		let id: number;
		try {
			id = await bugReports.create( {
				...checked,
				testerId,
				campaignId,
				deviceId: input.device,
				uploads,
			} );
		} catch ( error ) {
			if ( error instanceof UploadTakenError ) {
				throw new BugInputError( 'media', MEDIA_NOT_FOUND_MESSAGE );
			}
			throw error;
		}
		reply.code( 201 );
		return {
			id,
			title: checked.title,
			publicToken: publicBugTokens.tokenOf( id ),
		};
	}
);

/** The duplicate hint: the tester's own bugs of the campaign always, other testers' with the bug parade on. */
export const listMySimilarBugs = handler< 'listMySimilarBugs' >(
	async ( request ) => {
		const access = await selectedAccess( request );
		const title = request.query.title.trim();
		if ( [ ...title ].length < SIMILAR_MIN_LENGTH ) {
			return { items: [] };
		}
		const { bugReports, similarBugs } = request.server.services;
		const hasBugParade = await bugReports.hasBugParade(
			access.campaign.id
		);
		const rows = await similarBugs.similar(
			access.campaign.id,
			access.tester.id,
			title,
			hasBugParade
		);
		return {
			items: rows.map( ( row ) => ( {
				id: row.id,
				title: row.title,
				status: {
					id: row.statusId,
					name: BUG_STATUSES[ row.statusId ],
				},
				mine: row.testerId === access.tester.id,
			} ) ),
		};
	}
);

/** The payout estimator: each severity's payout on the campaign, gross and net of the tester's fiscal type. */
export const getMyBugPayouts = handler< 'getMyBugPayouts' >(
	async ( request ) => {
		const access = await selectedAccess( request );
		const { fiscalType, cents } =
			await request.server.services.bugReports.payouts(
				access.tester.id,
				access.campaign.id
			);
		return {
			currency: 'EUR' as const,
			fiscalType,
			withheldPercent: withheldPercentOf( fiscalType ),
			severities: (
				[ 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL' ] as const
			 ).map( ( severity ) => ( {
				severity,
				gross: cents[ severity ] / 100,
				net: netCentsOf( cents[ severity ], fiscalType ) / 100,
			} ) ),
		};
	}
);
