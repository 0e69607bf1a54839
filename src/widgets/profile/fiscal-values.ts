import type { Me } from '../../services/types';
import type { FiscalInput, FiscalProfile } from './profile-api';
import { FISCAL_TYPES, type FiscalType, type FiscalValues } from './schemas';

export const ITALY = 'IT';

/** The birth province of a birth abroad (spec section 5). */
export const ABROAD = 'EE';

const isFiscalType = ( type: string ): type is FiscalType =>
	( FISCAL_TYPES as readonly string[] ).includes( type );

/**
 * The stored profile as the body of PUT /users/me/fiscal: what the tester entered, without what the API adds
 * (the status and the name, surname and birth date it reads from the tester). Null when a part is missing (a
 * profile stored before the current rules), which only the form can complete.
 *
 * @param fiscal The stored profile.
 */
export function fiscalInputOf( fiscal: FiscalProfile ): FiscalInput | null {
	const { fiscalId, gender, birthPlace, address } = fiscal;
	const { country, province, city, street, streetNumber, cityCode } = address;
	if (
		! isFiscalType( fiscal.type ) ||
		! fiscalId ||
		! gender ||
		! birthPlace.city ||
		! birthPlace.province ||
		! country ||
		! province ||
		! city ||
		! street ||
		! streetNumber ||
		! cityCode
	) {
		return null;
	}
	return {
		type: fiscal.type,
		fiscalId,
		gender,
		birthPlace: { city: birthPlace.city, province: birthPlace.province },
		address: { country, province, city, street, streetNumber, cityCode },
	};
}

/**
 * The form's values: the stored profile, or what the base tab already knows for a first one.
 *
 * @param me           The profile (birth date, gender, country).
 * @param fiscal       The stored fiscal profile, if any.
 * @param keepFiscalId False when the tax id has to be typed again.
 */
export function fiscalValuesOf(
	me: Me,
	fiscal: FiscalProfile | null | undefined,
	keepFiscalId: boolean
): FiscalValues {
	const birthDate = me.birthDate ?? '';
	if ( ! fiscal ) {
		const gender =
			me.gender === 'male' || me.gender === 'female' ? me.gender : '';
		return {
			type: me.country && me.country !== ITALY ? 'non-italian' : '',
			gender,
			birthDate,
			bornInItaly: 'yes',
			birthCity: '',
			birthProvince: '',
			birthCountry: '',
			country: me.country ?? '',
			province: '',
			city: '',
			street: '',
			streetNumber: '',
			cityCode: '',
			fiscalId: '',
		};
	}
	const abroad = fiscal.birthPlace.province === ABROAD;
	const birthCity = fiscal.birthPlace.city ?? '';
	const { address } = fiscal;
	return {
		type: isFiscalType( fiscal.type ) ? fiscal.type : '',
		gender: fiscal.gender ?? '',
		birthDate,
		bornInItaly: abroad ? 'no' : 'yes',
		birthCity: abroad ? '' : birthCity,
		birthProvince: abroad ? '' : fiscal.birthPlace.province ?? '',
		birthCountry: abroad ? birthCity : '',
		country: address.country ?? '',
		province: address.province ?? '',
		city: address.city ?? '',
		street: address.street ?? '',
		streetNumber: address.streetNumber ?? '',
		cityCode: address.cityCode ?? '',
		fiscalId: keepFiscalId ? fiscal.fiscalId ?? '' : '',
	};
}

/**
 * The body of POST or PUT /users/me/fiscal. A birth abroad is sent as the country's ISO code with province EE,
 * which the API maps to the state the tax code knows.
 *
 * @param values Valid form values.
 */
export function fiscalInputFromValues( values: FiscalValues ): FiscalInput {
	const italianAddress = values.country === ITALY;
	return {
		type: ( italianAddress ? values.type : 'non-italian' ) as FiscalType,
		fiscalId: values.fiscalId.trim().toUpperCase(),
		gender: values.gender as 'male' | 'female',
		birthPlace:
			values.bornInItaly === 'yes'
				? { city: values.birthCity, province: values.birthProvince }
				: { city: values.birthCountry, province: ABROAD },
		address: {
			country: values.country,
			province: values.province.trim(),
			city: values.city.trim(),
			street: values.street.trim(),
			streetNumber: values.streetNumber.trim(),
			cityCode: values.cityCode.trim(),
		},
	};
}
