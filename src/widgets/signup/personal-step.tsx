import { useEffect, useRef } from '@wordpress/element';

import {
	CheckboxField,
	CountryField,
	TextField,
	ValidatedForm,
} from '../../components/form-field';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { useTranslation } from '../../lib/use-translation';
import { BirthDateField } from './birth-date-field';
import { personalSchema, type PersonalValues } from './schemas';

export type SubmitPhase = 'idle' | 'redirecting';

interface PersonalStepProps {
	id: string;
	initialValues: PersonalValues;
	/** The referral id the visitor arrived with, shown as a heading. */
	invitedBy: string | null;
	/** `redirecting` once the account exists and the browser is leaving. */
	phase: SubmitPhase;
	/** A refusal from the server (400) to show above the button. */
	serverMessage: string | null;
	onSubmit: ( values: PersonalValues ) => Promise< void >;
	/** Back to step 0, keeping what was typed here. */
	onBack: ( values: PersonalValues ) => void;
}

/**
 * Step 1, "Personal info": name, surname, birth date, country, acceptance and referral (spec "Sign-up form",
 * §5).
 *
 * @param props
 * @param props.id            Prefix of the controls' ids.
 * @param props.initialValues What the user typed before.
 * @param props.invitedBy     The stored referral id, if any.
 * @param props.phase         Whether the browser is already leaving.
 * @param props.serverMessage The server's refusal, if any.
 * @param props.onSubmit      Called with valid values.
 * @param props.onBack        Called with the current values.
 */
export function PersonalStep( {
	id,
	initialValues,
	invitedBy,
	phase,
	serverMessage,
	onSubmit,
	onBack,
}: PersonalStepProps ) {
	const { t } = useTranslation();
	const nameRef = useRef< HTMLInputElement >( null );

	useEffect( () => {
		nameRef.current?.focus();
	}, [] );

	const [ sending, submit ] = useSingleFlight( onSubmit );

	return (
		<ValidatedForm< PersonalValues >
			initialValues={ initialValues }
			validationSchema={ personalSchema }
			onSubmit={ submit }
			aria-labelledby={ `${ id }-title` }
		>
			{ ( { values } ) => {
				const leaving = phase === 'redirecting';
				let submitLabel = t( 'signup.submit' );
				if ( leaving ) {
					submitLabel = t( 'signup.redirecting' );
				} else if ( sending ) {
					submitLabel = t( 'signup.submitting' );
				}
				return (
					<>
						{ invitedBy && (
							<h3 className="crowdscout-signup__invited">
								{ t( 'signup.invitedBy', {
									referral: invitedBy,
								} ) }
							</h3>
						) }
						<div className="crowdscout-signup__pair">
							<TextField
								inputRef={ nameRef }
								id={ `${ id }-name` }
								name="name"
								label={ t( 'signup.name' ) }
								required
								autoComplete="given-name"
								maxLength={ 100 }
							/>
							<TextField
								id={ `${ id }-surname` }
								name="surname"
								label={ t( 'signup.surname' ) }
								required
								autoComplete="family-name"
								maxLength={ 100 }
							/>
						</div>
						<BirthDateField
							id={ `${ id }-birth-date` }
							name="birthDate"
						/>
						<CountryField
							id={ `${ id }-country` }
							name="country"
							label={ t( 'signup.country' ) }
							required
							autoComplete="country"
							placeholder={ t( 'signup.chooseCountry' ) }
						/>
						<TextField
							id={ `${ id }-referral` }
							name="referral"
							label={ t( 'signup.referral' ) }
							hint={ t( 'signup.referralHint' ) }
							autoComplete="off"
							maxLength={ 64 }
						/>
						<CheckboxField
							id={ `${ id }-accept` }
							name="accept"
							label={ t( 'signup.accept' ) }
							required
						/>
						{ serverMessage && (
							<div className="crowdscout-notice" role="alert">
								<p>{ serverMessage }</p>
							</div>
						) }
						<div className="crowdscout-signup__actions">
							<button
								type="button"
								className="crowdscout-button crowdscout-button--secondary"
								onClick={ () => onBack( values ) }
								disabled={ sending || leaving }
							>
								{ t( 'signup.back' ) }
							</button>
							<button
								type="submit"
								className="crowdscout-button crowdscout-button--primary"
								disabled={ sending || leaving }
							>
								{ submitLabel }
							</button>
						</div>
					</>
				);
			} }
		</ValidatedForm>
	);
}
