import { useEffect, useId, useRef, useState } from '@wordpress/element';
import { Formik, type FormikHelpers } from 'formik';
import { object, string } from 'yup';

import { useAppDispatch } from '../../store/hooks';
import { useConfig } from '../../hooks/use-config';
import { FocusFirstInvalid } from '../form-field/focus-first-invalid';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import { logIn, type LoginOutcome } from '../../services/account';
import { showToast, TOAST_DURATION_MS } from '../../services/toasts';
import { SocialButtons } from './social-buttons';
import './login-form.scss';

interface Values {
	email: string;
	password: string;
}

/** Yup messages are translation keys; the form renders them through `t`. */
const MESSAGES = {
	emailRequired: 'login.emailRequired',
	emailInvalid: 'login.emailInvalid',
	required: 'login.fieldRequired',
} as const;
type ValidationMessage = ( typeof MESSAGES )[ keyof typeof MESSAGES ];

const schema = object( {
	email: string()
		.trim()
		.required( MESSAGES.emailRequired )
		.email( MESSAGES.emailInvalid ),
	password: string().required( MESSAGES.required ),
} );

type Phase = 'idle' | 'submitting' | 'success';

export interface LoginFormProps {
	/** Where to go once logged in; null reloads the page (spec §4). */
	redirectTo: string | null;
	/** Replaceable for tests. */
	navigate?: ( url: string ) => void;
	reload?: () => void;
}

const defaultNavigate = ( url: string ) => window.location.assign( url );
const defaultReload = () => window.location.reload();

/**
 * The email and password form of the login page and of the login card (spec "Login", §4, §8): idle, then
 * "wait..." while submitting, then "redirecting..." while the browser leaves.
 *
 * @param props            The props.
 * @param props.redirectTo Where to go once logged in, already checked; null reloads the page.
 * @param props.navigate   Replaceable for tests.
 * @param props.reload     Replaceable for tests.
 */
export default function LoginForm( {
	redirectTo,
	navigate = defaultNavigate,
	reload = defaultReload,
}: LoginFormProps ) {
	const { t } = useTranslation();
	const config = useConfig();
	const dispatch = useAppDispatch();
	const [ phase, setPhase ] = useState< Phase >( 'idle' );
	const [ problem, setProblem ] = useState< string | null >( null );
	const id = useId();
	const formRef = useRef< HTMLFormElement >( null );
	const problemRef = useRef< HTMLDivElement >( null );
	const twoFactorTimer = useRef< ReturnType< typeof setTimeout > >();

	useEffect( () => () => clearTimeout( twoFactorTimer.current ), [] );
	useEffect( () => {
		if ( problem ) {
			problemRef.current?.focus();
		}
	}, [ problem ] );

	const wpLoginUrl = `${ config.siteUrl }wp-login.php`;

	function handleOutcome( outcome: LoginOutcome ) {
		switch ( outcome.kind ) {
			case 'success':
				setPhase( 'success' );
				if ( redirectTo ) {
					navigate( redirectTo );
				} else {
					reload();
				}
				return;
			case 'wrongCredentials':
				setProblem( t( 'login.wrongCredentials' ) );
				break;
			case 'twoFactor':
				setProblem( t( 'login.twoFactor' ) );
				// The spec sends the user to set it up on WordPress's own login page.
				twoFactorTimer.current = setTimeout(
					() => navigate( wpLoginUrl ),
					TOAST_DURATION_MS
				);
				break;
			case 'throttled':
				setProblem( t( 'login.throttled' ) );
				break;
			case 'nonceNotFound':
				setProblem( t( 'login.nonceNotFound' ) );
				break;
			case 'malformed':
				setProblem( t( 'login.malformed' ) );
				break;
			default:
				dispatch(
					showToast( {
						kind: 'danger',
						message: t( 'login.failed' ),
					} )
				);
		}
		setPhase( 'idle' );
	}

	async function submit( values: Values, helpers: FormikHelpers< Values > ) {
		setProblem( null );
		setPhase( 'submitting' );
		const outcome = await dispatch(
			logIn( {
				username: values.email.trim(),
				password: values.password,
			} )
		).unwrap();
		handleOutcome( outcome );
		helpers.setSubmitting( false );
	}

	const socialReturn = redirectTo ?? routeUrl( config, 'my-dashboard' );
	const buttonLabel = {
		idle: t( 'login.submit' ),
		submitting: t( 'login.submitting' ),
		success: t( 'login.redirecting' ),
	}[ phase ];

	return (
		<div className="crowdscout-login-form">
			<Formik< Values >
				initialValues={ { email: '', password: '' } }
				validationSchema={ schema }
				validateOnBlur={ false }
				validateOnChange={ false }
				onSubmit={ submit }
			>
				{ ( {
					values,
					errors,
					handleChange,
					handleSubmit,
					submitCount,
				} ) => {
					const emailError =
						submitCount > 0 ? errors.email : undefined;
					const passwordError =
						submitCount > 0 ? errors.password : undefined;
					return (
						<form
							ref={ formRef }
							noValidate
							onSubmit={ ( event ) => {
								event.preventDefault();
								if ( phase === 'idle' ) {
									handleSubmit( event );
								}
							} }
						>
							<FocusFirstInvalid form={ formRef } />
							{ problem && (
								<div
									ref={ problemRef }
									tabIndex={ -1 }
									className="crowdscout-notice crowdscout-login-form__problem"
									role="alert"
								>
									<p>{ problem }</p>
									{ problem ===
										t( 'login.wrongCredentials' ) && (
										<p>
											{ t(
												'login.wrongCredentialsHint'
											) }{ ' ' }
											<a
												href={ `${ wpLoginUrl }?action=lostpassword` }
											>
												{ t( 'login.forgotPassword' ) }
											</a>
										</p>
									) }
									{ problem === t( 'login.throttled' ) && (
										<p>
											<a
												href={ `${ wpLoginUrl }?action=lostpassword` }
											>
												{ t( 'login.forgotPassword' ) }
											</a>
										</p>
									) }
									{ problem === t( 'login.twoFactor' ) && (
										<p>
											<a href={ wpLoginUrl }>
												{ t( 'login.setUpTwoFactor' ) }
											</a>
										</p>
									) }
								</div>
							) }
							<div className="crowdscout-field">
								<label htmlFor={ `${ id }-email` }>
									{ t( 'login.email' ) }
								</label>
								<input
									id={ `${ id }-email` }
									name="email"
									type="email"
									autoComplete="username"
									value={ values.email }
									onChange={ handleChange }
									aria-invalid={
										emailError ? true : undefined
									}
									aria-describedby={
										emailError
											? `${ id }-email-error`
											: undefined
									}
								/>
								{ emailError && (
									<p
										id={ `${ id }-email-error` }
										className="crowdscout-field__error"
									>
										{ t( emailError as ValidationMessage ) }
									</p>
								) }
							</div>
							<div className="crowdscout-field">
								<label htmlFor={ `${ id }-password` }>
									{ t( 'login.password' ) }
								</label>
								<input
									id={ `${ id }-password` }
									name="password"
									type="password"
									autoComplete="current-password"
									value={ values.password }
									onChange={ handleChange }
									aria-invalid={
										passwordError ? true : undefined
									}
									aria-describedby={
										passwordError
											? `${ id }-password-error`
											: undefined
									}
								/>
								{ passwordError && (
									<p
										id={ `${ id }-password-error` }
										className="crowdscout-field__error"
									>
										{ t(
											passwordError as ValidationMessage
										) }
									</p>
								) }
							</div>
							<p className="crowdscout-login-form__forgot">
								<a
									href={ `${ wpLoginUrl }?action=lostpassword` }
								>
									{ t( 'login.forgotPassword' ) }
								</a>
							</p>
							<button
								type="submit"
								className="crowdscout-button crowdscout-button--primary crowdscout-login-form__submit"
								disabled={ phase !== 'idle' }
								aria-live="polite"
							>
								{ buttonLabel }
							</button>
						</form>
					);
				} }
			</Formik>
			<p className="crowdscout-login-form__or">{ t( 'login.or' ) }</p>
			<SocialButtons
				className="crowdscout-login-form__social"
				returnTo={ socialReturn }
				log="1"
			/>
			<p className="crowdscout-login-form__signup">
				{ t( 'loginCard.noAccount' ) }{ ' ' }
				<a href={ routeUrl( config, 'getting-started' ) }>
					{ t( 'loginCard.signUp' ) }
				</a>
			</p>
		</div>
	);
}
