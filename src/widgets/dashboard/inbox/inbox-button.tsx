import { forwardRef } from '@wordpress/element';

import { SvgIcon } from '../../../components/icons/svg-icon';
import { useTranslation } from '../../../lib/use-translation';
import './inbox.scss';

const MAIL =
	'M20 4H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2zm0 4-8 5-8-5V6l8 5 8-5v2z';

/**
 * The Inbox button. The dashboard shows it before the inbox's code has loaded too, so the column does not move
 * when that code arrives.
 */
export const InboxButton = forwardRef<
	HTMLButtonElement,
	{ onClick: () => void }
>( function InboxButton( { onClick }, ref ) {
	const { t } = useTranslation();
	return (
		<button
			ref={ ref }
			type="button"
			className="crowdscout-button crowdscout-button--secondary crowdscout-inbox__button"
			aria-haspopup="dialog"
			onClick={ onClick }
		>
			<SvgIcon path={ MAIL } />
			{ t( 'inbox.open' ) }
		</button>
	);
} );
