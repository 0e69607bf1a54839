/**
 * The birth-date rule shared by the sign-up and the profile (spec section 5): the enforced age cutoff, the
 * oldest year accepted and the `YYYY-MM-DD` form both forms send.
 */

/** The spec's minimum age: the enforced cutoff, and the age every message says (`{{minimumAge}}`). */
export const MINIMUM_AGE = 16;

/** Birth years before this one are not real dates for the forms. */
export const OLDEST_BIRTH_YEAR = 1900;

const pad = ( value: number, length = 2 ) =>
	String( value ).padStart( length, '0' );

export const toIsoDate = ( date: Date ) =>
	`${ pad( date.getFullYear(), 4 ) }-${ pad( date.getMonth() + 1 ) }-${ pad(
		date.getDate()
	) }`;

/**
 * The latest birth date allowed today: today minus the minimum age, as `YYYY-MM-DD`. On 29 February the
 * same day sixteen years earlier may not exist; Date rolls it over to 1 March, which is the day the tester
 * turns sixteen in a common year.
 *
 * @param now The current time.
 */
export function latestBirthDate( now: Date = new Date() ): string {
	return toIsoDate(
		new Date(
			now.getFullYear() - MINIMUM_AGE,
			now.getMonth(),
			now.getDate()
		)
	);
}

/**
 * The day as `YYYY-MM-DD` when it is a real date from the oldest birth year on, otherwise null
 * (31 February, month 13, year 1899).
 *
 * @param year  Four digits.
 * @param month `1`–`12`.
 * @param day   The day of the month.
 */
export function realBirthDate(
	year: number,
	month: number,
	day: number
): string | null {
	const date = new Date( year, month - 1, day );
	if (
		year < OLDEST_BIRTH_YEAR ||
		date.getFullYear() !== year ||
		date.getMonth() !== month - 1 ||
		date.getDate() !== day
	) {
		return null;
	}
	return toIsoDate( date );
}
