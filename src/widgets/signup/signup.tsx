import { lazy, useId, useState } from '@wordpress/element';

import { SocialButtons } from '../../components/login/social-buttons';
import { Spinner } from '../../components/spinner';
import { SuspenseAfterFirstRender } from '../../components/suspense-after-first-render';
import { useConfig } from '../../hooks/use-config';
import { SUPPORTED_LOCALES, type Locale } from '../../lib/locale';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import './signup.scss';

// The form, with Formik and Yup, loads when it is shown; a pointer on its button or focus on it starts the download.
const loadForm = () =>
	import( /* webpackChunkName: "signup-form" */ './signup-form' );
const SignupForm = lazy( () =>
	loadForm().then( ( module ) => ( { default: module.SignupForm } ) )
);
const prefetchForm = () => {
	loadForm().catch( () => undefined );
};

/**
 * Each language link is labelled in its own language, so whoever cannot read the current page still finds
 * theirs: these names are the same in every catalogue and therefore not translated.
 */
const LANGUAGE_NAMES: Record< Locale, string > = {
	en: 'English',
	it: 'Italiano',
	es: 'Español',
	fr: 'Français',
};

const LEGAL_LINKS = [
	[ 'terms-and-conditions', 'signup.terms' ],
	[ 'privacy-policy', 'signup.privacy' ],
	[ 'ethical-code', 'signup.ethicalCode' ],
] as const;

export interface SignupProps {
	/** Sends the browser elsewhere; replaceable for tests. */
	navigate?: ( url: string ) => void;
	/** The page's query string; replaceable for tests. */
	search?: string;
}

const defaultNavigate = ( url: string ) => window.location.assign( url );

/**
 * The sign-up landing and form (spec "Sign-up landing", "Sign-up form"), on `getting-started` and
 * `getting-started/signup`. The social callback sends unknown emails back here with `?email=`, which opens
 * the email form with the address filled in.
 *
 * @param props
 * @param props.navigate Sends the browser elsewhere.
 * @param props.search   The page's query string.
 */
export function Signup( {
	navigate = defaultNavigate,
	search = window.location.search,
}: SignupProps ) {
	const { t } = useTranslation();
	const config = useConfig();
	const id = useId();
	const [ initialEmail ] = useState(
		() => new URLSearchParams( search ).get( 'email' )?.trim() ?? ''
	);
	const [ form, setForm ] = useState< 'closed' | 'open' | 'requested' >(
		initialEmail ? 'open' : 'closed'
	);
	const confirmation = routeUrl( config, 'getting-started/confirmation' );

	return (
		<section
			className="crowdscout-signup"
			aria-labelledby={ `${ id }-heading` }
		>
			<nav
				className="crowdscout-signup__languages"
				aria-label={ t( 'signup.languages' ) }
			>
				<ul>
					{ SUPPORTED_LOCALES.map( ( locale ) => (
						<li key={ locale }>
							<a
								href={ routeUrl(
									{ siteUrl: config.siteUrl, locale },
									'getting-started/signup'
								) }
								hrefLang={ locale }
								lang={ locale }
								aria-current={
									locale === config.locale
										? 'page'
										: undefined
								}
							>
								{ LANGUAGE_NAMES[ locale ] }
							</a>
						</li>
					) ) }
				</ul>
			</nav>
			<h1 id={ `${ id }-heading` } className="crowdscout-signup__title">
				{ t( 'signup.title' ) }
			</h1>
			<p className="crowdscout-signup__intro">{ t( 'signup.intro' ) }</p>
			<SocialButtons
				className="crowdscout-signup__social"
				returnTo={ confirmation }
				log="0"
			/>
			<p className="crowdscout-signup__or">{ t( 'signup.or' ) }</p>
			{ form === 'closed' ? (
				<button
					type="button"
					className="crowdscout-button crowdscout-button--primary crowdscout-signup__email"
					onClick={ () => setForm( 'requested' ) }
					onPointerEnter={ prefetchForm }
					onFocus={ prefetchForm }
				>
					{ t( 'signup.withEmail' ) }
				</button>
			) : (
				<SuspenseAfterFirstRender
					fallback={ <Spinner label={ t( 'common.loading' ) } /> }
				>
					<SignupForm
						id={ id }
						initialEmail={ initialEmail }
						focusOnMount={ form === 'requested' }
						navigate={ navigate }
					/>
				</SuspenseAfterFirstRender>
			) }
			<div className="crowdscout-signup__footer">
				<p>{ t( 'signup.legal' ) }</p>
				<ul className="crowdscout-signup__legal">
					{ LEGAL_LINKS.map( ( [ path, label ] ) => (
						<li key={ path }>
							<a href={ routeUrl( config, path ) }>
								{ t( label ) }
							</a>
						</li>
					) ) }
				</ul>
				<p>
					{ t( 'signup.haveAccount' ) }{ ' ' }
					<a href={ routeUrl( config, 'login' ) }>
						{ t( 'signup.logIn' ) }
					</a>
				</p>
			</div>
		</section>
	);
}
