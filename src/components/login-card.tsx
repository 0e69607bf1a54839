import { useId } from '@wordpress/element';

import { useConfig } from '../hooks/use-config';
import { routeUrl } from '../lib/routes';
import { useTranslation } from '../lib/use-translation';
import './login-card.scss';

/**
 * Shown in place of a protected widget when the API says the visitor is not logged in (spec, "Login").
 * For now it sends people to WordPress's login page, which returns them here through `redirect_to`; the
 * email and password form of the spec will grow inside this card.
 */
export function LoginCard() {
	const { t } = useTranslation();
	const config = useConfig();
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
			<a
				className="crowdscout-button crowdscout-button--primary crowdscout-login-card__login"
				href={ config.loginUrl }
			>
				{ t( 'loginCard.logIn' ) }
			</a>
			<p className="crowdscout-login-card__signup">
				{ t( 'loginCard.noAccount' ) }{ ' ' }
				<a href={ routeUrl( config, 'getting-started/signup' ) }>
					{ t( 'loginCard.signUp' ) }
				</a>
			</p>
		</section>
	);
}
