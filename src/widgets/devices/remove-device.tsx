import type { RefObject } from 'react';
import { useState } from '@wordpress/element';

import { Modal } from '../../components/modal';
import { useTranslation } from '../../lib/use-translation';
import type { ApiError } from '../../services/api-error';
import { showToast } from '../../services/toasts';
import { useAppDispatch } from '../../store/hooks';
import { deviceName } from './device-types';
import { useDeleteMyDeviceMutation, type Device } from './devices-api';

/**
 * The remove confirmation (spec section 2, "Devices"): removing toasts 'Device removed'; a device used in a
 * campaign (406) is refused with the spec's 'Oh no!' message, any other failure says 'Error'. Either way the
 * dialog closes.
 *
 * @param props
 * @param props.device         The device to remove; the dialog is open while there is one.
 * @param props.onClose
 * @param props.afterRemoveRef Where focus goes once the device's row, and its Delete button, are gone.
 */
export function RemoveDevice( {
	device,
	onClose,
	afterRemoveRef,
}: {
	device: Device | null;
	onClose: () => void;
	afterRemoveRef: RefObject< HTMLElement >;
} ) {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const [ remove, { isLoading } ] = useDeleteMyDeviceMutation();
	const [ removed, setRemoved ] = useState( false );

	const onRemove = async () => {
		if ( ! device ) {
			return;
		}
		const result = await remove( device.id );
		if ( ! ( 'error' in result ) ) {
			setRemoved( true );
			dispatch(
				showToast( {
					kind: 'success',
					message: t( 'devices.removed' ),
				} )
			);
		} else if ( ( result.error as ApiError ).status === 406 ) {
			dispatch(
				showToast( {
					kind: 'danger',
					title: t( 'devices.inUseTitle' ),
					message: t( 'devices.inUse' ),
				} )
			);
		} else {
			dispatch(
				showToast( {
					kind: 'danger',
					message: t( 'devices.removeFailed' ),
				} )
			);
		}
		onClose();
	};

	return (
		<Modal
			open={ device !== null }
			onOpenChange={ ( next ) => ! next && onClose() }
			dismissible={ ! isLoading }
			returnFocusRef={ removed ? afterRemoveRef : undefined }
			title={ t( 'devices.removeTitle' ) }
			description={
				device
					? t( 'devices.removeText', {
							device: deviceName( device.device, t ),
					  } )
					: undefined
			}
			footer={
				<>
					<button
						type="button"
						className="crowdscout-button crowdscout-button--secondary"
						disabled={ isLoading }
						onClick={ onClose }
					>
						{ t( 'devices.cancel' ) }
					</button>
					<button
						type="button"
						className="crowdscout-button crowdscout-button--danger"
						disabled={ isLoading }
						onClick={ onRemove }
					>
						{ t( 'devices.remove' ) }
					</button>
				</>
			}
		/>
	);
}
