import { useField } from 'formik';

import { useConfig } from '../../hooks/use-config';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import type { Device } from '../../services/contract';
import { ChoiceGroup } from './question-field';

const block = 'crowdscout-preselection-form';

/**
 * A device as the tester knows it: the model (or the PC type) and its operating system.
 *
 * @param device
 */
export function deviceName( device: Device ): string {
	const model =
		'pc_type' in device.device
			? device.device.pc_type
			: `${ device.device.manufacturer } ${ device.device.model }`;
	const { platform, version } = device.operating_system;
	return `${ model } (${ platform } ${ version })`;
}

/**
 * The tester's devices the campaign accepts, to choose at least one; without any, the way to add one (spec
 * section 4, "Pre-selection form").
 *
 * @param props
 * @param props.devices The compatible devices.
 */
export function DeviceChoice( { devices }: { devices: readonly Device[] } ) {
	const { t } = useTranslation();
	const config = useConfig();
	const [ field, , helpers ] = useField< string[] >( 'devices' );
	if ( devices.length === 0 ) {
		return (
			<div
				className={ `crowdscout-notice crowdscout-notice--info ${ block }__no-devices` }
				data-crowdscout-no-devices=""
			>
				<p>{ t( 'preselectionForm.noDevices' ) }</p>
				<a href={ routeUrl( config, 'personal-equipment' ) }>
					{ t( 'preselectionForm.addDevice' ) }
				</a>
			</div>
		);
	}
	const chosen = field.value ?? [];
	return (
		<ChoiceGroup
			name="devices"
			legend={ t( 'preselectionForm.devices' ) }
			type="checkbox"
			choices={ devices.map( ( device ) => ( {
				value: String( device.id ),
				label: deviceName( device ),
			} ) ) }
			selected={ ( value ) => chosen.includes( value ) }
			onToggle={ ( value, checked ) =>
				helpers.setValue(
					checked
						? [ ...chosen.filter( ( id ) => id !== value ), value ]
						: chosen.filter( ( id ) => id !== value )
				)
			}
			after={
				<p className="crowdscout-field__hint">
					{ t( 'preselectionForm.devicesHint' ) }
				</p>
			}
		/>
	);
}
