import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { LOOKUP_ROWS } from '../lookups/index.ts';
import { LANGUAGE_ID } from './catalogue.ts';
import type { DemoPlan } from './demo.ts';

/**
 * The custom user field catalogue of the demo (the Advanced tab) and the demo veteran's answers to it. The
 * catalogue is an administrator's data, not a lookup the project ships, so no migration writes it: the seed does
 * (`npm start`, `npm run seed`), and the tests that need it call writeCustomFieldCatalogue.
 *
 * Ids are given, so the same on every engine and every run; a row whose id exists is left as it is (an
 * administrator's edit survives a seed). Every name (groups, fields, options) and placeholder comes in the
 * product's four languages; a group's or an option's own `name` is its English one, the default.
 */

type Texts = { it: string; en: string; es: string; fr: string };

export interface CatalogueField {
	id: number;
	/** Null: group 0, shown outside the accordions. */
	groupId: number | null;
	type: 'text' | 'select' | 'multiselect';
	allowOther: boolean;
	format: string | null;
	enabled: boolean;
	names: Texts;
	placeholders: Texts | null;
	options: ReadonlyArray< CatalogueOption >;
}

export interface CatalogueOption {
	id: number;
	name: Texts;
}

export const CUSTOM_FIELD_GROUPS = [
	{
		id: 1,
		name: {
			it: 'Abitudini tecnologiche',
			en: 'Tech habits',
			es: 'Hábitos tecnológicos',
			fr: 'Habitudes technologiques',
		},
	},
	{
		id: 2,
		name: {
			it: 'Acquisti',
			en: 'Shopping',
			es: 'Compras',
			fr: 'Achats',
		},
	},
] as const satisfies ReadonlyArray< { id: number; name: Texts } >;

/** Options get ids in the order of the fields, then of their lists. */
let nextOptionId = 1;
/**
 * The options of a field: a brand, the same in every language, or its name per language.
 *
 * @param names
 */
const options = ( names: ReadonlyArray< string | Texts > ): CatalogueOption[] =>
	names.map( ( name ) => ( {
		id: nextOptionId++,
		name:
			typeof name === 'string'
				? { it: name, en: name, es: name, fr: name }
				: name,
	} ) );

export const LINKEDIN_FORMAT =
	'^https://([a-z]{2,3}\\.)?linkedin\\.com/in/[A-Za-z0-9_-]{3,100}/?$;Enter your LinkedIn profile address, like https://www.linkedin.com/in/your-name';

export const CUSTOM_FIELDS = {
	operatingSystem: {
		id: 1,
		groupId: null,
		type: 'select',
		allowOther: false,
		format: null,
		enabled: true,
		names: {
			it: 'Sistema operativo che usi di più',
			en: 'Operating system you use most',
			es: 'Sistema operativo que más usas',
			fr: "Système d'exploitation que vous utilisez le plus",
		},
		placeholders: null,
		options: options( [
			'Windows',
			'macOS',
			'Linux',
			'ChromeOS',
			'Android',
			'iOS / iPadOS',
		] ),
	},
	jobTitle: {
		id: 2,
		groupId: null,
		type: 'text',
		allowOther: false,
		format: null,
		enabled: true,
		names: {
			it: 'La tua professione',
			en: 'Your job title',
			es: 'Tu puesto de trabajo',
			fr: 'Votre intitulé de poste',
		},
		placeholders: {
			it: 'es. Tester software',
			en: 'e.g. Software tester',
			es: 'p. ej. Tester de software',
			fr: 'ex. Testeur logiciel',
		},
		options: [],
	},
	linkedIn: {
		id: 3,
		groupId: null,
		type: 'text',
		allowOther: false,
		format: LINKEDIN_FORMAT,
		enabled: true,
		names: {
			it: 'URL del profilo LinkedIn',
			en: 'LinkedIn profile URL',
			es: 'URL del perfil de LinkedIn',
			fr: 'URL du profil LinkedIn',
		},
		placeholders: {
			it: 'https://www.linkedin.com/in/il-tuo-nome',
			en: 'https://www.linkedin.com/in/your-name',
			es: 'https://www.linkedin.com/in/tu-nombre',
			fr: 'https://www.linkedin.com/in/votre-nom',
		},
		options: [],
	},
	streaming: {
		id: 4,
		groupId: 1,
		type: 'multiselect',
		allowOther: true,
		format: null,
		enabled: true,
		names: {
			it: 'Servizi di streaming che usi',
			en: 'Streaming services you use',
			es: 'Servicios de streaming que usas',
			fr: 'Services de streaming que vous utilisez',
		},
		placeholders: {
			it: 'Scegli tutti quelli che usi o aggiungine un altro',
			en: 'Pick all you use or add another',
			es: 'Elige los que usas o añade otro',
			fr: 'Choisissez tous ceux que vous utilisez ou ajoutez-en un',
		},
		options: options( [
			'Netflix',
			'Prime Video',
			'Disney+',
			'Apple TV+',
			'NOW',
			'DAZN',
			'Paramount+',
			'Spotify',
			'YouTube Premium',
		] ),
	},
	smartHome: {
		id: 5,
		groupId: 1,
		type: 'select',
		allowOther: false,
		format: null,
		enabled: true,
		names: {
			it: 'Possiedi un dispositivo per la casa intelligente?',
			en: 'Do you own a smart home device?',
			es: '¿Tienes un dispositivo de hogar inteligente?',
			fr: 'Possédez-vous un appareil de maison connectée ?',
		},
		placeholders: null,
		options: options( [
			{
				it: 'Sì, uno smart speaker',
				en: 'Yes, a smart speaker',
				es: 'Sí, un altavoz inteligente',
				fr: 'Oui, une enceinte connectée',
			},
			{
				it: 'Sì, diversi dispositivi per la casa intelligente',
				en: 'Yes, several smart home devices',
				es: 'Sí, varios dispositivos de hogar inteligente',
				fr: 'Oui, plusieurs appareils de maison connectée',
			},
			{ it: 'No', en: 'No', es: 'No', fr: 'Non' },
		] ),
	},
	shoppingFrequency: {
		id: 6,
		groupId: 2,
		type: 'select',
		allowOther: false,
		format: null,
		enabled: true,
		names: {
			it: 'Quanto spesso fai acquisti online?',
			en: 'How often do you shop online?',
			es: '¿Con qué frecuencia compras en línea?',
			fr: 'À quelle fréquence achetez-vous en ligne ?',
		},
		placeholders: null,
		options: options( [
			{
				it: 'Ogni settimana',
				en: 'Every week',
				es: 'Cada semana',
				fr: 'Chaque semaine',
			},
			{
				it: 'Qualche volta al mese',
				en: 'A few times a month',
				es: 'Algunas veces al mes',
				fr: 'Quelques fois par mois',
			},
			{
				it: 'Una volta al mese',
				en: 'Once a month',
				es: 'Una vez al mes',
				fr: 'Une fois par mois',
			},
			{
				it: "Qualche volta all'anno",
				en: 'A few times a year',
				es: 'Algunas veces al año',
				fr: 'Quelques fois par an',
			},
			{ it: 'Mai', en: 'Never', es: 'Nunca', fr: 'Jamais' },
		] ),
	},
	shops: {
		id: 7,
		groupId: 2,
		type: 'multiselect',
		allowOther: true,
		format: null,
		enabled: true,
		names: {
			it: 'Dove fai acquisti online?',
			en: 'Where do you shop online?',
			es: '¿Dónde compras en línea?',
			fr: 'Où achetez-vous en ligne ?',
		},
		placeholders: null,
		options: options( [
			'Amazon',
			'eBay',
			'Zalando',
			'AliExpress',
			'Vinted',
		] ),
	},
	// Retired by the administrator: kept with its answers, but neither listed nor editable.
	fax: {
		id: 8,
		groupId: null,
		type: 'text',
		allowOther: false,
		format: null,
		enabled: false,
		names: {
			it: 'Numero di fax',
			en: 'Fax number',
			es: 'Número de fax',
			fr: 'Numéro de fax',
		},
		placeholders: null,
		options: [],
	},
} as const satisfies Record< string, CatalogueField >;

const FIELDS: readonly CatalogueField[] = Object.values( CUSTOM_FIELDS );

/**
 * Writes the catalogue's groups, fields (with their translations and options) that are not there yet, and the
 * names per language of its groups and options that have none, in one transaction. Safe to run on every seed.
 *
 * @param db
 */
export async function writeCustomFieldCatalogue(
	db: Kysely< Database >
): Promise< void > {
	await inTransaction( db, async ( trx ) => {
		const existingGroups = new Set(
			(
				await trx
					.selectFrom( 'custom_user_field_groups' )
					.select( 'id' )
					.execute()
			).map( ( row ) => row.id )
		);
		const groups = CUSTOM_FIELD_GROUPS.filter(
			( group ) => ! existingGroups.has( group.id )
		);
		if ( groups.length ) {
			await trx
				.insertInto( 'custom_user_field_groups' )
				.values(
					groups.map( ( group ) => ( {
						id: group.id,
						name: group.name.en,
						position: group.id,
					} ) )
				)
				.execute();
		}
		const existingFields = new Set(
			(
				await trx
					.selectFrom( 'custom_user_fields' )
					.select( 'id' )
					.execute()
			).map( ( row ) => row.id )
		);
		for ( const [ position, field ] of FIELDS.entries() ) {
			if ( existingFields.has( field.id ) ) {
				continue;
			}
			await trx
				.insertInto( 'custom_user_fields' )
				.values( {
					id: field.id,
					group_id: field.groupId,
					type: field.type,
					allow_other: field.allowOther ? 1 : 0,
					format: field.format,
					position,
					enabled: field.enabled ? 1 : 0,
				} )
				.execute();
			await trx
				.insertInto( 'custom_user_field_translations' )
				.values(
					languagesOf( field.names ).map( ( language ) => ( {
						field_id: field.id,
						language_code: language,
						name: field.names[ language ],
						placeholder: field.placeholders?.[ language ] ?? null,
					} ) )
				)
				.execute();
			if ( field.options.length ) {
				await trx
					.insertInto( 'custom_user_field_options' )
					.values(
						field.options.map( ( option, index ) => ( {
							id: option.id,
							field_id: field.id,
							name: option.name.en,
							position: index,
						} ) )
					)
					.execute();
			}
		}
		await writeGroupAndOptionNames( trx );
	} );
}

/**
 * The names per language of the catalogue's groups and options (0014 came after the catalogue): written for a
 * group or an option of the catalogue that has none yet and still has its English name, so that neither an
 * administrator's rename nor their own translations are overwritten.
 *
 * @param trx
 */
async function writeGroupAndOptionNames(
	trx: Kysely< Database >
): Promise< void > {
	const translated = {
		groups: new Set(
			(
				await trx
					.selectFrom( 'custom_user_field_group_translations' )
					.select( 'group_id as id' )
					.distinct()
					.execute()
			).map( ( row ) => row.id )
		),
		options: new Set(
			(
				await trx
					.selectFrom( 'custom_user_field_option_translations' )
					.select( 'option_id as id' )
					.distinct()
					.execute()
			).map( ( row ) => row.id )
		),
	};
	const untouched = async (
		table: 'custom_user_field_groups' | 'custom_user_field_options',
		catalogue: ReadonlyArray< { id: number; name: Texts } >,
		done: ReadonlySet< number >
	) => {
		const wanted = catalogue.filter( ( row ) => ! done.has( row.id ) );
		if ( ! wanted.length ) {
			return [];
		}
		const stored = new Map(
			(
				await trx
					.selectFrom( table )
					.select( [ 'id', 'name' ] )
					.where(
						'id',
						'in',
						wanted.map( ( row ) => row.id )
					)
					.execute()
			).map( ( row ) => [ row.id, row.name ] )
		);
		return wanted.filter( ( row ) => stored.get( row.id ) === row.name.en );
	};
	const untranslatedGroups = await untouched(
		'custom_user_field_groups',
		CUSTOM_FIELD_GROUPS,
		translated.groups
	);
	if ( untranslatedGroups.length ) {
		await trx
			.insertInto( 'custom_user_field_group_translations' )
			.values(
				untranslatedGroups.flatMap( ( group ) =>
					languagesOf( group.name ).map( ( language ) => ( {
						group_id: group.id,
						language_code: language,
						name: group.name[ language ],
					} ) )
				)
			)
			.execute();
	}
	const untranslatedOptions = await untouched(
		'custom_user_field_options',
		FIELDS.flatMap( ( field ) => field.options ),
		translated.options
	);
	if ( untranslatedOptions.length ) {
		await trx
			.insertInto( 'custom_user_field_option_translations' )
			.values(
				untranslatedOptions.flatMap( ( option ) =>
					languagesOf( option.name ).map( ( language ) => ( {
						option_id: option.id,
						language_code: language,
						name: option.name[ language ],
					} ) )
				)
			)
			.execute();
	}
}

const languagesOf = ( texts: Texts ) =>
	Object.keys( texts ) as Array< keyof Texts >;

const certificationId = ( name: string ) => {
	const row = LOOKUP_ROWS.certifications.find(
		( certification ) => certification.name === name
	);
	if ( ! row ) {
		throw new Error( `No certification named "${ name }"` );
	}
	return row.id;
};

/** What the demo veteran has filled in on the profile's Base and Advanced tabs. */
export const VETERAN_PROFILE = {
	languages: [ 'Italian', 'English', 'Spanish' ],
	certifications: [
		{
			name: 'Certified Tester Foundation Level (CTFL)',
			achievementDate: '2019-06-14',
		},
		{
			name: 'Mobile Application Testing (CT-MAT)',
			achievementDate: '2022-03-08',
		},
	],
	customValues: [
		{
			fieldId: CUSTOM_FIELDS.operatingSystem.id,
			optionId: CUSTOM_FIELDS.operatingSystem.options[ 1 ].id,
		},
		{ fieldId: CUSTOM_FIELDS.jobTitle.id, text: 'QA analyst' },
		{
			fieldId: CUSTOM_FIELDS.linkedIn.id,
			text: 'https://www.linkedin.com/in/vera-veteran',
		},
		{
			fieldId: CUSTOM_FIELDS.streaming.id,
			optionId: CUSTOM_FIELDS.streaming.options[ 0 ].id,
		},
		{
			fieldId: CUSTOM_FIELDS.streaming.id,
			optionId: CUSTOM_FIELDS.streaming.options[ 7 ].id,
		},
		{
			fieldId: CUSTOM_FIELDS.streaming.id,
			text: 'RaiPlay',
			isCandidate: true,
		},
		{
			fieldId: CUSTOM_FIELDS.shoppingFrequency.id,
			optionId: CUSTOM_FIELDS.shoppingFrequency.options[ 1 ].id,
		},
	],
} as const;

/**
 * Gives each demo veteran exactly VETERAN_PROFILE's languages, certifications and custom values (replacing the
 * languages and certifications the generator drew for them), one transaction per tester. The other demo
 * profiles keep what the generator gave them; a newcomer has none of these rows. Runs after the testers' rows
 * are written, so the ids it takes come after the generator's.
 *
 * @param db
 * @param demo
 */
export async function writeDemoProfileParts(
	db: Kysely< Database >,
	demo: readonly DemoPlan[]
): Promise< void > {
	for ( const plan of demo ) {
		if ( ! plan.key.startsWith( 'veteran/' ) ) {
			continue;
		}
		await inTransaction( db, async ( trx ) => {
			for ( const table of [
				'tester_languages',
				'tester_certifications',
				'tester_custom_values',
			] as const ) {
				await trx
					.deleteFrom( table )
					.where( 'tester_id', '=', plan.id )
					.execute();
			}
			await trx
				.insertInto( 'tester_languages' )
				.values(
					VETERAN_PROFILE.languages.map( ( language ) => ( {
						tester_id: plan.id,
						language_id: LANGUAGE_ID.get( language )!,
					} ) )
				)
				.execute();
			await trx
				.insertInto( 'tester_certifications' )
				.values(
					VETERAN_PROFILE.certifications.map( ( certification ) => ( {
						tester_id: plan.id,
						certification_id: certificationId( certification.name ),
						achievement_date: certification.achievementDate,
					} ) )
				)
				.execute();
			await trx
				.insertInto( 'tester_custom_values' )
				.values(
					VETERAN_PROFILE.customValues.map( ( value ) => ( {
						tester_id: plan.id,
						field_id: value.fieldId,
						option_id: 'optionId' in value ? value.optionId : null,
						text_value: 'text' in value ? value.text : null,
						is_candidate:
							'isCandidate' in value && value.isCandidate ? 1 : 0,
					} ) )
				)
				.execute();
		} );
	}
}
