import { CheckMark, MessagePage } from '../../components/message-page';
import { useConfig } from '../../hooks/use-config';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';

/** `thank-you`: a profile update went through; on to the advanced tab of the profile. */
export default function ThankYou() {
	const { t } = useTranslation();
	const config = useConfig();
	return (
		<MessagePage
			picture={ <CheckMark /> }
			title={ t( 'thankYou.title' ) }
			lines={ [ t( 'thankYou.updated' ) ] }
			action={ {
				href: `${ routeUrl( config, 'my-account' ) }?tab=advanced`,
				label: t( 'thankYou.continue' ),
			} }
		/>
	);
}
