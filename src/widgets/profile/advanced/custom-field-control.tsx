import { useMemo } from '@wordpress/element';
import Select, {
	components,
	type InputProps,
	type MultiValue,
	type SingleValue,
} from 'react-select';
import CreatableSelect from 'react-select/creatable';

import { FormField, type ControlProps } from '../../../components/form-field';
import type { Locale } from '../../../lib/locale';
import { useTranslation } from '../../../lib/use-translation';
import {
	inLanguage,
	optionChoices,
	type Choice,
	type FieldValue,
} from './custom-fields';
import type { CustomField } from './types';

interface CustomFieldControlProps {
	field: CustomField;
	value: FieldValue;
	onChange: ( value: FieldValue ) => void;
	/** The translated message, when the value is invalid. */
	error?: string;
	locale: Locale;
}

/**
 * react-select takes no `aria-describedby`; its input component passes unknown props to the `<input>`, so
 * the hint and the error reach screen readers like those of a native control.
 *
 * @param describedBy The ids the input should name.
 */
function useDescribedInput( describedBy: string | undefined ) {
	return useMemo(
		() =>
			function DescribedInput( props: InputProps< Choice, boolean > ) {
				return (
					<components.Input
						{ ...props }
						{ ...( describedBy
							? { 'aria-describedby': describedBy }
							: {} ) }
					/>
				);
			},
		[ describedBy ]
	);
}

function ChoiceSelect( {
	field,
	value,
	onChange,
	control,
	placeholder,
	locale,
}: {
	field: CustomField;
	value: Choice | Choice[] | null;
	onChange: ( value: FieldValue ) => void;
	control: ControlProps;
	placeholder: string;
	locale: Locale;
} ) {
	const { t } = useTranslation();
	const Input = useDescribedInput( control[ 'aria-describedby' ] );
	const options = useMemo(
		() => optionChoices( field, locale ),
		[ field, locale ]
	);
	const isMulti = field.type === 'multiselect';
	const shared = {
		inputId: control.id,
		name: `custom-${ field.id }`,
		classNamePrefix: 'crowdscout-select',
		className: 'crowdscout-select',
		options,
		value,
		isMulti,
		isClearable: true,
		placeholder: placeholder || t( 'profileAdvanced.choose' ),
		noOptionsMessage: () => t( 'profileAdvanced.noOptions' ),
		getOptionValue: ( choice: Choice ) =>
			`${ choice.isCandidate ? 'other:' : '' }${ choice.value }`,
		'aria-invalid': control[ 'aria-invalid' ],
		'aria-errormessage': control[ 'aria-invalid' ]
			? `${ control.id }-error`
			: undefined,
		components: { Input },
		onChange: ( next: MultiValue< Choice > | SingleValue< Choice > ) =>
			onChange(
				Array.isArray( next )
					? [ ...next ]
					: ( next as Choice | null ) ?? null
			),
	};
	if ( ! field.allow_other ) {
		return <Select< Choice, boolean > { ...shared } />;
	}
	return (
		<CreatableSelect< Choice, boolean >
			{ ...shared }
			formatCreateLabel={ ( input ) =>
				t( 'profileAdvanced.addOther', { value: input } )
			}
			// The menu shows "Add …" as the new option's label; once chosen, the label is what was typed.
			getNewOptionData={ ( input, label ) => ( {
				value: input.trim(),
				label: String( label ).trim(),
				isCandidate: true,
			} ) }
			isValidNewOption={ ( input, selected, available ) => {
				const wanted = input.trim().toLowerCase();
				return (
					wanted !== '' &&
					! [ ...selected, ...available ].some(
						( choice ) =>
							'label' in choice &&
							( choice as Choice ).label.toLowerCase() === wanted
					)
				);
			} }
		/>
	);
}

/**
 * One custom user field: a text input checked against its format, or a select (several values for a
 * multiselect) that also takes the tester's own entry when the field allows other values.
 *
 * @param props
 * @param props.field
 * @param props.value
 * @param props.onChange
 * @param props.error
 * @param props.locale
 */
export function CustomFieldControl( {
	field,
	value,
	onChange,
	error,
	locale,
}: CustomFieldControlProps ) {
	const { t } = useTranslation();
	const placeholder = inLanguage( field.placeholder, locale );
	return (
		<FormField
			id={ `crowdscout-custom-field-${ field.id }` }
			label={ inLanguage( field.name, locale ) }
			error={ error }
			hint={
				field.type !== 'text' && field.allow_other
					? t( 'profileAdvanced.otherHint' )
					: undefined
			}
		>
			{ ( control ) =>
				field.type === 'text' ? (
					<input
						{ ...control }
						type="text"
						name={ `custom-${ field.id }` }
						value={ typeof value === 'string' ? value : '' }
						placeholder={ placeholder || undefined }
						onChange={ ( event ) => onChange( event.target.value ) }
					/>
				) : (
					<ChoiceSelect
						field={ field }
						value={
							typeof value === 'string'
								? null
								: ( value as Choice | Choice[] | null )
						}
						onChange={ onChange }
						control={ control }
						placeholder={ placeholder }
						locale={ locale }
					/>
				)
			}
		</FormField>
	);
}
