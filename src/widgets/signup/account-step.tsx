import { useEffect, useRef, useState } from '@wordpress/element';
import { Formik } from 'formik';

import { FailedSubmitFocus } from '../../components/failed-submit-focus';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { useTranslation } from '../../lib/use-translation';
import { describedBy, FieldError, Label, useErrorText } from './form-parts';
import { PasswordChecklist } from './password-checklist';
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
	const errorText = useErrorText();
	const [ attempted, setAttempted ] = useState( false );
	const [ showPassword, setShowPassword ] = useState( false );
	const emailRef = useRef< HTMLInputElement >( null );
	const passwordRef = useRef< HTMLInputElement >( null );

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
		<Formik< AccountValues >
			initialValues={ initialValues }
			validationSchema={ accountSchema }
			validateOnBlur={ false }
			validateOnChange={ attempted }
			onSubmit={ submit }
		>
			{ ( { values, errors, handleChange, handleSubmit } ) => {
				const taken =
					takenEmail !== null &&
					values.email.trim().toLowerCase() ===
						takenEmail.toLowerCase();
				const emailError =
					errorText( attempted ? errors.email : undefined ) ??
					( taken ? t( 'signup.emailTaken' ) : undefined );
				const passwordError = errorText(
					attempted ? errors.password : undefined
				);
				return (
					<form
						noValidate
						onSubmit={ handleSubmit }
						aria-labelledby={ `${ id }-title` }
					>
						<FailedSubmitFocus
							fields={ [
								[ 'email', emailRef ],
								[ 'password', passwordRef ],
							] }
							onFailedSubmit={ () => setAttempted( true ) }
						/>
						<div className="crowdscout-field">
							<Label htmlFor={ `${ id }-email` } required>
								{ t( 'signup.email' ) }
							</Label>
							<input
								ref={ emailRef }
								id={ `${ id }-email` }
								name="email"
								type="email"
								autoComplete="email"
								maxLength={ 254 }
								value={ values.email }
								onChange={ handleChange }
								aria-required="true"
								aria-invalid={ emailError ? true : undefined }
								aria-describedby={ describedBy(
									`${ id }-email`,
									{
										error: !! emailError,
									}
								) }
							/>
							<FieldError
								id={ `${ id }-email` }
								message={ emailError }
							/>
						</div>
						<div className="crowdscout-field">
							<Label htmlFor={ `${ id }-password` } required>
								{ t( 'signup.password' ) }
							</Label>
							<input
								ref={ passwordRef }
								id={ `${ id }-password` }
								name="password"
								type={ showPassword ? 'text' : 'password' }
								autoComplete="new-password"
								value={ values.password }
								onChange={ handleChange }
								aria-required="true"
								aria-invalid={
									passwordError ? true : undefined
								}
								aria-describedby={ [
									`${ id }-rules`,
									passwordError && `${ id }-password-error`,
								]
									.filter( Boolean )
									.join( ' ' ) }
							/>
							<FieldError
								id={ `${ id }-password` }
								message={ passwordError }
							/>
							<div className="crowdscout-signup__checkbox">
								<input
									id={ `${ id }-show-password` }
									type="checkbox"
									checked={ showPassword }
									onChange={ ( event ) =>
										setShowPassword( event.target.checked )
									}
								/>
								<label htmlFor={ `${ id }-show-password` }>
									{ t( 'signup.showPassword' ) }
								</label>
							</div>
							<PasswordChecklist
								id={ `${ id }-rules` }
								password={ values.password }
							/>
						</div>
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
					</form>
				);
			} }
		</Formik>
	);
}
