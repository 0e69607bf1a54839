import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { axeViolations } from '../../../test-utils/axe';
import type { FakeApi } from '../../../test-utils/fake-api';
import type { CampaignTask, TaskMedia } from '../../../services/contract';
import {
	FakeUpload,
	installFakeUpload,
	restoreXhr,
} from '../../../test-utils/fake-upload';
import {
	CAMPAIGN_ID,
	LOGIN_TASK,
	SCREENSHOT,
	TASKS_ROUTE,
	TRANSFER_TASK,
	apiError,
	config,
	manualApi,
	renderLoadedManual,
} from './helpers';

const TASK_PATH =
	`/users/me/campaigns/${ CAMPAIGN_ID }/tasks/${ LOGIN_TASK.id }` as const;
const MEDIA_ROUTE = `GET ${ TASK_PATH }/media` as const;

let api: FakeApi;

beforeEach( () => {
	installFakeUpload( config.apiBase );
} );

afterEach( () => {
	restoreXhr();
} );

/** Opens the Manual tab and one task of its accordion; answers the task's region. */
async function openTask( name: string ) {
	fireEvent.click( screen.getByRole( 'tab', { name: 'Manual' } ) );
	const toggle = screen.getByRole( 'button', {
		name: new RegExp( name ),
	} );
	fireEvent.click( toggle );
	expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );
	const region = document.getElementById(
		toggle.getAttribute( 'aria-controls' ) ?? ''
	)!;
	expect( region ).toHaveRole( 'region' );
	expect( region ).toHaveAccessibleName( expect.stringContaining( name ) );
	return region;
}

/** The login task open, with its files listed. */
async function openLoginTask() {
	const task = await openTask( 'Log in' );
	await within( task ).findByRole( 'heading', { name: 'Your files' } );
	await waitFor( () =>
		expect( within( task ).queryByRole( 'status' ) ).not.toBeInTheDocument()
	);
	// One region per task: the browser tests find the task's body by its role.
	expect( within( task ).queryByRole( 'region' ) ).not.toBeInTheDocument();
	return task;
}

const chooseFiles = ( task: HTMLElement, ...files: File[] ) =>
	fireEvent.change( within( task ).getByLabelText( 'Upload files' ), {
		target: { files },
	} );

const png = ( name: string ) =>
	new File( [ new Uint8Array( [ 137, 80, 78, 71 ] ) ], name, {
		type: 'image/png',
	} );

describe( 'the task accordion', () => {
	it( 'lists the tasks in order, TODO for a pending one and a check for a completed one', async () => {
		api = manualApi();
		await renderLoadedManual();
		fireEvent.click( screen.getByRole( 'tab', { name: 'Manual' } ) );

		const toggles = within(
			screen.getByRole( 'tabpanel', { name: 'Manual' } )
		).getAllByRole( 'button' );
		expect( toggles.map( ( toggle ) => toggle.textContent ) ).toEqual( [
			'TODOLog in',
			'CompletedSend money',
		] );
		toggles.forEach( ( toggle ) =>
			expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' )
		);
	} );

	it( 'marks a task completed: it asks the API, reads the tasks again and disables the button', async () => {
		let tasks: CampaignTask[] = [ LOGIN_TASK, TRANSFER_TASK ];
		api = manualApi()
			.on( TASKS_ROUTE, () => ( { status: 200, body: tasks } ) )
			.on( `POST ${ TASK_PATH }`, () => {
				tasks = [
					{ ...LOGIN_TASK, status: 'completed' },
					TRANSFER_TASK,
				];
				return { status: 200, body: tasks[ 0 ] };
			} );
		await renderLoadedManual();
		const task = await openLoginTask();

		expect( task ).toHaveTextContent( 'Log in with your own account.' );
		const complete = within( task ).getByRole( 'button', {
			name: 'Mark as completed',
		} );
		expect( complete ).toBeEnabled();
		fireEvent.click( complete );

		await waitFor( () =>
			expect(
				screen.getByRole( 'button', { name: /Log in$/ } )
			).toHaveTextContent( 'CompletedLog in' )
		);
		expect(
			within( task ).getByRole( 'button', { name: 'Mark as completed' } )
		).toBeDisabled();
		expect( api.requestsTo( `POST ${ TASK_PATH }` )[ 0 ].body ).toEqual( {
			status: 'completed',
		} );
		expect( api.requestsTo( TASKS_ROUTE ) ).toHaveLength( 2 );
	} );

	it( 'has the button disabled on a completed task, and no upload on a task without media', async () => {
		api = manualApi();
		await renderLoadedManual();
		const task = await openTask( 'Send money' );

		expect( task ).toHaveTextContent( 'Send 1 euro to a friend.' );
		expect(
			within( task ).getByRole( 'button', { name: 'Mark as completed' } )
		).toBeDisabled();
		expect(
			within( task ).queryByLabelText( 'Upload files' )
		).not.toBeInTheDocument();
		expect(
			api.requestsTo(
				`GET /users/me/campaigns/${ CAMPAIGN_ID }/tasks/${ TRANSFER_TASK.id }/media`
			)
		).toHaveLength( 0 );
	} );

	it( 'says so in a toast when completing fails, and keeps the task pending', async () => {
		api = manualApi().on(
			`POST ${ TASK_PATH }`,
			apiError(
				403,
				'You do not have permission to access this campaign'
			)
		);
		await renderLoadedManual();
		const task = await openLoginTask();

		fireEvent.click(
			within( task ).getByRole( 'button', { name: 'Mark as completed' } )
		);
		const toast = await screen.findByRole( 'alert' );
		expect( toast ).toHaveTextContent(
			"We couldn't mark the task as completed."
		);
		expect( toast ).toHaveTextContent(
			'You do not have permission to access this campaign'
		);
		expect(
			screen.getByRole( 'button', { name: /Log in$/ } )
		).toHaveTextContent( 'TODOLog in' );
	} );

	it( 'sanitises the task instructions too', async () => {
		api = manualApi(
			{},
			{
				tasks: [
					{
						...LOGIN_TASK,
						content:
							'<p>Open the app.</p><img src="x" onerror="window.hacked = true" alt="">' +
							'<a href="javascript:window.hacked = true">Start</a><script>window.hacked = true</script>',
					},
				],
			}
		);
		await renderLoadedManual();
		const task = await openLoginTask();

		expect( task ).toHaveTextContent( 'Open the app.' );
		expect( task.querySelector( 'script, [onerror]' ) ).toBeNull();
		expect( within( task ).getByText( 'Start' ) ).not.toHaveAttribute(
			'href'
		);
	} );

	it( 'has no axe violations with a task open', async () => {
		api = manualApi();
		const { container } = await renderLoadedManual();
		await openLoginTask();
		expect( await axeViolations( container ) ).toEqual( [] );
	} );
} );

describe( "a task's files", () => {
	it( "lists the task's files with a link and a delete button", async () => {
		api = manualApi();
		await renderLoadedManual();
		const task = await openLoginTask();

		const list = within( task ).getByRole( 'list', {
			name: 'Your files for Log in',
		} );
		expect(
			within( list ).getByRole( 'link', { name: 'login-screen.png' } )
		).toHaveAttribute(
			'href',
			'http://scouts.test/api/media/abc123?expires=1&signature=xyz'
		);
		expect(
			within( list ).getByRole( 'button', {
				name: 'Delete login-screen.png',
			} )
		).toBeEnabled();
		expect(
			within( task ).getByLabelText( 'Upload files' )
		).toHaveAttribute( 'accept', '.png,.jpg' );
		expect( task ).toHaveTextContent( 'Accepted files: png, jpg' );
	} );

	it( 'uploads a file with the bearer token, shows its progress, then lists it', async () => {
		const stored: TaskMedia = {
			id: 71,
			name: 'home.png',
			mimeType: 'image/png',
			url: '/api/media/def456?expires=1&signature=uvw',
		};
		let media: TaskMedia[] = [ SCREENSHOT ];
		api = manualApi().on( MEDIA_ROUTE, () => ( {
			status: 200,
			body: { items: media },
		} ) );
		await renderLoadedManual();
		const task = await openLoginTask();

		chooseFiles( task, png( 'home.png' ) );
		expect( FakeUpload.sent ).toHaveLength( 1 );
		const [ upload ] = FakeUpload.sent;
		expect( upload.route ).toBe( `POST ${ TASK_PATH }/media` );
		expect( upload.headers.Authorization ).toBe( 'Bearer token-1' );
		expect( upload.file.name ).toBe( 'home.png' );

		const progress = within( task ).getByRole( 'progressbar', {
			name: 'Uploading home.png',
		} );
		expect( progress ).toHaveAttribute( 'value', '0' );
		upload.progress( 30, 60 );
		expect( progress ).toHaveAttribute( 'value', '50' );

		media = [ SCREENSHOT, stored ];
		await upload.respond( { status: 201, body: stored } );
		expect(
			await within( task ).findByRole( 'link', { name: 'home.png' } )
		).toBeInTheDocument();
		expect(
			within( task ).queryByRole( 'progressbar' )
		).not.toBeInTheDocument();
		// The list is read again, for fresh signed addresses.
		await waitFor( () =>
			expect( api.requestsTo( MEDIA_ROUTE ) ).toHaveLength( 2 )
		);
	} );

	it( 'keeps an upload going, with its progress, while the tester reads the Info tab', async () => {
		api = manualApi();
		await renderLoadedManual();
		const task = await openLoginTask();
		chooseFiles( task, png( 'home.png' ) );
		FakeUpload.sent[ 0 ].progress( 10, 100 );

		fireEvent.click( screen.getByRole( 'tab', { name: 'Info' } ) );
		FakeUpload.sent[ 0 ].progress( 80, 100 );
		const back = await openTask( 'Log in' );

		expect( FakeUpload.sent[ 0 ].aborted ).toBe( false );
		expect(
			within( back ).getByRole( 'progressbar', {
				name: 'Uploading home.png',
			} )
		).toHaveAttribute( 'value', '80' );
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
	] as const )(
		'shows a refused upload (%s) with the spec text, and removes it on request',
		async ( status, body, text ) => {
			api = manualApi();
			await renderLoadedManual();
			const task = await openLoginTask();

			chooseFiles( task, png( 'huge.png' ) );
			await FakeUpload.sent[ 0 ].respond( { status, body } );

			const failed = within( task ).getByRole( 'list', {
				name: 'Files on their way',
			} );
			expect( within( failed ).getByRole( 'alert' ) ).toHaveTextContent(
				text
			);
			expect( failed ).toHaveTextContent( 'huge.png' );
			fireEvent.click(
				within( failed ).getByRole( 'button', {
					name: 'Remove huge.png',
				} )
			);
			expect(
				within( task ).queryByRole( 'list', {
					name: 'Files on their way',
				} )
			).not.toBeInTheDocument();
			expect( api.requestsTo( MEDIA_ROUTE ) ).toHaveLength( 1 );
		}
	);

	it( 'refuses a file of an extension the campaign does not take without sending it', async () => {
		api = manualApi();
		await renderLoadedManual();
		const task = await openLoginTask();

		chooseFiles(
			task,
			new File( [ 'MZ' ], 'setup.exe', {
				type: 'application/octet-stream',
			} )
		);
		expect( FakeUpload.sent ).toHaveLength( 0 );
		expect( within( task ).getByRole( 'alert' ) ).toHaveTextContent(
			'File not supported'
		);
	} );

	it( 'sends the file again with a fresh token when the token had expired', async () => {
		api = manualApi().onAjax( 'crowdscout_refresh_token', {
			status: 200,
			body: {
				success: true,
				data: { token: 'token-2', expiresAt: '2030-01-01T00:30:00Z' },
			},
		} );
		await renderLoadedManual();
		const task = await openLoginTask();

		chooseFiles( task, png( 'home.png' ) );
		await FakeUpload.sent[ 0 ].respond( {
			status: 401,
			body: {
				status: 401,
				error: 'Unauthorized',
				message: 'Token expired',
			},
		} );
		await waitFor( () => expect( FakeUpload.sent ).toHaveLength( 2 ) );
		expect( FakeUpload.sent[ 1 ].headers.Authorization ).toBe(
			'Bearer token-2'
		);
		expect( FakeUpload.sent[ 1 ].file.name ).toBe( 'home.png' );
	} );

	it( 'deletes a file and reads the list again', async () => {
		let media: TaskMedia[] = [ SCREENSHOT ];
		const deleteRoute =
			`DELETE ${ TASK_PATH }/media/${ SCREENSHOT.id }` as const;
		api = manualApi()
			.on( MEDIA_ROUTE, () => ( {
				status: 200,
				body: { items: media },
			} ) )
			.on( deleteRoute, () => {
				media = [];
				return { status: 200, body: { id: SCREENSHOT.id } };
			} );
		await renderLoadedManual();
		const task = await openLoginTask();

		fireEvent.click(
			within( task ).getByRole( 'button', {
				name: 'Delete login-screen.png',
			} )
		);
		expect(
			await within( task ).findByText(
				"You haven't uploaded any files for this task yet."
			)
		).toBeInTheDocument();
		expect( api.requestsTo( deleteRoute ) ).toHaveLength( 1 );
	} );

	it( 'shows the "Generic error" danger toast when a delete fails, and keeps the file', async () => {
		api = manualApi().on(
			`DELETE ${ TASK_PATH }/media/${ SCREENSHOT.id }`,
			apiError( 500, 'Disk unavailable' )
		);
		await renderLoadedManual();
		const task = await openLoginTask();

		fireEvent.click(
			within( task ).getByRole( 'button', {
				name: 'Delete login-screen.png',
			} )
		);
		const toast = await screen.findByRole( 'alert' );
		expect( toast ).toHaveTextContent( 'Generic error' );
		expect( toast ).toHaveClass( 'crowdscout-toast--danger' );
		expect(
			within( task ).getByRole( 'link', { name: 'login-screen.png' } )
		).toBeInTheDocument();
	} );
} );
