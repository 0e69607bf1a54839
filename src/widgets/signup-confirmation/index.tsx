import { CheckMark, MessagePage } from '../../components/message-page';
import { useConfig } from '../../hooks/use-config';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';

/** `getting-started/confirmation`: the account exists and the tester is logged in (spec §4 "Sign-up"). */
export default function SignupConfirmation() {
	const { t } = useTranslation();
	const config = useConfig();
	const loggedIn = config.user !== null;
	return (
		<MessagePage
			picture={ <CheckMark /> }
			title={ t( 'signupConfirmation.title' ) }
			lines={ [
				t( 'signupConfirmation.ready' ),
				t( 'signupConfirmation.mail' ),
			] }
			action={
				loggedIn
					? {
							href: routeUrl( config, 'my-dashboard' ),
							label: t( 'signupConfirmation.dashboard' ),
					  }
					: {
							href: routeUrl( config, 'login' ),
							label: t( 'signupConfirmation.logIn' ),
					  }
			}
		/>
	);
}
