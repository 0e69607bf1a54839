/**
 * The rank list's statement: the top three and the peers around a place in the month's ranking as seeks along
 * the ranking index (month, level, points descending, tester) that stop after a few rows, beside the tester's
 * own row when asked; the testers' names are joined once, to the union. Each part is a parenthesised member of
 * the union on MariaDB, which reads it as it is (a derived table per seek is first copied into a temporary
 * table); SQLite takes an ordered, limited member only as a subquery.
 *
 * On MariaDB each side of the tester is one seek from the tester's place: `points > p or (points = p and tester <
 * id)` read backwards, two ranges in the index's order (three seeks in all; five made the statement ~30 %
 * dearer). SQLite reads such an OR as one range of points and would step over the tester's side of an
 * equal-points group first, so there each side is two seeks: the same points, then the others. The seeks read
 * points and ids only, and only the rows that may have other points than the tester's read their points' count
 * (api/README.md "Reads at scale").
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { forceIndex, isMysql } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import { aheadOf } from './rank.ts';

/** Testers listed above and below the tester in the peers list. */
export const PEERS_EACH_SIDE = 5;
export const TOPS = 3;

/** The tester's own part of the list statement (the others are 0 to 4). */
export const MINE = 5;

/** Where a tester stands in the month's ranking: the ranking index's key. */
export interface Place {
	testerId: number;
	levelId: number;
	points: number;
}

/** The ranking's row of a peer or a top tester, as the list statement answers it. */
export interface ListedRow {
	part: number | string;
	tester_id: number;
	points: number | string;
	/** Testers with these points (null in the parts that do not need it). */
	same: number | string | null;
	/** The tester's level and the testers ahead of it, in the tester's part only. */
	level_id: number | string | null;
	ahead: number | string | null;
	name: string;
	surname: string;
	image: string | null;
}

/**
 * The list statement of a tester's month: `read( place, withMine )` runs the seeks around `place` (none
 * without one) and, `withMine`, the tester's part (found from the WordPress user) with its row of the month,
 * the testers ahead and the testers of the same points.
 *
 * @param db
 * @param wpUserId
 * @param month
 */
export function rankListReader(
	db: Kysely< Database >,
	wpUserId: number,
	month: string
) {
	const parts = partsOf( db, month );
	const mine = parts.wrap(
		MINE,
		sql`select ${ sql.lit( MINE ) } as part, t.id as tester_id, m.points, ${
			parts.same
		} as same, m.level_id, ${ aheadOf( month ) } as ahead
		from testers t
		left join tester_monthly_levels m on m.tester_id = t.id and m.month = ${ month }
		where t.wp_user_id = ${ wpUserId }`
	);
	return async ( place: Place | undefined, withMine: boolean ) => {
		const seeks = place ? parts.seeks( place ) : [];
		const { rows } =
			await sql< ListedRow >`select u.part, u.tester_id, u.points, u.same, u.level_id, u.ahead, t.name, t.surname, t.image
			from (${ sql.join(
				withMine ? [ ...seeks, mine ] : seeks,
				sql` union all `
			) }) as u
			join testers t on t.id = u.tester_id`.execute( db );
		return rows;
	};
}

/**
 * The parts of the list statement of `month`.
 *
 * @param db
 * @param month
 */
function partsOf( db: Kysely< Database >, month: string ) {
	// The testers with a row's points, from the counts' primary key.
	const same = sql<
		number | string | null
	>`(select r.testers from monthly_rank_counts r
		where r.month = m.month and r.level_id = m.level_id and r.points = m.points)`;
	const mysql = isMysql( db );
	const ranking = forceIndex( db, 'tester_monthly_levels_rank' );
	const wrap = ( index: number, select: RawBuilder< unknown > ) =>
		mysql
			? sql`(${ select })`
			: sql`select * from (${ select }) as p${ sql.lit( index ) }`;
	/**
	 * A seek that stops after `limit` rows.
	 *
	 * @param levelId
	 * @param index     The part's number.
	 * @param condition Where it starts, over `m`.
	 * @param order     The points' order.
	 * @param limit
	 * @param counted   Whether its rows need their points' count (the top three need none).
	 */
	const part = (
		levelId: number,
		index: number,
		condition: RawBuilder< unknown >,
		order: 'asc' | 'desc',
		limit: number,
		counted = false
	) => {
		const ties = sql.raw( order === 'asc' ? 'desc' : 'asc' );
		return wrap(
			index,
			sql`select ${ sql.lit( index ) } as part, m.tester_id, m.points, ${
				counted ? same : sql`null`
			} as same, null as level_id, null as ahead
			from tester_monthly_levels m${ ranking }
			where m.month = ${ month } and m.level_id = ${ levelId } and ${ condition }
			order by m.points ${ sql.raw( order ) }, m.tester_id ${ ties } limit ${ limit }`
		);
	};
	/**
	 * The top three, then above and below the tester: parts 1 and 2 walk up from the tester, 3 and 4 down.
	 *
	 * @param place
	 * @param place.testerId
	 * @param place.levelId
	 * @param place.points
	 */
	const seeks = ( { testerId, levelId, points }: Place ) => {
		const sides = mysql
			? [
					part(
						levelId,
						2,
						sql`(m.points > ${ points } or (m.points = ${ points } and m.tester_id < ${ testerId }))`,
						'asc',
						PEERS_EACH_SIDE,
						true
					),
					part(
						levelId,
						4,
						sql`(m.points < ${ points } or (m.points = ${ points } and m.tester_id > ${ testerId }))`,
						'desc',
						PEERS_EACH_SIDE,
						true
					),
			  ]
			: [
					part(
						levelId,
						1,
						sql`m.points = ${ points } and m.tester_id < ${ testerId }`,
						'asc',
						PEERS_EACH_SIDE
					),
					part(
						levelId,
						2,
						sql`m.points > ${ points }`,
						'asc',
						PEERS_EACH_SIDE,
						true
					),
					part(
						levelId,
						3,
						sql`m.points = ${ points } and m.tester_id > ${ testerId }`,
						'desc',
						PEERS_EACH_SIDE
					),
					part(
						levelId,
						4,
						sql`m.points < ${ points }`,
						'desc',
						PEERS_EACH_SIDE,
						true
					),
			  ];
		return [ part( levelId, 0, sql`1 = 1`, 'desc', TOPS ), ...sides ];
	};
	return { same, wrap, seeks };
}
