import type { TFunction } from 'i18next';

import type { PcType } from '../../services/contract';
import type { Device, DeviceTypeCode } from './devices-api';
import type { DevicesKey } from './translation-keys';

/** The spec's device type codes (section 3, "Device"). */
export const DEVICE_TYPE = {
	smartphone: 0,
	tablet: 1,
	pc: 2,
	console: 3,
	smartwatch: 4,
	smartTv: 5,
} as const satisfies Record< string, DeviceTypeCode >;

/** What the wizard offers, in the spec's order: "Computer, Smartphone, Tablet and Smart TV & TV Box". */
export const WIZARD_TYPES: readonly DeviceTypeCode[] = [
	DEVICE_TYPE.pc,
	DEVICE_TYPE.smartphone,
	DEVICE_TYPE.tablet,
	DEVICE_TYPE.smartTv,
];

/** Each type's name (the wizard's where it offers the type). */
const TYPE_NAMES: Record< DeviceTypeCode, DevicesKey > = {
	[ DEVICE_TYPE.smartphone ]: 'typeSmartphone',
	[ DEVICE_TYPE.tablet ]: 'typeTablet',
	[ DEVICE_TYPE.pc ]: 'typeComputer',
	[ DEVICE_TYPE.console ]: 'typeConsole',
	[ DEVICE_TYPE.smartwatch ]: 'typeSmartwatch',
	[ DEVICE_TYPE.smartTv ]: 'typeSmartTv',
};

/**
 * A device type's name, in the page's language.
 *
 * @param type
 * @param t
 */
export const typeName = ( type: DeviceTypeCode, t: TFunction ): string =>
	t( `devices.${ TYPE_NAMES[ type ] }` );

/** The spec's PC types (section 3): sent as they are, shown translated. */
export const PC_TYPES = [
	'Notebook',
	'Desktop',
	'Ultrabook',
	'Gaming PC',
	'Tablet PC / Hybrid',
] as const satisfies readonly PcType[];

const PC_TYPE_NAMES: Record< PcType, DevicesKey > = {
	Notebook: 'pcNotebook',
	Desktop: 'pcDesktop',
	Ultrabook: 'pcUltrabook',
	'Gaming PC': 'pcGaming',
	'Tablet PC / Hybrid': 'pcHybrid',
};

/**
 * A PC type's name, in the page's language.
 *
 * @param pcType
 * @param t
 */
export const pcTypeName = ( pcType: PcType, t: TFunction ): string =>
	t( `devices.${ PC_TYPE_NAMES[ pcType ] }` );

export const isPcType = ( value: string ): value is PcType =>
	( PC_TYPES as readonly string[] ).includes( value );

/**
 * What a device is, in words: a catalogue model with its manufacturer ("Apple iPhone 16"), or a PC's type.
 *
 * @param device
 * @param t      Translates the PC type.
 */
export function deviceName( device: Device[ 'device' ], t: TFunction ): string {
	if ( 'pc_type' in device ) {
		return pcTypeName( device.pc_type, t );
	}
	return `${ device.manufacturer } ${ device.model }`;
}
