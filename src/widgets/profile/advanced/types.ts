import type {
	AdditionalValueInput,
	BodyOf,
	CertificationInput,
	CertificationItem,
	CustomUserField,
	CustomUserFieldGroup,
	PerLanguageText,
	QueryOf,
	UserAdditional,
} from '../../../services/contract';

/** The advanced tab's shapes, from the contract (api/openapi.yaml). */
export type CustomField = CustomUserField;
export type CustomFieldGroup = CustomUserFieldGroup;
/** One stored value of `additional` in GET /users/me. */
export type AdditionalValue = UserAdditional;
export type AdditionalInput = AdditionalValueInput;
/** The body of PUT /users/me/additionals/{fieldId}: one value, or every value of a multiselect. */
export type AdditionalBody = BodyOf< 'updateMyAdditional' >;
export type CatalogueCertification = CertificationItem;
export type NewCertification = CertificationInput;
export type { PerLanguageText };

/** `filterBy` of GET /certifications: the areas of an institute, the certifications of an area. */
export type CertificationFilter = NonNullable<
	QueryOf< 'listCertifications' >[ 'filterBy' ]
>;
