import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { axeViolations } from '../../../test-utils/axe';
import { apiError, deferred, type FakeApi } from '../../../test-utils/fake-api';
import {
	IPHONE,
	NOTEBOOK,
	button,
	devicesApi,
	dialog,
	inDialog,
	renderDeviceTable,
	renderDevices,
	restoreWindow,
	windowWidth,
	type Device,
} from './helpers';

let api: FakeApi;

beforeEach( () => {
	windowWidth( 1280 );
} );

afterEach( () => {
	restoreWindow();
} );

const rowOf = ( name: string ) =>
	screen.getByRole( 'rowheader', { name } ).closest( 'tr' )!;

const cellsOf = ( row: HTMLElement ) =>
	within( row )
		.getAllByRole( 'cell' )
		.map( ( cell ) => cell.textContent );

describe( 'devices page', () => {
	it( 'lists the devices with a named type icon, model, OS, version and the two actions', async () => {
		api = devicesApi();
		await renderDeviceTable();

		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Devices' } )
		).toBeInTheDocument();
		expect(
			within( screen.getByRole( 'table' ) )
				.getAllByRole( 'columnheader' )
				.map( ( header ) => header.textContent )
		).toEqual( [
			'Type',
			'Model',
			'Operating System',
			'Version',
			'Actions',
		] );

		const iphone = rowOf( 'Apple iPhone 16' );
		expect(
			within( iphone ).getByRole( 'img', { name: 'Smartphone' } )
		).toBeInTheDocument();
		expect( cellsOf( iphone ) ).toEqual( [
			'',
			'iOS',
			'17.5',
			'EditDelete',
		] );
		const notebook = rowOf( 'Notebook' );
		expect(
			within( notebook ).getByRole( 'img', { name: 'Computer' } )
		).toBeInTheDocument();
		expect( cellsOf( notebook ).slice( 1, 3 ) ).toEqual( [
			'Windows',
			'11',
		] );
		// Each row's buttons say which device they act on.
		expect(
			within( iphone ).getByRole( 'button', { name: 'Edit' } )
		).toHaveAccessibleDescription( 'Apple iPhone 16' );
		expect(
			within( notebook ).getByRole( 'button', { name: 'Delete' } )
		).toHaveAccessibleDescription( 'Notebook' );

		const side = screen.getByRole( 'region', {
			name: 'Update your device list',
		} );
		expect(
			within( side ).getByRole( 'button', { name: 'Add device' } )
		).toBeEnabled();
	} );

	it( "shows the spec's empty text when the API answers 404 (no devices)", async () => {
		api = devicesApi( [] );
		await renderDevices();

		expect(
			await screen.findByText(
				"You don't have any devices yet. Add one to participate in the tests!"
			)
		).toBeInTheDocument();
		expect( screen.queryByRole( 'table' ) ).not.toBeInTheDocument();
		expect( button( 'Add device' ) ).toBeEnabled();
	} );

	it( 'shows a spinner while the list loads, and an error with a retry when it fails', async () => {
		api = devicesApi();
		const gate = deferred< void >();
		let fail = true;
		api.hold(
			( request ) => request.route === '/users/me/devices',
			gate.promise
		).on( 'GET /users/me/devices', () =>
			fail
				? apiError( 500, 'Database unavailable' )
				: { status: 200, body: [ IPHONE ] }
		);
		await renderDevices();

		// The page is there and its list on its way.
		await waitFor( () =>
			expect( api.requestsTo( 'GET /users/me/devices' ) ).toHaveLength(
				1
			)
		);
		expect(
			screen.getByRole( 'status', { name: 'Loading your devices…' } )
		).toBeInTheDocument();
		gate.resolve();
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Something went wrong'
		);

		fail = false;
		fireEvent.click( button( 'Try again' ) );
		expect(
			await screen.findByRole( 'rowheader', { name: 'Apple iPhone 16' } )
		).toBeInTheDocument();
	} );

	it( 'shows the login card to a visitor', async () => {
		api = devicesApi();
		api.on( 'GET /users/me', apiError( 403, 'You are not logged in.' ) );
		await renderDevices();

		expect(
			await screen.findByRole( 'heading', { name: 'Login to continue' } )
		).toBeInTheDocument();
		expect( api.requestsTo( 'GET /users/me/devices' ) ).toHaveLength( 0 );
	} );

	it( 'has no axe violations with the table', async () => {
		api = devicesApi();
		const { container } = await renderDeviceTable();
		expect( await axeViolations( container ) ).toEqual( [] );
	} );

	it( 'has no axe violations in the wizard, on the type and details steps', async () => {
		api = devicesApi();
		await renderDeviceTable();
		fireEvent.click( button( 'Add device' ) );
		await screen.findByRole( 'dialog', { name: 'Add a device' } );
		expect( await axeViolations( document.body ) ).toEqual( [] );

		fireEvent.click( inDialog().getByRole( 'radio', { name: 'Tablet' } ) );
		fireEvent.click( inDialog().getByRole( 'button', { name: 'Next' } ) );
		await inDialog().findByRole( 'combobox', { name: /^Manufacturer/ } );
		expect( await axeViolations( document.body ) ).toEqual( [] );
	} );

	it( 'has no axe violations in the remove confirmation', async () => {
		api = devicesApi();
		await renderDeviceTable();
		fireEvent.click(
			within( rowOf( 'Notebook' ) ).getByRole( 'button', {
				name: 'Delete',
			} )
		);
		await screen.findByRole( 'dialog', { name: 'Remove this device?' } );
		expect( await axeViolations( document.body ) ).toEqual( [] );
	} );
} );

describe( 'removing a device', () => {
	async function askToRemove( device: Device, name: string ) {
		api.on( `DELETE /users/me/devices/${ device.id }`, {
			status: 200,
			body: { id: device.id },
		} );
		await renderDeviceTable();
		fireEvent.click(
			within( rowOf( name ) ).getByRole( 'button', { name: 'Delete' } )
		);
		return screen.findByRole( 'dialog', { name: 'Remove this device?' } );
	}

	it( 'asks first, then removes it and says so', async () => {
		api = devicesApi();
		const confirm = await askToRemove( IPHONE, 'Apple iPhone 16' );
		expect( confirm ).toHaveAccessibleDescription(
			'Apple iPhone 16 will no longer be among your devices.'
		);
		expect( api.requestsTo( 'DELETE /users/me/devices/5' ) ).toHaveLength(
			0
		);
		// The list after the removal.
		api.on( 'GET /users/me/devices', {
			status: 200,
			body: [ NOTEBOOK ],
		} );

		fireEvent.click( inDialog().getByRole( 'button', { name: 'Remove' } ) );

		expect( await screen.findByRole( 'status' ) ).toHaveTextContent(
			'Device removed'
		);
		await waitFor( () =>
			expect(
				screen.queryByRole( 'rowheader', { name: 'Apple iPhone 16' } )
			).not.toBeInTheDocument()
		);
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( api.requestsTo( 'DELETE /users/me/devices/5' ) ).toHaveLength(
			1
		);
		// Its row is gone: focus goes to Add device rather than nowhere.
		await waitFor( () => expect( button( 'Add device' ) ).toHaveFocus() );
	} );

	it( 'does nothing on Cancel', async () => {
		api = devicesApi();
		await askToRemove( IPHONE, 'Apple iPhone 16' );
		fireEvent.click( inDialog().getByRole( 'button', { name: 'Cancel' } ) );

		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( api.requestsTo( 'DELETE /users/me/devices/5' ) ).toHaveLength(
			0
		);
		expect(
			screen.getByRole( 'rowheader', { name: 'Apple iPhone 16' } )
		).toBeInTheDocument();
	} );

	it( "refuses a device used in a campaign (406) with the spec's message", async () => {
		api = devicesApi();
		await askToRemove( NOTEBOOK, 'Notebook' );
		api.on(
			'DELETE /users/me/devices/6',
			apiError(
				406,
				"You can't delete this device, you are using it in a campaign!"
			)
		);
		fireEvent.click( inDialog().getByRole( 'button', { name: 'Remove' } ) );

		const toast = await screen.findByRole( 'alert' );
		expect( toast ).toHaveTextContent( 'Oh no!' );
		expect( toast ).toHaveTextContent(
			"You can't delete this device, you are using it in a campaign!"
		);
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect(
			screen.getByRole( 'rowheader', { name: 'Notebook' } )
		).toBeInTheDocument();
	} );

	it( "says 'Error' when the removal fails otherwise", async () => {
		api = devicesApi();
		await askToRemove( NOTEBOOK, 'Notebook' );
		api.on(
			'DELETE /users/me/devices/6',
			apiError( 500, 'Database unavailable' )
		);
		fireEvent.click( inDialog().getByRole( 'button', { name: 'Remove' } ) );

		const toast = await screen.findByRole( 'alert' );
		expect( toast ).toHaveTextContent( /^Error×?$/ );
	} );
} );

describe( 'editing a device', () => {
	async function openEdit() {
		await renderDeviceTable();
		fireEvent.click(
			within( rowOf( 'Apple iPhone 16' ) ).getByRole( 'button', {
				name: 'Edit',
			} )
		);
		const wizard = await screen.findByRole( 'dialog', {
			name: 'Edit your device',
		} );
		await waitFor( () =>
			expect(
				inDialog().getByRole( 'combobox', { name: /^Version/ } )
			).toBeEnabled()
		);
		return wizard;
	}

	it( 'has two steps and changes only the OS version', async () => {
		api = devicesApi();
		api.on( 'PATCH /users/me/devices/5', {
			status: 200,
			body: {
				...IPHONE,
				operating_system: {
					...IPHONE.operating_system,
					id: 101,
					version: '18.1',
				},
			},
		} );
		const wizard = await openEdit();
		expect( wizard ).toHaveAccessibleDescription(
			'Step 1 of 2: Device details'
		);
		// What cannot change is shown, not offered.
		expect(
			inDialog().queryByRole( 'combobox', { name: /^Manufacturer/ } )
		).not.toBeInTheDocument();
		expect( wizard ).toHaveTextContent( 'DeviceApple iPhone 16' );
		expect( wizard ).toHaveTextContent( 'Operating systemiOS' );
		expect(
			inDialog().queryByRole( 'button', { name: 'Back' } )
		).not.toBeInTheDocument();
		expect(
			wizard.querySelector( '.crowdscout-combo__single-value' )
		).toHaveTextContent( '17.5' );

		fireEvent.keyDown(
			inDialog().getByRole( 'combobox', { name: /^Version/ } ),
			{ key: 'ArrowDown' }
		);
		fireEvent.click( screen.getByRole( 'option', { name: '18.1' } ) );
		fireEvent.click( inDialog().getByRole( 'button', { name: 'Next' } ) );
		expect( wizard ).toHaveAccessibleDescription(
			'Step 2 of 2: Device recap'
		);
		expect( wizard ).toHaveTextContent( 'Version18.1' );
		fireEvent.click(
			inDialog().getByRole( 'button', { name: 'Save changes' } )
		);

		expect( await screen.findByRole( 'status' ) ).toHaveTextContent(
			'Device modified'
		);
		expect(
			api.requestsTo( 'PATCH /users/me/devices/5' )[ 0 ].body
		).toEqual( { operating_system: 101 } );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
	} );

	it( 'says nothing changed when the API answers 304', async () => {
		api = devicesApi();
		api.on( 'PATCH /users/me/devices/5', { status: 304 } );
		await openEdit();
		fireEvent.click( inDialog().getByRole( 'button', { name: 'Next' } ) );
		fireEvent.click(
			inDialog().getByRole( 'button', { name: 'Save changes' } )
		);

		const toast = await screen.findByRole( 'status' );
		expect( toast ).toHaveTextContent( 'Your device was not modified' );
		expect( toast ).toHaveTextContent(
			"You didn't change anything on your device"
		);
		expect(
			api.requestsTo( 'PATCH /users/me/devices/5' )[ 0 ].body
		).toEqual( { operating_system: 100 } );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
	} );

	it( "says 'Generic error' when the edit fails without a message (offline)", async () => {
		api = devicesApi();
		api.on( 'PATCH /users/me/devices/5', () => {
			throw new TypeError( 'Failed to fetch' );
		} );
		await openEdit();
		fireEvent.click( inDialog().getByRole( 'button', { name: 'Next' } ) );
		fireEvent.click(
			inDialog().getByRole( 'button', { name: 'Save changes' } )
		);

		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			/^Generic error×?$/
		);
		expect( dialog() ).toBeInTheDocument();
	} );

	it( "shows the server's message on another failure and keeps the wizard open", async () => {
		api = devicesApi();
		api.on(
			'PATCH /users/me/devices/5',
			apiError(
				400,
				'Operating system version 301 (11) is not a version of iOS'
			)
		);
		await openEdit();
		fireEvent.click( inDialog().getByRole( 'button', { name: 'Next' } ) );
		fireEvent.click(
			inDialog().getByRole( 'button', { name: 'Save changes' } )
		);

		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Operating system version 301 (11) is not a version of iOS'
		);
		expect( dialog() ).toBeInTheDocument();
	} );
} );
