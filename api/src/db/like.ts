import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * The back office's searches: a text that any of some columns contains, as typed. `%` and `_` are literal ("!"
 * escapes them: the same on both engines, unlike a backslash); case does not matter (SQLite's LIKE folds ASCII,
 * MariaDB's collation folds the rest).
 */

/**
 * The LIKE pattern of a text contained anywhere.
 *
 * @param text
 */
export const likeContaining = ( text: string ): string =>
	`%${ text.replace( /[!%_]/g, ( character ) => `!${ character }` ) }%`;

/**
 * Whether any of `columns` contains `text`.
 *
 * @param columns
 * @param text
 */
export function anyContains(
	columns: ReadonlyArray< Expression< unknown > >,
	text: string
): RawBuilder< boolean > {
	const pattern = likeContaining( text );
	return sql< boolean >`(${ sql.join(
		columns.map(
			( column ) => sql`${ column } like ${ pattern } escape '!'`
		),
		sql` or `
	) })`;
}
