import type { ChangeEvent, DragEvent } from 'react';
import { useEffect, useId, useState } from '@wordpress/element';
import { useFormikContext } from 'formik';

import { useFieldError } from '../../components/form-field';
import { useConfig } from '../../hooks/use-config';
import { mediaAddress } from '../../lib/media-files';
import { useTranslation } from '../../lib/use-translation';
import { showToast } from '../../services/toasts';
import { useAppDispatch } from '../../store/hooks';
import { block } from './block';
import { useDeleteMyMediaMutation } from './bug-form-api';
import { ScreenRecorder } from './screen-recorder';
import type { BugUploads, MediaItem } from './use-bug-uploads';
import { useWideScreen } from './use-wide-screen';
import type { BugFormValues } from './values';

/** The spec's file error texts (section 5), by the API's code. */
const FAILURE_KEYS = {
	FILE_TOO_BIG: 'bugForm.fileTooBig',
	INVALID_FILE_EXTENSION: 'bugForm.fileNotSupported',
	GENERIC_ERROR: 'bugForm.genericError',
} as const;

/** Videos the browser can preview (spec section 9). */
const PREVIEW_VIDEOS = [ 'mp4', 'ogg', 'webm' ];

function Preview( { item }: { item: MediaItem } ) {
	const { siteUrl } = useConfig();
	const wide = useWideScreen();
	const stored = item.uploadedFileUrl
		? mediaAddress( item.uploadedFileUrl, siteUrl )
		: null;
	const source = item.previewUrl ?? stored;
	if ( ! source || item.status === 'failed' ) {
		return null;
	}
	if ( item.mimeType.startsWith( 'image/' ) ) {
		return (
			<img className={ `${ block }__thumbnail` } src={ source } alt="" />
		);
	}
	if ( wide && PREVIEW_VIDEOS.includes( item.fileType ) ) {
		return (
			// The tester's own recording: no captions exist for it.
			// eslint-disable-next-line jsx-a11y/media-has-caption
			<video
				className={ `${ block }__video-preview` }
				src={ source }
				controls
				preload="metadata"
				data-testid="video-preview"
			/>
		);
	}
	return null;
}

function MediaRow( {
	item,
	onRemove,
}: {
	item: MediaItem;
	onRemove: ( item: MediaItem ) => void;
} ) {
	const { t } = useTranslation();
	const percent = Math.round( item.progress * 100 );
	const [ removing, setRemoving ] = useState( false );
	return (
		<li
			className={ `${ block }__media-item ${ block }__media-item--${ item.status }` }
			data-upload-status={ item.status }
		>
			<Preview item={ item } />
			<span className={ `${ block }__file-name` }>{ item.fileName }</span>
			{ item.status === 'uploading' && (
				<progress
					className={ `${ block }__progress` }
					max={ 100 }
					value={ percent }
					aria-label={ t( 'bugForm.uploading', {
						name: item.fileName,
					} ) }
				/>
			) }
			{ item.status === 'success' && (
				<span className={ `${ block }__upload-done` }>
					{ t( 'bugForm.uploaded' ) }
				</span>
			) }
			{ item.status === 'failed' && (
				<span className={ `${ block }__upload-error` } role="alert">
					{ t(
						FAILURE_KEYS[ item.errorCode ?? 'GENERIC_ERROR' ] ??
							'bugForm.genericError'
					) }
				</span>
			) }
			<button
				type="button"
				className={ `${ block }__file-action` }
				disabled={ item.status === 'uploading' || removing }
				onClick={ async () => {
					setRemoving( true );
					try {
						await onRemove( item );
					} finally {
						setRemoving( false );
					}
				} }
			>
				{ t( 'bugForm.deleteMedia' ) }
				<span className="crowdscout-visually-hidden">
					{ ` ${ item.fileName }` }
				</span>
			</button>
		</li>
	);
}

/**
 * The "Uploading media" section: the file chooser and its drop zone, the screen recorder and the list of files,
 * each with its progress, its state and its delete button (impossible while uploading; a stored file is removed
 * from the server too). The stored files' URLs are the form's `media` value.
 *
 * @param props
 * @param props.uploads
 * @param props.extensions The extensions the campaign accepts.
 */
export function MediaField( {
	uploads,
	extensions,
}: {
	uploads: BugUploads;
	extensions: readonly string[];
} ) {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const inputId = useId();
	const hintId = useId();
	const errorId = useId();
	const [ dragging, setDragging ] = useState( false );
	const { setFieldValue, values } = useFormikContext< BugFormValues >();
	const error = useFieldError( 'media' );
	const [ deleteMedia ] = useDeleteMyMediaMutation();

	const urls = uploads.items
		.filter( ( item ) => item.status === 'success' )
		.map( ( item ) => item.uploadedFileUrl ?? '' );
	const key = urls.join( '\n' );
	useEffect( () => {
		if ( values.media.join( '\n' ) !== key ) {
			setFieldValue( 'media', key ? key.split( '\n' ) : [] );
		}
		// Only a change of the stored files updates the value.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ key ] );

	const onChoose = ( event: ChangeEvent< HTMLInputElement > ) => {
		const files = Array.from( event.target.files ?? [] );
		// Cleared, so choosing the same file again (after a refusal) is a change too.
		event.target.value = '';
		if ( files.length ) {
			uploads.add( files );
		}
	};

	const onDrop = ( event: DragEvent< HTMLDivElement > ) => {
		event.preventDefault();
		setDragging( false );
		const files = Array.from( event.dataTransfer?.files ?? [] );
		if ( files.length ) {
			uploads.add( files );
		}
	};

	const onRemove = async ( item: MediaItem ) => {
		if ( item.status === 'uploading' ) {
			return;
		}
		if ( item.status === 'failed' || ! item.uploadedFileUrl ) {
			uploads.remove( item.id );
			return;
		}
		const result = await deleteMedia( item.uploadedFileUrl );
		if ( 'error' in result ) {
			dispatch(
				showToast( {
					kind: 'danger',
					message: t( 'bugForm.genericError' ),
				} )
			);
			return;
		}
		uploads.remove( item.id );
	};

	return (
		<div className={ `${ block }__media` }>
			<div
				className={ `${ block }__drop-zone${
					dragging ? ` ${ block }__drop-zone--active` : ''
				}` }
				data-testid="drop-zone"
				onDragOver={ ( event ) => {
					event.preventDefault();
					setDragging( true );
				} }
				onDragLeave={ () => setDragging( false ) }
				onDrop={ onDrop }
			>
				<p className={ `${ block }__drop-text` }>
					{ t( 'bugForm.dropHere' ) }
				</p>
				{ /* Hidden but focusable: the label is its button, and shows its focus. */ }
				<input
					id={ inputId }
					className={ `${ block }__file-input` }
					type="file"
					name="media"
					multiple
					accept={ extensions
						.map( ( extension ) => `.${ extension }` )
						.join( ',' ) }
					aria-describedby={ [ hintId, error ? errorId : '' ]
						.filter( Boolean )
						.join( ' ' ) }
					aria-invalid={ error ? true : undefined }
					onChange={ onChoose }
				/>
				<label
					htmlFor={ inputId }
					className="crowdscout-button crowdscout-button--secondary"
				>
					{ t( 'bugForm.chooseFiles' ) }
				</label>
				<p id={ hintId } className={ `${ block }__hint` }>
					{ t( 'bugForm.uploadHint', {
						extensions: extensions.join( ', ' ),
					} ) }
				</p>
			</div>
			<ScreenRecorder onAttach={ ( file ) => uploads.add( [ file ] ) } />
			{ error && (
				<p id={ errorId } className="crowdscout-field__error">
					{ error }
				</p>
			) }
			{ uploads.items.length > 0 && (
				<ul
					className={ `${ block }__media-list` }
					aria-label={ t( 'bugForm.mediaList' ) }
				>
					{ uploads.items.map( ( item ) => (
						<MediaRow
							key={ item.id }
							item={ item }
							onRemove={ onRemove }
						/>
					) ) }
				</ul>
			) }
		</div>
	);
}
