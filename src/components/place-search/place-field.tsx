import { useTranslation } from '../../lib/use-translation';
import { ComboField, type ComboOption } from './combo-field';
import { usePlaceSearch } from './use-place-search';

/**
 * A city searched in one country's places (`GET /places`), as the Base and Fiscal tabs ask for it: disabled
 * until there is a country, and a new country starts a new search, without the answers cached for the old one.
 *
 * @param props
 * @param props.id          The control's id.
 * @param props.name        The Formik value's name.
 * @param props.label       Already translated.
 * @param props.country     ISO alpha-2 of the country searched.
 * @param props.value       The chosen place's name, or empty.
 * @param props.valueLabel  How the chosen place is shown; its name when missing.
 * @param props.onChange    Called with the chosen option, or null once cleared.
 * @param props.required    Marks the field required.
 * @param props.hint        Already translated.
 * @param props.error       Already translated.
 * @param props.isClearable Offers a button that empties the field.
 */
export function PlaceField( {
	id,
	name,
	label,
	country,
	value,
	valueLabel,
	onChange,
	required,
	hint,
	error,
	isClearable,
}: {
	id: string;
	name: string;
	label: string;
	country: string;
	value: string;
	valueLabel?: string;
	onChange: ( option: ComboOption | null ) => void;
	required?: boolean;
	hint?: string;
	error?: string;
	isClearable?: boolean;
} ) {
	const { t } = useTranslation();
	const loadOptions = usePlaceSearch( country );
	return (
		<ComboField
			key={ country }
			async
			field={ { id, name, label, required, hint, error } }
			select={ {
				loadOptions,
				cacheOptions: true,
				isClearable,
				isDisabled: ! country,
				value: value ? { value, label: valueLabel ?? value } : null,
				onChange: ( option ) => onChange( option ),
				placeholder: t( 'profileBase.cityPlaceholder' ),
				noOptionsMessage: ( { inputValue } ) =>
					inputValue.trim()
						? t( 'profileBase.cityNotFound' )
						: t( 'profileBase.citySearch' ),
				loadingMessage: () => t( 'profileBase.citySearching' ),
			} }
		/>
	);
}
