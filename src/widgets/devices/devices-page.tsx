import { useCallback, useMemo, useRef, useState } from '@wordpress/element';

import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useTranslation } from '../../lib/use-translation';
import { DeviceIcon } from './device-icon';
import { deviceName } from './device-types';
import { DeviceWizard } from './device-wizard';
import { useListMyDevicesQuery, type Device } from './devices-api';
import { RemoveDevice } from './remove-device';

const block = 'wp-block-crowdscout-devices';

/**
 * Which dialog is open and for which device. `session` counts the openings: each is a new dialog (its key), so
 * closing one drops what was chosen in it (spec section 4) while the closing one stays mounted long enough to
 * give focus back.
 */
interface Dialogs {
	session: number;
	wizard: { open: boolean; device: Device | null };
	removing: Device | null;
}

const CLOSED: Dialogs = {
	session: 0,
	wizard: { open: false, device: null },
	removing: null,
};

/**
 * The tester's devices (route `personal-equipment`, spec "Devices"): the "Your devices" table with Edit and
 * Delete on each row, the side card that adds one, the add/edit wizard and the remove confirmation.
 */
export default function DevicesPage() {
	const { t } = useTranslation();
	const query = useListMyDevicesQuery();
	const addButtonRef = useRef< HTMLButtonElement >( null );
	const [ dialogs, setDialogs ] = useState< Dialogs >( CLOSED );

	const openWizard = useCallback(
		( device: Device | null ) =>
			setDialogs( ( current ) => ( {
				...current,
				session: current.session + 1,
				wizard: { open: true, device },
			} ) ),
		[]
	);
	const closeWizard = () =>
		setDialogs( ( current ) => ( {
			...current,
			wizard: { ...current.wizard, open: false },
		} ) );
	const openRemove = useCallback(
		( device: Device ) =>
			setDialogs( ( current ) => ( {
				...current,
				session: current.session + 1,
				removing: device,
			} ) ),
		[]
	);
	const closeRemove = () =>
		setDialogs( ( current ) => ( { ...current, removing: null } ) );

	const columns = useMemo(
		(): Array< DataTableColumn< Device > > => [
			{
				id: 'type',
				header: t( 'devices.columnType' ),
				className: `${ block }__cell--type`,
				cell: ( device ) => <DeviceIcon type={ device.type } />,
			},
			{
				id: 'model',
				header: t( 'devices.columnModel' ),
				rowHeader: true,
				cell: ( device ) => deviceName( device.device, t ),
			},
			{
				id: 'os',
				header: t( 'devices.columnOs' ),
				cell: ( device ) => device.operating_system.platform,
			},
			{
				id: 'version',
				header: t( 'devices.columnVersion' ),
				cell: ( device ) => device.operating_system.version,
			},
			{
				id: 'actions',
				header: t( 'devices.columnActions' ),
				cell: ( device, { rowHeaderId } ) => (
					<div className={ `${ block }__actions` }>
						<button
							type="button"
							className="crowdscout-button crowdscout-button--secondary"
							aria-describedby={ rowHeaderId }
							onClick={ () => openWizard( device ) }
						>
							{ t( 'devices.edit' ) }
						</button>
						<button
							type="button"
							className="crowdscout-button crowdscout-button--danger"
							aria-describedby={ rowHeaderId }
							onClick={ () => openRemove( device ) }
						>
							{ t( 'devices.delete' ) }
						</button>
					</div>
				),
			},
		],
		[ t, openWizard, openRemove ]
	);

	return (
		<div className={ `${ block }__page` }>
			<h1 className={ `${ block }__title` }>{ t( 'devices.title' ) }</h1>
			<div className={ `${ block }__columns` }>
				{ /* Not a labelled region: the table's own scroll region has this name already. */ }
				<section className={ `${ block }__card ${ block }__list` }>
					<h2 className={ `${ block }__card-title` }>
						{ t( 'devices.yourDevices' ) }
					</h2>
					<DataTable
						caption={ t( 'devices.yourDevices' ) }
						columns={ columns }
						query={ query }
						rowKey={ ( device ) => device.id }
						emptyText={ t( 'devices.empty' ) }
						loadingLabel={ t( 'devices.loading' ) }
					/>
				</section>
				<section
					className={ `${ block }__card ${ block }__side` }
					aria-labelledby="crowdscout-devices-update-title"
				>
					<h2
						id="crowdscout-devices-update-title"
						className={ `${ block }__card-title` }
					>
						{ t( 'devices.updateTitle' ) }
					</h2>
					<p>{ t( 'devices.updateText' ) }</p>
					<button
						ref={ addButtonRef }
						type="button"
						className="crowdscout-button crowdscout-button--primary"
						onClick={ () => openWizard( null ) }
					>
						{ t( 'devices.addDevice' ) }
					</button>
				</section>
			</div>
			<DeviceWizard
				key={ `wizard-${ dialogs.session }` }
				open={ dialogs.wizard.open }
				device={ dialogs.wizard.device }
				onClose={ closeWizard }
				returnFocusRef={
					dialogs.wizard.device ? undefined : addButtonRef
				}
			/>
			<RemoveDevice
				key={ `remove-${ dialogs.session }` }
				device={ dialogs.removing }
				onClose={ closeRemove }
				afterRemoveRef={ addButtonRef }
			/>
		</div>
	);
}
