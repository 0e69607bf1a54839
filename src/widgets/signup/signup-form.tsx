import { useState } from '@wordpress/element';

import { useAppDispatch } from '../../store/hooks';
import { useConfig } from '../../hooks/use-config';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import { logIn, type LoginOutcome } from '../../services/account';
import { isApiError } from '../../services/api-error';
import { showToast, TOAST_DURATION_MS } from '../../services/toasts';
import { AccountStep } from './account-step';
import { PersonalStep, type SubmitPhase } from './personal-step';
import {
	isoBirthDate,
	type AccountValues,
	type PersonalValues,
} from './schemas';
import { useCheckEmailMutation, useCreateUserMutation } from './signup-api';

const STEPS = [ 'signup.stepAccount', 'signup.stepPersonal' ] as const;

interface SignupFormProps {
	id: string;
	/** The `email` query parameter the social callback sets for an unknown email. */
	initialEmail: string;
	/** Whether the email field takes focus at once (the user just asked for the form). */
	focusOnMount: boolean;
	navigate: ( url: string ) => void;
}

/**
 * The two-step sign-up form (spec "Sign-up form", §4 "Sign-up", §8): step 0 checks that the email is free,
 * step 1 creates the account, logs in with the same credentials and goes to the confirmation page. Each
 * step is its own Formik form; the values live here, so Back and a refused email keep everything typed.
 *
 * @param props
 * @param props.id           Prefix of the controls' ids.
 * @param props.initialEmail Prefill for the email.
 * @param props.focusOnMount Whether the email field takes focus at once.
 * @param props.navigate     Sends the browser elsewhere.
 */
export function SignupForm( {
	id,
	initialEmail,
	focusOnMount,
	navigate,
}: SignupFormProps ) {
	const { t } = useTranslation();
	const config = useConfig();
	const dispatch = useAppDispatch();
	const [ checkEmailTaken ] = useCheckEmailMutation();
	const [ signUp ] = useCreateUserMutation();

	const [ step, setStep ] = useState< 0 | 1 >( 0 );
	const [ returned, setReturned ] = useState( false );
	const [ account, setAccount ] = useState< AccountValues >( {
		email: initialEmail,
		password: '',
	} );
	const [ personal, setPersonal ] = useState< PersonalValues >( {
		name: '',
		surname: '',
		birthDate: { day: '', month: '', year: '' },
		country: '',
		accept: false,
		referral: config.referral ?? '',
	} );
	const [ takenEmail, setTakenEmail ] = useState< string | null >( null );
	const [ phase, setPhase ] = useState< SubmitPhase >( 'idle' );
	const [ serverMessage, setServerMessage ] = useState< string | null >(
		null
	);

	const loginUrl = routeUrl( config, 'login' );

	function toastEmailInUse() {
		dispatch(
			showToast( {
				kind: 'danger',
				message: t( 'signup.emailInUse' ),
				link: { href: loginUrl, label: t( 'signup.logIn' ) },
			} )
		);
	}

	async function checkAccount(
		values: AccountValues
	): Promise< 'taken' | void > {
		setAccount( values );
		let taken: boolean;
		try {
			taken = await checkEmailTaken( values.email ).unwrap();
		} catch ( error ) {
			dispatch(
				showToast( {
					kind: 'danger',
					message:
						isApiError( error ) && error.status === 429
							? t( 'signup.tooManyRequests' )
							: t( 'common.somethingWentWrong' ),
				} )
			);
			return;
		}
		if ( taken ) {
			setTakenEmail( values.email );
			toastEmailInUse();
			return 'taken';
		}
		setServerMessage( null );
		setStep( 1 );
	}

	function backToAccount( values: PersonalValues ) {
		setPersonal( values );
		setReturned( true );
		setStep( 0 );
	}

	async function logInAndLeave() {
		setPhase( 'redirecting' );
		let outcome: LoginOutcome;
		try {
			outcome = await dispatch(
				logIn( { username: account.email, password: account.password } )
			).unwrap();
		} catch {
			outcome = { kind: 'failed' };
		}
		if ( outcome.kind === 'success' ) {
			navigate( routeUrl( config, 'getting-started/confirmation' ) );
			return;
		}
		// The account exists: the login page is the way on. The toast gets its time on screen first.
		dispatch(
			showToast( { kind: 'danger', message: t( 'signup.loginFailed' ) } )
		);
		setTimeout( () => navigate( loginUrl ), TOAST_DURATION_MS );
	}

	async function createAccount( values: PersonalValues ) {
		setPersonal( values );
		setServerMessage( null );
		const referral = values.referral.trim();
		try {
			await signUp( {
				email: account.email,
				password: account.password,
				name: values.name.trim(),
				surname: values.surname.trim(),
				birthDate: isoBirthDate( values.birthDate ) ?? '',
				country: values.country,
				...( referral ? { referral } : {} ),
			} ).unwrap();
		} catch ( error ) {
			const status = isApiError( error ) ? error.status : 0;
			if ( status === 412 ) {
				setTakenEmail( account.email );
				toastEmailInUse();
				backToAccount( values );
			} else if ( status === 400 && isApiError( error ) ) {
				setServerMessage( error.message );
			} else if ( status === 429 ) {
				setServerMessage( t( 'signup.tooManyRequests' ) );
			} else {
				dispatch(
					showToast( {
						kind: 'danger',
						title: t( 'signup.failedTitle' ),
						message: t( 'signup.failedMessage' ),
					} )
				);
			}
			return;
		}
		await logInAndLeave();
	}

	return (
		<div className="crowdscout-signup__form">
			<ol
				className="crowdscout-signup__steps"
				aria-label={ t( 'signup.steps' ) }
			>
				{ STEPS.map( ( label, index ) => (
					<li
						key={ label }
						className={ `crowdscout-signup__step${
							index === step
								? ' crowdscout-signup__step--current'
								: ''
						}${
							index < step ? ' crowdscout-signup__step--done' : ''
						}` }
						aria-current={ index === step ? 'step' : undefined }
					>
						<span
							className="crowdscout-signup__step-number"
							aria-hidden="true"
						>
							{ index + 1 }
						</span>
						<span className="crowdscout-visually-hidden">
							{ t( 'signup.stepOf', {
								current: index + 1,
								total: STEPS.length,
							} ) }{ ' ' }
						</span>
						{ t( label ) }
					</li>
				) ) }
			</ol>
			<h2
				id={ `${ id }-title` }
				className="crowdscout-signup__step-title"
			>
				{ t( STEPS[ step ] ) }
			</h2>
			<p className="crowdscout-signup__hint">
				{ t( 'signup.requiredNote' ) }
			</p>
			{ step === 0 ? (
				<AccountStep
					id={ id }
					initialValues={ account }
					takenEmail={ takenEmail }
					focusOnMount={ focusOnMount || returned }
					onSubmit={ checkAccount }
				/>
			) : (
				<PersonalStep
					id={ id }
					initialValues={ personal }
					invitedBy={ config.referral }
					phase={ phase }
					serverMessage={ serverMessage }
					onSubmit={ createAccount }
					onBack={ backToAccount }
				/>
			) }
		</div>
	);
}
