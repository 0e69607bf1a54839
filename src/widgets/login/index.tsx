import { useId } from '@wordpress/element';

import LoginForm from '../../components/login/login-form';
import { safeRedirect } from '../../components/login/redirect';
import { useConfig } from '../../hooks/use-config';
import { useTranslation } from '../../lib/use-translation';
import './login.scss';

/**
 * The login page (route `login`, optional `redirectTo`): the login card with the email and password form.
 * WordPress sends logged-in visitors of this page to the dashboard before it renders.
 */
export default function Login() {
	const { t } = useTranslation();
	const config = useConfig();
	const headingId = useId();
	const redirectTo = safeRedirect(
		new URLSearchParams( window.location.search ).get( 'redirectTo' ),
		config
	);
	return (
		<section className="crowdscout-login" aria-labelledby={ headingId }>
			<h1 id={ headingId } className="crowdscout-login__title">
				{ t( 'login.title' ) }
			</h1>
			<p className="crowdscout-login__description">
				{ t( 'login.description' ) }
			</p>
			<LoginForm redirectTo={ redirectTo } />
		</section>
	);
}
