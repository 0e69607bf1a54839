export { CountryField, type CountryFieldProps } from './country-field';
export {
	CheckboxField,
	SelectField,
	TextField,
	type CheckboxFieldProps,
	type SelectFieldProps,
	type TextFieldProps,
} from './fields';
export { useErrorText, useFieldError } from './field-errors';
export { FocusFirstInvalid } from './focus-first-invalid';
export {
	FieldError,
	FormField,
	RequiredMark,
	type ControlProps,
	type FormFieldProps,
	type SelectOption,
} from './form-field';
export { ValidatedForm, type ValidatedFormProps } from './validated-form';
