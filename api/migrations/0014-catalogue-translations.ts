import { sql, type Kysely } from 'kysely';
import { isMysql } from '../src/db/engine.ts';

/**
 * Custom user field groups and options get a name per language, as their fields have (0003's
 * custom_user_field_translations): without them an Italian, Spanish or French Advanced tab showed the catalogue's
 * one name, in English, for every group title and option label. The catalogue's own `name` column stays: it is
 * the default name (what a stored value is named in GET /users/me, and the fallback when a group or an option has
 * no translation). One row per group or option and language; the rows go with their group or option.
 *
 * @param db
 */
export async function up( db: Kysely< any > ): Promise< void > {
	for ( const { table, parent, key } of TABLES ) {
		let create = db.schema
			.createTable( table )
			.addColumn( 'id', 'integer', ( column ) =>
				column.primaryKey().autoIncrement()
			)
			.addColumn( key, 'integer', ( column ) => column.notNull() )
			.addColumn( 'language_code', 'varchar(10)', ( column ) =>
				column.notNull()
			)
			.addColumn( 'name', 'varchar(255)', ( column ) => column.notNull() )
			// Also the index of the reads by group or option: it starts with the key.
			.addUniqueConstraint( `${ table }_unique`, [
				key,
				'language_code',
			] )
			.addForeignKeyConstraint(
				`${ table }_fk`,
				[ key ],
				parent,
				[ 'id' ],
				( fk ) => fk.onDelete( 'cascade' )
			);
		if ( isMysql( db ) ) {
			create = create.modifyEnd(
				sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`
			);
		}
		await create.execute();
	}
}

export async function down( db: Kysely< any > ): Promise< void > {
	for ( const { table } of [ ...TABLES ].reverse() ) {
		await db.schema.dropTable( table ).execute();
	}
}

const TABLES = [
	{
		table: 'custom_user_field_group_translations',
		parent: 'custom_user_field_groups',
		key: 'group_id',
	},
	{
		table: 'custom_user_field_option_translations',
		parent: 'custom_user_field_options',
		key: 'option_id',
	},
] as const;
