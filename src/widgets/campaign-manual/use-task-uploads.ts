import { nanoid } from '@reduxjs/toolkit';
import { useCallback, useEffect, useRef, useState } from '@wordpress/element';

import { api } from '../../services/api';
import { useAppDispatch, useAppStore } from '../../store/hooks';
import { hasExtension } from '../../lib/media-files';
import { uploadMedia, type UploadErrorCode } from '../../lib/upload-media';
import type { TaskMedia } from '../../services/contract';
import { manualApi, taskMediaTag, type TaskRef } from './manual-api';

function isTaskMedia( body: unknown ): body is TaskMedia {
	const media = body as Partial< TaskMedia > | null;
	return (
		typeof media?.id === 'number' &&
		typeof media.name === 'string' &&
		typeof media.url === 'string'
	);
}

/** A file on its way, or refused: a stored file leaves this list for the task's media list. */
export interface UploadItem {
	id: string;
	taskId: number;
	name: string;
	/** Share sent, 0 to 1. */
	progress: number;
	status: 'uploading' | 'failed';
	/** Why it failed: the API's code, `FORBIDDEN` for a 403, null for anything else. */
	failure?: UploadErrorCode | 'FORBIDDEN' | null;
}

export interface TaskUploads {
	items: UploadItem[];
	/** Sends each file to the task; a file of another extension fails at once, as the API would refuse it. */
	upload: ( taskId: number, files: File[] ) => void;
	/** Removes a failed file from the list (it was never stored). */
	dismiss: ( id: string ) => void;
}

/**
 * The uploads of every task of the campaign. The state lives above the tabs and the task accordion, so an
 * upload keeps going, and its progress showing, when the tester opens another tab or task; leaving the page
 * aborts what is still in flight.
 *
 * @param campaignId
 * @param extensions The extensions the campaign accepts, lowercase.
 */
export function useTaskUploads(
	campaignId: number,
	extensions: readonly string[]
): TaskUploads {
	const store = useAppStore();
	const dispatch = useAppDispatch();
	const [ items, setItems ] = useState< UploadItem[] >( [] );
	const aborter = useRef( new AbortController() );

	useEffect( () => {
		const controller = new AbortController();
		aborter.current = controller;
		return () => controller.abort();
	}, [] );

	const change = useCallback(
		( id: string, update: Partial< UploadItem > | null ) =>
			setItems( ( current ) =>
				update === null
					? current.filter( ( item ) => item.id !== id )
					: current.map( ( item ) =>
							item.id === id ? { ...item, ...update } : item
					  )
			),
		[]
	);

	const uploadOne = useCallback(
		async ( task: TaskRef, id: string, file: File ) => {
			const { signal } = aborter.current;
			const outcome = await uploadMedia( {
				path: `/users/me/campaigns/${ task.campaignId }/tasks/${ task.taskId }/media`,
				isMedia: isTaskMedia,
				file,
				getState: store.getState,
				dispatch,
				onProgress: ( progress ) => change( id, { progress } ),
				signal,
			} );
			if ( signal.aborted ) {
				return;
			}
			if ( 'media' in outcome ) {
				// Shown at once; the list is read again for fresh signed URLs.
				dispatch(
					manualApi.util.updateQueryData(
						'listMyTaskMedia',
						task,
						( list ) => {
							list.push( outcome.media );
						}
					)
				);
				dispatch( api.util.invalidateTags( [ taskMediaTag( task ) ] ) );
				change( id, null );
				return;
			}
			change( id, {
				status: 'failed',
				failure:
					outcome.errorCode ??
					( outcome.status === 403 ? 'FORBIDDEN' : null ),
			} );
		},
		[ change, dispatch, store ]
	);

	const upload = useCallback(
		( taskId: number, files: File[] ) => {
			const added = files.map( ( file ) => {
				const supported = hasExtension( file.name, extensions );
				const item: UploadItem = {
					id: nanoid(),
					taskId,
					name: file.name,
					progress: 0,
					status: supported ? 'uploading' : 'failed',
					failure: supported ? undefined : 'INVALID_FILE_EXTENSION',
				};
				return { item, file, supported };
			} );
			setItems( ( current ) => [
				...current,
				...added.map( ( { item } ) => item ),
			] );
			for ( const { item, file, supported } of added ) {
				if ( supported ) {
					uploadOne( { campaignId, taskId }, item.id, file );
				}
			}
		},
		[ campaignId, extensions, uploadOne ]
	);

	const dismiss = useCallback(
		( id: string ) => change( id, null ),
		[ change ]
	);

	return { items, upload, dismiss };
}
