import { messageFromBody } from '../services/api-error';
import { refreshTokenOnce } from '../services/ajax';
import type { UploadError } from '../services/contract';
import type { TransportState } from '../services/transport-state';

export type UploadErrorCode = UploadError[ 'errorCode' ];

export type UploadOutcome< Media > =
	| { media: Media }
	| {
			status: number;
			/** The API's code for a refused file; null for any other failure. */
			errorCode: UploadErrorCode | null;
			message: string | null;
	  };

interface Answer {
	status: number;
	body: unknown;
}

const ERROR_CODES: readonly string[] = [
	'INVALID_FILE_EXTENSION',
	'FILE_TOO_BIG',
	'GENERIC_ERROR',
];

function parseBody( text: string ): unknown {
	try {
		return text === '' ? null : JSON.parse( text );
	} catch {
		return undefined;
	}
}

/**
 * One POST of the file through XMLHttpRequest, the one browser API that reports upload progress (api-fetch,
 * the transport of every other call, cannot). It sends the headers the transport's middleware adds to API
 * calls: the bearer token and the page's language.
 *
 * @param url        Full URL.
 * @param form       The multipart body.
 * @param state      The store's state when sending.
 * @param onProgress Receives the share sent, 0 to 1.
 * @param signal     Aborts the upload.
 */
function send(
	url: string,
	form: FormData,
	state: TransportState,
	onProgress: ( fraction: number ) => void,
	signal?: AbortSignal
): Promise< Answer > {
	return new Promise( ( resolve ) => {
		const xhr = new XMLHttpRequest();
		xhr.open( 'POST', url );
		xhr.setRequestHeader( 'Accept', 'application/json' );
		xhr.setRequestHeader( 'Accept-Language', state.config.locale );
		if ( state.auth.token ) {
			xhr.setRequestHeader(
				'Authorization',
				`Bearer ${ state.auth.token }`
			);
		}
		xhr.upload.addEventListener( 'progress', ( event ) => {
			if ( event.lengthComputable && event.total > 0 ) {
				onProgress( event.loaded / event.total );
			}
		} );
		xhr.addEventListener( 'load', () =>
			resolve( {
				status: xhr.status,
				body: parseBody( xhr.responseText ),
			} )
		);
		// No answer at all (offline, aborted): status 0, as the transport reports it.
		xhr.addEventListener( 'error', () =>
			resolve( { status: 0, body: null } )
		);
		xhr.addEventListener( 'abort', () =>
			resolve( { status: 0, body: null } )
		);
		signal?.addEventListener( 'abort', () => xhr.abort() );
		xhr.send( form );
	} );
}

function outcomeOf< Media >(
	answer: Answer,
	isMedia: ( body: unknown ) => body is Media
): UploadOutcome< Media > {
	if ( answer.status >= 200 && answer.status < 300 ) {
		return isMedia( answer.body )
			? { media: answer.body }
			: { status: answer.status, errorCode: null, message: null };
	}
	const code = ( answer.body as { errorCode?: unknown } | null )?.errorCode;
	return {
		status: answer.status,
		errorCode:
			typeof code === 'string' && ERROR_CODES.includes( code )
				? ( code as UploadErrorCode )
				: null,
		message: messageFromBody( answer.body ),
	};
}

export interface UploadRequest< Media > {
	/** Path under the API base. */
	path: string;
	/** Whether a 2xx answer's body is the stored file the caller expects. */
	isMedia: ( body: unknown ) => body is Media;
	file: File;
	getState: () => TransportState;
	dispatch: Parameters< typeof refreshTokenOnce >[ 0 ];
	onProgress: ( fraction: number ) => void;
	signal?: AbortSignal;
}

/**
 * Uploads one file as the multipart field `media` (task media and bug media alike). Like the base query, a 401 (the token expired) refreshes the
 * token once through admin-ajax and sends the file again.
 *
 * @param request What to send, and where the store is.
 */
export async function uploadMedia< Media >(
	request: UploadRequest< Media >
): Promise< UploadOutcome< Media > > {
	const { path, isMedia, file, getState, dispatch, onProgress, signal } =
		request;
	const attempt = () => {
		const form = new FormData();
		form.append( 'media', file, file.name );
		const state = getState();
		return {
			sentWith: state.auth.token,
			answer: send(
				`${ state.config.apiBase }${ path }`,
				form,
				state,
				onProgress,
				signal
			),
		};
	};
	const first = attempt();
	const answer = await first.answer;
	if ( answer.status !== 401 ) {
		return outcomeOf( answer, isMedia );
	}
	const current = getState().auth.token;
	const alreadyRefreshed = current !== null && current !== first.sentWith;
	if ( ! alreadyRefreshed && ! ( await refreshTokenOnce( dispatch ) ) ) {
		return outcomeOf( answer, isMedia );
	}
	onProgress( 0 );
	return outcomeOf( await attempt().answer, isMedia );
}
