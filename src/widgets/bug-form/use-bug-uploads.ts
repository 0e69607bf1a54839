import { nanoid } from '@reduxjs/toolkit';
import { useCallback, useEffect, useRef, useState } from '@wordpress/element';

import { extensionOf, hasExtension } from '../../lib/media-files';
import { uploadMedia, type UploadErrorCode } from '../../lib/upload-media';
import type { BugUpload } from '../../services/contract';
import { useAppDispatch, useAppStore } from '../../store/hooks';

/** The spec's Media item: a file on its way, stored, or refused. */
export interface MediaItem {
	id: string;
	fileName: string;
	/** The extension, lowercase. */
	fileType: string;
	mimeType: string;
	status: 'uploading' | 'success' | 'failed';
	/** Share sent, 0 to 1. */
	progress: number;
	errorCode?: UploadErrorCode | null;
	/** A local address of the file, to preview it before and after it is stored. */
	previewUrl?: string;
	/** The stored file's URL: what the bug sends and DELETE /media removes. */
	uploadedFileUrl?: string;
}

/** A stored file as a draft keeps it. */
export interface StoredMedia {
	url: string;
	name: string;
	mimeType: string;
}

function isBugUpload( body: unknown ): body is BugUpload {
	const upload = body as Partial< BugUpload > | null;
	return (
		typeof upload?.url === 'string' &&
		typeof upload.name === 'string' &&
		typeof upload.mimeType === 'string'
	);
}

const objectUrl = ( file: File ): string | undefined =>
	typeof URL.createObjectURL === 'function'
		? URL.createObjectURL( file )
		: undefined;

const revoke = ( url: string | undefined ) => {
	if (
		url?.startsWith( 'blob:' ) &&
		typeof URL.revokeObjectURL === 'function'
	) {
		URL.revokeObjectURL( url );
	}
};

export interface BugUploads {
	items: MediaItem[];
	/** Sends each file; a file of another extension fails at once (INVALID_FILE_EXTENSION), as the API would refuse it. */
	add: ( files: File[] ) => void;
	/** Takes an item out of the list, only locally. */
	remove: ( id: string ) => void;
	/** Puts stored files back (a restored draft). */
	restore: ( media: StoredMedia[] ) => void;
	/** Empties the list (after a bug is sent). */
	clear: () => void;
}

/**
 * The bug form's media list (spec "Media item": uploading → success or failed). Leaving the page aborts what is
 * still in flight.
 *
 * @param campaignId
 * @param extensions The extensions the campaign accepts, lowercase.
 */
export function useBugUploads(
	campaignId: number,
	extensions: readonly string[]
): BugUploads {
	const store = useAppStore();
	const dispatch = useAppDispatch();
	const [ items, setItems ] = useState< MediaItem[] >( [] );
	const aborter = useRef( new AbortController() );
	const itemsRef = useRef( items );
	itemsRef.current = items;

	useEffect( () => {
		const controller = new AbortController();
		aborter.current = controller;
		return () => {
			controller.abort();
			itemsRef.current.forEach( ( item ) => revoke( item.previewUrl ) );
		};
	}, [] );

	const change = useCallback(
		( id: string, update: Partial< MediaItem > ) =>
			setItems( ( current ) =>
				current.map( ( item ) =>
					item.id === id ? { ...item, ...update } : item
				)
			),
		[]
	);

	const uploadOne = useCallback(
		async ( id: string, file: File ) => {
			const { signal } = aborter.current;
			const outcome = await uploadMedia( {
				path: `/users/me/campaigns/${ campaignId }/media`,
				isMedia: isBugUpload,
				file,
				getState: store.getState,
				dispatch,
				onProgress: ( progress ) => change( id, { progress } ),
				signal,
			} );
			if ( signal.aborted ) {
				return;
			}
			change(
				id,
				'media' in outcome
					? {
							status: 'success',
							progress: 1,
							uploadedFileUrl: outcome.media.url,
							mimeType: outcome.media.mimeType,
					  }
					: {
							status: 'failed',
							errorCode: outcome.errorCode ?? 'GENERIC_ERROR',
					  }
			);
		},
		[ campaignId, change, dispatch, store ]
	);

	const add = useCallback(
		( files: File[] ) => {
			const added = files.map( ( file ) => {
				const supported = hasExtension( file.name, extensions );
				const item: MediaItem = {
					id: nanoid(),
					fileName: file.name,
					fileType: extensionOf( file.name ),
					mimeType: file.type,
					status: supported ? 'uploading' : 'failed',
					progress: 0,
					errorCode: supported ? undefined : 'INVALID_FILE_EXTENSION',
					previewUrl: supported ? objectUrl( file ) : undefined,
				};
				return { item, file };
			} );
			setItems( ( current ) => [
				...current,
				...added.map( ( { item } ) => item ),
			] );
			for ( const { item, file } of added ) {
				if ( item.status === 'uploading' ) {
					uploadOne( item.id, file );
				}
			}
		},
		[ extensions, uploadOne ]
	);

	const remove = useCallback( ( id: string ) => {
		setItems( ( current ) => {
			revoke( current.find( ( item ) => item.id === id )?.previewUrl );
			return current.filter( ( item ) => item.id !== id );
		} );
	}, [] );

	const restore = useCallback( ( media: StoredMedia[] ) => {
		setItems( ( current ) => [
			...current,
			...media.map(
				( stored ): MediaItem => ( {
					id: nanoid(),
					fileName: stored.name,
					fileType: extensionOf( stored.name ),
					mimeType: stored.mimeType,
					status: 'success',
					progress: 1,
					uploadedFileUrl: stored.url,
				} )
			),
		] );
	}, [] );

	const clear = useCallback( () => {
		setItems( ( current ) => {
			current.forEach( ( item ) => revoke( item.previewUrl ) );
			return [];
		} );
	}, [] );

	return { items, add, remove, restore, clear };
}
