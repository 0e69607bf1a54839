import { Modal } from '../../components/modal';
import { useTranslation } from '../../lib/use-translation';

/**
 * The help on how bugs earn booty (the wallet's "bug details" modal).
 *
 * @param props
 * @param props.open
 * @param props.onClose
 */
export function BugDetailsModal( {
	open,
	onClose,
}: {
	open: boolean;
	onClose: () => void;
} ) {
	const { t } = useTranslation();
	return (
		<Modal
			open={ open }
			onOpenChange={ ( next ) => ! next && onClose() }
			title={ t( 'wallet.bugDetailsTitle' ) }
			footer={
				<button
					type="button"
					className="crowdscout-button crowdscout-button--secondary"
					onClick={ onClose }
				>
					{ t( 'wallet.close' ) }
				</button>
			}
		>
			<p>{ t( 'wallet.bugDetailsText' ) }</p>
			<p>{ t( 'wallet.bugDetailsLimit' ) }</p>
			<p>{ t( 'wallet.bugDetailsWhen' ) }</p>
		</Modal>
	);
}
