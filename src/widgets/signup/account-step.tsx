import { useEffect, useRef, useState } from '@wordpress/element';

import { TextField, ValidatedForm } from '../../components/form-field';
import { PasswordChecklist } from '../../components/password-checklist';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { useTranslation } from '../../lib/use-translation';
import { accountSchema, type AccountValues } from './schemas';

interface AccountStepProps {
	id: string;
	initialValues: AccountValues;
	/** The email the server called taken: the field says so until it changes. */
	takenEmail: string | null;
	/** Move focus to the email field when the step appears (the user asked for the form). */
	focusOnMount: boolean;
	/** Checks the email and moves on; resolves to `taken` when the email is already registered. */
	onSubmit: ( values: AccountValues ) => Promise< 'taken' | void >;
}

/**
 * Step 0, "Account info": email and password with the live checklist (spec "Sign-up form", §5).
 *
 * @param props
 * @param props.id            Prefix of the controls' ids.
 * @param props.initialValues What the user typed before (Back keeps it).
 * @param props.takenEmail    The email the server called taken, if any.
 * @param props.focusOnMount  Whether the email field takes focus when the step appears.
 * @param props.onSubmit      Called with valid values.
 */
export function AccountStep( {
	id,
	initialValues,
	takenEmail,
	focusOnMount,
	onSubmit,
}: AccountStepProps ) {
	const { t } = useTranslation();
	const [ showPassword, setShowPassword ] = useState( false );
	const emailRef = useRef< HTMLInputElement >( null );

	useEffect( () => {
		if ( focusOnMount ) {
			emailRef.current?.focus();
		}
		// Only when the step appears.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [] );

	const [ sending, submit ] = useSingleFlight(
		async ( values: AccountValues ) => {
			const outcome = await onSubmit( {
				...values,
				email: values.email.trim(),
			} );
			if ( outcome === 'taken' ) {
				emailRef.current?.focus();
			}
		}
	);

	return (
		<ValidatedForm< AccountValues >
			initialValues={ initialValues }
			validationSchema={ accountSchema }
			onSubmit={ submit }
			aria-labelledby={ `${ id }-title` }
		>
			{ ( { values } ) => {
				const taken =
					takenEmail !== null &&
					values.email.trim().toLowerCase() ===
						takenEmail.toLowerCase();
				return (
					<>
						<TextField
							inputRef={ emailRef }
							id={ `${ id }-email` }
							name="email"
							type="email"
							label={ t( 'signup.email' ) }
							required
							autoComplete="email"
							maxLength={ 254 }
							serverError={
								taken ? t( 'signup.emailTaken' ) : undefined
							}
						/>
						<TextField
							id={ `${ id }-password` }
							name="password"
							type={ showPassword ? 'text' : 'password' }
							label={ t( 'signup.password' ) }
							required
							autoComplete="new-password"
							describedBy={ `${ id }-rules` }
							after={
								<>
									<div className="crowdscout-field__checkbox">
										<input
											id={ `${ id }-show-password` }
											type="checkbox"
											checked={ showPassword }
											onChange={ ( event ) =>
												setShowPassword(
													event.target.checked
												)
											}
										/>
										<label
											htmlFor={ `${ id }-show-password` }
										>
											{ t( 'signup.showPassword' ) }
										</label>
									</div>
									<PasswordChecklist
										id={ `${ id }-rules` }
										password={ values.password }
									/>
								</>
							}
						/>
						<div className="crowdscout-signup__actions">
							<button
								type="submit"
								className="crowdscout-button crowdscout-button--primary"
								disabled={ sending }
							>
								{ sending
									? t( 'signup.checking' )
									: t( 'signup.next' ) }
							</button>
						</div>
					</>
				);
			} }
		</ValidatedForm>
	);
}
