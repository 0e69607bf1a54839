import { number, object, string } from 'yup';

import type { Device, DeviceInput } from './devices-api';
import { DEVICE_TYPE, PC_TYPES } from './device-types';

/** The spec's "no type chosen" (section 5, "Device form": value -1 is invalid). */
export const NO_TYPE = -1;

/** The wizard's values; ids as the selects hold them, '' while nothing is chosen. */
export interface DeviceValues {
	type: number;
	manufacturer: string;
	/** The catalogue model's id: the spec's "device" of every type but PC. */
	model: string;
	/** A PC's type instead of a manufacturer and model. */
	pcType: string;
	/** The OS platform's id. */
	platform: string;
	/** The OS version's id: the spec's "operating system" sent to the API. */
	version: string;
}

export type DeviceField = keyof DeviceValues;

export const EMPTY_DEVICE: DeviceValues = {
	type: NO_TYPE,
	manufacturer: '',
	model: '',
	pcType: '',
	platform: '',
	version: '',
};

export const isPc = ( values: Pick< DeviceValues, 'type' > ) =>
	values.type === DEVICE_TYPE.pc;

/** What each choice clears (spec section 4, "Device wizard"): everything chosen after it depends on it. */
const RESETS: Record< DeviceField, readonly DeviceField[] > = {
	type: [ 'manufacturer', 'model', 'pcType', 'platform', 'version' ],
	manufacturer: [ 'model', 'platform', 'version' ],
	model: [ 'platform', 'version' ],
	pcType: [ 'platform', 'version' ],
	platform: [ 'version' ],
	version: [],
};

/**
 * The values after one choice, with what depends on it cleared. Choosing again what is already chosen changes
 * nothing.
 *
 * @param values The wizard's values.
 * @param field  The choice made.
 * @param value  What was chosen.
 */
export function choose< Field extends DeviceField >(
	values: DeviceValues,
	field: Field,
	value: DeviceValues[ Field ]
): DeviceValues {
	if ( values[ field ] === value ) {
		return values;
	}
	const next: DeviceValues = { ...values, [ field ]: value };
	for ( const dependent of RESETS[ field ] ) {
		next[ dependent ] = EMPTY_DEVICE[ dependent ] as never;
	}
	return next;
}

/**
 * Which selects wait for an earlier choice (spec section 4): the model for a manufacturer, the platform for a
 * model or a PC type, the version for a platform. Editing changes only the version.
 *
 * @param values
 * @param editing
 */
export function disabledFields(
	values: DeviceValues,
	editing: boolean
): Record<
	'manufacturer' | 'model' | 'pcType' | 'platform' | 'version',
	boolean
> {
	return {
		manufacturer: editing,
		model: editing || ! values.manufacturer,
		pcType: editing,
		platform:
			editing || ! ( isPc( values ) ? values.pcType : values.model ),
		version: ! values.platform,
	};
}

const required = ( message: string ) => string().required( message );

/** The first step of an add: a type (section 5, "Device form": -1 is invalid). Messages are keys. */
export const typeStepSchema = object( {
	type: number()
		.oneOf( Object.values( DEVICE_TYPE ), 'devices.typeRequired' )
		.required( 'devices.typeRequired' ),
} );

/**
 * The details step: a PC type for a PC, a manufacturer and model otherwise; a platform; an OS version whose id is
 * not zero (section 5).
 */
export const detailsStepSchema = typeStepSchema.shape( {
	pcType: string().when( 'type', {
		is: DEVICE_TYPE.pc,
		then: () =>
			string()
				.oneOf( [ ...PC_TYPES ], 'devices.pcTypeRequired' )
				.required( 'devices.pcTypeRequired' ),
	} ),
	manufacturer: string().when( 'type', {
		is: ( type: number ) => type !== DEVICE_TYPE.pc,
		then: () => required( 'devices.manufacturerRequired' ),
	} ),
	model: string().when( 'type', {
		is: ( type: number ) => type !== DEVICE_TYPE.pc,
		then: () => required( 'devices.modelRequired' ),
	} ),
	platform: required( 'devices.platformRequired' ),
	version: required( 'devices.versionRequired' ).test(
		'nonzero',
		'devices.versionRequired',
		( value ) => Number( value ) > 0
	),
} );

/**
 * What POST /users/me/devices takes: a PC by its type, anything else by its model; the OS version.
 *
 * @param values Valid for the details step.
 */
export function toDeviceInput( values: DeviceValues ): DeviceInput {
	const type = values.type as DeviceInput[ 'type' ];
	const operatingSystem = Number( values.version );
	return isPc( values )
		? {
				type,
				pc_type: values.pcType as NonNullable<
					DeviceInput[ 'pc_type' ]
				>,
				operating_system: operatingSystem,
		  }
		: {
				type,
				device: Number( values.model ),
				operating_system: operatingSystem,
		  };
}

/**
 * An edit starts from the device as it is. Its manufacturer is shown by name only (it cannot change), so only
 * whether there is one matters to the rules.
 *
 * @param device
 */
export function valuesOf( device: Device ): DeviceValues {
	const { operating_system: os } = device;
	const common = {
		type: device.type,
		platform: String( os.platform_id ),
		version: String( os.id ),
	};
	return 'pc_type' in device.device
		? { ...EMPTY_DEVICE, ...common, pcType: device.device.pc_type }
		: {
				...EMPTY_DEVICE,
				...common,
				manufacturer: device.device.manufacturer,
				model: String( device.device.id ),
		  };
}
