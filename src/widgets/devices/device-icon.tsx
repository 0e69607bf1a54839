import { SvgIcon } from '../../components/icons/svg-icon';
import { useTranslation } from '../../lib/use-translation';
import type { DeviceTypeCode } from './devices-api';
import { DEVICE_TYPE, typeName } from './device-types';

// Drawn for this page on the 24×24 grid: an outline is the outer shape clockwise and the hole counter-clockwise,
// so the one-path SvgIcon needs no fill rule.
const PATHS: Record< DeviceTypeCode, string > = {
	[ DEVICE_TYPE.smartphone ]:
		'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM8 4v14h8V4zM11 19.25v1.5h2v-1.5z',
	[ DEVICE_TYPE.tablet ]:
		'M5 2h14a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM6 4v14h12V4zM11 19.25v1.5h2v-1.5z',
	[ DEVICE_TYPE.pc ]:
		'M5 4h14a1 1 0 0 1 1 1v10H4V5a1 1 0 0 1 1-1zM6 6v7h12V6zM2 16h20v1a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2z',
	[ DEVICE_TYPE.console ]:
		'M6 7h12a4 4 0 0 1 4 4v2a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4v-2a4 4 0 0 1 4-4zM6.75 10v1.25H5.5v1.5h1.25V14h1.5v-1.25h1.25v-1.5H8.25V10zM15 10.5V12h1.5v-1.5zM17 12.5V14h1.5v-1.5z',
	[ DEVICE_TYPE.smartwatch ]:
		'M9 2h6v3H9zM8 5h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM8 7v10h8V7zM9 19h6v3H9z',
	[ DEVICE_TYPE.smartTv ]:
		'M3 4h18a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM4 6v9h16V6zM8 19h8v2H8z',
};

/**
 * A device type's picture. Alone in a table cell it is the only way the type is said, so it is an image named
 * after the type; `decorative` hides it where a label beside it says the same.
 *
 * @param props
 * @param props.type
 * @param props.size       In pixels.
 * @param props.decorative A text next to it names the type.
 */
export function DeviceIcon( {
	type,
	size = 24,
	decorative = false,
}: {
	type: DeviceTypeCode;
	size?: number;
	decorative?: boolean;
} ) {
	const { t } = useTranslation();
	const path = PATHS[ type ];
	if ( ! path ) {
		return null;
	}
	if ( decorative ) {
		return <SvgIcon path={ path } size={ size } />;
	}
	const name = typeName( type, t );
	return (
		<span
			className="crowdscout-device-icon"
			role="img"
			aria-label={ name }
			title={ name }
		>
			<SvgIcon path={ path } size={ size } />
		</span>
	);
}
