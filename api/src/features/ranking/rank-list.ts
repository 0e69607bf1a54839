/**
 * The month's top testers and the peers around the tester, self included, in one statement while the tester's
 * place stays. The seeks (rank-seeks.ts) need the tester's level and points as constants: reading the tester's
 * row inside them, as a constant join, made MariaDB sort the whole level instead of walking the index. So each
 * API process remembers the place a tester had at its last list (10,000 testers), and one statement reads the
 * seeks from there beside the tester's own row; only when the row shows that the tester has moved are the seeks
 * read again from the new place, and the first list a process serves a tester reads the row alone first. The
 * remembered place is a hint, never an answer. In interleaved runs the top tester's list went from ~1,700 to
 * ~1,950–2,350 requests/s and the middle tester's from ~1,500 to ~1,750–2,050 (api/README.md "Reads at scale").
 *
 * Positions follow from the tester's rank and the count each listed row carries of its points: every value
 * between the tester's and a peer's belongs to a listed peer, the lists being in ranking order.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toInteger } from '../../db/values.ts';
import type { LastSeen } from '../../lib/last-seen.ts';
import {
	MINE,
	PEERS_EACH_SIDE,
	rankListReader,
	type ListedRow,
	type Place,
} from './rank-seeks.ts';
import { monthOf } from './rank.ts';
import type { RankEntry, RankLists } from '../../contract/index.ts';

/** Testers whose place at their last rank list is remembered. */
export const PLACES_REMEMBERED = 10_000;

/**
 * @param db
 * @param lastPlaces Each tester's place at their last list, by WordPress user.
 * @param wpUserId   The tester's WordPress user.
 * @param now
 * @return Undefined when the WordPress user has no tester.
 */
export async function readRankLists(
	db: Kysely< Database >,
	lastPlaces: LastSeen< number, Place >,
	wpUserId: number,
	now: Date
): Promise< RankLists | undefined > {
	const read = rankListReader( db, wpUserId, monthOf( now ) );
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
	return listsOf( rows, me, place );
}

/**
 * The lists from the seeks' rows and the tester's own.
 *
 * @param rows  The seeks' rows (parts 0 to 4).
 * @param me    The tester's row (part MINE).
 * @param place The tester's place.
 */
function listsOf( rows: ListedRow[], me: ListedRow, place: Place ): RankLists {
	const { testerId, points } = place;
	// A part's rows in its seek's order (the join to the names need not keep it): parts 1 and 2 walk up from the
	// tester, the others down the ranking.
	const inPart = ( index: number ) => {
		const up = index === 1 || index === 2 ? -1 : 1;
		return rows
			.filter( ( row ) => Number( row.part ) === index )
			.sort(
				( a, b ) =>
					up * ( toInteger( b.points ) - toInteger( a.points ) ) ||
					up * ( a.tester_id - b.tester_id )
			);
	};
	const above = [ ...inPart( 1 ), ...inPart( 2 ) ].slice(
		0,
		PEERS_EACH_SIDE
	);
	const below = [ ...inPart( 3 ), ...inPart( 4 ) ].slice(
		0,
		PEERS_EACH_SIDE
	);
	const positionOf = positions( 1 + toInteger( me.ahead ?? 0 ), points, [
		{ ...me, points },
		...above,
		...below,
	] );
	const self = {
		tester_id: testerId,
		points,
		name: me.name,
		surname: me.surname,
		image: me.image,
	};
	const peers = [ ...above.reverse(), self, ...below ];
	const tops = inPart( 0 );
	const topPoints = tops.map( ( row ) => toInteger( row.points ) );
	return {
		tops: tops.map( ( row, index ) =>
			entry(
				row,
				1 +
					topPoints.filter( ( value ) => value > topPoints[ index ] )
						.length
			)
		),
		peers: peers.map( ( row ) =>
			entry( row, positionOf( toInteger( row.points ) ) )
		),
	};
}

/**
 * The position of a points value (1 + the testers with more points), from the tester's rank and the testers
 * per point value between the tester's and each listed row's.
 *
 * @param myRank
 * @param points The tester's points.
 * @param listed The rows listed, the tester's included, each with its points' count where it has one.
 */
function positions(
	myRank: number,
	points: number,
	listed: Array< Pick< ListedRow, 'points' | 'same' > >
) {
	const testersWith = new Map< number, number >();
	for ( const row of listed ) {
		if ( row.same !== null ) {
			testersWith.set( toInteger( row.points ), toInteger( row.same ) );
		}
	}
	return ( value: number ) => {
		let position = myRank;
		for ( const [ counted, testers ] of testersWith ) {
			if ( value > points && counted > points && counted <= value ) {
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
}

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

/**
 * "Dana S.": the ranking shows other testers by name and initial only.
 *
 * @param name
 * @param surname
 */
const publicName = ( name: string, surname: string ) =>
	surname ? `${ name } ${ surname.trim().charAt( 0 ) }.` : name;
