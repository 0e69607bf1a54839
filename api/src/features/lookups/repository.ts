import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toBoolean, toInteger } from '../../db/values.ts';
import { countriesIn, regionsOf } from '../../lookups/countries.ts';

export type { Country, Region } from '../../lookups/countries.ts';

export interface Named {
	id: number;
	name: string;
}

export interface LevelRow extends Named {
	reachPoints: number;
	holdPoints: number;
}

export interface CampaignTypeRow extends Named {
	icon: string | null;
}

export interface CertificationRow extends Named {
	institute: Named;
	area: Named;
}

export interface DeviceModelRow extends Named {
	deviceType: number;
	manufacturer: Named;
}

export interface OsPlatformRow extends Named {
	deviceType: number;
}

export interface OsVersionRow extends Named {
	platform: OsPlatformRow;
}

/** The product's languages; `it` is the fallback, always present (spec, "Custom user field"). */
export const TEXT_LANGUAGES = [ 'it', 'en', 'es', 'fr' ] as const;
export type TextLanguage = ( typeof TEXT_LANGUAGES )[ number ];
export type PerLanguageText = { it: string } & Partial<
	Record< Exclude< TextLanguage, 'it' >, string >
>;

export interface CustomUserFieldRow {
	id: number;
	type: 'text' | 'select' | 'multiselect';
	name: PerLanguageText;
	placeholder: PerLanguageText | null;
	allowOther: boolean;
	format: string | null;
	options: CustomUserFieldOptionRow[];
}

export interface CustomUserFieldOptionRow {
	id: number;
	name: PerLanguageText;
}

export interface CustomUserFieldGroupRow {
	/** 0: the fields outside any group. */
	group: { id: number; name: PerLanguageText };
	fields: CustomUserFieldRow[];
}

/**
 * A text per language from the translations that have one, with `it` filled when the Italian is missing: from
 * English, else from the catalogue's own name (groups and options have one), else from any language; null when
 * there is nothing.
 *
 * @param texts       The translations by language code.
 * @param defaultName The catalogue's own name, when the row has one.
 */
function perLanguage(
	texts: ReadonlyMap< string, string > | undefined,
	defaultName?: string
): PerLanguageText | null {
	const fallback =
		texts?.get( 'it' ) ??
		texts?.get( 'en' ) ??
		defaultName ??
		( texts ? [ ...texts.values() ][ 0 ] : undefined );
	if ( fallback === undefined ) {
		return null;
	}
	const result: PerLanguageText = { it: fallback };
	for ( const language of TEXT_LANGUAGES ) {
		const text = texts?.get( language );
		if ( text !== undefined ) {
			result[ language ] = text;
		}
	}
	return result;
}

/**
 * Translation rows as texts by row id and language code (lower case); empty texts are left out.
 *
 * @param rows   Rows with the id of what they translate, a language code and the texts.
 * @param column The text to take.
 */
function textsById< Column extends string >(
	rows: ReadonlyArray<
		{ id: number; language_code: string } & Record< Column, string | null >
	>,
	column: Column
): Map< number, Map< string, string > > {
	const texts = new Map< number, Map< string, string > >();
	for ( const row of rows ) {
		const text = row[ column ];
		if ( ! text ) {
			continue;
		}
		let byLanguage = texts.get( row.id );
		if ( ! byLanguage ) {
			byLanguage = new Map();
			texts.set( row.id, byLanguage );
		}
		byLanguage.set( row.language_code.toLowerCase(), text );
	}
	return texts;
}

/**
 * Device catalogue names sort ignoring case on both engines ("realme" among the r's, "iOS" among the i's):
 * SQLite's default collation is binary, MariaDB's is not.
 *
 * @param column
 */
const byLowerCase = ( column: string ) => sql`lower(${ sql.ref( column ) })`;

export type LookupsRepository = ReturnType< typeof createLookupsRepository >;

/**
 * Reads behind the spec's lookup calls (the select options of the profile, devices and ranking screens). Every
 * list is small and bounded by the catalogue, so none is paged; each has a fixed order.
 *
 * @param db
 */
/** How long one process answers GET /custom_user_fields from the same read (an edit shows within this). */
export const CATALOGUE_KEPT_MS = 10_000;

export function createLookupsRepository( db: Kysely< Database > ) {
	const named = async (
		table: 'languages' | 'employments' | 'education_levels' | 'pc_types',
		orderBy: 'id' | 'name'
	): Promise< Named[] > =>
		db
			.selectFrom( table )
			.select( [ 'id', 'name' ] )
			.orderBy( orderBy )
			.orderBy( 'id' )
			.execute();

	/**
	 * The enabled custom user fields by group, group 0 (no group) first, then the groups in their order; a group
	 * without an enabled field is left out. Groups, fields and options are named per language (perLanguage). Six
	 * small reads of the catalogue, one per table whatever its size, each in the order it is answered.
	 */
	const readCustomUserFields = async (): Promise<
		CustomUserFieldGroupRow[]
	> => {
		const enabledFields = () =>
			db
				.selectFrom( 'custom_user_fields as f' )
				.where( 'f.enabled', '=', 1 );
		const enabledOptions = () =>
			enabledFields().innerJoin(
				'custom_user_field_options as o',
				'o.field_id',
				'f.id'
			);
		const [
			groups,
			groupTranslations,
			fields,
			fieldTranslations,
			options,
			optionTranslations,
		] = await Promise.all( [
			db
				.selectFrom( 'custom_user_field_groups' )
				.select( [ 'id', 'name' ] )
				.orderBy( 'position' )
				.orderBy( 'id' )
				.execute(),
			db
				.selectFrom( 'custom_user_field_group_translations' )
				.select( [ 'group_id as id', 'language_code', 'name' ] )
				.execute(),
			enabledFields()
				.select( [
					'f.id',
					'f.group_id',
					'f.type',
					'f.allow_other',
					'f.format',
				] )
				.orderBy( 'f.position' )
				.orderBy( 'f.id' )
				.execute(),
			enabledFields()
				.innerJoin(
					'custom_user_field_translations as t',
					't.field_id',
					'f.id'
				)
				.select( [
					't.field_id as id',
					't.language_code',
					't.name',
					't.placeholder',
				] )
				.execute(),
			enabledOptions()
				.select( [ 'o.field_id', 'o.id', 'o.name' ] )
				.orderBy( 'o.position' )
				.orderBy( 'o.id' )
				.execute(),
			enabledOptions()
				.innerJoin(
					'custom_user_field_option_translations as t',
					't.option_id',
					'o.id'
				)
				.select( [ 't.option_id as id', 't.language_code', 't.name' ] )
				.execute(),
		] );
		const groupNames = textsById( groupTranslations, 'name' );
		const fieldNames = textsById( fieldTranslations, 'name' );
		const placeholders = textsById( fieldTranslations, 'placeholder' );
		const optionNames = textsById( optionTranslations, 'name' );
		const optionsOf = new Map< number, CustomUserFieldOptionRow[] >();
		for ( const { field_id: fieldId, id, name } of options ) {
			optionsOf.set( fieldId, [
				...( optionsOf.get( fieldId ) ?? [] ),
				{ id, name: perLanguage( optionNames.get( id ), name )! },
			] );
		}
		const fieldsOf = new Map< number, CustomUserFieldRow[] >();
		for ( const field of fields ) {
			const groupId = field.group_id ?? 0;
			fieldsOf.set( groupId, [
				...( fieldsOf.get( groupId ) ?? [] ),
				{
					id: field.id,
					type: field.type,
					name: perLanguage( fieldNames.get( field.id ) ) ?? {
						it: '',
					},
					placeholder: perLanguage( placeholders.get( field.id ) ),
					allowOther: toBoolean( field.allow_other ),
					format: field.format,
					options: optionsOf.get( field.id ) ?? [],
				},
			] );
		}
		return [ { id: 0, name: '' }, ...groups ]
			.filter( ( group ) => fieldsOf.has( group.id ) )
			.map( ( group ) => ( {
				group: {
					id: group.id,
					name: perLanguage(
						groupNames.get( group.id ),
						group.name
					)!,
				},
				fields: fieldsOf.get( group.id )!,
			} ) );
	};
	let keptFields:
		| { until: number; answer: Promise< CustomUserFieldGroupRow[] > }
		| undefined;

	return {
		/** GET /languages: spoken languages by name. */
		languages: () => named( 'languages', 'name' ),

		/** GET /employments, in the catalogue's order. */
		employments: () => named( 'employments', 'id' ),

		/** GET /education: lowest level first. */
		educationLevels: () => named( 'education_levels', 'id' ),

		pcTypes: () => named( 'pc_types', 'id' ),

		/** GET /levels: by id (0 none … 100 Legendary), with the monthly thresholds. */
		async levels(): Promise< LevelRow[] > {
			const rows = await db
				.selectFrom( 'levels' )
				.select( [ 'id', 'name', 'reach_points', 'hold_points' ] )
				.orderBy( 'id' )
				.execute();
			return rows.map( ( row ) => ( {
				id: row.id,
				name: row.name,
				reachPoints: toInteger( row.reach_points ),
				holdPoints: toInteger( row.hold_points ),
			} ) );
		},

		async campaignTypes(): Promise< CampaignTypeRow[] > {
			return db
				.selectFrom( 'campaign_types' )
				.select( [ 'id', 'name', 'icon' ] )
				.orderBy( 'id' )
				.execute();
		},

		/**
		 * GET /certifications with filterBy institute and/or area (ids); sorted by institute, area, name.
		 *
		 * @param filter
		 * @param filter.instituteId
		 * @param filter.areaId
		 */
		async certifications(
			filter: { instituteId?: number; areaId?: number } = {}
		): Promise< CertificationRow[] > {
			let query = db
				.selectFrom( 'certifications as c' )
				.innerJoin( 'certification_areas as a', 'a.id', 'c.area_id' )
				.innerJoin(
					'certification_institutes as i',
					'i.id',
					'a.institute_id'
				)
				.select( [
					'c.id',
					'c.name',
					'a.id as area_id',
					'a.name as area_name',
					'i.id as institute_id',
					'i.name as institute_name',
				] );
			if ( filter.instituteId !== undefined ) {
				query = query.where( 'i.id', '=', filter.instituteId );
			}
			if ( filter.areaId !== undefined ) {
				query = query.where( 'a.id', '=', filter.areaId );
			}
			const rows = await query
				.orderBy( 'i.name' )
				.orderBy( 'a.name' )
				.orderBy( 'c.name' )
				.orderBy( 'c.id' )
				.execute();
			return rows.map( ( row ) => ( {
				id: row.id,
				name: row.name,
				institute: { id: row.institute_id, name: row.institute_name },
				area: { id: row.area_id, name: row.area_name },
			} ) );
		},

		/**
		 * GET /devices/{deviceType}/models: sorted by manufacturer, then model (ignoring case).
		 *
		 * @param deviceType            0 Smartphone … 5 Smart-tv.
		 * @param filter
		 * @param filter.manufacturerId
		 */
		async deviceModels(
			deviceType: number,
			filter: { manufacturerId?: number } = {}
		): Promise< DeviceModelRow[] > {
			let query = db
				.selectFrom( 'device_models as m' )
				.innerJoin(
					'device_manufacturers as f',
					'f.id',
					'm.manufacturer_id'
				)
				.select( [
					'm.id',
					'm.name',
					'm.device_type',
					'f.id as manufacturer_id',
					'f.name as manufacturer_name',
				] )
				.where( 'm.device_type', '=', deviceType );
			if ( filter.manufacturerId !== undefined ) {
				query = query.where( 'f.id', '=', filter.manufacturerId );
			}
			const rows = await query
				.orderBy( byLowerCase( 'f.name' ) )
				.orderBy( byLowerCase( 'm.name' ) )
				.orderBy( 'm.id' )
				.execute();
			return rows.map( ( row ) => ( {
				id: row.id,
				name: row.name,
				deviceType: row.device_type,
				manufacturer: {
					id: row.manufacturer_id,
					name: row.manufacturer_name,
				},
			} ) );
		},

		/**
		 * GET /devices/{deviceType}/operating_systems: by device type, then name. With a manufacturer or a model,
		 * only the platforms the manufacturer (the model's) ships (0015), so an iPhone never gets Android; a model
		 * of another type than `deviceType` gets none.
		 *
		 * @param filter
		 * @param filter.deviceType
		 * @param filter.manufacturerId
		 * @param filter.modelId
		 */
		async operatingSystems(
			filter: {
				deviceType?: number;
				manufacturerId?: number;
				modelId?: number;
			} = {}
		): Promise< OsPlatformRow[] > {
			const { deviceType, manufacturerId, modelId } = filter;
			let query = db
				.selectFrom( 'os_platforms as p' )
				.select( [ 'p.id', 'p.name', 'p.device_type' ] );
			if ( deviceType !== undefined ) {
				query = query.where( 'p.device_type', '=', deviceType );
			}
			if ( manufacturerId !== undefined ) {
				query = query.where( ( eb ) =>
					eb.exists(
						eb
							.selectFrom( 'device_manufacturer_platforms as mp' )
							.select( 'mp.platform_id' )
							.whereRef( 'mp.platform_id', '=', 'p.id' )
							.where( 'mp.manufacturer_id', '=', manufacturerId )
					)
				);
			}
			if ( modelId !== undefined ) {
				query = query.where( ( eb ) =>
					eb.exists(
						eb
							.selectFrom( 'device_models as m' )
							.innerJoin(
								'device_manufacturer_platforms as mp',
								'mp.manufacturer_id',
								'm.manufacturer_id'
							)
							.select( 'mp.platform_id' )
							.where( 'm.id', '=', modelId )
							.whereRef( 'm.device_type', '=', 'p.device_type' )
							.whereRef( 'mp.platform_id', '=', 'p.id' )
					)
				);
			}
			const rows = await query
				.orderBy( 'p.device_type' )
				.orderBy( byLowerCase( 'p.name' ) )
				.orderBy( 'p.id' )
				.execute();
			return rows.map( ( row ) => ( {
				id: row.id,
				name: row.name,
				deviceType: row.device_type,
			} ) );
		},

		/**
		 * GET /devices/{deviceType}/os_versions with filterBy platform: by platform, newest version first.
		 *
		 * @param filter
		 * @param filter.platformId
		 * @param filter.deviceType
		 */
		async osVersions(
			filter: { platformId?: number; deviceType?: number } = {}
		): Promise< OsVersionRow[] > {
			let query = db
				.selectFrom( 'os_versions as v' )
				.innerJoin( 'os_platforms as p', 'p.id', 'v.platform_id' )
				.select( [
					'v.id',
					'v.name',
					'p.id as platform_id',
					'p.name as platform_name',
					'p.device_type',
				] );
			if ( filter.platformId !== undefined ) {
				query = query.where( 'p.id', '=', filter.platformId );
			}
			if ( filter.deviceType !== undefined ) {
				query = query.where( 'p.device_type', '=', filter.deviceType );
			}
			const rows = await query
				.orderBy( 'p.device_type' )
				.orderBy( byLowerCase( 'p.name' ) )
				.orderBy( 'v.position' )
				.orderBy( 'v.id' )
				.execute();
			return rows.map( ( row ) => ( {
				id: row.id,
				name: row.name,
				platform: {
					id: row.platform_id,
					name: row.platform_name,
					deviceType: row.device_type,
				},
			} ) );
		},

		/**
		 * GET /custom_user_fields: the answer of readCustomUserFields, shared by the requests of the next
		 * CATALOGUE_KEPT_MS in this process. Clients keep it for 300 s (Cache-Control); keeping it here too spares
		 * MariaDB six statements a request (the benchmark measured p99 67 ms at 50 connections without it).
		 */
		customUserFields(): Promise< CustomUserFieldGroupRow[] > {
			const now = Date.now();
			if ( ! keptFields || keptFields.until <= now ) {
				const answer = readCustomUserFields();
				keptFields = { until: now + CATALOGUE_KEPT_MS, answer };
				// A failed read is not kept.
				answer.catch( () => {
					keptFields = undefined;
				} );
			}
			return keptFields.answer;
		},

		/** Drops the kept GET /custom_user_fields answer: whatever edits the catalogue calls it. */
		forgetCustomUserFields(): void {
			keptFields = undefined;
		},

		/** Countries with names in the given language (no table: `i18n-iso-countries`). */
		countries: countriesIn,

		/** GET /countries/{code}/region (no table: `country-region-data`); null for an unknown country. */
		regionsOf,
	};
}
