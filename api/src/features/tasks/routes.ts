import type { FastifyRequest } from 'fastify';
import { handler } from '../../contract/handler.ts';
import { orNoTester, requireAuth } from '../../lib/auth.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import {
	MEDIA_FIELD,
	parseExtensions,
	receiveUpload,
} from '../../storage/upload.ts';
import {
	NO_PERMISSION_MESSAGE,
	requireSelected,
	requireStarted,
} from '../campaigns/access.ts';
import type { TaskMediaRow, TaskOfCampaign } from './repository.ts';

export const TASK_NOT_FOUND_MESSAGE = 'Task not found';
export const MEDIA_NOT_FOUND_MESSAGE = 'Media not found';

interface TaskRequest {
	params: { campaignId: number; taskId: number };
}

/**
 * The task of a call, after the campaign's rules: unknown or unseen campaign → 404, not selected → 403, and for a
 * write a contract not yet accepted → 403 (access.ts); then a task that is not the campaign's → 404.
 *
 * @param request
 * @param write   Whether the call changes something (needs the contract accepted).
 */
async function taskOf(
	request: FastifyRequest & TaskRequest,
	write: boolean
): Promise< TaskOfCampaign & { testerId: number } > {
	const { wpUserId } = requireAuth( request );
	const { campaignId, taskId } = request.params;
	const { campaigns, tasks } = request.server.services;
	const access = orNoTester( await campaigns.access( wpUserId, campaignId ) );
	requireSelected( request, access );
	if ( write ) {
		requireStarted( access );
	}
	const found = await tasks.find( access.tester.id, campaignId, taskId );
	if ( ! found ) {
		throw notFound( TASK_NOT_FOUND_MESSAGE );
	}
	return { ...found, testerId: access.tester.id };
}

/**
 * A stored file as the client sees it: its URL signed now, short-lived (as getMyBug does).
 *
 * @param request
 * @param row
 * @param now
 */
const mediaItem = (
	request: FastifyRequest,
	row: TaskMediaRow,
	now = Date.now()
) => ( {
	id: row.id,
	name: row.name,
	mimeType: row.mimeType,
	url: request.server.services.mediaUrls.url( row.storageKey, now ),
} );

export const completeMyCampaignTask = handler< 'completeMyCampaignTask' >(
	async ( request ) => {
		const { task, testerId } = await taskOf( request, true );
		// One statement either way: a task completed before keeps its first completion time.
		await request.server.services.tasks.complete( testerId, task.id );
		return { ...task, status: 'completed' };
	}
);

export const listMyTaskMedia = handler< 'listMyTaskMedia' >(
	async ( request ) => {
		const { task, testerId } = await taskOf( request, false );
		const rows = await request.server.services.tasks.listMedia(
			testerId,
			task.id
		);
		const now = Date.now();
		return { items: rows.map( ( row ) => mediaItem( request, row, now ) ) };
	}
);

/**
 * One file for a task that takes media. Every check comes before the body is read, so a refused caller stores
 * nothing; the file's row is written once the store has the whole file, and the file is removed again if that
 * write fails.
 */
export const uploadMyTaskMedia = handler< 'uploadMyTaskMedia' >(
	async ( request, reply ) => {
		const { task, testerId, validFileExtensions } = await taskOf(
			request,
			true
		);
		if ( ! task.can_upload_media ) {
			throw forbidden( NO_PERMISSION_MESSAGE );
		}
		const { storage, tasks, maxUploadBytes } = request.server.services;
		const file = await receiveUpload( request, storage, {
			field: MEDIA_FIELD,
			extensions: parseExtensions( validFileExtensions ),
			maxBytes: maxUploadBytes,
		} );
		const row = {
			name: file.name,
			mimeType: file.mimeType,
			storageKey: file.key,
		};
		let id: number;
		try {
			id = await tasks.addMedia( testerId, task.id, row );
		} catch ( error ) {
			await storage.delete( file.key ).catch( () => false );
			throw error;
		}
		reply.code( 201 );
		return mediaItem( request, { id, ...row } );
	}
);

/** The row first, then the bytes: a file whose removal fails is an orphan no page shows, never a broken row. */
export const deleteMyTaskMedia = handler< 'deleteMyTaskMedia' >(
	async ( request ) => {
		const { task, testerId } = await taskOf( request, true );
		const { storage, tasks } = request.server.services;
		const { mediaId } = request.params;
		const key = await tasks.removeMedia( testerId, task.id, mediaId );
		if ( ! key ) {
			throw notFound( MEDIA_NOT_FOUND_MESSAGE );
		}
		await storage
			.delete( key )
			.catch( ( error: unknown ) =>
				request.log.warn(
					{ err: error, key },
					'a removed task media file stayed in the store'
				)
			);
		return { id: mediaId };
	}
);
