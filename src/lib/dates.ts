const twoDigits = ( value: number ) => String( value ).padStart( 2, '0' );

const parse = ( iso: string | null | undefined ) => {
	const date = iso ? new Date( iso ) : null;
	return date && ! Number.isNaN( date.getTime() ) ? date : null;
};

/**
 * dd/mm/yyyy, the spec's date format, read in UTC like the API's days; null when the value is no date.
 *
 * @param iso An ISO 8601 date or date-time.
 */
export function formatDay( iso: string | null | undefined ): string | null {
	const date = parse( iso );
	return date
		? `${ twoDigits( date.getUTCDate() ) }/${ twoDigits(
				date.getUTCMonth() + 1
		  ) }/${ date.getUTCFullYear() }`
		: null;
}

/**
 * dd/mm/yyyy hh:mm in the tester's own time zone, for a moment the tester lived (when a bug was last seen).
 *
 * @param iso An ISO 8601 date-time.
 */
export function formatLocalDateTime(
	iso: string | null | undefined
): string | null {
	const date = parse( iso );
	return date
		? `${ twoDigits( date.getDate() ) }/${ twoDigits(
				date.getMonth() + 1
		  ) }/${ date.getFullYear() } ${ twoDigits(
				date.getHours()
		  ) }:${ twoDigits( date.getMinutes() ) }`
		: null;
}
