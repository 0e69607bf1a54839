import {
	act,
	fireEvent,
	screen,
	waitFor,
	within,
} from '@testing-library/react';

import {
	FakeUpload,
	installFakeUpload,
	restoreXhr,
} from '../../../test-utils/fake-upload';
import { apiError, bugFormApi, config, renderLoadedForm } from './helpers';

type BugUploadRoute = 'POST /users/me/campaigns/12/media';

const SIGNED = '?expires=1900000000&signature=abc';

beforeEach( () => {
	window.localStorage.clear();
	installFakeUpload( config.apiBase );
} );

afterEach( () => {
	restoreXhr();
	// @ts-expect-error Put back as jsdom has it: without.
	delete window.matchMedia;
} );

const fileInput = () =>
	document.querySelector< HTMLInputElement >( 'input[type="file"]' )!;

function choose( ...files: File[] ) {
	fireEvent.change( fileInput(), { target: { files } } );
}

const png = ( name = 'login.png' ) =>
	new File( [ 'png' ], name, { type: 'image/png' } );

const item = ( name: string ) =>
	screen
		.getAllByRole( 'listitem' )
		.find( ( element ) => element.textContent?.includes( name ) )!;

const deleteButton = ( name: string ) =>
	within( item( name ) ).getByRole( 'button', { name: `Delete ${ name }` } );

async function stored(
	name: string,
	url = `/api/media/k-${ name }${ SIGNED }`
) {
	const upload = FakeUpload.sent[ FakeUpload.sent.length - 1 ];
	await upload.respond< BugUploadRoute >( {
		status: 201,
		body: {
			url,
			name,
			mimeType: name.endsWith( '.mp4' ) ? 'video/mp4' : 'image/png',
		},
	} );
	return url;
}

describe( 'bug form media', () => {
	it( 'fails a file of another extension at once, without sending it', async () => {
		bugFormApi();
		await renderLoadedForm();
		choose( new File( [ 'MZ' ], 'setup.exe' ) );
		expect(
			within( item( 'setup.exe' ) ).getByText( 'File not supported' )
		).toBeInTheDocument();
		expect( item( 'setup.exe' ) ).toHaveAttribute(
			'data-upload-status',
			'failed'
		);
		expect( FakeUpload.sent ).toHaveLength( 0 );
	} );

	it( 'shows the progress of each file and forbids deleting it while it uploads', async () => {
		bugFormApi();
		await renderLoadedForm();
		choose( png() );
		expect( FakeUpload.sent ).toHaveLength( 1 );
		const [ upload ] = FakeUpload.sent;
		expect( upload.route ).toBe( 'POST /users/me/campaigns/12/media' );
		expect( upload.file.name ).toBe( 'login.png' );
		expect( upload.headers.Authorization ).toBe( 'Bearer token-1' );
		const bar = screen.getByRole( 'progressbar', {
			name: 'Uploading login.png',
		} );
		upload.progress( 40, 100 );
		expect( bar ).toHaveAttribute( 'value', '40' );
		expect( deleteButton( 'login.png' ) ).toBeDisabled();
		expect(
			screen.getByRole( 'button', { name: 'Submit bug' } )
		).toBeDisabled();

		await stored( 'login.png' );
		expect( item( 'login.png' ) ).toHaveAttribute(
			'data-upload-status',
			'success'
		);
		expect( deleteButton( 'login.png' ) ).toBeEnabled();
	} );

	it.each( [
		[
			413,
			{
				status: 413,
				error: 'Payload Too Large',
				message: 'Maximum file size exceeded',
				errorCode: 'FILE_TOO_BIG',
			},
			'Maximum file size exceeded',
		],
		[
			415,
			{
				status: 415,
				error: 'Unsupported Media Type',
				message: 'File not supported',
				errorCode: 'INVALID_FILE_EXTENSION',
			},
			'File not supported',
		],
		[
			400,
			{
				status: 400,
				error: 'Bad Request',
				message: 'Generic error',
				errorCode: 'GENERIC_ERROR',
			},
			'Generic error',
		],
		[
			403,
			{
				status: 403,
				error: 'Forbidden',
				message: 'You do not have permission to access this campaign',
			},
			'Generic error',
		],
	] as const )(
		'names a refused upload (%i) with the spec’s text',
		async ( status, body, text ) => {
			bugFormApi();
			await renderLoadedForm();
			choose( png() );
			await FakeUpload.sent[ 0 ].respond< BugUploadRoute >( {
				status,
				body,
			} as never );
			expect(
				within( item( 'login.png' ) ).getByText( text )
			).toBeInTheDocument();
			expect( item( 'login.png' ) ).toHaveAttribute(
				'data-upload-status',
				'failed'
			);
		}
	);

	it( 'deletes a stored file on the server, and a failed one only from the list', async () => {
		const fake = bugFormApi().on( 'DELETE /media', ( request ) => ( {
			status: 200,
			body: request.body as { url: string },
		} ) );
		await renderLoadedForm();
		choose( png(), new File( [ 'x' ], 'virus.exe' ) );
		const url = await stored( 'login.png' );

		fireEvent.click( deleteButton( 'virus.exe' ) );
		await waitFor( () =>
			expect( screen.queryByText( 'virus.exe' ) ).not.toBeInTheDocument()
		);
		expect( fake.requestsTo( 'DELETE /media' ) ).toHaveLength( 0 );

		fireEvent.click( deleteButton( 'login.png' ) );
		await waitFor( () =>
			expect( screen.queryByText( 'login.png' ) ).not.toBeInTheDocument()
		);
		expect( fake.requestsTo( 'DELETE /media' )[ 0 ].body ).toEqual( {
			url,
		} );
	} );

	it( 'keeps a file the server would not delete and says "Generic error"', async () => {
		bugFormApi().on( 'DELETE /media', apiError( 404, 'Media not found' ) );
		await renderLoadedForm();
		choose( png() );
		await stored( 'login.png' );
		fireEvent.click( deleteButton( 'login.png' ) );
		const toast = await screen.findByRole( 'alert' );
		expect( toast ).toHaveTextContent( 'Generic error' );
		expect( item( 'login.png' ) ).toBeInTheDocument();
	} );

	it( 'takes files dropped on the drop zone', async () => {
		bugFormApi();
		await renderLoadedForm();
		fireEvent.drop( screen.getByTestId( 'drop-zone' ), {
			dataTransfer: { files: [ png( 'dropped.png' ) ] },
		} );
		expect( FakeUpload.sent ).toHaveLength( 1 );
		expect( FakeUpload.sent[ 0 ].file.name ).toBe( 'dropped.png' );
	} );

	it.each( [
		[ true, 1 ],
		[ false, 0 ],
	] )(
		'previews an mp4 video only on a wide screen (wide: %s)',
		async ( wide, videos ) => {
			window.matchMedia = jest.fn().mockReturnValue( {
				matches: wide,
				addEventListener: jest.fn(),
				removeEventListener: jest.fn(),
			} );
			bugFormApi();
			await renderLoadedForm();
			choose( new File( [ 'mp4' ], 'tap.mp4', { type: 'video/mp4' } ) );
			await stored( 'tap.mp4' );
			expect( screen.queryAllByTestId( 'video-preview' ) ).toHaveLength(
				videos
			);
		}
	);
} );

describe( 'screen recording', () => {
	const realMediaDevices = navigator.mediaDevices;

	afterEach( () => {
		Object.defineProperty( navigator, 'mediaDevices', {
			value: realMediaDevices,
			configurable: true,
		} );
		// @ts-expect-error Put back as jsdom has it: without.
		delete window.MediaRecorder;
	} );

	it( 'is not offered where the browser cannot record', async () => {
		bugFormApi();
		await renderLoadedForm();
		expect(
			screen.queryByRole( 'button', { name: 'Record screen' } )
		).not.toBeInTheDocument();
	} );

	it( 'records the screen, previews it and uploads it as a webm media item', async () => {
		const track = { stop: jest.fn(), addEventListener: jest.fn() };
		const stream = {
			getTracks: () => [ track ],
			getVideoTracks: () => [ track ],
		};
		const getDisplayMedia = jest.fn().mockResolvedValue( stream );
		Object.defineProperty( navigator, 'mediaDevices', {
			value: { getDisplayMedia },
			configurable: true,
		} );
		const recorders: FakeRecorder[] = [];
		class FakeRecorder extends EventTarget {
			state = 'inactive';

			constructor(
				readonly source: unknown,
				readonly options: { mimeType: string }
			) {
				super();
				recorders.push( this );
			}

			start() {
				this.state = 'recording';
			}

			stop() {
				this.state = 'inactive';
				const data = new Event( 'dataavailable' );
				Object.assign( data, {
					data: new Blob( [ 'webm' ], { type: 'video/webm' } ),
				} );
				this.dispatchEvent( data );
				this.dispatchEvent( new Event( 'stop' ) );
			}
		}
		window.MediaRecorder = FakeRecorder as unknown as typeof MediaRecorder;

		bugFormApi();
		await renderLoadedForm();
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Record screen' } )
		);
		const stop = await screen.findByRole( 'button', {
			name: 'Stop recording',
		} );
		expect( getDisplayMedia ).toHaveBeenCalled();
		expect( recorders[ 0 ].options.mimeType ).toBe( 'video/webm' );
		expect( recorders[ 0 ].state ).toBe( 'recording' );

		act( () => {
			fireEvent.click( stop );
		} );
		expect( track.stop ).toHaveBeenCalled();
		fireEvent.click(
			await screen.findByRole( 'button', { name: 'Attach recording' } )
		);
		expect( FakeUpload.sent ).toHaveLength( 1 );
		const { file } = FakeUpload.sent[ 0 ];
		expect( FakeUpload.sent[ 0 ].route ).toBe(
			'POST /users/me/campaigns/12/media'
		);
		expect( file.name ).toMatch( /^screen-recording-\d{8}-\d{6}\.webm$/ );
		expect( file.type ).toBe( 'video/webm' );
		await stored( file.name );
		expect( item( file.name ) ).toHaveAttribute(
			'data-upload-status',
			'success'
		);
	} );
} );
