export {
	COUNTRY_CODES,
	countryOptions,
	type CountryOption,
} from '../../lib/countries';
