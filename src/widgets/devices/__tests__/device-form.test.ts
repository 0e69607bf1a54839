import {
	EMPTY_DEVICE,
	choose,
	detailsStepSchema,
	disabledFields,
	toDeviceInput,
	typeStepSchema,
	valuesOf,
	type DeviceValues,
} from '../device-form';
import { IPHONE, NOTEBOOK } from './helpers';

const PHONE: DeviceValues = {
	type: 0,
	manufacturer: '1',
	model: '11',
	pcType: '',
	platform: '1',
	version: '101',
};

const PC: DeviceValues = {
	...EMPTY_DEVICE,
	type: 2,
	pcType: 'Notebook',
	platform: '3',
	version: '301',
};

describe( 'choose (spec section 4, the resets)', () => {
	it.each( [
		[ 'type', 1, { ...EMPTY_DEVICE, type: 1 } ],
		[
			'manufacturer',
			'2',
			{
				...PHONE,
				manufacturer: '2',
				model: '',
				platform: '',
				version: '',
			},
		],
		[ 'model', '12', { ...PHONE, model: '12', platform: '', version: '' } ],
		[ 'platform', '2', { ...PHONE, platform: '2', version: '' } ],
		[ 'version', '100', { ...PHONE, version: '100' } ],
	] as const )(
		'choosing the %s clears what depends on it',
		( field, value, after ) => {
			expect( choose( PHONE, field, value ) ).toEqual( after );
		}
	);

	it( "clears a PC's OS and version when its PC type changes", () => {
		expect( choose( PC, 'pcType', 'Desktop' ) ).toEqual( {
			...PC,
			pcType: 'Desktop',
			platform: '',
			version: '',
		} );
	} );

	it( 'changes nothing when the same choice is made again', () => {
		expect( choose( PHONE, 'type', 0 ) ).toBe( PHONE );
		expect( choose( PHONE, 'manufacturer', '1' ) ).toBe( PHONE );
	} );
} );

describe( 'disabledFields', () => {
	it( 'waits for the manufacturer, then the model or PC type, then the platform', () => {
		expect( disabledFields( { ...EMPTY_DEVICE, type: 0 }, false ) ).toEqual(
			{
				manufacturer: false,
				model: true,
				pcType: false,
				platform: true,
				version: true,
			}
		);
		expect(
			disabledFields(
				{ ...EMPTY_DEVICE, type: 0, manufacturer: '1' },
				false
			)
		).toMatchObject( { model: false, platform: true, version: true } );
		expect(
			disabledFields( { ...PHONE, platform: '', version: '' }, false )
		).toMatchObject( { platform: false, version: true } );
		expect(
			disabledFields(
				{ ...EMPTY_DEVICE, type: 2, pcType: 'Desktop' },
				false
			)
		).toMatchObject( { platform: false, version: true } );
		expect( disabledFields( PHONE, false ) ).toMatchObject( {
			version: false,
		} );
	} );

	it( 'leaves only the version open when editing', () => {
		expect( disabledFields( PHONE, true ) ).toEqual( {
			manufacturer: true,
			model: true,
			pcType: true,
			platform: true,
			version: false,
		} );
	} );
} );

describe( 'the step schemas (spec section 5, "Device form")', () => {
	it( 'wants a type on the first step: -1 is not one', () => {
		expect( typeStepSchema.isValidSync( EMPTY_DEVICE ) ).toBe( false );
		expect( typeStepSchema.isValidSync( { type: 7 } ) ).toBe( false );
		expect( typeStepSchema.isValidSync( { type: 5 } ) ).toBe( true );
	} );

	it( 'wants manufacturer and model, or a PC type, and a nonzero OS version on the details step', () => {
		expect( detailsStepSchema.isValidSync( PHONE ) ).toBe( true );
		expect( detailsStepSchema.isValidSync( PC ) ).toBe( true );
		expect(
			detailsStepSchema.isValidSync( { ...PHONE, version: '0' } )
		).toBe( false );
		expect( detailsStepSchema.isValidSync( { ...PHONE, model: '' } ) ).toBe(
			false
		);
		expect( detailsStepSchema.isValidSync( { ...PC, pcType: '' } ) ).toBe(
			false
		);
		expect(
			detailsStepSchema.isValidSync( { ...PC, pcType: 'Laptop' } )
		).toBe( false );
		expect( detailsStepSchema.isValidSync( { ...PC, platform: '' } ) ).toBe(
			false
		);
	} );
} );

describe( 'what goes to the API and back', () => {
	it( 'sends a model for a phone and a PC type for a PC, with the OS version id', () => {
		expect( toDeviceInput( PHONE ) ).toEqual( {
			type: 0,
			device: 11,
			operating_system: 101,
		} );
		expect( toDeviceInput( PC ) ).toEqual( {
			type: 2,
			pc_type: 'Notebook',
			operating_system: 301,
		} );
	} );

	it( 'starts an edit from the device as it is', () => {
		expect( valuesOf( IPHONE ) ).toEqual( {
			type: 0,
			manufacturer: 'Apple',
			model: '11',
			pcType: '',
			platform: '1',
			version: '100',
		} );
		expect( valuesOf( NOTEBOOK ) ).toEqual( {
			...EMPTY_DEVICE,
			type: 2,
			pcType: 'Notebook',
			platform: '3',
			version: '301',
		} );
		expect( detailsStepSchema.isValidSync( valuesOf( IPHONE ) ) ).toBe(
			true
		);
	} );
} );
