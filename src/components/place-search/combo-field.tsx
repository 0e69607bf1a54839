import type { ReactNode } from 'react';
import { createContext, useContext } from '@wordpress/element';
import Select, {
	components,
	type GroupBase,
	type InputProps,
	type Props as SelectProps,
} from 'react-select';
import AsyncSelect, { type AsyncProps } from 'react-select/async';

import { FormField } from '../form-field';
import './combo-field.scss';
import type { Place } from './places-api';

export interface ComboOption {
	value: string;
	label: string;
	/** The place an option of a places search stands for. */
	place?: Place;
}

interface InputWiring {
	name?: string;
	describedBy?: string;
	required?: boolean;
}

const InputWiringContext = createContext< InputWiring >( {} );

/**
 * react-select's search input, given the field's name (so a refused submit can focus it) and its hint and
 * error (`aria-describedby`), which react-select has no props for. Read from context, so that the component
 * stays the same while the error changes and the input keeps focus as the user types.
 *
 * @param props
 */
function WiredInput< Option, IsMulti extends boolean >(
	props: InputProps< Option, IsMulti, GroupBase< Option > >
) {
	const { name, describedBy, required } = useContext( InputWiringContext );
	return (
		<components.Input
			{ ...props }
			name={ name }
			aria-describedby={ describedBy }
			aria-required={ required || undefined }
		/>
	);
}

interface ComboFieldProps {
	id: string;
	label: ReactNode;
	/** The Formik value's name, when it is one: a refused submit focuses the control by it. */
	name?: string;
	required?: boolean;
	hint?: ReactNode;
	/** Already translated. */
	error?: string;
	className?: string;
}

type Shared = 'inputId' | 'aria-invalid' | 'components' | 'name';

/**
 * A labelled react-select (WAI-ARIA combobox) inside the form's FormField: label, hint and error wired to the
 * search input like a native control's.
 *
 * @param props
 * @param props.field  The field's label, id, hint and error.
 * @param props.select react-select's own props.
 * @param props.async  Searches with `loadOptions` (react-select/async) instead of a fixed list.
 */
export function ComboField< IsMulti extends boolean = false >( {
	field,
	select,
	async = false,
}: {
	field: ComboFieldProps;
	select: Omit<
		AsyncProps< ComboOption, IsMulti, GroupBase< ComboOption > > &
			SelectProps< ComboOption, IsMulti, GroupBase< ComboOption > >,
		Shared
	>;
	async?: boolean;
} ) {
	const { id, label, name, required, hint, error, className } = field;
	return (
		<FormField
			id={ id }
			label={ label }
			required={ required }
			hint={ hint }
			error={ error }
			className={ [ 'crowdscout-combo-field', className ]
				.filter( Boolean )
				.join( ' ' ) }
		>
			{ ( control ) => (
				<InputWiringContext.Provider
					value={ {
						name,
						describedBy: control[ 'aria-describedby' ],
						required,
					} }
				>
					{ async ? (
						<AsyncSelect< ComboOption, IsMulti >
							{ ...select }
							inputId={ control.id }
							aria-invalid={ control[ 'aria-invalid' ] }
							components={ { Input: WiredInput } }
							classNamePrefix="crowdscout-combo"
						/>
					) : (
						<Select< ComboOption, IsMulti >
							{ ...select }
							inputId={ control.id }
							aria-invalid={ control[ 'aria-invalid' ] }
							components={ { Input: WiredInput } }
							classNamePrefix="crowdscout-combo"
						/>
					) }
				</InputWiringContext.Provider>
			) }
		</FormField>
	);
}
