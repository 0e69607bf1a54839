import {
	sql,
	type ColumnDefinitionBuilder,
	type CreateTableBuilder,
	type Expression,
	type Kysely,
} from 'kysely';
import { isMysql } from '../src/db/engine.ts';

/**
 * The domain model of both specs: profile lookups, fiscal profile, devices, experience and levels, campaigns with
 * their manual and bug form, applications, bugs, booty, payments, popups and account deletions.
 *
 * Conventions (the same on SQLite and MariaDB):
 * - closed value sets are CHECK constraints, so a bad value is refused by the database on both engines;
 * - money is `bigint` cents; flags are 0/1 `boolean`; indexed text is at most `varchar(191)` (utf8mb4 keys);
 * - a tester's own rows go with the tester (ON DELETE CASCADE); catalogue rows that something still uses cannot
 *   be deleted (the default NO ACTION); optional links to catalogue rows are cleared (SET NULL);
 * - every list the specs sort or filter has an index that starts with the filter and ends with the sort, so a
 *   page is an index range, never a scan or a sort of a tester's whole history;
 * - counts and sums the screens show are kept alongside the rows (see "kept alongside" below) and maintained by
 *   the repositories in the same transaction as the rows they count, so reads never aggregate.
 *
 * Codes stored as small integers (ids of the spec):
 * - device type: 0 Smartphone, 1 Tablet, 2 PC, 3 Console, 4 Smartwatch, 5 Smart-tv;
 * - experience activity: 1 Campaign Completion, 2 Bug Evaluation, 3 Points Fix, 4 Extra Award, 5 Referral,
 *   anything else up to 99 is shown as Other;
 * - bug status: 1 refused, 2 approved, 3 pending, 4 need review;
 * - bug severity: 1 Low, 2 Medium, 3 High, 4 Critical;
 * - bug replicability: 1 Once, 2 Sometimes, 3 Always;
 * - bug type: 1 Crash, 2 Graphic, 3 Performance, 4 Malfunction, 5 Typo, 6 Other, 7 Security, 8 Usability;
 * - campaign status: 1 running (open or awaiting evaluation), 2 closed (evaluated and rewarded);
 * - level: 0 none, 10 Basic, 20, 30, 40, 50, 60, 100 Legendary.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	const mysql = isMysql( db );
	// Manuals, previews and popups can outgrow MySQL's 64 KB `text`.
	const longText = mysql ? sql`mediumtext` : sql`text`;

	/* ---------------------------------------------------------------- profile lookups */

	await createTable( db, 'languages', ( table ) =>
		withId( table )
			.addColumn( 'name', 'varchar(191)', notNull )
			.addUniqueConstraint( 'languages_name_unique', [ 'name' ] )
	);
	await createTable( db, 'education_levels', ( table ) =>
		withId( table ).addColumn( 'name', 'varchar(191)', notNull )
	);
	await createTable( db, 'employments', ( table ) =>
		withId( table ).addColumn( 'name', 'varchar(191)', notNull )
	);
	await createTable( db, 'certification_institutes', ( table ) =>
		withId( table )
			.addColumn( 'name', 'varchar(191)', notNull )
			.addUniqueConstraint( 'certification_institutes_name_unique', [
				'name',
			] )
	);
	await createTable( db, 'certification_areas', ( table ) =>
		withId( table )
			.addColumn( 'institute_id', 'integer', notNull )
			.addColumn( 'name', 'varchar(191)', notNull )
			.addUniqueConstraint( 'certification_areas_unique', [
				'institute_id',
				'name',
			] )
			.addForeignKeyConstraint(
				'certification_areas_institute_fk',
				[ 'institute_id' ],
				'certification_institutes',
				[ 'id' ]
			)
	);
	await createTable( db, 'certifications', ( table ) =>
		withId( table )
			.addColumn( 'area_id', 'integer', notNull )
			.addColumn( 'name', 'varchar(191)', notNull )
			.addUniqueConstraint( 'certifications_unique', [
				'area_id',
				'name',
			] )
			.addForeignKeyConstraint(
				'certifications_area_fk',
				[ 'area_id' ],
				'certification_areas',
				[ 'id' ]
			)
	);
	// Ids are the spec's fixed level ids (0 included), so not auto-increment: MySQL would turn an explicit 0
	// into the next value.
	await createTable( db, 'levels', ( table ) =>
		table
			.addColumn( 'id', 'integer', ( column ) => column.primaryKey() )
			.addColumn( 'name', 'varchar(100)', notNull )
			.addColumn( 'reach_points', 'integer', zero )
			.addColumn( 'hold_points', 'integer', zero )
			.addCheckConstraint(
				'levels_id_check',
				sql`id in (0, 10, 20, 30, 40, 50, 60, 100)`
			)
	);

	/* ---------------------------------------------------------------- tester profile extras */

	for ( const [ name, type, build ] of testerColumns ) {
		await db.schema
			.alterTable( 'testers' )
			.addColumn( name, sql.raw( type ), build )
			.execute();
	}
	for ( const [ column, target ] of testerForeignKeys ) {
		if ( mysql ) {
			await db.schema
				.alterTable( 'testers' )
				.addColumn( column, 'integer' )
				.execute();
			await db.schema
				.alterTable( 'testers' )
				.addForeignKeyConstraint(
					`testers_${ column }_fk`,
					[ column ],
					target,
					[ 'id' ]
				)
				.onDelete( 'set null' )
				.execute();
		} else {
			// SQLite cannot add a constraint to an existing table, but accepts a column that carries one.
			await db.schema
				.alterTable( 'testers' )
				.addColumn( column, 'integer', ( definition ) =>
					definition
						.references( `${ target }.id` )
						.onDelete( 'set null' )
				)
				.execute();
		}
	}
	await index( db, 'testers', 'own_referral_code', [ 'own_referral_code' ], {
		unique: true,
	} );
	for ( const [ column ] of testerForeignKeys ) {
		await index( db, 'testers', column, [ column ] );
	}

	await createTable( db, 'tester_languages', ( table ) =>
		ownedByTester( table, 'tester_languages' )
			.addColumn( 'language_id', 'integer', notNull )
			.addUniqueConstraint( 'tester_languages_unique', [
				'tester_id',
				'language_id',
			] )
			.addForeignKeyConstraint(
				'tester_languages_language_fk',
				[ 'language_id' ],
				'languages',
				[ 'id' ]
			)
	);
	await index( db, 'tester_languages', 'language', [ 'language_id' ] );

	await createTable( db, 'tester_certifications', ( table ) =>
		ownedByTester( table, 'tester_certifications' )
			.addColumn( 'certification_id', 'integer', notNull )
			.addColumn( 'achievement_date', 'date', notNull )
			.addUniqueConstraint( 'tester_certifications_unique', [
				'tester_id',
				'certification_id',
			] )
			.addForeignKeyConstraint(
				'tester_certifications_certification_fk',
				[ 'certification_id' ],
				'certifications',
				[ 'id' ]
			)
			.addCheckConstraint(
				'tester_certifications_date_check',
				sql`achievement_date >= '1970-01-01'`
			)
	);
	await index( db, 'tester_certifications', 'certification', [
		'certification_id',
	] );

	/* ---------------------------------------------------------------- custom user fields */

	await createTable( db, 'custom_user_field_groups', ( table ) =>
		withId( table )
			.addColumn( 'name', 'varchar(191)', notNull )
			.addColumn( 'position', 'integer', zero )
	);
	// No group (null) is the spec's group 0, shown outside the accordions.
	await createTable( db, 'custom_user_fields', ( table ) =>
		withId( table )
			.addColumn( 'group_id', 'integer' )
			.addColumn( 'type', 'varchar(20)', notNull )
			.addColumn( 'allow_other', 'boolean', zero )
			// A regular expression, optionally followed by a semicolon and the message shown when it fails.
			.addColumn( 'format', 'varchar(1000)' )
			.addColumn( 'position', 'integer', zero )
			.addColumn( 'enabled', 'boolean', one )
			.addCheckConstraint(
				'custom_user_fields_type_check',
				sql`type in ('text', 'select', 'multiselect')`
			)
			.addForeignKeyConstraint(
				'custom_user_fields_group_fk',
				[ 'group_id' ],
				'custom_user_field_groups',
				[ 'id' ],
				( fk ) => fk.onDelete( 'set null' )
			)
	);
	await index( db, 'custom_user_fields', 'group', [
		'group_id',
		'position',
	] );
	// Name and placeholder per language; readers fall back to Italian.
	await createTable( db, 'custom_user_field_translations', ( table ) =>
		withId( table )
			.addColumn( 'field_id', 'integer', notNull )
			.addColumn( 'language_code', 'varchar(10)', notNull )
			.addColumn( 'name', 'varchar(255)', notNull )
			.addColumn( 'placeholder', 'varchar(255)' )
			.addUniqueConstraint( 'custom_user_field_translations_unique', [
				'field_id',
				'language_code',
			] )
			.addForeignKeyConstraint(
				'custom_user_field_translations_field_fk',
				[ 'field_id' ],
				'custom_user_fields',
				[ 'id' ],
				cascade
			)
	);
	await createTable( db, 'custom_user_field_options', ( table ) =>
		withId( table )
			.addColumn( 'field_id', 'integer', notNull )
			.addColumn( 'name', 'varchar(255)', notNull )
			.addColumn( 'position', 'integer', zero )
			.addForeignKeyConstraint(
				'custom_user_field_options_field_fk',
				[ 'field_id' ],
				'custom_user_fields',
				[ 'id' ],
				cascade
			)
	);
	await index( db, 'custom_user_field_options', 'field', [
		'field_id',
		'position',
	] );
	// One row per chosen option (several for a multiselect) or one free-text row; `is_candidate` marks text a
	// tester typed as "other", a candidate for a new option.
	await createTable( db, 'tester_custom_values', ( table ) =>
		ownedByTester( table, 'tester_custom_values' )
			.addColumn( 'field_id', 'integer', notNull )
			.addColumn( 'option_id', 'integer' )
			.addColumn( 'text_value', 'varchar(1000)' )
			.addColumn( 'is_candidate', 'boolean', zero )
			.addUniqueConstraint( 'tester_custom_values_unique', [
				'tester_id',
				'field_id',
				'option_id',
			] )
			.addForeignKeyConstraint(
				'tester_custom_values_field_fk',
				[ 'field_id' ],
				'custom_user_fields',
				[ 'id' ],
				cascade
			)
			.addForeignKeyConstraint(
				'tester_custom_values_option_fk',
				[ 'option_id' ],
				'custom_user_field_options',
				[ 'id' ],
				cascade
			)
			.addCheckConstraint(
				'tester_custom_values_value_check',
				sql`option_id is not null or text_value is not null`
			)
	);
	await index( db, 'tester_custom_values', 'field', [ 'field_id' ] );
	await index( db, 'tester_custom_values', 'option', [ 'option_id' ] );

	/* ---------------------------------------------------------------- fiscal profile */

	await createTable( db, 'fiscal_profiles', ( table ) =>
		ownedByTester( table, 'fiscal_profiles' )
			.addColumn( 'type', 'varchar(20)', notNull )
			.addColumn( 'fiscal_id', 'varchar(30)' )
			.addColumn( 'gender', 'varchar(10)' )
			.addColumn( 'birth_city', 'varchar(100)' )
			.addColumn( 'birth_province', 'varchar(100)' )
			.addColumn( 'birth_place_id', 'varchar(255)' )
			.addColumn( 'address_country', 'char(2)' )
			.addColumn( 'address_province', 'varchar(100)' )
			.addColumn( 'address_city', 'varchar(100)' )
			.addColumn( 'address_street', 'varchar(255)' )
			.addColumn( 'address_street_number', 'varchar(20)' )
			.addColumn( 'address_zip', 'varchar(20)' )
			.addColumn( 'status', 'varchar(20)', ( column ) =>
				column.notNull().defaultTo( 'unverified' )
			)
			.addColumn( 'created_at', 'datetime', now )
			.addColumn( 'updated_at', 'datetime', now )
			.addUniqueConstraint( 'fiscal_profiles_tester_unique', [
				'tester_id',
			] )
			.addCheckConstraint(
				'fiscal_profiles_type_check',
				sql`type in ('non-italian', 'withholding', 'witholding-extra', 'vat', 'company', 'internal')`
			)
			.addCheckConstraint(
				'fiscal_profiles_gender_check',
				sql`gender in ('male', 'female')`
			)
			.addCheckConstraint(
				'fiscal_profiles_status_check',
				sql`status in ('verified', 'unverified')`
			)
	);

	/* ---------------------------------------------------------------- device catalogue and devices */

	await createTable( db, 'device_manufacturers', ( table ) =>
		withId( table )
			.addColumn( 'name', 'varchar(191)', notNull )
			.addUniqueConstraint( 'device_manufacturers_name_unique', [
				'name',
			] )
	);
	await createTable( db, 'device_models', ( table ) =>
		withId( table )
			.addColumn( 'device_type', 'integer', notNull )
			.addColumn( 'manufacturer_id', 'integer', notNull )
			.addColumn( 'name', 'varchar(191)', notNull )
			// Serves "models of this manufacturer for this type", sorted by name.
			.addUniqueConstraint( 'device_models_unique', [
				'device_type',
				'manufacturer_id',
				'name',
			] )
			.addCheckConstraint(
				'device_models_type_check',
				deviceTypeCheck( 'device_type' )
			)
			.addForeignKeyConstraint(
				'device_models_manufacturer_fk',
				[ 'manufacturer_id' ],
				'device_manufacturers',
				[ 'id' ]
			)
	);
	await index( db, 'device_models', 'manufacturer', [ 'manufacturer_id' ] );
	await createTable( db, 'pc_types', ( table ) =>
		withId( table )
			.addColumn( 'name', 'varchar(191)', notNull )
			.addUniqueConstraint( 'pc_types_name_unique', [ 'name' ] )
	);
	await createTable( db, 'os_platforms', ( table ) =>
		withId( table )
			.addColumn( 'device_type', 'integer', notNull )
			.addColumn( 'name', 'varchar(191)', notNull )
			.addUniqueConstraint( 'os_platforms_unique', [
				'device_type',
				'name',
			] )
			.addCheckConstraint(
				'os_platforms_type_check',
				deviceTypeCheck( 'device_type' )
			)
	);
	await createTable( db, 'os_versions', ( table ) =>
		withId( table )
			.addColumn( 'platform_id', 'integer', notNull )
			.addColumn( 'name', 'varchar(100)', notNull )
			// Orders versions newest first regardless of how their names sort.
			.addColumn( 'position', 'integer', zero )
			.addUniqueConstraint( 'os_versions_unique', [
				'platform_id',
				'name',
			] )
			.addForeignKeyConstraint(
				'os_versions_platform_fk',
				[ 'platform_id' ],
				'os_platforms',
				[ 'id' ]
			)
	);
	// A PC is a PC type, anything else a catalogue model. A device used by an application or a bug is disabled
	// (`disabled_at`) rather than deleted, so what was tested on stays readable.
	await createTable( db, 'tester_devices', ( table ) =>
		ownedByTester( table, 'tester_devices' )
			.addColumn( 'device_type', 'integer', notNull )
			.addColumn( 'model_id', 'integer' )
			.addColumn( 'pc_type_id', 'integer' )
			.addColumn( 'os_version_id', 'integer', notNull )
			.addColumn( 'added_on', 'datetime', now )
			.addColumn( 'disabled_at', 'datetime' )
			.addCheckConstraint(
				'tester_devices_type_check',
				deviceTypeCheck( 'device_type' )
			)
			.addCheckConstraint(
				'tester_devices_kind_check',
				sql`(device_type = 2 and pc_type_id is not null and model_id is null) or (device_type <> 2 and model_id is not null and pc_type_id is null)`
			)
			.addForeignKeyConstraint(
				'tester_devices_model_fk',
				[ 'model_id' ],
				'device_models',
				[ 'id' ]
			)
			.addForeignKeyConstraint(
				'tester_devices_pc_type_fk',
				[ 'pc_type_id' ],
				'pc_types',
				[ 'id' ]
			)
			.addForeignKeyConstraint(
				'tester_devices_os_version_fk',
				[ 'os_version_id' ],
				'os_versions',
				[ 'id' ]
			)
	);
	await index( db, 'tester_devices', 'tester', [
		'tester_id',
		'disabled_at',
		'id',
	] );
	await index( db, 'tester_devices', 'model', [ 'model_id' ] );
	await index( db, 'tester_devices', 'pc_type', [ 'pc_type_id' ] );
	await index( db, 'tester_devices', 'os_version', [ 'os_version_id' ] );

	/* ---------------------------------------------------------------- campaigns */

	await createTable( db, 'campaign_types', ( table ) =>
		withId( table )
			.addColumn( 'name', 'varchar(191)', notNull )
			.addColumn( 'icon', 'varchar(255)' )
			.addUniqueConstraint( 'campaign_types_name_unique', [ 'name' ] )
	);
	// Visibility: public (every tester), target (testers matching the target_* columns), small-group (only the
	// testers listed in campaign_targets), internal (staff only).
	// Kept alongside: applicants_count, selected_count (free slots = max_testers - selected_count) and the bug
	// counts per status the manual shows.
	await createTable( db, 'campaigns', ( table ) =>
		withId( table )
			.addColumn( 'campaign_type_id', 'integer', notNull )
			.addColumn( 'title', 'varchar(255)', notNull )
			.addColumn( 'start_date', 'datetime', notNull )
			.addColumn( 'end_date', 'datetime', notNull )
			.addColumn( 'close_date', 'datetime', notNull )
			.addColumn( 'status_id', 'integer', ( column ) =>
				column.notNull().defaultTo( 1 )
			)
			.addColumn( 'visibility', 'varchar(20)', ( column ) =>
				column.notNull().defaultTo( 'public' )
			)
			.addColumn( 'target_country', 'char(2)' )
			.addColumn( 'target_language_id', 'integer' )
			.addColumn( 'target_min_level_id', 'integer' )
			.addColumn( 'max_testers', 'integer' )
			.addColumn( 'tl_name', 'varchar(255)' )
			.addColumn( 'tl_email', 'varchar(254)' )
			// Payout data.
			.addColumn( 'complete_bonus_cents', 'bigint', zero )
			.addColumn( 'minimum_bugs', 'integer', zero )
			.addColumn( 'percent_usecases', 'integer', zero )
			.addColumn( 'payout_limit_cents', 'bigint', zero )
			.addColumn( 'critical_bug_payout_cents', 'bigint', zero )
			.addColumn( 'high_bug_payout_cents', 'bigint', zero )
			.addColumn( 'medium_bug_payout_cents', 'bigint', zero )
			.addColumn( 'low_bug_payout_cents', 'bigint', zero )
			.addColumn( 'top_tester_bonus_cents', 'bigint', zero )
			.addColumn( 'campaign_pts', 'integer', zero )
			// Bug form settings.
			.addColumn( 'has_bug_form', 'boolean', one )
			.addColumn( 'has_bug_parade', 'boolean', zero )
			.addColumn( 'minimum_media', 'integer', zero )
			.addColumn( 'title_rule', 'boolean', zero )
			// Comma-separated, lowercase, without dots: "jpg,png,mp4".
			.addColumn( 'valid_file_extensions', 'varchar(1000)', ( column ) =>
				column.notNull().defaultTo( '' )
			)
			.addColumn( 'language_code', 'varchar(10)' )
			.addColumn( 'language_message', 'text' )
			// Kept alongside.
			.addColumn( 'applicants_count', 'integer', zero )
			.addColumn( 'selected_count', 'integer', zero )
			.addColumn( 'bugs_refused_count', 'integer', zero )
			.addColumn( 'bugs_approved_count', 'integer', zero )
			.addColumn( 'bugs_pending_count', 'integer', zero )
			.addColumn( 'bugs_need_review_count', 'integer', zero )
			.addColumn( 'created_at', 'datetime', now )
			.addColumn( 'updated_at', 'datetime', now )
			.addCheckConstraint(
				'campaigns_status_check',
				sql`status_id in (1, 2)`
			)
			.addCheckConstraint(
				'campaigns_visibility_check',
				sql`visibility in ('public', 'target', 'small-group', 'internal')`
			)
			.addCheckConstraint(
				'campaigns_dates_check',
				sql`start_date <= end_date and end_date <= close_date`
			)
			.addCheckConstraint(
				'campaigns_numbers_check',
				sql`minimum_media >= 0 and minimum_bugs >= 0 and percent_usecases between 0 and 100 and (max_testers is null or max_testers >= 0)`
			)
			.addForeignKeyConstraint(
				'campaigns_type_fk',
				[ 'campaign_type_id' ],
				'campaign_types',
				[ 'id' ]
			)
			.addForeignKeyConstraint(
				'campaigns_target_language_fk',
				[ 'target_language_id' ],
				'languages',
				[ 'id' ],
				( fk ) => fk.onDelete( 'set null' )
			)
			.addForeignKeyConstraint(
				'campaigns_target_min_level_fk',
				[ 'target_min_level_id' ],
				'levels',
				[ 'id' ],
				( fk ) => fk.onDelete( 'set null' )
			)
	);
	await index( db, 'campaigns', 'start', [ 'status_id', 'start_date' ] );
	await index( db, 'campaigns', 'end', [ 'status_id', 'end_date' ] );
	await index( db, 'campaigns', 'close', [ 'status_id', 'close_date' ] );
	await index( db, 'campaigns', 'visibility', [
		'visibility',
		'status_id',
		'start_date',
	] );
	await index( db, 'campaigns', 'type', [ 'campaign_type_id' ] );
	await index( db, 'campaigns', 'target_language', [ 'target_language_id' ] );
	await index( db, 'campaigns', 'target_min_level', [
		'target_min_level_id',
	] );

	await createTable( db, 'campaign_targets', ( table ) =>
		ownedByCampaign( table, 'campaign_targets' )
			.addColumn( 'tester_id', 'integer', notNull )
			.addUniqueConstraint( 'campaign_targets_unique', [
				'campaign_id',
				'tester_id',
			] )
			.addForeignKeyConstraint(
				'campaign_targets_tester_fk',
				[ 'tester_id' ],
				'testers',
				[ 'id' ],
				cascade
			)
	);
	await index( db, 'campaign_targets', 'tester', [ 'tester_id' ] );

	// Accepted devices: per device type, either every platform (os_platform_id null) or the listed ones.
	await createTable( db, 'campaign_accepted_devices', ( table ) =>
		ownedByCampaign( table, 'campaign_accepted_devices' )
			.addColumn( 'device_type', 'integer', notNull )
			.addColumn( 'os_platform_id', 'integer' )
			.addUniqueConstraint( 'campaign_accepted_devices_unique', [
				'campaign_id',
				'device_type',
				'os_platform_id',
			] )
			.addCheckConstraint(
				'campaign_accepted_devices_type_check',
				deviceTypeCheck( 'device_type' )
			)
			.addForeignKeyConstraint(
				'campaign_accepted_devices_platform_fk',
				[ 'os_platform_id' ],
				'os_platforms',
				[ 'id' ]
			)
	);
	await index( db, 'campaign_accepted_devices', 'platform', [
		'os_platform_id',
	] );

	await createTable( db, 'campaign_contents', ( table ) =>
		ownedByCampaign( table, 'campaign_contents' )
			.addColumn( 'language_code', 'varchar(10)', notNull )
			.addColumn( 'manual_link', 'varchar(2048)' )
			.addColumn( 'preview_link', 'varchar(2048)' )
			.addColumn( 'manual_content', longText )
			.addColumn( 'preview_content', longText )
			.addUniqueConstraint( 'campaign_contents_unique', [
				'campaign_id',
				'language_code',
			] )
	);

	// The valid values of the bug form; values not listed are the "invalid" lists of the spec.
	for ( const [ name, column, values ] of [
		[ 'campaign_bug_severities', 'severity_id', '1, 2, 3, 4' ],
		[ 'campaign_bug_types', 'type_id', '1, 2, 3, 4, 5, 6, 7, 8' ],
		[ 'campaign_bug_replicabilities', 'replicability_id', '1, 2, 3' ],
	] as const ) {
		await createTable( db, name, ( table ) =>
			ownedByCampaign( table, name )
				.addColumn( column, 'integer', notNull )
				.addUniqueConstraint( `${ name }_unique`, [
					'campaign_id',
					column,
				] )
				.addCheckConstraint(
					`${ name }_check`,
					sql`${ sql.ref( column ) } in (${ sql.raw( values ) })`
				)
		);
	}

	await createTable( db, 'campaign_additional_fields', ( table ) =>
		ownedByCampaign( table, 'campaign_additional_fields' )
			.addColumn( 'slug', 'varchar(64)', notNull )
			.addColumn( 'name', 'varchar(255)', notNull )
			.addColumn( 'type', 'varchar(10)', notNull )
			.addColumn( 'regex', 'varchar(1000)' )
			.addColumn( 'error_message', 'varchar(255)' )
			// For a select: the JSON array of its options.
			.addColumn( 'options', 'text' )
			.addColumn( 'position', 'integer', zero )
			.addUniqueConstraint( 'campaign_additional_fields_unique', [
				'campaign_id',
				'slug',
			] )
			.addCheckConstraint(
				'campaign_additional_fields_type_check',
				sql`type in ('text', 'select')`
			)
	);

	await createTable( db, 'campaign_tasks', ( table ) =>
		ownedByCampaign( table, 'campaign_tasks' )
			.addColumn( 'name', 'varchar(255)', notNull )
			.addColumn( 'content', longText )
			.addColumn( 'can_upload_media', 'boolean', zero )
			.addColumn( 'position', 'integer', zero )
	);
	await index( db, 'campaign_tasks', 'campaign', [
		'campaign_id',
		'position',
	] );
	// A missing row is a pending task.
	await createTable( db, 'tester_tasks', ( table ) =>
		ownedByTester( table, 'tester_tasks' )
			.addColumn( 'task_id', 'integer', notNull )
			.addColumn( 'status', 'varchar(10)', ( column ) =>
				column.notNull().defaultTo( 'pending' )
			)
			.addColumn( 'completed_at', 'datetime' )
			.addUniqueConstraint( 'tester_tasks_unique', [
				'tester_id',
				'task_id',
			] )
			.addCheckConstraint(
				'tester_tasks_status_check',
				sql`status in ('pending', 'completed')`
			)
			.addForeignKeyConstraint(
				'tester_tasks_task_fk',
				[ 'task_id' ],
				'campaign_tasks',
				[ 'id' ],
				cascade
			)
	);
	await index( db, 'tester_tasks', 'task', [ 'task_id' ] );
	await createTable( db, 'task_media', ( table ) =>
		ownedByTester( table, 'task_media' )
			.addColumn( 'task_id', 'integer', notNull )
			.addColumn( 'name', 'varchar(255)', notNull )
			.addColumn( 'storage_key', 'varchar(191)', notNull )
			.addColumn( 'mime_type', 'varchar(100)' )
			.addColumn( 'created_at', 'datetime', now )
			.addUniqueConstraint( 'task_media_storage_key_unique', [
				'storage_key',
			] )
			.addForeignKeyConstraint(
				'task_media_task_fk',
				[ 'task_id' ],
				'campaign_tasks',
				[ 'id' ],
				cascade
			)
	);
	await index( db, 'task_media', 'tester_task', [ 'tester_id', 'task_id' ] );
	await index( db, 'task_media', 'task', [ 'task_id' ] );

	/* ---------------------------------------------------------------- applications and pre-selection */

	// status: applied (under review), selected (the spec's "accepted 1"), excluded. completed: the tester has
	// finished the campaign's activities. contract_accepted_at: the manual's accept-contract step.
	await createTable( db, 'applications', ( table ) =>
		ownedByTester( table, 'applications' )
			.addColumn( 'campaign_id', 'integer', notNull )
			.addColumn( 'status', 'varchar(10)', ( column ) =>
				column.notNull().defaultTo( 'applied' )
			)
			.addColumn( 'completed', 'boolean', zero )
			.addColumn( 'selected_device_id', 'integer' )
			.addColumn( 'applied_at', 'datetime', now )
			.addColumn( 'contract_accepted_at', 'datetime' )
			.addColumn( 'updated_at', 'datetime', now )
			.addUniqueConstraint( 'applications_tester_campaign_unique', [
				'tester_id',
				'campaign_id',
			] )
			.addCheckConstraint(
				'applications_status_check',
				sql`status in ('applied', 'selected', 'excluded')`
			)
			.addForeignKeyConstraint(
				'applications_campaign_fk',
				[ 'campaign_id' ],
				'campaigns',
				[ 'id' ],
				cascade
			)
			.addForeignKeyConstraint(
				'applications_device_fk',
				[ 'selected_device_id' ],
				'tester_devices',
				[ 'id' ],
				( fk ) => fk.onDelete( 'set null' )
			)
	);
	await index( db, 'applications', 'tester_status', [
		'tester_id',
		'status',
		'completed',
		'campaign_id',
	] );
	await index( db, 'applications', 'campaign_status', [
		'campaign_id',
		'status',
	] );
	await index( db, 'applications', 'device', [ 'selected_device_id' ] );
	// The devices offered in the pre-selection form.
	await createTable( db, 'application_devices', ( table ) =>
		withId( table )
			.addColumn( 'application_id', 'integer', notNull )
			.addColumn( 'tester_device_id', 'integer', notNull )
			.addUniqueConstraint( 'application_devices_unique', [
				'application_id',
				'tester_device_id',
			] )
			.addForeignKeyConstraint(
				'application_devices_application_fk',
				[ 'application_id' ],
				'applications',
				[ 'id' ],
				cascade
			)
			.addForeignKeyConstraint(
				'application_devices_device_fk',
				[ 'tester_device_id' ],
				'tester_devices',
				[ 'id' ],
				cascade
			)
	);
	await index( db, 'application_devices', 'device', [ 'tester_device_id' ] );

	// type: text, phone_number, address, select, gender, multiselect, radio, or cuf (custom_user_field_id set).
	await createTable( db, 'preselection_questions', ( table ) =>
		ownedByCampaign( table, 'preselection_questions' )
			.addColumn( 'type', 'varchar(20)', notNull )
			.addColumn( 'custom_user_field_id', 'integer' )
			.addColumn( 'question', 'text', notNull )
			.addColumn( 'regex', 'varchar(1000)' )
			.addColumn( 'error_message', 'varchar(255)' )
			.addColumn( 'position', 'integer', zero )
			.addCheckConstraint(
				'preselection_questions_type_check',
				sql`(type in ('text', 'phone_number', 'address', 'select', 'gender', 'multiselect', 'radio') and custom_user_field_id is null) or (type = 'cuf' and custom_user_field_id is not null)`
			)
			.addForeignKeyConstraint(
				'preselection_questions_cuf_fk',
				[ 'custom_user_field_id' ],
				'custom_user_fields',
				[ 'id' ],
				cascade
			)
	);
	await index( db, 'preselection_questions', 'campaign', [
		'campaign_id',
		'position',
	] );
	await index( db, 'preselection_questions', 'cuf', [
		'custom_user_field_id',
	] );
	await createTable( db, 'preselection_question_options', ( table ) =>
		withId( table )
			.addColumn( 'question_id', 'integer', notNull )
			.addColumn( 'name', 'varchar(255)', notNull )
			.addColumn( 'position', 'integer', zero )
			.addForeignKeyConstraint(
				'preselection_question_options_question_fk',
				[ 'question_id' ],
				'preselection_questions',
				[ 'id' ],
				cascade
			)
	);
	await index( db, 'preselection_question_options', 'question', [
		'question_id',
		'position',
	] );
	// One row per chosen option or typed text. option_id null with no text is "None of the above" (-1).
	await createTable( db, 'preselection_answers', ( table ) =>
		withId( table )
			.addColumn( 'application_id', 'integer', notNull )
			.addColumn( 'question_id', 'integer', notNull )
			.addColumn( 'option_id', 'integer' )
			.addColumn( 'text_value', 'text' )
			.addForeignKeyConstraint(
				'preselection_answers_application_fk',
				[ 'application_id' ],
				'applications',
				[ 'id' ],
				cascade
			)
			.addForeignKeyConstraint(
				'preselection_answers_question_fk',
				[ 'question_id' ],
				'preselection_questions',
				[ 'id' ],
				cascade
			)
			.addForeignKeyConstraint(
				'preselection_answers_option_fk',
				[ 'option_id' ],
				'preselection_question_options',
				[ 'id' ],
				cascade
			)
	);
	await index( db, 'preselection_answers', 'application', [
		'application_id',
		'question_id',
	] );
	await index( db, 'preselection_answers', 'question', [ 'question_id' ] );
	await index( db, 'preselection_answers', 'option', [ 'option_id' ] );

	/* ---------------------------------------------------------------- bugs */

	await createTable( db, 'bugs', ( table ) =>
		ownedByTester( table, 'bugs' )
			.addColumn( 'campaign_id', 'integer', notNull )
			.addColumn( 'task_id', 'integer' )
			.addColumn( 'tester_device_id', 'integer' )
			.addColumn( 'title', 'varchar(255)', notNull )
			.addColumn( 'severity_id', 'integer', notNull )
			.addColumn( 'type_id', 'integer', notNull )
			.addColumn( 'replicability_id', 'integer', notNull )
			.addColumn( 'status_id', 'integer', ( column ) =>
				column.notNull().defaultTo( 3 )
			)
			.addColumn( 'steps', 'text', notNull )
			.addColumn( 'expected', 'text', notNull )
			.addColumn( 'current', 'text', notNull )
			.addColumn( 'notes', 'text' )
			.addColumn( 'occurred_at', 'datetime' )
			.addColumn( 'created_at', 'datetime', now )
			.addColumn( 'updated_at', 'datetime', now )
			.addCheckConstraint(
				'bugs_status_check',
				sql`status_id between 1 and 4`
			)
			.addCheckConstraint(
				'bugs_severity_check',
				sql`severity_id between 1 and 4`
			)
			.addCheckConstraint(
				'bugs_type_check',
				sql`type_id between 1 and 8`
			)
			.addCheckConstraint(
				'bugs_replicability_check',
				sql`replicability_id between 1 and 3`
			)
			.addForeignKeyConstraint(
				'bugs_campaign_fk',
				[ 'campaign_id' ],
				'campaigns',
				[ 'id' ]
			)
			.addForeignKeyConstraint(
				'bugs_task_fk',
				[ 'task_id' ],
				'campaign_tasks',
				[ 'id' ],
				( fk ) => fk.onDelete( 'set null' )
			)
			.addForeignKeyConstraint(
				'bugs_device_fk',
				[ 'tester_device_id' ],
				'tester_devices',
				[ 'id' ],
				( fk ) => fk.onDelete( 'set null' )
			)
	);
	// My bugs: newest first, optionally by campaign, status or severity (the id is the tie-break and the sort).
	await index( db, 'bugs', 'tester', [ 'tester_id', 'id' ] );
	await index( db, 'bugs', 'tester_campaign', [
		'tester_id',
		'campaign_id',
		'id',
	] );
	await index( db, 'bugs', 'tester_status', [
		'tester_id',
		'status_id',
		'id',
	] );
	await index( db, 'bugs', 'tester_severity', [
		'tester_id',
		'severity_id',
		'id',
	] );
	await index( db, 'bugs', 'campaign_status', [
		'campaign_id',
		'status_id',
	] );
	await index( db, 'bugs', 'task', [ 'task_id' ] );
	await index( db, 'bugs', 'device', [ 'tester_device_id' ] );

	await createTable( db, 'bug_media', ( table ) =>
		withId( table )
			.addColumn( 'bug_id', 'integer', notNull )
			.addColumn( 'file_name', 'varchar(255)', notNull )
			.addColumn( 'mime_type', 'varchar(100)' )
			.addColumn( 'storage_key', 'varchar(191)', notNull )
			.addColumn( 'created_at', 'datetime', now )
			.addUniqueConstraint( 'bug_media_storage_key_unique', [
				'storage_key',
			] )
			.addForeignKeyConstraint(
				'bug_media_bug_fk',
				[ 'bug_id' ],
				'bugs',
				[ 'id' ],
				cascade
			)
	);
	await index( db, 'bug_media', 'bug', [ 'bug_id' ] );
	await createTable( db, 'bug_additional_values', ( table ) =>
		withId( table )
			.addColumn( 'bug_id', 'integer', notNull )
			.addColumn( 'field_id', 'integer', notNull )
			.addColumn( 'value', 'text', notNull )
			.addUniqueConstraint( 'bug_additional_values_unique', [
				'bug_id',
				'field_id',
			] )
			.addForeignKeyConstraint(
				'bug_additional_values_bug_fk',
				[ 'bug_id' ],
				'bugs',
				[ 'id' ],
				cascade
			)
			.addForeignKeyConstraint(
				'bug_additional_values_field_fk',
				[ 'field_id' ],
				'campaign_additional_fields',
				[ 'id' ],
				cascade
			)
	);
	await index( db, 'bug_additional_values', 'field', [ 'field_id' ] );

	/* ---------------------------------------------------------------- experience and levels */

	// A campaign that goes away leaves its points, shown with a dash.
	await createTable( db, 'experience_entries', ( table ) =>
		ownedByTester( table, 'experience_entries' )
			.addColumn( 'amount', 'integer', notNull )
			.addColumn( 'activity_id', 'integer', notNull )
			.addColumn( 'campaign_id', 'integer' )
			.addColumn( 'note', 'varchar(1000)', ( column ) =>
				column.notNull().defaultTo( '' )
			)
			.addColumn( 'created_at', 'datetime', now )
			.addCheckConstraint(
				'experience_entries_activity_check',
				sql`activity_id between 1 and 99`
			)
			.addForeignKeyConstraint(
				'experience_entries_campaign_fk',
				[ 'campaign_id' ],
				'campaigns',
				[ 'id' ],
				( fk ) => fk.onDelete( 'set null' )
			)
	);
	// History: by date (default) or amount, each optionally filtered by campaign or activity; id breaks ties so
	// deep pages are stable.
	await index( db, 'experience_entries', 'tester_date', [
		'tester_id',
		'created_at',
		'id',
	] );
	await index( db, 'experience_entries', 'tester_amount', [
		'tester_id',
		'amount',
		'id',
	] );
	await index( db, 'experience_entries', 'tester_campaign', [
		'tester_id',
		'campaign_id',
		'created_at',
	] );
	await index( db, 'experience_entries', 'tester_activity', [
		'tester_id',
		'activity_id',
		'created_at',
	] );
	await index( db, 'experience_entries', 'campaign', [ 'campaign_id' ] );

	// One row per tester and month (month = its first day): the level held that month and, kept alongside, the
	// experience points earned in it (each experience entry adds its amount here). Rank and the peers/tops lists
	// are ranges of (month, level, points desc): rank = 1 + rows of the same month and level with more points.
	await createTable( db, 'tester_monthly_levels', ( table ) =>
		ownedByTester( table, 'tester_monthly_levels' )
			.addColumn( 'month', 'date', notNull )
			.addColumn( 'level_id', 'integer', ( column ) =>
				column.notNull().defaultTo( 0 )
			)
			.addColumn( 'points', 'integer', zero )
			.addUniqueConstraint( 'tester_monthly_levels_unique', [
				'tester_id',
				'month',
			] )
			.addForeignKeyConstraint(
				'tester_monthly_levels_level_fk',
				[ 'level_id' ],
				'levels',
				[ 'id' ]
			)
	);
	await index( db, 'tester_monthly_levels', 'rank', [
		'month',
		'level_id',
		'points desc',
		'tester_id',
	] );
	await index( db, 'tester_monthly_levels', 'level', [ 'level_id' ] );

	/* ---------------------------------------------------------------- booty and payments */

	// open_tester_id is the tester while the request is processing and null once paid: its unique index makes
	// "one request at a time" a database rule on both engines (MySQL has no partial indexes).
	await createTable( db, 'payment_requests', ( table ) =>
		ownedByTester( table, 'payment_requests' )
			.addColumn( 'method', 'varchar(10)', notNull )
			.addColumn( 'paypal_email', 'varchar(254)' )
			.addColumn( 'account_holder', 'varchar(255)' )
			.addColumn( 'iban', 'varchar(34)' )
			.addColumn( 'status', 'varchar(20)', ( column ) =>
				column.notNull().defaultTo( 'processing' )
			)
			.addColumn( 'amount_gross_cents', 'bigint', notNull )
			.addColumn( 'amount_net_cents', 'bigint' )
			.addColumn( 'currency', 'char(3)', ( column ) =>
				column.notNull().defaultTo( 'EUR' )
			)
			.addColumn( 'note', 'varchar(255)' )
			.addColumn( 'requested_at', 'datetime', now )
			.addColumn( 'paid_at', 'datetime' )
			.addColumn( 'receipt_path', 'varchar(1024)' )
			.addColumn( 'open_tester_id', 'integer', ( column ) =>
				column
					.generatedAlwaysAs(
						sql`case when status = 'processing' then tester_id end`
					)
					.stored()
			)
			.addCheckConstraint(
				'payment_requests_method_check',
				sql`(method = 'paypal' and paypal_email is not null) or (method = 'iban' and iban is not null and account_holder is not null)`
			)
			.addCheckConstraint(
				'payment_requests_status_check',
				sql`status in ('processing', 'paid')`
			)
			.addCheckConstraint(
				'payment_requests_amount_check',
				sql`amount_gross_cents > 0`
			)
			.addCheckConstraint(
				'payment_requests_currency_check',
				currencyCheck
			)
	);
	await index( db, 'payment_requests', 'open', [ 'open_tester_id' ], {
		unique: true,
	} );
	await index( db, 'payment_requests', 'tester_requested', [
		'tester_id',
		'requested_at',
		'id',
	] );
	await index( db, 'payment_requests', 'tester_paid', [
		'tester_id',
		'paid_at',
		'id',
	] );

	// A booty entry with no payment request is pending (available); once attached to a request it follows that
	// request's status (processing, then paid). The testers' booty sums (0001) are kept alongside these rows.
	await createTable( db, 'booty_entries', ( table ) =>
		ownedByTester( table, 'booty_entries' )
			.addColumn( 'campaign_id', 'integer' )
			.addColumn( 'activity_id', 'integer', notNull )
			.addColumn( 'name', 'varchar(255)', notNull )
			.addColumn( 'gross_cents', 'bigint', notNull )
			.addColumn( 'net_cents', 'bigint' )
			.addColumn( 'currency', 'char(3)', ( column ) =>
				column.notNull().defaultTo( 'EUR' )
			)
			.addColumn( 'attributed_at', 'datetime', now )
			.addColumn( 'payment_request_id', 'integer' )
			.addCheckConstraint(
				'booty_entries_activity_check',
				sql`activity_id between 1 and 99`
			)
			.addCheckConstraint( 'booty_entries_currency_check', currencyCheck )
			.addForeignKeyConstraint(
				'booty_entries_campaign_fk',
				[ 'campaign_id' ],
				'campaigns',
				[ 'id' ],
				( fk ) => fk.onDelete( 'set null' )
			)
			.addForeignKeyConstraint(
				'booty_entries_payment_fk',
				[ 'payment_request_id' ],
				'payment_requests',
				[ 'id' ]
			)
	);
	await index( db, 'booty_entries', 'tester_payment', [
		'tester_id',
		'payment_request_id',
		'attributed_at',
	] );
	await index( db, 'booty_entries', 'payment', [
		'payment_request_id',
		'attributed_at',
	] );
	await index( db, 'booty_entries', 'campaign', [ 'campaign_id' ] );

	/* ---------------------------------------------------------------- popups */

	// content is compressed and base64 encoded. target: all testers, or only those in popup_recipients.
	await createTable( db, 'popups', ( table ) =>
		withId( table )
			.addColumn( 'title', 'varchar(255)', notNull )
			.addColumn( 'content', longText, notNull )
			.addColumn( 'is_once', 'boolean', zero )
			.addColumn( 'target', 'varchar(10)', ( column ) =>
				column.notNull().defaultTo( 'all' )
			)
			.addColumn( 'expires_at', 'datetime' )
			.addColumn( 'created_at', 'datetime', now )
			.addCheckConstraint(
				'popups_target_check',
				sql`target in ('all', 'list')`
			)
	);
	await index( db, 'popups', 'target_expiry', [ 'target', 'expires_at' ] );
	await createTable( db, 'popup_recipients', ( table ) =>
		ownedByTester( table, 'popup_recipients' )
			.addColumn( 'popup_id', 'integer', notNull )
			.addUniqueConstraint( 'popup_recipients_unique', [
				'tester_id',
				'popup_id',
			] )
			.addForeignKeyConstraint(
				'popup_recipients_popup_fk',
				[ 'popup_id' ],
				'popups',
				[ 'id' ],
				cascade
			)
	);
	await index( db, 'popup_recipients', 'popup', [ 'popup_id' ] );
	await createTable( db, 'popup_reads', ( table ) =>
		ownedByTester( table, 'popup_reads' )
			.addColumn( 'popup_id', 'integer', notNull )
			.addColumn( 'read_at', 'datetime', now )
			.addUniqueConstraint( 'popup_reads_unique', [
				'tester_id',
				'popup_id',
			] )
			.addForeignKeyConstraint(
				'popup_reads_popup_fk',
				[ 'popup_id' ],
				'popups',
				[ 'id' ],
				cascade
			)
	);
	await index( db, 'popup_reads', 'popup', [ 'popup_id' ] );

	/* ---------------------------------------------------------------- account deletions */

	// Outlives the tester on purpose: no foreign key to testers.
	await createTable( db, 'account_deletions', ( table ) =>
		withId( table )
			.addColumn( 'wp_user_id', 'bigint', notNull )
			.addColumn( 'other_reason', 'text' )
			.addColumn( 'deleted_at', 'datetime', now )
	);
	await index( db, 'account_deletions', 'deleted_at', [ 'deleted_at' ] );
	await index( db, 'account_deletions', 'wp_user', [ 'wp_user_id' ] );
	await createTable( db, 'account_deletion_reasons', ( table ) =>
		withId( table )
			.addColumn( 'deletion_id', 'integer', notNull )
			.addColumn( 'reason', 'varchar(32)', notNull )
			.addUniqueConstraint( 'account_deletion_reasons_unique', [
				'deletion_id',
				'reason',
			] )
			.addCheckConstraint(
				'account_deletion_reasons_check',
				sql`reason in ('TOO_MANY_EMAILS', 'NO_CAMPAIGNS', 'SIGNUP_BY_MISTAKE', 'NO_TIME', 'CAMPAIGNS_NOT_CLEAR', 'OTHER')`
			)
			.addForeignKeyConstraint(
				'account_deletion_reasons_deletion_fk',
				[ 'deletion_id' ],
				'account_deletions',
				[ 'id' ],
				cascade
			)
	);
}

/**
 * The testers' new columns go first: two of them reference lookup tables of this migration.
 *
 * @param db
 */
export async function down( db: Kysely< any > ): Promise< void > {
	await dropTesterIndex( db, 'testers_own_referral_code' );
	for ( const [ column ] of [ ...testerForeignKeys ].reverse() ) {
		if ( isMysql( db ) ) {
			await sql`alter table testers drop foreign key ${ sql.ref(
				`testers_${ column }_fk`
			) }`.execute( db );
		}
		// SQLite refuses to drop an indexed column.
		await dropTesterIndex( db, `testers_${ column }` );
		await db.schema.alterTable( 'testers' ).dropColumn( column ).execute();
	}
	for ( const [ column ] of [ ...testerColumns ].reverse() ) {
		await db.schema.alterTable( 'testers' ).dropColumn( column ).execute();
	}
	for ( const table of [ ...TABLES ].reverse() ) {
		await db.schema.dropTable( table ).execute();
	}
}

/* -------------------------------------------------------------------- helpers */

const currencyCheck = sql`currency in ('EUR', 'USD', 'GBP')`;

const notNull = ( column: ColumnDefinitionBuilder ) => column.notNull();
const same = ( column: ColumnDefinitionBuilder ) => column;
const zero = ( column: ColumnDefinitionBuilder ) =>
	column.notNull().defaultTo( 0 );
const one = ( column: ColumnDefinitionBuilder ) =>
	column.notNull().defaultTo( 1 );
const now = ( column: ColumnDefinitionBuilder ) =>
	column.notNull().defaultTo( sql`CURRENT_TIMESTAMP` );
const cascade = ( fk: { onDelete: ( action: 'cascade' ) => any } ) =>
	fk.onDelete( 'cascade' );

/**
 * Profile extras of the spec that 0001 lacks. `referral_code` (0001) is the code a tester arrived with; their own
 * code to share is `own_referral_code`.
 */
const testerColumns: Array<
	[
		string,
		string,
		( column: ColumnDefinitionBuilder ) => ColumnDefinitionBuilder,
	]
> = [
	[
		'gender',
		'varchar(20)',
		( column ) =>
			column.check(
				sql`gender in ('female', 'male', 'not-specified', 'other')`
			),
	],
	[ 'phone', 'varchar(20)', same ],
	[ 'city', 'varchar(100)', same ],
	[ 'birth_city', 'varchar(100)', same ],
	[ 'birth_province', 'varchar(100)', same ],
	[ 'email_confirmed', 'boolean', zero ],
	[ 'verified_at', 'datetime', same ],
	[ 'own_referral_code', 'varchar(64)', same ],
];

const testerForeignKeys = [
	[ 'profession_id', 'employments' ],
	[ 'education_id', 'education_levels' ],
	[ 'referred_by_tester_id', 'testers' ],
] as const;

/**
 * Every table up() creates, in creation order; down() drops them in reverse. Listed rather than collected while
 * up() runs, because down() may run in another process.
 */
export const TABLES = [
	'languages',
	'education_levels',
	'employments',
	'certification_institutes',
	'certification_areas',
	'certifications',
	'levels',
	'tester_languages',
	'tester_certifications',
	'custom_user_field_groups',
	'custom_user_fields',
	'custom_user_field_translations',
	'custom_user_field_options',
	'tester_custom_values',
	'fiscal_profiles',
	'device_manufacturers',
	'device_models',
	'pc_types',
	'os_platforms',
	'os_versions',
	'tester_devices',
	'campaign_types',
	'campaigns',
	'campaign_targets',
	'campaign_accepted_devices',
	'campaign_contents',
	'campaign_bug_severities',
	'campaign_bug_types',
	'campaign_bug_replicabilities',
	'campaign_additional_fields',
	'campaign_tasks',
	'tester_tasks',
	'task_media',
	'applications',
	'application_devices',
	'preselection_questions',
	'preselection_question_options',
	'preselection_answers',
	'bugs',
	'bug_media',
	'bug_additional_values',
	'experience_entries',
	'tester_monthly_levels',
	'payment_requests',
	'booty_entries',
	'popups',
	'popup_recipients',
	'popup_reads',
	'account_deletions',
	'account_deletion_reasons',
] as const;

type Table = CreateTableBuilder< any, any >;

async function createTable(
	db: Kysely< any >,
	name: string,
	build: ( table: Table ) => Table
): Promise< void > {
	let table = build( db.schema.createTable( name ) );
	if ( isMysql( db ) ) {
		table = table.modifyEnd(
			sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`
		);
	}
	await table.execute();
}

/** Index names are per database on SQLite, so they carry the table name; MySQL allows 64 characters. */
async function index(
	db: Kysely< any >,
	table: string,
	suffix: string,
	columns: string[],
	{ unique = false }: { unique?: boolean } = {}
): Promise< void > {
	let builder = db.schema
		.createIndex( `${ table }_${ suffix }` )
		.on( table )
		.columns( columns );
	if ( unique ) {
		builder = builder.unique();
	}
	await builder.execute();
}

/** MySQL wants the table of the index, SQLite refuses it. */
async function dropTesterIndex( db: Kysely< any >, name: string ) {
	const drop = db.schema.dropIndex( name );
	await ( isMysql( db ) ? drop.on( 'testers' ) : drop ).execute();
}

function withId( table: Table ): Table {
	return table.addColumn( 'id', 'integer', ( column ) =>
		column.primaryKey().autoIncrement()
	);
}

function ownedByTester( table: Table, name: string ): Table {
	return withId( table )
		.addColumn( 'tester_id', 'integer', notNull )
		.addForeignKeyConstraint(
			`${ name }_tester_fk`,
			[ 'tester_id' ],
			'testers',
			[ 'id' ],
			cascade
		);
}

function ownedByCampaign( table: Table, name: string ): Table {
	return withId( table )
		.addColumn( 'campaign_id', 'integer', notNull )
		.addForeignKeyConstraint(
			`${ name }_campaign_fk`,
			[ 'campaign_id' ],
			'campaigns',
			[ 'id' ],
			cascade
		);
}

function deviceTypeCheck( column: string ): Expression< any > {
	return sql`${ sql.ref( column ) } between 0 and 5`;
}
