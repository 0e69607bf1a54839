import { useConfig } from '../../hooks/use-config';
import { useTranslation } from '../../lib/use-translation';
import { socialLoginUrl } from './redirect';

/**
 * "Continue with Facebook" and "Continue with LinkedIn": browser navigations to the plugin's OAuth redirect
 * actions (spec "Sign-up landing", "Login").
 *
 * @param props           The props.
 * @param props.returnTo  Where the provider's answer should land.
 * @param props.log       The spec's `log` flag: `1` for a login, `0` for a sign-up.
 * @param props.className Class of the wrapper.
 */
export function SocialButtons( {
	returnTo,
	log,
	className,
}: {
	returnTo: string;
	log: '0' | '1';
	className: string;
} ) {
	const { t } = useTranslation();
	const config = useConfig();
	return (
		<div className={ className }>
			<a
				className="crowdscout-button crowdscout-button--secondary"
				href={ socialLoginUrl( config, 'facebook', returnTo, log ) }
			>
				{ t( 'login.facebook' ) }
			</a>
			<a
				className="crowdscout-button crowdscout-button--secondary"
				href={ socialLoginUrl( config, 'linkedin', returnTo, log ) }
			>
				{ t( 'login.linkedin' ) }
			</a>
		</div>
	);
}
