import type {
	AdditionalValue,
	Certification,
	UserAdditional,
} from '../../contract/index.ts';
import type { CustomValue, MyCertification } from './repository.ts';

/** GET /users/me's `additional` items and PUT /users/me/additionals/{fieldId}'s `values`. */
export const presentCustomValue = ( value: CustomValue ): AdditionalValue => ( {
	value: value.value,
	is_candidate: value.isCandidate,
	...( value.text === undefined ? {} : { text: value.text } ),
} );

/** GET /users/me's `certifications` items and POST /users/me/certifications' answer. */
export const presentCertification = (
	certification: MyCertification
): Certification => ( {
	id: certification.id,
	name: certification.name,
	institute: certification.institute,
	area: certification.area,
	achievement_date: certification.achievementDate,
} );

/** GET /users/me's `additional` items: each value with the field it belongs to. */
export const presentUserAdditional = (
	value: CustomValue
): UserAdditional => ( {
	field_id: value.fieldId,
	...presentCustomValue( value ),
} );
