import { lazy, useId } from '@wordpress/element';

import { useTranslation } from '../lib/use-translation';
import { Spinner } from './spinner';
import { SuspenseAfterFirstRender } from './suspense-after-first-render';
import './login-card.scss';

// The form (with Formik and Yup) is only downloaded when a visitor actually meets the card.
const LoginForm = lazy(
	() => import( /* webpackChunkName: "login-form" */ './login/login-form' )
);

/**
 * Shown in place of a protected widget when the API says the visitor is not logged in (spec, "Login": title
 * "login to continue"). Logging in here reloads the page, which WordPress then renders for the tester.
 *
 * @param props
 * @param props.reload Replaceable for tests.
 */
export function LoginCard( { reload }: { reload?: () => void } ) {
	const { t } = useTranslation();
	const headingId = useId();
	return (
		<section
			className="crowdscout-login-card"
			aria-labelledby={ headingId }
		>
			<h2 id={ headingId } className="crowdscout-login-card__title">
				{ t( 'loginCard.title' ) }
			</h2>
			<p className="crowdscout-login-card__description">
				{ t( 'loginCard.description' ) }
			</p>
			<SuspenseAfterFirstRender
				fallback={ <Spinner label={ t( 'common.loading' ) } /> }
			>
				<LoginForm redirectTo={ null } reload={ reload } />
			</SuspenseAfterFirstRender>
		</section>
	);
}
