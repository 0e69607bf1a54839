import { useEffect, useRef, useState } from '@wordpress/element';
import { useFormikContext } from 'formik';

import {
	CountryField,
	FormField,
	SelectField,
	TextField,
	ValidatedForm,
	useFieldError,
} from '../../components/form-field';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { useTranslation } from '../../lib/use-translation';
import type { BodyOf } from '../../services/contract';
import { showToast } from '../../services/toasts';
import type { Me } from '../../services/types';
import { useUpdateMeMutation } from '../../services/users';
import { useAppDispatch } from '../../store/hooks';
import { GENDER_LABELS } from './labels';
import { LanguagesField } from './languages-field';
import { PlaceField } from '../../components/place-search';
import {
	useGetMyFiscalQuery,
	useListEducationQuery,
	useListEmploymentsQuery,
	useUpdateMyFiscalMutation,
} from './profile-api';
import { fiscalInputOf } from './fiscal-values';
import {
	GENDERS,
	baseSchema,
	latestBirthDate,
	type BaseValues,
} from './schemas';

type UserChanges = NonNullable< BodyOf< 'updateMe' > >;

const block = 'wp-block-crowdscout-profile';

export function baseValuesOf( me: Me ): BaseValues {
	return {
		name: me.name ?? '',
		surname: me.surname ?? '',
		gender: me.gender ?? '',
		birthDate: me.birthDate ?? '',
		phone: me.phone ?? '',
		email: me.email ?? '',
		country: me.country ?? '',
		city: me.city ?? '',
		profession: me.profession ? String( me.profession.id ) : '',
		education: me.education ? String( me.education.id ) : '',
	};
}

const idOrNull = ( value: string ) => ( value === '' ? null : Number( value ) );

/**
 * Only what differs from what was saved, in the API's shapes: the spec leaves the email out when unchanged, and
 * sending untouched fields would re-run checks (the city against the country) the tester did not ask for.
 *
 * @param values What the form holds.
 * @param saved  What the profile held.
 */
export function changesOf(
	values: BaseValues,
	saved: BaseValues
): UserChanges {
	const changes: UserChanges = {};
	const changed = ( key: keyof BaseValues ) =>
		values[ key ].trim() !== saved[ key ].trim();
	if ( changed( 'name' ) ) {
		changes.name = values.name.trim();
	}
	if ( changed( 'surname' ) ) {
		changes.surname = values.surname.trim();
	}
	if ( changed( 'gender' ) ) {
		changes.gender = values.gender === '' ? null : values.gender;
	}
	if ( changed( 'birthDate' ) ) {
		changes.birthDate = values.birthDate;
	}
	if ( changed( 'phone' ) ) {
		changes.phone = values.phone.trim() === '' ? null : values.phone.trim();
	}
	if ( changed( 'email' ) ) {
		changes.email = values.email.trim();
	}
	if ( changed( 'country' ) ) {
		changes.country = values.country;
	}
	if ( changed( 'city' ) ) {
		changes.city = values.city === '' ? null : values.city;
	}
	if ( changed( 'profession' ) ) {
		changes.profession = idOrNull( values.profession );
	}
	if ( changed( 'education' ) ) {
		changes.education = idOrNull( values.education );
	}
	return changes;
}

/** A city belongs to its country: another country empties it. */
function ClearCityOnCountryChange() {
	const { values, setFieldValue } = useFormikContext< BaseValues >();
	const previous = useRef( values.country );
	useEffect( () => {
		if ( previous.current !== values.country ) {
			previous.current = values.country;
			setFieldValue( 'city', '' );
		}
	}, [ values.country, setFieldValue ] );
	return null;
}

function BirthDateField( { id }: { id: string } ) {
	const { t } = useTranslation();
	const { values, handleChange } = useFormikContext< BaseValues >();
	const error = useFieldError( 'birthDate' );
	return (
		<FormField
			id={ id }
			label={ t( 'profileBase.birthDate' ) }
			required
			error={ error }
		>
			{ ( control ) => (
				<input
					{ ...control }
					type="date"
					name="birthDate"
					min="1900-01-01"
					// The spec's cutoff: today minus sixteen years.
					max={ latestBirthDate() }
					autoComplete="bday"
					value={ values.birthDate }
					onChange={ handleChange }
				/>
			) }
		</FormField>
	);
}

function CityField( { id }: { id: string } ) {
	const { t } = useTranslation();
	const { values, setFieldValue } = useFormikContext< BaseValues >();
	const error = useFieldError( 'city' );
	return (
		<PlaceField
			id={ id }
			name="city"
			label={ t( 'profileBase.city' ) }
			hint={ values.country ? undefined : t( 'profileBase.cityHint' ) }
			error={ error }
			isClearable
			country={ values.country }
			value={ values.city }
			onChange={ ( option ) =>
				setFieldValue(
					'city',
					option?.place?.name ?? option?.label ?? ''
				)
			}
		/>
	);
}

/**
 * The Base tab (spec "Profile", §5 "Profile base"): the tester's personal data. Languages are saved as they are
 * picked; the other fields with the Save button, which sends only what changed.
 *
 * @param props
 * @param props.me                    The profile.
 * @param props.onPersonalDataChanged Called when a save changed name, surname or birth date.
 */
export function BaseTab( {
	me,
	onPersonalDataChanged,
}: {
	me: Me;
	onPersonalDataChanged: () => void;
} ) {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const id = 'crowdscout-profile-base';
	const [ saved, setSaved ] = useState( () => baseValuesOf( me ) );
	const [ updateMe ] = useUpdateMeMutation();
	const [ updateMyFiscal ] = useUpdateMyFiscalMutation();
	const { data: fiscal } = useGetMyFiscalQuery();
	const { data: employments = [] } = useListEmploymentsQuery();
	const { data: education = [] } = useListEducationQuery();
	const genders = GENDERS.map( ( gender ) => ( {
		value: gender,
		label: t( GENDER_LABELS[ gender ] ),
	} ) );
	const toOptions = (
		items: ReadonlyArray< { id: number; name: string } >
	) =>
		items.map( ( item ) => ( {
			value: String( item.id ),
			label: item.name,
		} ) );

	const toast = ( kind: 'success' | 'warning' | 'danger', message: string ) =>
		dispatch( showToast( { kind, message } ) );

	// The API revalidates the fiscal profile itself; sending it again gives the page the new status to report.
	const revalidateFiscal = async () => {
		if ( ! fiscal || fiscal.type === 'internal' ) {
			return;
		}
		onPersonalDataChanged();
		const stored = fiscalInputOf( fiscal );
		try {
			if ( ! stored ) {
				throw new Error( 'Incomplete fiscal profile' );
			}
			const result = await updateMyFiscal( stored ).unwrap();
			if ( result.fiscalStatus === 'Verified' ) {
				toast( 'success', t( 'profileBase.fiscalNowVerified' ) );
				return;
			}
		} catch {
			// Reported below like a mismatch: the tester has to check the fiscal tab either way.
		}
		toast( 'warning', t( 'profileBase.fiscalMismatch' ) );
	};

	const [ saving, save ] = useSingleFlight( async ( values: BaseValues ) => {
		const changes = changesOf( values, saved );
		if ( Object.keys( changes ).length === 0 ) {
			toast( 'success', t( 'profileBase.nothingChanged' ) );
			return;
		}
		try {
			await updateMe( changes ).unwrap();
		} catch ( error ) {
			const status = ( error as { status?: number } ).status;
			if ( status === 412 ) {
				toast( 'danger', t( 'profileBase.emailExists' ) );
			} else {
				toast( 'warning', t( 'profileBase.saveFailed' ) );
			}
			return;
		}
		setSaved( values );
		toast( 'success', t( 'profileBase.saved' ) );
		if ( changes.name || changes.surname || changes.birthDate ) {
			await revalidateFiscal();
		}
	} );

	return (
		<div className={ `${ block }__base` }>
			<ValidatedForm< BaseValues >
				initialValues={ saved }
				validationSchema={ baseSchema }
				onSubmit={ save }
				aria-label={ t( 'profile.tabBase' ) }
				className={ `${ block }__form` }
			>
				{ () => (
					<>
						<ClearCityOnCountryChange />
						<p className={ `${ block }__required-note` }>
							{ t( 'profileBase.requiredNote' ) }
						</p>
						<div className={ `${ block }__grid` }>
							<TextField
								id={ `${ id }-name` }
								name="name"
								label={ t( 'profileBase.name' ) }
								required
								autoComplete="given-name"
								maxLength={ 100 }
							/>
							<TextField
								id={ `${ id }-surname` }
								name="surname"
								label={ t( 'profileBase.surname' ) }
								required
								autoComplete="family-name"
								maxLength={ 100 }
							/>
							<SelectField
								id={ `${ id }-gender` }
								name="gender"
								label={ t( 'profileBase.gender' ) }
								placeholder={ t( 'profileBase.choose' ) }
								options={ genders }
							/>
							<BirthDateField id={ `${ id }-birth-date` } />
							<TextField
								id={ `${ id }-phone` }
								name="phone"
								type="tel"
								label={ t( 'profileBase.phone' ) }
								hint={ t( 'profileBase.phoneHint' ) }
								autoComplete="tel"
								maxLength={ 20 }
							/>
							<TextField
								id={ `${ id }-email` }
								name="email"
								type="email"
								label={ t( 'profileBase.email' ) }
								required
								autoComplete="email"
								maxLength={ 254 }
							/>
							<CountryField
								id={ `${ id }-country` }
								name="country"
								label={ t( 'profileBase.country' ) }
								required
								autoComplete="country"
								placeholder={ t( 'profileBase.chooseCountry' ) }
							/>
							<CityField id={ `${ id }-city` } />
							<LanguagesField
								id={ `${ id }-languages` }
								initial={ me.languages ?? [] }
							/>
							<SelectField
								id={ `${ id }-profession` }
								name="profession"
								label={ t( 'profileBase.profession' ) }
								placeholder={ t( 'profileBase.choose' ) }
								options={ toOptions( employments ) }
							/>
							<SelectField
								id={ `${ id }-education` }
								name="education"
								label={ t( 'profileBase.education' ) }
								placeholder={ t( 'profileBase.choose' ) }
								options={ toOptions( education ) }
							/>
						</div>
						<div className={ `${ block }__actions` }>
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
				) }
			</ValidatedForm>
		</div>
	);
}
