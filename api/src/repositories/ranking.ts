import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isMysql } from '../db/engine.ts';
import { toDateOnly, toInteger } from '../db/values.ts';
import { levelAfterMonth, levelById, LEVELS } from '../lookups/levels.ts';

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

export type RankingRepository = ReturnType< typeof createRankingRepository >;

/**
 * Monthly levels and ranks (migrations/0003-domain.ts tester_monthly_levels, 0005 monthly_rank_counts). A rank is
 * 1 + the testers of the same month and level with more points (equal points share a rank), summed over the
 * per-points counts, so its cost follows the distinct point values, not the testers of the level. Lists are
 * seeks on (month, level, points, tester) that stop after a few rows.
 *
 * @param db
 */
export function createRankingRepository( db: Kysely< Database > ) {
	/**
	 * The tester's rows of `months` with, for each, the testers of the same month and level with more points:
	 * one statement, the count summed over the per-points counts.
	 */
	async function monthRows( testerId: number, months: string[] ) {
		const rows = await db
			.selectFrom( 'tester_monthly_levels as m' )
			.select( ( eb ) => [
				'm.month',
				'm.level_id',
				'm.points',
				eb
					.selectFrom( 'monthly_rank_counts as r' )
					.select( ( inner ) =>
						inner.fn.sum< number | string >( 'r.testers' ).as( 'n' )
					)
					.whereRef( 'r.month', '=', 'm.month' )
					.whereRef( 'r.level_id', '=', 'm.level_id' )
					.whereRef( 'r.points', '>', 'm.points' )
					.as( 'ahead' ),
			] )
			.where( 'm.tester_id', '=', testerId )
			.where( 'm.month', 'in', months )
			.execute();
		return new Map(
			rows.map( ( row ) => [
				toDateOnly( row.month )!,
				{
					levelId: row.level_id,
					points: toInteger( row.points ),
					rank:
						row.level_id === 0
							? null
							: 1 +
							  ( row.ahead === null
									? 0
									: toInteger( row.ahead ) ),
				},
			] )
		);
	}

	async function monthRow( testerId: number, month: string ) {
		return ( await monthRows( testerId, [ month ] ) ).get( month );
	}

	return {
		/** The tester's rank this month, null at level 0 or without a row this month. */
		async rank(
			testerId: number,
			now: Date = new Date()
		): Promise< number | null > {
			return ( await monthRow( testerId, monthOf( now ) ) )?.rank ?? null;
		},

		async summary(
			testerId: number,
			totalExpPts: number,
			now: Date = new Date()
		): Promise< RankSummary > {
			const month = monthOf( now );
			const previousMonth = monthOf( now, 1 );
			const rows = await monthRows( testerId, [ month, previousMonth ] );
			const current = rows.get( month );
			const previous = rows.get( previousMonth );
			const levelId = current?.levelId ?? previous?.levelId ?? 0;
			const points = current?.points ?? 0;
			const rank = current?.rank ?? null;
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
				previousLevel: levelRef( previous?.levelId ?? 0 ),
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

		async lists(
			tester: {
				id: number;
				name: string;
				surname: string;
				image: string | null;
			},
			now: Date = new Date()
		): Promise< { tops: RankEntry[]; peers: RankEntry[] } > {
			const testerId = tester.id;
			const month = monthOf( now );
			const me = await monthRow( testerId, month );
			if ( ! me || me.levelId === 0 ) {
				return { tops: [], peers: [] };
			}
			const { points } = me;
			// Ranking order: points descending, then tester id. Above the tester: the same points and a smaller
			// id, then more points; below: the same points and a larger id, then fewer points. Each part is one
			// index range read in the ranking order (or its reverse) that stops at its limit; all five go in one
			// statement (as SQL text: the query builder's tree for it cost more than running it).
			const part = (
				index: number,
				condition: RawBuilder< unknown >,
				order: 'asc' | 'desc',
				limit: number
			) => {
				const ties = sql.raw( order === 'asc' ? 'desc' : 'asc' );
				return sql`select * from (select ${ sql.lit(
					index
				) } as part, m.tester_id, m.points, t.name, t.surname, t.image
					from tester_monthly_levels m inner join testers t on t.id = m.tester_id
					where m.month = ${ month } and m.level_id = ${ me.levelId } and ${ condition }
					order by m.points ${ sql.raw(
						order
					) }, m.tester_id ${ ties } limit ${ limit }) as p${ sql.lit(
						index
					) }`;
			};
			const { rows } = await sql< {
				part: number | string;
				tester_id: number;
				points: number | string;
				name: string;
				surname: string;
				image: string | null;
			} >`${ sql.join(
				[
					part( 0, sql`1 = 1`, 'desc', TOPS ),
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
						PEERS_EACH_SIDE
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
						PEERS_EACH_SIDE
					),
				],
				sql` union all `
			) }`.execute( db );
			const inPart = ( index: number ) =>
				rows.filter( ( row ) => Number( row.part ) === index );
			const tops = inPart( 0 );
			const above = [ ...inPart( 1 ), ...inPart( 2 ) ].slice(
				0,
				PEERS_EACH_SIDE
			);
			const below = [ ...inPart( 3 ), ...inPart( 4 ) ].slice(
				0,
				PEERS_EACH_SIDE
			);
			const self = {
				part: -1,
				tester_id: testerId,
				points,
				name: tester.name,
				surname: tester.surname,
				image: tester.image,
			};
			const peers = [ ...above.reverse(), self, ...below ];
			// Positions: 1 + testers with more points. Known for the tester; a peer's differs by the testers whose
			// points lie between theirs and the tester's: the counts of a few point values.
			const highest = toInteger( peers[ 0 ].points );
			const lowest = toInteger( peers[ peers.length - 1 ].points );
			const between = await db
				.selectFrom( 'monthly_rank_counts' )
				.select( [ 'points', 'testers' ] )
				.where( 'month', '=', month )
				.where( 'level_id', '=', me.levelId )
				.where( 'points', '>=', lowest )
				.where( 'points', '<=', highest )
				.execute();
			const myRank = me.rank!;
			const positionOf = ( value: number ) => {
				let position = myRank;
				for ( const row of between ) {
					const counted = toInteger( row.points );
					if (
						value > points &&
						counted > points &&
						counted <= value
					) {
						position -= toInteger( row.testers );
					} else if (
						value < points &&
						counted > value &&
						counted <= points
					) {
						position += toInteger( row.testers );
					}
				}
				return position;
			};
			const entry = (
				row: ( typeof peers )[ number ],
				at: number
			): RankEntry => ( {
				id: row.tester_id,
				position: at,
				name: publicName( row.name, row.surname ),
				image: row.image,
				monthly_exp: toInteger( row.points ),
			} );
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
