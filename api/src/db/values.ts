/**
 * Normalisers for values that come back differently from better-sqlite3 and mysql2 (see db/schema.ts).
 */

export function toInteger( value: number | string | bigint ): number {
	const number = typeof value === 'number' ? value : Number( value );
	if ( ! Number.isSafeInteger( number ) ) {
		// Rounding money or ids silently would be worse than failing the request.
		throw new RangeError(
			`Integer out of the safe range: ${ String( value ) }`
		);
	}
	return number;
}

export function toNullableInteger(
	value: number | string | bigint | null
): number | null {
	return value === null ? null : toInteger( value );
}

export function toBoolean( value: number | string | boolean ): boolean {
	return value === true || value === 1 || value === '1';
}

export const fromBoolean = ( value: boolean ): number => ( value ? 1 : 0 );

/** `YYYY-MM-DD HH:MM:SS` in UTC: the one datetime literal both engines store verbatim. */
export function toSqlDateTime( date: Date = new Date() ): string {
	return date.toISOString().slice( 0, 19 ).replace( 'T', ' ' );
}

/** Back from the stored UTC literal to ISO 8601. */
export function fromSqlDateTime( value: string ): string {
	return `${ value.slice( 0, 19 ).replace( ' ', 'T' ) }Z`;
}

/** `YYYY-MM-DD`, whichever way the engine handed the date over. */
export function toDateOnly( value: string | null ): string | null {
	return value === null ? null : value.slice( 0, 10 );
}
