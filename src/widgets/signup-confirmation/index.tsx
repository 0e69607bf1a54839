import { CheckMark, MessagePage } from '../../components/message-page';
import { useConfig } from '../../hooks/use-config';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';

/**
 * `getting-started/confirmation`: the account exists and the tester is logged in (spec §4 "Sign-up"). A visitor (a
 * link opened later, or in another browser) is not told they are logged in: they are asked to log in.
 */
export default function SignupConfirmation() {
	const { t } = useTranslation();
	const config = useConfig();
	const loggedIn = config.user !== null;
	return (
		<MessagePage
			picture={ <CheckMark /> }
			title={ t( 'signupConfirmation.title' ) }
			lines={
				loggedIn
					? [
							t( 'signupConfirmation.ready' ),
							t( 'signupConfirmation.mail' ),
					  ]
					: [ t( 'signupConfirmation.visitor' ) ]
			}
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
