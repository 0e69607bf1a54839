import type { ChangeEvent } from 'react';
import { useId } from '@wordpress/element';

import { ErrorNotice } from '../../components/error-notice';
import { Spinner } from '../../components/spinner';
import { useConfig } from '../../hooks/use-config';
import { useTranslation } from '../../lib/use-translation';
import type { CampaignTask, TaskMedia } from '../../services/contract';
import { showToast } from '../../services/toasts';
import { useAppDispatch } from '../../store/hooks';
import { block } from './block';
import { mediaAddress } from './format';
import {
	useDeleteMyTaskMediaMutation,
	useListMyTaskMediaQuery,
} from './manual-api';
import type { TaskUploads, UploadItem } from './use-task-uploads';

/** The spec's file error texts (section 5), by the API's code. */
const FAILURE_KEYS = {
	FILE_TOO_BIG: 'campaignManual.fileTooBig',
	INVALID_FILE_EXTENSION: 'campaignManual.fileNotSupported',
	GENERIC_ERROR: 'campaignManual.genericError',
	FORBIDDEN: 'campaignManual.noPermission',
} as const;

function Upload( {
	item,
	onDismiss,
}: {
	item: UploadItem;
	onDismiss: () => void;
} ) {
	const { t } = useTranslation();
	const percent = Math.round( item.progress * 100 );
	if ( item.status === 'uploading' ) {
		return (
			<li
				className={ `${ block }__upload` }
				data-upload-status="uploading"
			>
				<span className={ `${ block }__file-name` }>{ item.name }</span>
				<progress
					className={ `${ block }__progress` }
					max={ 100 }
					value={ percent }
					aria-label={ t( 'campaignManual.uploading', {
						name: item.name,
					} ) }
				/>
				<span className={ `${ block }__percent` } aria-hidden="true">
					{ percent }%
				</span>
			</li>
		);
	}
	return (
		<li
			className={ `${ block }__upload ${ block }__upload--failed` }
			data-upload-status="failed"
		>
			<span className={ `${ block }__file-name` }>{ item.name }</span>
			<span className={ `${ block }__upload-error` } role="alert">
				{ t(
					FAILURE_KEYS[ item.failure ?? 'GENERIC_ERROR' ] ??
						'campaignManual.genericError'
				) }
			</span>
			<button
				type="button"
				className={ `${ block }__file-action` }
				onClick={ onDismiss }
			>
				{ t( 'campaignManual.dismissUpload' ) }
				<span className="crowdscout-visually-hidden">
					{ ` ${ item.name }` }
				</span>
			</button>
		</li>
	);
}

function StoredFile( {
	media,
	task,
	campaignId,
}: {
	media: TaskMedia;
	task: CampaignTask;
	campaignId: number;
} ) {
	const { t } = useTranslation();
	const config = useConfig();
	const dispatch = useAppDispatch();
	const [ remove, removing ] = useDeleteMyTaskMediaMutation();
	const address = mediaAddress( media.url, config.siteUrl );
	const isImage = media.mimeType?.startsWith( 'image/' ) ?? false;

	const onDelete = async () => {
		const result = await remove( {
			campaignId,
			taskId: task.id,
			mediaId: media.id,
		} );
		if ( 'error' in result ) {
			dispatch(
				showToast( {
					kind: 'danger',
					message: t( 'campaignManual.genericError' ),
				} )
			);
		}
	};

	return (
		<li className={ `${ block }__file` } data-media-id={ media.id }>
			{ isImage && address && (
				<img
					className={ `${ block }__thumbnail` }
					src={ address }
					alt=""
					loading="lazy"
				/>
			) }
			{ address ? (
				<a
					className={ `${ block }__file-name` }
					href={ address }
					target="_blank"
					rel="noopener noreferrer"
				>
					{ media.name }
				</a>
			) : (
				<span className={ `${ block }__file-name` }>
					{ media.name }
				</span>
			) }
			<button
				type="button"
				className={ `${ block }__file-action` }
				disabled={ removing.isLoading }
				onClick={ onDelete }
			>
				{ t( 'campaignManual.deleteMedia' ) }
				<span className="crowdscout-visually-hidden">
					{ ` ${ media.name }` }
				</span>
			</button>
		</li>
	);
}

/**
 * A task's files: the upload button, a progress bar per file on its way, a refused file with the spec's
 * reason, and the files stored, each with its delete button.
 *
 * @param props
 * @param props.campaignId
 * @param props.task
 * @param props.extensions The extensions the campaign accepts.
 * @param props.uploads    The uploads of every task.
 */
export function TaskMediaSection( {
	campaignId,
	task,
	extensions,
	uploads,
}: {
	campaignId: number;
	task: CampaignTask;
	extensions: readonly string[];
	uploads: TaskUploads;
} ) {
	const { t } = useTranslation();
	const inputId = useId();
	const hintId = useId();
	const media = useListMyTaskMediaQuery( {
		campaignId,
		taskId: task.id,
	} );
	const mine = uploads.items.filter( ( item ) => item.taskId === task.id );

	const onChoose = ( event: ChangeEvent< HTMLInputElement > ) => {
		const files = Array.from( event.target.files ?? [] );
		// Cleared, so choosing the same file again (after a refusal) is a change too.
		event.target.value = '';
		if ( files.length ) {
			uploads.upload( task.id, files );
		}
	};

	let stored;
	if ( media.isError && ! media.isFetching ) {
		stored = (
			<ErrorNotice
				title={ t( 'campaignManual.mediaError' ) }
				onRetry={ media.refetch }
			/>
		);
	} else if ( ! media.data ) {
		stored = <Spinner label={ t( 'campaignManual.mediaLoading' ) } />;
	} else if ( media.data.length === 0 ) {
		stored = (
			<p className={ `${ block }__empty` }>
				{ t( 'campaignManual.mediaEmpty' ) }
			</p>
		);
	} else {
		stored = (
			<ul
				className={ `${ block }__files` }
				aria-label={ t( 'campaignManual.mediaListLabel', {
					task: task.name,
				} ) }
			>
				{ media.data.map( ( item ) => (
					<StoredFile
						key={ item.id }
						media={ item }
						task={ task }
						campaignId={ campaignId }
					/>
				) ) }
			</ul>
		);
	}

	return (
		// Not a region of its own: the task's body around it is the region.
		<div className={ `${ block }__media` } data-manual-section="task-media">
			<h3 className={ `${ block }__media-title` }>
				{ t( 'campaignManual.mediaTitle' ) }
			</h3>
			<div className={ `${ block }__upload-field` }>
				{ /* Hidden but focusable: the label is its button, and shows its focus. */ }
				<input
					id={ inputId }
					className={ `${ block }__file-input` }
					type="file"
					multiple
					accept={ extensions
						.map( ( extension ) => `.${ extension }` )
						.join( ',' ) }
					aria-describedby={ hintId }
					onChange={ onChoose }
				/>
				<label
					htmlFor={ inputId }
					className="crowdscout-button crowdscout-button--secondary"
				>
					{ t( 'campaignManual.uploadLabel' ) }
				</label>
				<p id={ hintId } className={ `${ block }__hint` }>
					{ t( 'campaignManual.uploadHint', {
						extensions: extensions.join( ', ' ),
					} ) }
				</p>
			</div>
			{ mine.length > 0 && (
				<ul
					className={ `${ block }__uploads` }
					aria-label={ t( 'campaignManual.uploadsLabel' ) }
				>
					{ mine.map( ( item ) => (
						<Upload
							key={ item.id }
							item={ item }
							onDismiss={ () => uploads.dismiss( item.id ) }
						/>
					) ) }
				</ul>
			) }
			{ stored }
		</div>
	);
}
