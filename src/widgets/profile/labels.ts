import type { FiscalType, Gender } from './schemas';

/** Translation keys of the gender options (spec section 3: female, male, not-specified, other). */
export const GENDER_LABELS = {
	female: 'profileBase.genderFemale',
	male: 'profileBase.genderMale',
	'not-specified': 'profileBase.genderNotSpecified',
	other: 'profileBase.genderOther',
} as const satisfies Record< Gender, string >;

/** Translation keys of each fiscal type's name and short explanation (spec section 3). */
export const FISCAL_TYPE_LABELS = {
	'non-italian': {
		label: 'profileFiscal.typeNonItalian',
		hint: 'profileFiscal.typeNonItalianHint',
	},
	withholding: {
		label: 'profileFiscal.typeWithholding',
		hint: 'profileFiscal.typeWithholdingHint',
	},
	'witholding-extra': {
		label: 'profileFiscal.typeWitholdingExtra',
		hint: 'profileFiscal.typeWitholdingExtraHint',
	},
	vat: { label: 'profileFiscal.typeVat', hint: 'profileFiscal.typeVatHint' },
	company: {
		label: 'profileFiscal.typeCompany',
		hint: 'profileFiscal.typeCompanyHint',
	},
	internal: {
		label: 'profileFiscal.typeInternal',
		hint: 'profileFiscal.internalHint',
	},
} as const satisfies Record<
	FiscalType | 'internal',
	{ label: string; hint: string }
>;

export const fiscalTypeLabels = ( type: string ) =>
	FISCAL_TYPE_LABELS[ type as FiscalType ] ?? FISCAL_TYPE_LABELS.internal;
