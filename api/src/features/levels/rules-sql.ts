import { sql, type RawBuilder } from 'kysely';
import { CLIMBING, LEGENDARY_TOTAL, LEVELS } from '../../lookups/levels.ts';

/**
 * lookups/levels.ts levelAfterMonth as one SQL CASE, built from the same LEVELS, so a whole month's testers are
 * moved by one statement. The thresholds are literals: the statement's text is the same on every run, and the
 * engines plan it once. test/features/levels/change.test.ts holds the two against each other on many testers.
 *
 * @param level  The level of the month before (0 when the tester had no row).
 * @param points The points of the month before.
 * @param total  The total experience at the end of the month before.
 * @param passed True when the entry test was passed by the end of the month before.
 */
export function levelAfterMonthSql(
	level: RawBuilder< unknown >,
	points: RawBuilder< unknown >,
	total: RawBuilder< unknown >,
	passed: RawBuilder< unknown >
): RawBuilder< number > {
	const lit = ( value: number ) => sql.lit( value );
	// Highest first: the first reach earned above the level held is the highest one earned.
	const climbs = [ ...CLIMBING ]
		.reverse()
		.map(
			( candidate ) =>
				sql`when ${ points } >= ${ lit(
					candidate.reachPoints
				) } and ${ level } < ${ lit( candidate.id ) } then ${ lit(
					candidate.id
				) }`
		);
	// Below hold: one level down (the one before it in LEVELS).
	const drops = CLIMBING.map(
		( current ) =>
			sql`when ${ level } = ${ lit(
				current.id
			) } and ${ points } < ${ lit( current.holdPoints ) } then ${ lit(
				LEVELS[ LEVELS.indexOf( current ) - 1 ].id
			) }`
	);
	return sql< number >`(case
		when ${ level } = 0 then (case when ${ passed } then (case when ${ total } >= ${ lit(
			LEGENDARY_TOTAL
		) } then 100 else 10 end) else 0 end)
		when ${ level } = 100 or ${ total } >= ${ lit( LEGENDARY_TOTAL ) } then 100
		${ sql.join( climbs, sql` ` ) }
		${ sql.join( drops, sql` ` ) }
		else ${ level } end)`;
}
