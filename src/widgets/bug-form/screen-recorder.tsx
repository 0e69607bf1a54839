import { useEffect, useRef, useState } from '@wordpress/element';

import { useTranslation } from '../../lib/use-translation';
import { block } from './block';

/** Whether the browser can record the screen: getDisplayMedia and MediaRecorder. */
export function canRecordScreen(): boolean {
	return (
		typeof navigator !== 'undefined' &&
		typeof navigator.mediaDevices?.getDisplayMedia === 'function' &&
		typeof window.MediaRecorder === 'function'
	);
}

const twoDigits = ( value: number ) => String( value ).padStart( 2, '0' );

/**
 * screen-recording-20261128-140512.webm: a name the upload accepts, telling recordings apart.
 *
 * @param now
 */
export function recordingName( now: Date = new Date() ): string {
	return `screen-recording-${ now.getFullYear() }${ twoDigits(
		now.getMonth() + 1
	) }${ twoDigits( now.getDate() ) }-${ twoDigits(
		now.getHours()
	) }${ twoDigits( now.getMinutes() ) }${ twoDigits(
		now.getSeconds()
	) }.webm`;
}

type State =
	| { step: 'idle' }
	| { step: 'recording' }
	| { step: 'recorded'; file: File; url: string | null }
	| { step: 'failed' };

/**
 * "Record screen": records a screen, window or tab (getDisplayMedia, MediaRecorder in webm), shows the
 * recording and attaches it as a media item, uploaded like a chosen file (same path, extensions and size
 * limit). Not shown where the browser cannot record.
 *
 * @param props
 * @param props.onAttach Receives the recording as a file.
 */
export function ScreenRecorder( {
	onAttach,
}: {
	onAttach: ( file: File ) => void;
} ) {
	const { t } = useTranslation();
	const [ state, setState ] = useState< State >( { step: 'idle' } );
	const recorder = useRef< MediaRecorder | null >( null );
	const stream = useRef< MediaStream | null >( null );

	const stopTracks = () => {
		stream.current?.getTracks().forEach( ( track ) => track.stop() );
		stream.current = null;
	};

	useEffect(
		() => () => {
			if ( recorder.current?.state === 'recording' ) {
				recorder.current.stop();
			}
			stopTracks();
		},
		[]
	);

	useEffect( () => {
		if ( state.step !== 'recorded' || ! state.url ) {
			return undefined;
		}
		const { url } = state;
		return () => URL.revokeObjectURL?.( url );
	}, [ state ] );

	if ( ! canRecordScreen() ) {
		return null;
	}

	const start = async () => {
		try {
			const captured = await navigator.mediaDevices.getDisplayMedia( {
				video: true,
				audio: false,
			} );
			stream.current = captured;
			const chunks: Blob[] = [];
			const mediaRecorder = new MediaRecorder( captured, {
				mimeType: 'video/webm',
			} );
			recorder.current = mediaRecorder;
			mediaRecorder.addEventListener( 'dataavailable', ( event ) => {
				if ( event.data.size > 0 ) {
					chunks.push( event.data );
				}
			} );
			mediaRecorder.addEventListener( 'stop', () => {
				stopTracks();
				const file = new File( chunks, recordingName(), {
					type: 'video/webm',
				} );
				setState( {
					step: 'recorded',
					file,
					url:
						typeof URL.createObjectURL === 'function'
							? URL.createObjectURL( file )
							: null,
				} );
			} );
			// The browser's own "Stop sharing" ends the recording too.
			captured.getVideoTracks().forEach( ( track ) =>
				track.addEventListener( 'ended', () => {
					if ( mediaRecorder.state === 'recording' ) {
						mediaRecorder.stop();
					}
				} )
			);
			mediaRecorder.start();
			setState( { step: 'recording' } );
		} catch {
			// The tester refused to share, or the browser could not record.
			stopTracks();
			setState( { step: 'failed' } );
		}
	};

	const stop = () => {
		if ( recorder.current?.state === 'recording' ) {
			recorder.current.stop();
		}
	};

	return (
		<div className={ `${ block }__recorder` }>
			{ ( state.step === 'idle' || state.step === 'failed' ) && (
				<button
					type="button"
					className="crowdscout-button crowdscout-button--secondary"
					onClick={ start }
				>
					{ t( 'bugForm.recordScreen' ) }
				</button>
			) }
			{ state.step === 'recording' && (
				<>
					<p className={ `${ block }__recording` } role="status">
						{ t( 'bugForm.recording' ) }
					</p>
					<button
						type="button"
						className="crowdscout-button crowdscout-button--primary"
						onClick={ stop }
					>
						{ t( 'bugForm.stopRecording' ) }
					</button>
				</>
			) }
			{ state.step === 'failed' && (
				<p className={ `${ block }__hint` } role="status">
					{ t( 'bugForm.recordingFailed' ) }
				</p>
			) }
			{ state.step === 'recorded' && (
				<div className={ `${ block }__recorded` }>
					{ state.url && (
						// The tester's own recording: no captions exist for it.
						// eslint-disable-next-line jsx-a11y/media-has-caption
						<video
							className={ `${ block }__video-preview` }
							src={ state.url }
							controls
							aria-label={ t( 'bugForm.recordingPreview' ) }
						/>
					) }
					<div className={ `${ block }__recorder-actions` }>
						<button
							type="button"
							className="crowdscout-button crowdscout-button--primary"
							onClick={ () => {
								onAttach( state.file );
								setState( { step: 'idle' } );
							} }
						>
							{ t( 'bugForm.attachRecording' ) }
						</button>
						<button
							type="button"
							className="crowdscout-button crowdscout-button--secondary"
							onClick={ () => setState( { step: 'idle' } ) }
						>
							{ t( 'bugForm.discardRecording' ) }
						</button>
					</div>
				</div>
			) }
		</div>
	);
}
