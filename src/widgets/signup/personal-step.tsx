import { useEffect, useMemo, useRef, useState } from '@wordpress/element';
import { Formik } from 'formik';

import { FailedSubmitFocus } from '../../components/failed-submit-focus';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { useTranslation } from '../../lib/use-translation';
import { BirthDateField } from './birth-date-field';
import { countryOptions } from './countries';
import { describedBy, FieldError, Label, useErrorText } from './form-parts';
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
	const { t, i18n } = useTranslation();
	const errorText = useErrorText();
	const [ attempted, setAttempted ] = useState( false );
	const refs = {
		name: useRef< HTMLInputElement >( null ),
		surname: useRef< HTMLInputElement >( null ),
		birthDate: useRef< HTMLInputElement >( null ),
		country: useRef< HTMLSelectElement >( null ),
		accept: useRef< HTMLInputElement >( null ),
	};
	const countries = useMemo(
		() => countryOptions( i18n.language ),
		[ i18n.language ]
	);

	useEffect( () => {
		refs.name.current?.focus();
		// Only when the step appears.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [] );

	const [ sending, submit ] = useSingleFlight( onSubmit );

	return (
		<Formik< PersonalValues >
			initialValues={ initialValues }
			validationSchema={ personalSchema }
			validateOnBlur={ false }
			validateOnChange={ attempted }
			onSubmit={ submit }
		>
			{ ( { values, errors, handleChange, handleSubmit } ) => {
				const shown = ( error: unknown ) =>
					errorText( attempted ? error : undefined );
				const nameError = shown( errors.name );
				const surnameError = shown( errors.surname );
				const birthDateError = shown( errors.birthDate );
				const countryError = shown( errors.country );
				const acceptError = shown( errors.accept );
				const leaving = phase === 'redirecting';
				let submitLabel = t( 'signup.submit' );
				if ( leaving ) {
					submitLabel = t( 'signup.redirecting' );
				} else if ( sending ) {
					submitLabel = t( 'signup.submitting' );
				}
				return (
					<form
						noValidate
						onSubmit={ handleSubmit }
						aria-labelledby={ `${ id }-title` }
					>
						<FailedSubmitFocus
							fields={ [
								[ 'name', refs.name ],
								[ 'surname', refs.surname ],
								[ 'birthDate', refs.birthDate ],
								[ 'country', refs.country ],
								[ 'accept', refs.accept ],
							] }
							onFailedSubmit={ () => setAttempted( true ) }
						/>
						{ invitedBy && (
							<h3 className="crowdscout-signup__invited">
								{ t( 'signup.invitedBy', {
									referral: invitedBy,
								} ) }
							</h3>
						) }
						<div className="crowdscout-signup__pair">
							<div className="crowdscout-field">
								<Label htmlFor={ `${ id }-name` } required>
									{ t( 'signup.name' ) }
								</Label>
								<input
									ref={ refs.name }
									id={ `${ id }-name` }
									name="name"
									type="text"
									autoComplete="given-name"
									maxLength={ 100 }
									value={ values.name }
									onChange={ handleChange }
									aria-required="true"
									aria-invalid={
										nameError ? true : undefined
									}
									aria-describedby={ describedBy(
										`${ id }-name`,
										{ error: !! nameError }
									) }
								/>
								<FieldError
									id={ `${ id }-name` }
									message={ nameError }
								/>
							</div>
							<div className="crowdscout-field">
								<Label htmlFor={ `${ id }-surname` } required>
									{ t( 'signup.surname' ) }
								</Label>
								<input
									ref={ refs.surname }
									id={ `${ id }-surname` }
									name="surname"
									type="text"
									autoComplete="family-name"
									maxLength={ 100 }
									value={ values.surname }
									onChange={ handleChange }
									aria-required="true"
									aria-invalid={
										surnameError ? true : undefined
									}
									aria-describedby={ describedBy(
										`${ id }-surname`,
										{ error: !! surnameError }
									) }
								/>
								<FieldError
									id={ `${ id }-surname` }
									message={ surnameError }
								/>
							</div>
						</div>
						<BirthDateField
							id={ `${ id }-birth-date` }
							value={ values.birthDate }
							onChange={ handleChange }
							error={ birthDateError }
							dayRef={ refs.birthDate }
						/>
						<div className="crowdscout-field">
							<Label htmlFor={ `${ id }-country` } required>
								{ t( 'signup.country' ) }
							</Label>
							<select
								ref={ refs.country }
								id={ `${ id }-country` }
								name="country"
								autoComplete="country"
								value={ values.country }
								onChange={ handleChange }
								aria-required="true"
								aria-invalid={ countryError ? true : undefined }
								aria-describedby={ describedBy(
									`${ id }-country`,
									{ error: !! countryError }
								) }
							>
								<option value="">
									{ t( 'signup.chooseCountry' ) }
								</option>
								{ countries.map( ( country ) => (
									<option
										key={ country.code }
										value={ country.code }
									>
										{ country.name }
									</option>
								) ) }
							</select>
							<FieldError
								id={ `${ id }-country` }
								message={ countryError }
							/>
						</div>
						<div className="crowdscout-field">
							<Label htmlFor={ `${ id }-referral` }>
								{ t( 'signup.referral' ) }
							</Label>
							<input
								id={ `${ id }-referral` }
								name="referral"
								type="text"
								autoComplete="off"
								maxLength={ 64 }
								value={ values.referral }
								onChange={ handleChange }
								aria-describedby={ `${ id }-referral-hint` }
							/>
							<p
								id={ `${ id }-referral-hint` }
								className="crowdscout-signup__hint"
							>
								{ t( 'signup.referralHint' ) }
							</p>
						</div>
						<div className="crowdscout-field">
							<div className="crowdscout-signup__checkbox">
								<input
									ref={ refs.accept }
									id={ `${ id }-accept` }
									name="accept"
									type="checkbox"
									checked={ values.accept }
									onChange={ handleChange }
									aria-required="true"
									aria-invalid={
										acceptError ? true : undefined
									}
									aria-describedby={ describedBy(
										`${ id }-accept`,
										{ error: !! acceptError }
									) }
								/>
								<Label htmlFor={ `${ id }-accept` } required>
									{ t( 'signup.accept' ) }
								</Label>
							</div>
							<FieldError
								id={ `${ id }-accept` }
								message={ acceptError }
							/>
						</div>
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
					</form>
				);
			} }
		</Formik>
	);
}
