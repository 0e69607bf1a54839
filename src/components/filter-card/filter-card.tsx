import { useId } from '@wordpress/element';

import { useTranslation } from '../../lib/use-translation';
import { FormField, type SelectOption } from '../form-field/form-field';
import './filter-card.scss';

const block = 'crowdscout-filter-card';

interface FilterBase< Name extends string > {
	name: Name;
	/** The control's label, translated. */
	label: string;
	/** What "Clear filters" puts back; empty when missing. */
	defaultValue?: string;
}

export interface SelectFilter< Name extends string = string >
	extends FilterBase< Name > {
	type: 'select';
	options: readonly SelectOption[];
	/** A first option "All" with the empty value; set false for selects that always hold a value (sort by). */
	all?: boolean;
}

export interface SearchFilter< Name extends string = string >
	extends FilterBase< Name > {
	type: 'search';
	placeholder?: string;
}

export type Filter< Name extends string = string > =
	| SelectFilter< Name >
	| SearchFilter< Name >;

export type FilterValues< Name extends string = string > = Record<
	Name,
	string
>;

export interface FilterCardProps< Name extends string > {
	filters: ReadonlyArray< Filter< Name > >;
	value: FilterValues< Name >;
	/** Every change, each keystroke of a search included: debounce the request, not the card. */
	onChange: ( value: FilterValues< Name > ) => void;
	/** The card's heading; "Filters" when missing. */
	title?: string;
	headingLevel?: 2 | 3 | 4;
	className?: string;
}

/**
 * The side card of the list pages (spec: experience points, uploaded bugs, wallet): labelled native selects
 * and a search box over a list, and "Clear filters". Controlled: it shows `value` and reports every change,
 * so the page owns the filters (and puts its list back on page 1 when they change).
 *
 * @param props
 * @param props.filters      The controls, in order.
 * @param props.value        Each control's value, by name.
 * @param props.onChange     Called with all the values after a change.
 * @param props.title
 * @param props.headingLevel
 * @param props.className
 */
export function FilterCard< Name extends string >( {
	filters,
	value,
	onChange,
	title,
	headingLevel = 2,
	className,
}: FilterCardProps< Name > ) {
	const { t } = useTranslation();
	const baseId = useId();
	const Heading = `h${ headingLevel }` as const;
	const cleared = Object.fromEntries(
		filters.map( ( filter ) => [ filter.name, filter.defaultValue ?? '' ] )
	) as FilterValues< Name >;
	const filtered = filters.some(
		( filter ) => ( value[ filter.name ] ?? '' ) !== cleared[ filter.name ]
	);
	const set = ( name: Name, next: string ) =>
		onChange( { ...value, [ name ]: next } );

	return (
		<section
			className={ [ block, className ].filter( Boolean ).join( ' ' ) }
			aria-labelledby={ `${ baseId }-title` }
		>
			<Heading
				id={ `${ baseId }-title` }
				className={ `${ block }__title` }
			>
				{ title ?? t( 'filterCard.title' ) }
			</Heading>
			<div className={ `${ block }__controls` }>
				{ filters.map( ( filter ) => (
					<FormField
						key={ filter.name }
						id={ `${ baseId }-${ filter.name }` }
						label={ filter.label }
					>
						{ ( control ) =>
							filter.type === 'select' ? (
								<select
									{ ...control }
									value={ value[ filter.name ] ?? '' }
									onChange={ ( event ) =>
										set( filter.name, event.target.value )
									}
								>
									{ filter.all !== false && (
										<option value="">
											{ t( 'filterCard.all' ) }
										</option>
									) }
									{ filter.options.map( ( option ) => (
										<option
											key={ option.value }
											value={ option.value }
										>
											{ option.label }
										</option>
									) ) }
								</select>
							) : (
								<input
									{ ...control }
									type="search"
									placeholder={ filter.placeholder }
									value={ value[ filter.name ] ?? '' }
									onChange={ ( event ) =>
										set( filter.name, event.target.value )
									}
								/>
							)
						}
					</FormField>
				) ) }
			</div>
			{ /* aria-disabled, not disabled: the button keeps focus once it has cleared everything. */ }
			<button
				type="button"
				className={ `crowdscout-button crowdscout-button--secondary ${ block }__clear` }
				aria-disabled={ ! filtered || undefined }
				onClick={ () => {
					if ( filtered ) {
						onChange( { ...value, ...cleared } );
					}
				} }
			>
				{ t( 'filterCard.clear' ) }
			</button>
		</section>
	);
}
