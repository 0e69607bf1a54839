import { act } from '@testing-library/react';

import type { AnswerTo } from './fake-api';
import { contractProblem } from './contract';

/** A task's upload; the bug form's is `POST /users/me/campaigns/…/media`. */
type TaskUploadRoute =
	`POST /users/me/campaigns/${ string }/tasks/${ string }/media`;

/**
 * XMLHttpRequest as far as the uploads (src/lib/upload-media.ts) use it. Uploads leave through XMLHttpRequest (for the progress
 * events) rather than api-fetch, so the fake API does not see them: each one waits here until the test sends
 * progress and an answer, which is checked against api/openapi.yaml like the fake API's.
 */
export class FakeUpload extends EventTarget {
	static sent: FakeUpload[] = [];

	static apiBase = '';

	readonly upload = new EventTarget();

	method = '';

	url = new URL( 'http://invalid/' );

	headers: Record< string, string > = {};

	body: FormData | null = null;

	status = 0;

	responseText = '';

	aborted = false;

	open( method: string, url: string ) {
		this.method = method;
		this.url = new URL( url );
	}

	setRequestHeader( name: string, value: string ) {
		this.headers[ name ] = value;
	}

	send( body: FormData ) {
		this.body = body;
		FakeUpload.sent.push( this );
	}

	abort() {
		this.aborted = true;
		this.dispatchEvent( new Event( 'abort' ) );
	}

	/** `POST /users/me/…/media`, the route under the API base. */
	get route(): string {
		return `${ this.method } ${ this.url.href.slice(
			FakeUpload.apiBase.length
		) }`;
	}

	/** The file sent in the field `media`. */
	get file(): File {
		return this.body?.get( 'media' ) as File;
	}

	progress( loaded: number, total: number ) {
		act( () => {
			this.upload.dispatchEvent(
				new ProgressEvent( 'progress', {
					lengthComputable: true,
					loaded,
					total,
				} )
			);
		} );
	}

	/**
	 * Answers the upload; the answer must be one the contract allows.
	 *
	 * @param answer
	 */
	async respond< Route extends string = TaskUploadRoute >(
		answer: AnswerTo< Route >
	) {
		const problem = contractProblem(
			this.method,
			this.url.href.slice( FakeUpload.apiBase.length ),
			answer.status,
			answer.body
		);
		if ( problem ) {
			throw new Error( problem );
		}
		this.status = answer.status;
		this.responseText = JSON.stringify( answer.body );
		await act( async () => {
			this.dispatchEvent( new Event( 'load' ) );
		} );
	}
}

const realXhr = window.XMLHttpRequest;

export function installFakeUpload( apiBase: string ) {
	FakeUpload.sent = [];
	FakeUpload.apiBase = apiBase;
	window.XMLHttpRequest = FakeUpload as unknown as typeof XMLHttpRequest;
}

export function restoreXhr() {
	window.XMLHttpRequest = realXhr;
}
