import type { ReactNode } from 'react';
import {
	createContext,
	useCallback,
	useContext,
	useId,
	useSyncExternalStore,
} from '@wordpress/element';
import Select, {
	components,
	type InputProps,
	type StylesConfig,
} from 'react-select';

import { FormField, type SelectOption } from './form-field';
import './responsive-select.scss';

/** The spec's width from which selects are searchable (section 4, "Device wizard"); narrower ones are native. */
export const SEARCHABLE_MIN_WIDTH = 768;

const ignore = () => {};

/**
 * Whether the window is at least `width` pixels wide, following resizes and rotations. Without matchMedia
 * (an old embedded browser) the window's width decides, read again on each resize.
 *
 * @param width In CSS pixels.
 */
export function useMinWidth( width: number ): boolean {
	const query = `(min-width: ${ width }px)`;
	const subscribe = useCallback(
		( onChange: () => void ) => {
			if ( typeof window.matchMedia !== 'function' ) {
				window.addEventListener( 'resize', onChange );
				return () => window.removeEventListener( 'resize', onChange );
			}
			const list = window.matchMedia( query );
			list.addEventListener?.( 'change', onChange );
			return list.removeEventListener
				? () => list.removeEventListener( 'change', onChange )
				: ignore;
		},
		[ query ]
	);
	return useSyncExternalStore( subscribe, () =>
		typeof window.matchMedia === 'function'
			? window.matchMedia( query ).matches
			: window.innerWidth >= width
	);
}

interface InputWiring {
	describedBy?: string;
	required?: boolean;
}

const InputWiringContext = createContext< InputWiring >( {} );

/**
 * react-select's search input with the field's hint and error (`aria-describedby`) and `aria-required`, which
 * react-select has no props for. Read from context so the component stays the same and keeps focus while the
 * error changes.
 *
 * @param props
 */
function WiredInput( props: InputProps< SelectOption, false > ) {
	const { describedBy, required } = useContext( InputWiringContext );
	return (
		<components.Input
			{ ...props }
			aria-describedby={ describedBy }
			aria-required={ required || undefined }
		/>
	);
}

const SELECT_COMPONENTS = { Input: WiredInput };

/**
 * react-select hides a disabled select's input (`visibility: hidden`), which takes the field out of the
 * accessibility tree: a screen reader would not find "Model" before a manufacturer is chosen. The input stays
 * disabled, so showing it changes nothing on screen.
 */
const SELECT_STYLES: StylesConfig< SelectOption, false > = {
	input: ( base ) => ( { ...base, visibility: 'visible' } ),
};

export interface ResponsiveSelectProps {
	label: ReactNode;
	options: readonly SelectOption[];
	/** The chosen option's value; '' for none. */
	value: string;
	onChange: ( value: string ) => void;
	/** Shown while nothing is chosen (the native select's first, empty option). */
	placeholder: string;
	/** The control's id; one is made up when missing. */
	id?: string;
	/** The form value's name, for the native select and react-select's hidden input. */
	name?: string;
	required?: boolean;
	disabled?: boolean;
	/** The options are on their way. */
	loading?: boolean;
	/** What the searchable select says when the search matches nothing. */
	noOptionsText?: string;
	hint?: ReactNode;
	/** The translated error; marks the control invalid. */
	error?: string;
	className?: string;
}

/**
 * A labelled single choice: a searchable react-select (WAI-ARIA combobox) on windows of 768 px and more, a plain
 * native select below, where the phone's own picker is easier than typing on a small keyboard. Both are
 * controlled by `value` and wired to the label, hint and error by FormField.
 *
 * @param props
 * @param props.label
 * @param props.options
 * @param props.value
 * @param props.onChange      Called with the chosen option's value.
 * @param props.placeholder
 * @param props.id
 * @param props.name
 * @param props.required
 * @param props.disabled
 * @param props.loading
 * @param props.noOptionsText
 * @param props.hint
 * @param props.error
 * @param props.className
 */
export function ResponsiveSelect( {
	label,
	options,
	value,
	onChange,
	placeholder,
	id,
	name,
	required = false,
	disabled = false,
	loading = false,
	noOptionsText,
	hint,
	error,
	className,
}: ResponsiveSelectProps ) {
	const ownId = useId();
	const searchable = useMinWidth( SEARCHABLE_MIN_WIDTH );
	const chosen = options.find( ( option ) => option.value === value ) ?? null;
	return (
		<FormField
			id={ id ?? ownId }
			label={ label }
			required={ required }
			hint={ hint }
			error={ error }
			className={ [ 'crowdscout-responsive-select', className ]
				.filter( Boolean )
				.join( ' ' ) }
		>
			{ ( control ) =>
				searchable ? (
					<InputWiringContext.Provider
						value={ {
							describedBy: control[ 'aria-describedby' ],
							required,
						} }
					>
						<Select< SelectOption, false >
							inputId={ control.id }
							name={ name }
							aria-invalid={ control[ 'aria-invalid' ] }
							options={ options }
							value={ chosen }
							onChange={ ( option ) =>
								onChange( option?.value ?? '' )
							}
							placeholder={ placeholder }
							isDisabled={ disabled }
							// In a dialog's scrolling body there may be more room above than below.
							menuPlacement="auto"
							isLoading={ loading }
							noOptionsMessage={
								noOptionsText ? () => noOptionsText : undefined
							}
							components={ SELECT_COMPONENTS }
							styles={ SELECT_STYLES }
							classNamePrefix="crowdscout-combo"
						/>
					</InputWiringContext.Provider>
				) : (
					<select
						{ ...control }
						name={ name }
						value={ chosen ? value : '' }
						disabled={ disabled }
						aria-busy={ loading || undefined }
						onChange={ ( event ) => onChange( event.target.value ) }
					>
						<option value="">{ placeholder }</option>
						{ options.map( ( option ) => (
							<option key={ option.value } value={ option.value }>
								{ option.label }
							</option>
						) ) }
					</select>
				)
			}
		</FormField>
	);
}
