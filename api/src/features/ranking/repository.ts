import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { forceIndex, isMysql } from '../../db/engine.ts';
import { toInteger } from '../../db/values.ts';
import { LastSeen } from '../../lib/last-seen.ts';
import { levelAfterMonth, levelById, LEVELS } from '../../lookups/levels.ts';
import { bucketOf, RANK_BUCKET_POINTS } from './buckets.ts';

export interface LevelRef {
	id: number;
	name: string;
}

export interface RankSummary {
	points: number;
	rank: number | null;
	level: LevelRef;
	previousLevel: LevelRef;
	prospect: {
		level: LevelRef;
		maintenance: number;
		next?: { points: number; level: LevelRef };
	};
}

export interface RankEntry {
	id: number;
	position: number;
	name: string;
	image: string | null;
	monthly_exp: number;
}

/** Testers listed above and below the tester in the peers list. */
export const PEERS_EACH_SIDE = 5;
export const TOPS = 3;

/** `YYYY-MM-01` of the month `now` falls in (UTC), and of the month before. */
export function monthOf( now: Date, monthsBack = 0 ): string {
	const date = new Date(
		Date.UTC( now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1 )
	);
	return date.toISOString().slice( 0, 10 );
}

const levelRef = ( id: number ): LevelRef => {
	const level = levelById( id );
	return { id: level.id, name: level.name };
};

/** "Dana S.": the ranking shows other testers by name and initial only. */
const publicName = ( name: string, surname: string ) =>
	surname ? `${ name } ${ surname.trim().charAt( 0 ) }.` : name;

/**
 * SQL for the testers ahead of the row `m` of tester_monthly_levels (same month and level, more points), or null
 * when `m` is not of `month`: a sum over buckets and over a bucket's point values, both ranges of primary keys.
 *
 * @param month
 */
export function aheadOf( month: string ) {
	const bucket = sql.raw( bucketOf( 'm.points' ) );
	return sql< number | string | null >`case when m.month = ${ month } then
		(select coalesce(sum(b.testers), 0) from monthly_rank_buckets b
			where b.month = m.month and b.level_id = m.level_id and b.bucket > ${ bucket })
		+ (select coalesce(sum(r.testers), 0) from monthly_rank_counts r
			where r.month = m.month and r.level_id = m.level_id and r.points > m.points
			and r.points < (${ bucket } + 1) * ${ sql.lit( RANK_BUCKET_POINTS ) })
		end`;
}

/**
 * A rank from a row's level and the testers ahead of it: none at level 0 or without a row of the month.
 *
 * @param levelId
 * @param ahead
 */
export const rankFrom = (
	levelId: number | null,
	ahead: number | string | null
): number | null =>
	levelId === null || levelId === 0 || ahead === null
		? null
		: 1 + toInteger( ahead );

export type RankingRepository = ReturnType< typeof createRankingRepository >;

/** The ranking's row of a peer or a top tester, as the list statement answers it. */
interface ListedRow {
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

/** The tester's own part of the list statement (the others are 0 to 4). */
const MINE = 5;

/** Where a tester stands in the month's ranking: the ranking index's key. */
interface Place {
	testerId: number;
	levelId: number;
	points: number;
}

/** Testers whose place at their last rank list is remembered (lists). */
const PLACES_REMEMBERED = 10_000;

/**
 * Monthly levels and ranks (migrations/0003-domain.ts tester_monthly_levels, 0005 monthly_rank_counts, 0007
 * monthly_rank_buckets). A rank is 1 + the testers of the same month and level with more points (equal points
 * share a rank): the testers of the buckets above the tester's, plus those of the point values above the
 * tester's inside its bucket, so its cost is a few dozen rows whatever the number of testers or the spread of
 * their points. Lists are seeks on (month, level, points, tester) that stop after a few rows.
 *
 * @param db
 */
export function createRankingRepository( db: Kysely< Database > ) {
	// Each tester's place in the ranking at their last rank list: the list's seeks start there, and they need it
	// as constants. Only a hint: the list's statement reads the tester's place too, and seeks again when it moved.
	const lastPlaces = new LastSeen< number, Place >( PLACES_REMEMBERED );
	return {
		/**
		 * @param wpUserId The tester's WordPress user.
		 * @param now
		 * @return Undefined when the WordPress user has no tester.
		 */
		async summary(
			wpUserId: number,
			now: Date = new Date()
		): Promise< RankSummary | undefined > {
			const month = monthOf( now );
			const previousMonth = monthOf( now, 1 );
			// The tester's total points and rows of this month (with its rank) and the month before, each joined
			// through the unique key (tester, month): both engines read every table here as a constant before
			// planning, so the rank's sums are ranges of their keys. (One join over both months made MariaDB
			// compute them again for each month's row, over a whole level's point values.)
			const row = await db
				.selectFrom( 'testers as me' )
				.leftJoin( 'tester_monthly_levels as m', ( join ) =>
					join
						.onRef( 'm.tester_id', '=', 'me.id' )
						.on( 'm.month', '=', month )
				)
				.leftJoin( 'tester_monthly_levels as p', ( join ) =>
					join
						.onRef( 'p.tester_id', '=', 'me.id' )
						.on( 'p.month', '=', previousMonth )
				)
				.select( [
					'me.total_exp_pts',
					'm.level_id',
					'm.points',
					aheadOf( month ).as( 'ahead' ),
					'p.level_id as previous_level_id',
				] )
				.where( 'me.wp_user_id', '=', wpUserId )
				.executeTakeFirst();
			if ( ! row ) {
				return undefined;
			}
			const totalExpPts = toInteger( row.total_exp_pts );
			const levelId = row.level_id ?? row.previous_level_id ?? 0;
			const points = toInteger( row.points ?? 0 );
			const rank = rankFrom( row.level_id, row.ahead );
			const prospectId = levelAfterMonth( levelId, points, totalExpPts );
			const level = levelById( levelId );
			const next = LEVELS.find(
				( candidate ) =>
					candidate.id > prospectId &&
					candidate.id < 100 &&
					candidate.id > 0
			);
			return {
				points,
				rank,
				level: levelRef( levelId ),
				previousLevel: levelRef( row.previous_level_id ?? 0 ),
				prospect: {
					level: levelRef( prospectId ),
					maintenance:
						level.id === 100
							? 0
							: Math.max( 0, level.holdPoints - points ),
					...( next && prospectId !== 100
						? {
								next: {
									// Back to the level held now takes its hold points, any other its reach points.
									points: Math.max(
										0,
										( next.id === level.id
											? next.holdPoints
											: next.reachPoints ) - points
									),
									level: levelRef( next.id ),
								},
						  }
						: {} ),
				},
			};
		},

		/**
		 * The month's top testers and the peers around the tester, self included: the tester (found from the
		 * WordPress user) with its row of the month (with the testers ahead and the testers of the same points),
		 * and seeks along the ranking index that stop after a few rows (three on MariaDB, five on SQLite). Ranking
		 * order: points descending, then tester id. Above the tester: the same points and a smaller id, then more
		 * points; below: the same points and a larger id, then fewer points. The seeks take the tester's place as
		 * constants (reading the tester's row inside them, as a constant join, made MariaDB sort the whole level
		 * instead of walking the index), so they start from the place the tester had at its last list, in the
		 * statement that reads the tester's row: one statement while the place stays, a second one, with the seeks
		 * from the new place, when it has moved (and the first time, when the statement reads the tester alone).
		 *
		 * @param wpUserId The tester's WordPress user.
		 * @param now
		 * @return Undefined when the WordPress user has no tester.
		 */
		async lists(
			wpUserId: number,
			now: Date = new Date()
		): Promise< { tops: RankEntry[]; peers: RankEntry[] } | undefined > {
			const month = monthOf( now );
			// The testers with a row's points, from the counts' primary key.
			const same = sql<
				number | string | null
			>`(select r.testers from monthly_rank_counts r
				where r.month = m.month and r.level_id = m.level_id and r.points = m.points)`;
			const mysql = isMysql( db );
			const ranking = forceIndex( db, 'tester_monthly_levels_rank' );
			// MariaDB reads a parenthesised part as it is, where a derived table would be copied into a temporary
			// table first; SQLite accepts an ordered, limited part only as a subquery.
			const wrap = ( index: number, select: RawBuilder< unknown > ) =>
				mysql
					? sql`(${ select })`
					: sql`select * from (${ select }) as p${ sql.lit(
							index
					  ) }`;
			// The tester (found from the WordPress user) with its row of the month, the testers ahead and the
			// testers of the same points.
			const mine = wrap(
				MINE,
				sql`select ${ sql.lit(
					MINE
				) } as part, t.id as tester_id, m.points, ${ same } as same, m.level_id, ${ aheadOf(
					month
				) } as ahead
				from testers t
				left join tester_monthly_levels m on m.tester_id = t.id and m.month = ${ month }
				where t.wp_user_id = ${ wpUserId }`
			);
			// The top three and the peers around a place in the ranking. Each part is a seek that stops after
			// `limit` rows; the testers' names are joined once, to the union.
			const seeks = ( { testerId, levelId, points }: Place ) => {
				const part = (
					index: number,
					condition: RawBuilder< unknown >,
					order: 'asc' | 'desc',
					limit: number,
					// Rows that may have other points than the tester's need their count (the top three need none).
					counted = false
				) => {
					const ties = sql.raw( order === 'asc' ? 'desc' : 'asc' );
					return wrap(
						index,
						sql`select ${ sql.lit(
							index
						) } as part, m.tester_id, m.points, ${
							counted ? same : sql`null`
						} as same, null as level_id, null as ahead
						from tester_monthly_levels m${ ranking }
						where m.month = ${ month } and m.level_id = ${ levelId } and ${ condition }
						order by m.points ${ sql.raw( order ) }, m.tester_id ${ ties } limit ${ limit }`
					);
				};
				// Above and below the tester. On MariaDB each side is one seek from the tester's place in the
				// ranking index (month, level, points desc, tester): two ranges, the tester's points past the
				// tester, then the other points, read in the index's order. SQLite reads such an OR as one range
				// of points and steps over the tester's side of their points first, so there each side is two
				// seeks.
				const sides = mysql
					? [
							part(
								2,
								sql`(m.points > ${ points } or (m.points = ${ points } and m.tester_id < ${ testerId }))`,
								'asc',
								PEERS_EACH_SIDE,
								true
							),
							part(
								4,
								sql`(m.points < ${ points } or (m.points = ${ points } and m.tester_id > ${ testerId }))`,
								'desc',
								PEERS_EACH_SIDE,
								true
							),
					  ]
					: [
							part(
								1,
								sql`m.points = ${ points } and m.tester_id < ${ testerId }`,
								'asc',
								PEERS_EACH_SIDE
							),
							part(
								2,
								sql`m.points > ${ points }`,
								'asc',
								PEERS_EACH_SIDE,
								true
							),
							part(
								3,
								sql`m.points = ${ points } and m.tester_id > ${ testerId }`,
								'desc',
								PEERS_EACH_SIDE
							),
							part(
								4,
								sql`m.points < ${ points }`,
								'desc',
								PEERS_EACH_SIDE,
								true
							),
					  ];
				return [ part( 0, sql`1 = 1`, 'desc', TOPS ), ...sides ];
			};
			/**
			 * The seeks around `place` in the ranking (none without one), with the tester's part when asked.
			 *
			 * @param place
			 * @param withMine
			 */
			const read = async (
				place: Place | undefined,
				withMine: boolean
			) => {
				const parts = place ? seeks( place ) : [];
				const { rows } =
					await sql< ListedRow >`select u.part, u.tester_id, u.points, u.same, u.level_id, u.ahead, t.name, t.surname, t.image
					from (${ sql.join(
						withMine ? [ ...parts, mine ] : parts,
						sql` union all `
					) }) as u
					join testers t on t.id = u.tester_id`.execute( db );
				return rows;
			};
			// With the tester's place at its last list, one statement: the seeks from there and the tester's part,
			// the seeks read again when the place has changed. Without it, the tester's part first.
			const remembered = lastPlaces.get( wpUserId );
			let rows = await read( remembered, true );
			const me = rows.find( ( row ) => Number( row.part ) === MINE );
			if ( ! me ) {
				return undefined;
			}
			if ( me.level_id === null || Number( me.level_id ) === 0 ) {
				return { tops: [], peers: [] };
			}
			const place: Place = {
				testerId: me.tester_id,
				levelId: Number( me.level_id ),
				points: toInteger( me.points ?? 0 ),
			};
			lastPlaces.set( wpUserId, place );
			if (
				! remembered ||
				remembered.testerId !== place.testerId ||
				remembered.levelId !== place.levelId ||
				remembered.points !== place.points
			) {
				rows = await read( place, false );
			}
			const { testerId, points } = place;
			// A part's rows in its seek's order (the join to the names need not keep it): parts 1 and 2 walk up
			// from the tester, the others down the ranking.
			const inPart = ( index: number ) => {
				const up = index === 1 || index === 2 ? -1 : 1;
				return rows
					.filter( ( row ) => Number( row.part ) === index )
					.sort(
						( a, b ) =>
							up *
								( toInteger( b.points ) -
									toInteger( a.points ) ) ||
							up * ( a.tester_id - b.tester_id )
					);
			};
			const myRank = 1 + toInteger( me.ahead ?? 0 );
			const above = [ ...inPart( 1 ), ...inPart( 2 ) ].slice(
				0,
				PEERS_EACH_SIDE
			);
			const below = [ ...inPart( 3 ), ...inPart( 4 ) ].slice(
				0,
				PEERS_EACH_SIDE
			);
			// Testers per point value between the tester's and each peer's: every value in between belongs to a
			// listed peer (the lists are in ranking order), and each such row carries its value's count.
			const testersWith = new Map< number, number >();
			for ( const row of [ { ...me, points }, ...above, ...below ] ) {
				if ( row.same !== null ) {
					testersWith.set(
						toInteger( row.points ),
						toInteger( row.same )
					);
				}
			}
			// Position: 1 + the testers with more points.
			const positionOf = ( value: number ) => {
				let position = myRank;
				for ( const [ counted, testers ] of testersWith ) {
					if (
						value > points &&
						counted > points &&
						counted <= value
					) {
						position -= testers;
					} else if (
						value < points &&
						counted > value &&
						counted <= points
					) {
						position += testers;
					}
				}
				return position;
			};
			const self = {
				tester_id: testerId,
				points,
				name: me.name,
				surname: me.surname,
				image: me.image,
			};
			const peers = [ ...above.reverse(), self, ...below ];
			const entry = (
				row: Pick<
					ListedRow,
					'tester_id' | 'points' | 'name' | 'surname' | 'image'
				>,
				at: number
			): RankEntry => ( {
				id: row.tester_id,
				position: at,
				name: publicName( row.name, row.surname ),
				image: row.image,
				monthly_exp: toInteger( row.points ),
			} );
			const tops = inPart( 0 );
			const topPoints = tops.map( ( row ) => toInteger( row.points ) );
			return {
				tops: tops.map( ( row, index ) =>
					entry(
						row,
						1 +
							topPoints.filter(
								( value ) => value > topPoints[ index ]
							).length
					)
				),
				peers: peers.map( ( row ) =>
					entry( row, positionOf( toInteger( row.points ) ) )
				),
			};
		},

		/**
		 * Adds `amount` to a tester's points of `month` (the row exists from the month's level assignment or is
		 * created at level `levelId`), keeping monthly_rank_counts in step. Run it inside the transaction that
		 * writes the experience entry, started with db/transaction.ts inTransaction (MariaDB may ask for a retry).
		 *
		 * @param trx
		 * @param testerId
		 * @param month
		 * @param amount
		 * @param levelId  The level for a row that does not exist yet.
		 */
		async recordMonthlyPoints(
			trx: Transaction< Database >,
			testerId: number,
			month: string,
			amount: number,
			levelId = 0
		): Promise< void > {
			const mysql = isMysql( db );
			// Testers with `points` at `level`, up or down by one (the row is created when missing).
			const count = async (
				level: number,
				points: number,
				delta: 1 | -1
			) => {
				const insert = trx.insertInto( 'monthly_rank_counts' ).values( {
					month,
					level_id: level,
					points,
					testers: Math.max( 0, delta ),
				} );
				const change = { testers: sql< number >`testers + ${ delta }` };
				await ( mysql
					? insert.onDuplicateKeyUpdate( change )
					: insert.onConflict( ( conflict ) =>
							conflict
								.columns( [ 'month', 'level_id', 'points' ] )
								.doUpdateSet( change )
					  )
				).execute();
			};
			// The month's row is created (at `levelId`, 0 points) when missing, then read FOR UPDATE: reading a
			// missing row FOR UPDATE first would gap-lock the key in InnoDB, and concurrent first entries of a month
			// would deadlock on each other's gap locks. (InnoDB may still pick a deadlock victim here; callers run
			// in inTransaction, which retries it.)
			const created =
				await sql`insert into tester_monthly_levels (tester_id, month, level_id, points)
				select ${ testerId }, ${ month }, ${ levelId }, 0 from (select 1 as one) as d
				where not exists (select 1 from tester_monthly_levels
					where tester_id = ${ testerId } and month = ${ month })`.execute( trx );
			const isNew = Number( created.numAffectedRows ?? 0 ) > 0;
			let read = trx
				.selectFrom( 'tester_monthly_levels' )
				.select( [ 'level_id', 'points' ] )
				.where( 'tester_id', '=', testerId )
				.where( 'month', '=', month );
			// SQLite has no row locks: its writers are serialised by the database lock instead.
			if ( mysql ) {
				read = read.forUpdate();
			}
			const row = await read.executeTakeFirstOrThrow();
			const before = toInteger( row.points );
			const after = before + amount;
			await trx
				.updateTable( 'tester_monthly_levels' )
				.set( { points: after } )
				.where( 'tester_id', '=', testerId )
				.where( 'month', '=', month )
				.execute();
			if ( ! isNew ) {
				await count( row.level_id, before, -1 );
			}
			await count( row.level_id, after, 1 );
		},
	};
}
