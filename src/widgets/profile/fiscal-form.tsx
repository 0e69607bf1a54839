import { useEffect } from '@wordpress/element';
import { useFormikContext } from 'formik';

import {
	CountryField,
	FormField,
	type FormFieldProps,
	TextField,
	ValidatedForm,
	useFieldError,
} from '../../components/form-field';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { useTranslation } from '../../lib/use-translation';
import type { Me } from '../../services/types';
import { ITALY } from './fiscal-values';
import { FISCAL_TYPE_LABELS } from './labels';
import { PlaceField } from '../../components/place-search';
import { RadioGroup } from './radio-group';
import { FISCAL_TYPES, fiscalSchema, type FiscalValues } from './schemas';

const block = 'wp-block-crowdscout-profile';

/** A non-Italian address leaves one fiscal type (spec section 5). */
function ForceForeignType() {
	const { values, setFieldValue } = useFormikContext< FiscalValues >();
	useEffect( () => {
		if (
			values.country &&
			values.country !== ITALY &&
			values.type !== 'non-italian'
		) {
			setFieldValue( 'type', 'non-italian' );
		}
	}, [ values.country, values.type, setFieldValue ] );
	return null;
}

/** Another address country empties the address's province and city, which belonged to the old one. */
function ClearPlaceOnCountryChange() {
	const { values, setFieldValue, initialValues } =
		useFormikContext< FiscalValues >();
	useEffect( () => {
		if ( values.country !== initialValues.country ) {
			setFieldValue( 'province', '' );
			setFieldValue( 'city', '' );
		}
		// Only a change of country, not the first render.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ values.country ] );
	return null;
}

/**
 * What the API takes from the tester rather than from this form: shown so the tester sees what the tax id is
 * checked against. The birth date is a read-only control so a refused submit can move focus to its error.
 *
 * @param props
 * @param props.id
 * @param props.me
 */
function PersonalData( { id, me }: { id: string; me: Me } ) {
	const { t } = useTranslation();
	const { values } = useFormikContext< FiscalValues >();
	const error = useFieldError( 'birthDate' );
	return (
		<div className={ `${ block }__grid` }>
			<ReadOnlyField
				id={ `${ id }-name` }
				label={ t( 'profileBase.name' ) }
				value={ me.name ?? '' }
			/>
			<ReadOnlyField
				id={ `${ id }-surname` }
				label={ t( 'profileBase.surname' ) }
				value={ me.surname ?? '' }
			/>
			<ReadOnlyField
				id={ `${ id }-birth-date` }
				label={ t( 'profileBase.birthDate' ) }
				name="birthDate"
				value={ values.birthDate }
				required
				error={ error }
				hint={ t( 'profileFiscal.personalDataHint' ) }
			/>
		</div>
	);
}

/**
 * A value the fiscal form shows but takes from the Base tab.
 *
 * @param props
 * @param props.value What it shows.
 * @param props.name  The form value it stands for, when it has one.
 */
function ReadOnlyField( {
	value,
	name,
	...field
}: Omit< FormFieldProps, 'children' > & { value: string; name?: string } ) {
	return (
		<FormField { ...field }>
			{ ( control ) => (
				<input
					{ ...control }
					type="text"
					name={ name }
					readOnly
					value={ value }
				/>
			) }
		</FormField>
	);
}

function BirthPlace( { id }: { id: string } ) {
	const { t } = useTranslation();
	const { values, setFieldValue } = useFormikContext< FiscalValues >();
	const cityError = useFieldError( 'birthCity' );
	return (
		<>
			<RadioGroup
				id={ `${ id }-born-in-italy` }
				name="bornInItaly"
				legend={ t( 'profileFiscal.bornInItaly' ) }
				required
				choices={ [
					{ value: 'yes', label: t( 'profileFiscal.yes' ) },
					{ value: 'no', label: t( 'profileFiscal.no' ) },
				] }
			/>
			{ values.bornInItaly === 'yes' ? (
				<PlaceField
					id={ `${ id }-birth-city` }
					name="birthCity"
					label={ t( 'profileFiscal.birthCity' ) }
					required
					error={ cityError }
					country={ ITALY }
					value={ values.birthCity }
					valueLabel={ `${ values.birthCity } (${ values.birthProvince })` }
					onChange={ ( option ) => {
						setFieldValue( 'birthCity', option?.place?.name ?? '' );
						setFieldValue(
							'birthProvince',
							option?.place?.province ?? ''
						);
					} }
				/>
			) : (
				<CountryField
					id={ `${ id }-birth-country` }
					name="birthCountry"
					label={ t( 'profileFiscal.birthCountry' ) }
					required
					placeholder={ t( 'profileBase.chooseCountry' ) }
					exclude={ [ ITALY ] }
				/>
			) }
		</>
	);
}

function AddressCity( { id }: { id: string } ) {
	const { t } = useTranslation();
	const { values, setFieldValue } = useFormikContext< FiscalValues >();
	const error = useFieldError( 'city' );
	return (
		<PlaceField
			id={ id }
			name="city"
			label={ t( 'profileFiscal.city' ) }
			required
			error={ error }
			country={ values.country }
			value={ values.city }
			onChange={ ( option ) => {
				setFieldValue( 'city', option?.place?.name ?? '' );
				if ( option?.place ) {
					setFieldValue( 'province', option.place.province );
				}
			} }
		/>
	);
}

/** Uppercased as typed; 16 characters for an Italian address, up to 30 otherwise. */
function TaxIdField( { id }: { id: string } ) {
	const { t } = useTranslation();
	const { values, setFieldValue } = useFormikContext< FiscalValues >();
	const error = useFieldError( 'fiscalId' );
	const italian = values.country === ITALY;
	return (
		<FormField
			id={ id }
			label={ t( 'profileFiscal.taxId' ) }
			required
			hint={
				italian
					? t( 'profileFiscal.taxIdHintItaly' )
					: t( 'profileFiscal.taxIdHintForeign' )
			}
			error={ error }
		>
			{ ( control ) => (
				<input
					{ ...control }
					type="text"
					name="fiscalId"
					autoComplete="off"
					spellCheck={ false }
					maxLength={ italian ? 16 : 30 }
					value={ values.fiscalId }
					onChange={ ( event ) =>
						setFieldValue(
							'fiscalId',
							event.target.value.toUpperCase()
						)
					}
				/>
			) }
		</FormField>
	);
}

/**
 * The fiscal profile form (spec §4, §5 "Fiscal").
 *
 * @param props
 * @param props.me            The profile: name, surname and birth date the tax id is checked against.
 * @param props.initialValues The stored profile's values, or a first profile's.
 * @param props.onSubmit      Called with valid values.
 * @param props.onCancel      Offered only when the stored profile is verified.
 */
export function FiscalForm( {
	me,
	initialValues,
	onSubmit,
	onCancel,
}: {
	me: Me;
	initialValues: FiscalValues;
	onSubmit: ( values: FiscalValues ) => Promise< void >;
	onCancel?: () => void;
} ) {
	const { t } = useTranslation();
	const id = 'crowdscout-profile-fiscal';
	const [ saving, submit ] = useSingleFlight( onSubmit );

	return (
		<ValidatedForm< FiscalValues >
			initialValues={ initialValues }
			validationSchema={ fiscalSchema }
			onSubmit={ submit }
			aria-label={ t( 'profile.tabFiscal' ) }
			className={ `${ block }__form` }
		>
			{ ( { values } ) => {
				const italian = values.country === ITALY;
				return (
					<>
						<ForceForeignType />
						<ClearPlaceOnCountryChange />
						<p className={ `${ block }__required-note` }>
							{ t( 'profileBase.requiredNote' ) }
						</p>
						<PersonalData id={ id } me={ me } />
						<CountryField
							id={ `${ id }-country` }
							name="country"
							label={ t( 'profileFiscal.country' ) }
							hint={ t( 'profileFiscal.countryHint' ) }
							required
							autoComplete="country"
							placeholder={ t( 'profileBase.chooseCountry' ) }
						/>
						<RadioGroup
							id={ `${ id }-type` }
							name="type"
							legend={ t( 'profileFiscal.type' ) }
							required
							choices={ FISCAL_TYPES.map( ( type ) => ( {
								value: type,
								label: t( FISCAL_TYPE_LABELS[ type ].label ),
								description: t(
									FISCAL_TYPE_LABELS[ type ].hint
								),
								disabled: ! italian && type !== 'non-italian',
							} ) ) }
						/>
						<RadioGroup
							id={ `${ id }-gender` }
							name="gender"
							legend={ t( 'profileFiscal.gender' ) }
							required
							choices={ [
								{
									value: 'female',
									label: t( 'profileFiscal.female' ),
								},
								{
									value: 'male',
									label: t( 'profileFiscal.male' ),
								},
							] }
						/>
						<h3 className={ `${ block }__subtitle` }>
							{ t( 'profileFiscal.birthPlace' ) }
						</h3>
						<BirthPlace id={ id } />
						<h3 className={ `${ block }__subtitle` }>
							{ t( 'profileFiscal.address' ) }
						</h3>
						<div className={ `${ block }__grid` }>
							<AddressCity id={ `${ id }-city` } />
							<TextField
								id={ `${ id }-province` }
								name="province"
								label={ t( 'profileFiscal.province' ) }
								required
								autoComplete="address-level1"
								maxLength={ 100 }
							/>
							<TextField
								id={ `${ id }-street` }
								name="street"
								label={ t( 'profileFiscal.street' ) }
								required
								autoComplete="address-line1"
								maxLength={ 200 }
							/>
							<TextField
								id={ `${ id }-street-number` }
								name="streetNumber"
								label={ t( 'profileFiscal.streetNumber' ) }
								required
								maxLength={ 20 }
							/>
							<TextField
								id={ `${ id }-zip` }
								name="cityCode"
								label={ t( 'profileFiscal.zip' ) }
								required
								autoComplete="postal-code"
								maxLength={ 20 }
							/>
						</div>
						<TaxIdField id={ `${ id }-tax-id` } />
						<div className={ `${ block }__actions` }>
							{ onCancel && (
								<button
									type="button"
									className="crowdscout-button crowdscout-button--secondary"
									onClick={ onCancel }
									disabled={ saving }
								>
									{ t( 'profileFiscal.cancel' ) }
								</button>
							) }
							<button
								type="submit"
								className="crowdscout-button crowdscout-button--primary"
								disabled={ saving }
							>
								{ saving
									? t( 'profileBase.saving' )
									: t( 'profileBase.save' ) }
							</button>
						</div>
					</>
				);
			} }
		</ValidatedForm>
	);
}
