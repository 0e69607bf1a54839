import { useRef, useState } from '@wordpress/element';

import { Modal } from '../../components/modal';
import { useTranslation } from '../../lib/use-translation';

/**
 * The Manual button of a selected campaign whose manual is not published yet, and the dialog it opens
 * (spec, "Dashboard"). The dialog traps focus, closes on Escape and gives focus back to this button.
 *
 * @param props
 * @param props.campaign    The campaign's label, named in the dialog.
 * @param props.describedBy The row header, so the button says which campaign it belongs to.
 */
export function ManualComingSoon( {
	campaign,
	describedBy,
}: {
	campaign: string;
	describedBy?: string;
} ) {
	const { t } = useTranslation();
	const [ open, setOpen ] = useState( false );
	const buttonRef = useRef< HTMLButtonElement >( null );
	return (
		<>
			<button
				ref={ buttonRef }
				type="button"
				className="crowdscout-button crowdscout-button--secondary"
				aria-describedby={ describedBy }
				aria-haspopup="dialog"
				onClick={ () => setOpen( true ) }
			>
				{ t( 'dashboard.manual' ) }
			</button>
			<Modal
				open={ open }
				onOpenChange={ setOpen }
				returnFocusRef={ buttonRef }
				title={ t( 'dashboard.manualSoonTitle' ) }
				description={ t( 'dashboard.manualSoonText', { campaign } ) }
				footer={
					<button
						type="button"
						className="crowdscout-button crowdscout-button--primary"
						onClick={ () => setOpen( false ) }
					>
						{ t( 'dashboard.gotIt' ) }
					</button>
				}
			/>
		</>
	);
}
