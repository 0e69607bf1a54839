import { useMemo } from '@wordpress/element';

import { countryOptions } from '../../lib/countries';
import { useTranslation } from '../../lib/use-translation';
import { SelectField, type SelectFieldProps } from './fields';

export type CountryFieldProps = Omit< SelectFieldProps, 'options' > & {
	/** ISO 3166-1 alpha-2 codes left out of the list (the fiscal birth country leaves Italy out). */
	exclude?: readonly string[];
};

/**
 * A select of every country, named and sorted in the page's language, bound to an ISO 3166-1 alpha-2 value.
 *
 * @param props
 * @param props.exclude Codes left out of the list.
 */
export function CountryField( { exclude, ...props }: CountryFieldProps ) {
	const { i18n } = useTranslation();
	// A string, so that a new array of the same codes keeps the list.
	const excluded = exclude?.join( ',' ) ?? '';
	const options = useMemo(
		() =>
			countryOptions( i18n.language )
				.filter(
					( country ) =>
						! excluded.split( ',' ).includes( country.code )
				)
				.map( ( country ) => ( {
					value: country.code,
					label: country.name,
				} ) ),
		[ i18n.language, excluded ]
	);
	return <SelectField { ...props } options={ options } />;
}
