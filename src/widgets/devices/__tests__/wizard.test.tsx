import { fireEvent, screen, waitFor } from '@testing-library/react';

import { apiError, type FakeApi } from '../../../test-utils/fake-api';
import {
	IPHONE,
	button,
	chosen,
	clickOutside,
	devicesApi,
	dialog,
	field,
	inDialog,
	nextTick,
	optionsOf,
	pick,
	recap,
	renderDeviceTable,
	restoreWindow,
	windowWidth,
	type Device,
} from './helpers';

let api: FakeApi;

afterEach( () => {
	restoreWindow();
} );

const next = () => inDialog().getByRole( 'button', { name: 'Next' } );
const back = () => inDialog().getByRole( 'button', { name: 'Back' } );

async function openAdd() {
	await renderDeviceTable();
	fireEvent.click( button( 'Add device' ) );
	return screen.findByRole( 'dialog', { name: 'Add a device' } );
}

function chooseType( name: string ) {
	fireEvent.click( inDialog().getByRole( 'radio', { name } ) );
}

/**
 * Opens the wizard and goes past the type step.
 *
 * @param type The type's name.
 */
async function openDetails( type: string ) {
	const wizard = await openAdd();
	chooseType( type );
	fireEvent.click( next() );
	await enabled( 'Manufacturer' );
	return wizard;
}

/** Waits for a select to take choices (its options arrive, its earlier choice is made). */
const enabled = ( label: string ) =>
	waitFor( () => expect( field( label ) ).toBeEnabled() );

/**
 * Chooses manufacturer, model, OS and version, each once its options are there.
 *
 * @param manufacturer
 * @param model
 * @param platform
 * @param version
 */
async function fillDetails(
	manufacturer: string,
	model: string,
	platform: string,
	version: string
) {
	await pick( 'Manufacturer', manufacturer );
	await pick( 'Model', model );
	await enabled( 'Operating system' );
	await pick( 'Operating system', platform );
	await enabled( 'Version' );
	await pick( 'Version', version );
	expect( next() ).toBeEnabled();
}

const GALAXY: Device = {
	id: 7,
	type: 0,
	device: { id: 21, manufacturer: 'Samsung', model: 'Galaxy S24' },
	operating_system: {
		id: 201,
		platform: 'Android',
		platform_id: 2,
		version: '15',
	},
	added_on: '2026-11-25T04:00:00Z',
};

describe( 'adding a device, on a wide screen', () => {
	beforeEach( () => {
		windowWidth( 1024 );
		api = devicesApi();
	} );

	it( 'starts with the type: the four types it offers, Next waiting for one, no Back', async () => {
		const wizard = await openAdd();

		expect( wizard ).toHaveAccessibleDescription(
			'Step 1 of 3: Device type'
		);
		expect(
			inDialog()
				.getAllByRole( 'radio' )
				.map( ( radio ) => radio.closest( 'div' )?.textContent )
		).toEqual( [
			'Computer',
			'Smartphone',
			'Tablet',
			'Smart TV & TV Box',
		] );
		expect( inDialog().getAllByRole( 'radio' ) ).toEqual(
			inDialog()
				.getAllByRole( 'radio' )
				.filter( ( radio ) => ! ( radio as HTMLInputElement ).checked )
		);
		expect( next() ).toBeDisabled();
		expect(
			inDialog().queryByRole( 'button', { name: 'Back' } )
		).not.toBeInTheDocument();

		chooseType( 'Smartphone' );
		expect( next() ).toBeEnabled();
		fireEvent.click( next() );
		expect( wizard ).toHaveAccessibleDescription(
			'Step 2 of 3: Device details'
		);
		// The new step's heading takes focus; Back brings the first step's.
		expect(
			inDialog().getByRole( 'heading', { name: 'Device details' } )
		).toHaveFocus();
		fireEvent.click( back() );
		expect(
			inDialog().getByRole( 'heading', { name: 'Device type' } )
		).toHaveFocus();
		expect(
			inDialog().getByRole( 'radio', { name: 'Smartphone' } )
		).toBeChecked();
	} );

	it( 'keeps model, OS and version disabled until the choice before them', async () => {
		await openDetails( 'Smartphone' );
		expect( field( 'Model' ) ).toBeDisabled();
		expect( field( 'Model' ) ).toHaveAccessibleDescription(
			'Choose the manufacturer first.'
		);
		expect( field( 'Operating system' ) ).toBeDisabled();
		expect( field( 'Version' ) ).toBeDisabled();
		expect( next() ).toBeDisabled();

		expect( await optionsOf( 'Manufacturer' ) ).toEqual( [
			'Apple',
			'Samsung',
		] );
		await pick( 'Manufacturer', 'Apple' );
		expect( field( 'Model' ) ).toBeEnabled();
		expect( field( 'Operating system' ) ).toBeDisabled();
		expect( field( 'Operating system' ) ).toHaveAccessibleDescription(
			'Choose the model first.'
		);
		expect( await optionsOf( 'Model' ) ).toEqual( [
			'iPhone 16',
			'iPhone 15',
		] );
		await pick( 'Model', 'iPhone 16' );
		await enabled( 'Operating system' );
		expect( field( 'Version' ) ).toHaveAccessibleDescription(
			'Choose the operating system first.'
		);
		// Only what the model's maker ships: no Android for an iPhone.
		expect( await optionsOf( 'Operating system' ) ).toEqual( [ 'iOS' ] );
		await pick( 'Operating system', 'iOS' );
		await enabled( 'Version' );
		expect( await optionsOf( 'Version' ) ).toEqual( [ '18.1', '17.5' ] );
		expect( next() ).toBeDisabled();
		await pick( 'Version', '18.1' );
		expect( next() ).toBeEnabled();
	} );

	it( 'clears OS and version when the model changes', async () => {
		await openDetails( 'Smartphone' );
		await fillDetails( 'Apple', 'iPhone 16', 'iOS', '18.1' );

		await pick( 'Model', 'iPhone 15' );
		expect( chosen( 'Model' ) ).toBe( 'iPhone 15' );
		expect( chosen( 'Operating system' ) ).toBe( '' );
		expect( chosen( 'Version' ) ).toBe( '' );
		expect( field( 'Version' ) ).toBeDisabled();
		expect( next() ).toBeDisabled();
	} );

	it( 'clears model, OS and version when the manufacturer changes', async () => {
		await openDetails( 'Smartphone' );
		await fillDetails( 'Apple', 'iPhone 16', 'iOS', '17.5' );

		await pick( 'Manufacturer', 'Samsung' );
		expect( chosen( 'Manufacturer' ) ).toBe( 'Samsung' );
		expect( chosen( 'Model' ) ).toBe( '' );
		expect( chosen( 'Operating system' ) ).toBe( '' );
		expect( chosen( 'Version' ) ).toBe( '' );
		expect( field( 'Operating system' ) ).toBeDisabled();
		expect( next() ).toBeDisabled();
		expect( await optionsOf( 'Model' ) ).toEqual( [
			'Galaxy A55',
			'Galaxy S24',
		] );
	} );

	it( 'clears every detail when the type changes, and keeps them when Back leaves it as it was', async () => {
		await openDetails( 'Smartphone' );
		await fillDetails( 'Samsung', 'Galaxy S24', 'Android', '15' );

		fireEvent.click( back() );
		expect(
			inDialog().getByRole( 'radio', { name: 'Smartphone' } )
		).toBeChecked();
		fireEvent.click( next() );
		expect( chosen( 'Version' ) ).toBe( '15' );
		expect( next() ).toBeEnabled();

		fireEvent.click( back() );
		chooseType( 'Tablet' );
		fireEvent.click( next() );
		await enabled( 'Manufacturer' );
		expect( chosen( 'Manufacturer' ) ).toBe( '' );
		expect( chosen( 'Model' ) ).toBe( '' );
		expect( chosen( 'Operating system' ) ).toBe( '' );
		expect( chosen( 'Version' ) ).toBe( '' );
		expect( field( 'Model' ) ).toBeDisabled();
		await pick( 'Manufacturer', 'Samsung' );
		expect( await optionsOf( 'Model' ) ).toEqual( [ 'Galaxy Tab S9' ] );
	} );

	it( 'shows the recap and adds the device with its model and OS version', async () => {
		const wizard = await openDetails( 'Smartphone' );
		await fillDetails( 'Samsung', 'Galaxy S24', 'Android', '15' );
		fireEvent.click( next() );

		expect( wizard ).toHaveAccessibleDescription(
			'Step 3 of 3: Device recap'
		);
		expect( recap() ).toEqual( {
			Type: 'Smartphone',
			Manufacturer: 'Samsung',
			Model: 'Galaxy S24',
			'Operating system': 'Android',
			Version: '15',
		} );
		expect(
			inDialog().queryByRole( 'button', { name: 'Next' } )
		).not.toBeInTheDocument();
		api.on( 'POST /users/me/devices', { status: 201, body: GALAXY } );
		api.on( 'GET /users/me/devices', {
			status: 200,
			body: [ IPHONE, GALAXY ],
		} );
		fireEvent.click(
			inDialog().getByRole( 'button', { name: 'Add device' } )
		);

		expect( await screen.findByRole( 'status' ) ).toHaveTextContent(
			'Device added'
		);
		expect( api.requestsTo( 'POST /users/me/devices' )[ 0 ].body ).toEqual(
			{ type: 0, device: 21, operating_system: 201 }
		);
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect(
			await screen.findByRole( 'rowheader', {
				name: 'Samsung Galaxy S24',
			} )
		).toBeInTheDocument();
		// The platforms were asked for the chosen model.
		expect(
			api
				.requestsTo( 'GET /devices/0/operating_systems' )
				.map( ( request ) =>
					request.url.searchParams.get( 'filterBy[model]' )
				)
		).toEqual( [ '21' ] );
	} );

	it( 'adds a PC by its type, choosing the PC type instead of manufacturer and model', async () => {
		const wizard = await openAdd();
		chooseType( 'Computer' );
		fireEvent.click( next() );

		expect(
			inDialog().queryByRole( 'combobox', { name: /^Manufacturer/ } )
		).not.toBeInTheDocument();
		expect(
			inDialog().queryByRole( 'combobox', { name: /^Model/ } )
		).not.toBeInTheDocument();
		expect( field( 'Operating system' ) ).toBeDisabled();
		expect( field( 'Operating system' ) ).toHaveAccessibleDescription(
			'Choose the PC type first.'
		);
		expect( await optionsOf( 'PC type' ) ).toEqual( [
			'Notebook',
			'Desktop',
			'Ultrabook',
			'Gaming PC',
			'Tablet PC / Hybrid',
		] );
		await pick( 'PC type', 'Notebook' );
		await enabled( 'Operating system' );
		expect( await optionsOf( 'Operating system' ) ).toEqual( [
			'Linux',
			'macOS',
			'Windows',
		] );
		await pick( 'Operating system', 'Windows' );
		await enabled( 'Version' );
		await pick( 'Version', '11' );
		expect( next() ).toBeEnabled();

		// Another platform: the version goes.
		await pick( 'Operating system', 'macOS' );
		expect( chosen( 'Version' ) ).toBe( '' );
		expect( next() ).toBeDisabled();
		await waitFor( async () =>
			expect( await optionsOf( 'Version' ) ).toEqual( [ '15 Sequoia' ] )
		);

		// Another PC type: OS and version go.
		await pick( 'PC type', 'Desktop' );
		expect( chosen( 'Operating system' ) ).toBe( '' );
		expect( field( 'Version' ) ).toBeDisabled();
		await enabled( 'Operating system' );
		await pick( 'Operating system', 'macOS' );
		await enabled( 'Version' );
		await pick( 'Version', '15 Sequoia' );
		fireEvent.click( next() );

		expect( recap() ).toEqual( {
			Type: 'Computer',
			'PC type': 'Desktop',
			'Operating system': 'macOS',
			Version: '15 Sequoia',
		} );
		api.on( 'POST /users/me/devices', {
			status: 201,
			body: {
				id: 8,
				type: 2,
				device: { pc_type: 'Desktop' },
				operating_system: {
					id: 401,
					platform: 'macOS',
					platform_id: 4,
					version: '15 Sequoia',
				},
				added_on: '2026-11-25T04:00:00Z',
			},
		} );
		fireEvent.click(
			inDialog().getByRole( 'button', { name: 'Add device' } )
		);
		expect( await screen.findByRole( 'status' ) ).toHaveTextContent(
			'Device added'
		);
		expect( api.requestsTo( 'POST /users/me/devices' )[ 0 ].body ).toEqual(
			{ type: 2, pc_type: 'Desktop', operating_system: 401 }
		);
		expect( wizard ).not.toBeInTheDocument();
		// A PC's platforms are every platform of its type: no filter.
		expect(
			api
				.requestsTo( 'GET /devices/2/operating_systems' )
				.flatMap( ( request ) => [
					...request.url.searchParams.keys(),
				] )
				.filter( ( key ) => key.startsWith( 'filterBy' ) )
		).toEqual( [] );
	} );

	it( "toasts the server's message when adding fails, and keeps the wizard open", async () => {
		await openAdd();
		chooseType( 'Computer' );
		fireEvent.click( next() );
		await pick( 'PC type', 'Gaming PC' );
		await enabled( 'Operating system' );
		await pick( 'Operating system', 'Linux' );
		await enabled( 'Version' );
		await pick( 'Version', 'Ubuntu 24.04' );
		fireEvent.click( next() );
		api.on(
			'POST /users/me/devices',
			apiError( 400, 'Unknown operating system version: 501' )
		);
		fireEvent.click(
			inDialog().getByRole( 'button', { name: 'Add device' } )
		);

		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Unknown operating system version: 501'
		);
		expect( dialog() ).toHaveAccessibleDescription(
			'Step 3 of 3: Device recap'
		);
	} );

	it( 'ignores a click outside; closing drops the choices and the step', async () => {
		await openAdd();
		await nextTick();
		chooseType( 'Tablet' );
		fireEvent.click( next() );
		await enabled( 'Manufacturer' );
		await pick( 'Manufacturer', 'Apple' );

		clickOutside();
		await nextTick();
		expect( dialog() ).toHaveAccessibleDescription(
			'Step 2 of 3: Device details'
		);
		expect( chosen( 'Manufacturer' ) ).toBe( 'Apple' );

		fireEvent.click( inDialog().getByRole( 'button', { name: 'Close' } ) );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		await waitFor( () => expect( button( 'Add device' ) ).toHaveFocus() );

		fireEvent.click( button( 'Add device' ) );
		const wizard = await screen.findByRole( 'dialog', {
			name: 'Add a device',
		} );
		expect( wizard ).toHaveAccessibleDescription(
			'Step 1 of 3: Device type'
		);
		expect(
			inDialog().getByRole( 'radio', { name: 'Tablet' } )
		).not.toBeChecked();
		expect( next() ).toBeDisabled();
		expect( api.requestsTo( 'POST /users/me/devices' ) ).toHaveLength( 0 );
	} );
} );

describe( 'adding a device, on a narrow screen', () => {
	beforeEach( () => {
		windowWidth( 375 );
		api = devicesApi();
	} );

	/**
	 * A select of the wizard, which must be a native one here.
	 *
	 * @param label
	 */
	function nativeSelect( label: string ) {
		const select = field( label ) as HTMLSelectElement;
		expect( select.tagName ).toBe( 'SELECT' );
		return select;
	}

	const texts = ( select: HTMLSelectElement ) =>
		[ ...select.options ].map( ( option ) => option.text );

	it( 'uses plain selects with the same rules', async () => {
		await openAdd();
		chooseType( 'Smartphone' );
		fireEvent.click( next() );
		await waitFor( () =>
			expect( texts( nativeSelect( 'Manufacturer' ) ) ).toEqual( [
				'Choose…',
				'Apple',
				'Samsung',
			] )
		);
		expect( dialog().querySelector( 'input[role="combobox"]' ) ).toBeNull();
		expect( nativeSelect( 'Model' ) ).toBeDisabled();

		fireEvent.change( nativeSelect( 'Manufacturer' ), {
			target: { value: '1' },
		} );
		expect( texts( nativeSelect( 'Model' ) ) ).toEqual( [
			'Choose…',
			'iPhone 16',
			'iPhone 15',
		] );
		fireEvent.change( nativeSelect( 'Model' ), {
			target: { value: '11' },
		} );
		await waitFor( () =>
			expect( texts( nativeSelect( 'Operating system' ) ) ).toEqual( [
				'Choose…',
				'iOS',
			] )
		);
		fireEvent.change( nativeSelect( 'Operating system' ), {
			target: { value: '1' },
		} );
		await waitFor( () =>
			expect( nativeSelect( 'Version' ) ).toBeEnabled()
		);
		fireEvent.change( nativeSelect( 'Version' ), {
			target: { value: '101' },
		} );
		expect( next() ).toBeEnabled();

		// A new manufacturer clears the rest here too.
		fireEvent.change( nativeSelect( 'Manufacturer' ), {
			target: { value: '2' },
		} );
		expect( nativeSelect( 'Model' ) ).toHaveValue( '' );
		expect( nativeSelect( 'Operating system' ) ).toHaveValue( '' );
		expect( nativeSelect( 'Version' ) ).toHaveValue( '' );
		expect( nativeSelect( 'Version' ) ).toBeDisabled();
		expect( next() ).toBeDisabled();
	} );
} );
