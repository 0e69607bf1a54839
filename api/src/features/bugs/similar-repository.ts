import { sql, type Kysely } from 'kysely';
import { isMysql } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import { toInteger } from '../../db/values.ts';

/**
 * The bug form's duplicate hint: bugs of one campaign whose titles share words with a title being typed, found by
 * the database's full-text index (migration 0018, bug_search), most relevant first. The campaign (and, without the
 * bug parade, the tester) is a token of the match itself, so only that campaign's postings are intersected.
 */

export const SIMILAR_LIMIT = 3;

/** Fewer characters than this (trimmed) look for nothing. */
export const SIMILAR_MIN_LENGTH = 3;

/** At most this many words of a title are looked for; each also as the start of a longer word. */
const MAX_WORDS = 8;

/** InnoDB's default innodb_ft_min_token_size: shorter words are not in its index. */
const MYSQL_MIN_WORD = 3;

export interface SimilarBugRow {
	id: number;
	title: string;
	statusId: number;
	testerId: number;
}

/**
 * The words of a title as the indexes split them: runs of letters and digits, lowercase, each once.
 *
 * @param title
 * @param minLength
 */
export function wordsOf( title: string, minLength = 1 ): string[] {
	const words = title.toLowerCase().match( /[\p{L}\p{N}]+/gu ) ?? [];
	return [ ...new Set( words ) ]
		.filter( ( word ) => [ ...word ].length >= minLength )
		.slice( 0, MAX_WORDS );
}

export type SimilarBugsRepository = ReturnType<
	typeof createSimilarBugsRepository
>;

export function createSimilarBugsRepository( db: Kysely< Database > ) {
	const mysql = isMysql( db );

	return {
		/**
		 * Up to SIMILAR_LIMIT bugs of the campaign like `title`: all testers' with `everyone`, else the tester's own.
		 *
		 * @param campaignId
		 * @param testerId
		 * @param title
		 * @param everyone
		 */
		async similar(
			campaignId: number,
			testerId: number,
			title: string,
			everyone: boolean
		): Promise< SimilarBugRow[] > {
			const words = wordsOf( title, mysql ? MYSQL_MIN_WORD : 1 );
			if ( ! words.length ) {
				return [];
			}
			let rows: Array< {
				id: number | string;
				title: string;
				status_id: number | string;
				tester_id: number | string;
			} >;
			if ( mysql ) {
				// Boolean mode: the campaign (and tester) tokens required, at least one word (or its start).
				const query = [
					`+cp_${ campaignId }`,
					...( everyone ? [] : [ `+ts_${ testerId }` ] ),
					`+(${ words.map( ( word ) => `${ word }*` ).join( ' ' ) })`,
				].join( ' ' );
				( { rows } = await sql< ( typeof rows )[ number ] >`
					select b.id, b.title, b.status_id, b.tester_id
					from bug_search s
					inner join bugs b on b.id = s.bug_id
					where match (s.doc) against (${ query } in boolean mode)
					order by match (s.doc) against (${ query } in boolean mode) desc, b.id desc
					limit ${ SIMILAR_LIMIT }`.execute( db ) );
			} else {
				const scope = [
					`scope : cp${ campaignId }`,
					...( everyone ? [] : [ `scope : ts${ testerId }` ] ),
				].join( ' AND ' );
				const query = `${ scope } AND title : (${ words
					.map( ( word ) => `"${ word }"*` )
					.join( ' OR ' ) })`;
				( { rows } = await sql< ( typeof rows )[ number ] >`
					select b.id, b.title, b.status_id, b.tester_id
					from bug_search
					inner join bugs b on b.id = bug_search.rowid
					where bug_search match ${ query }
					order by bug_search.rank, b.id desc
					limit ${ SIMILAR_LIMIT }`.execute( db ) );
			}
			return rows.map( ( row ) => ( {
				id: toInteger( row.id ),
				title: row.title,
				statusId: toInteger( row.status_id ),
				testerId: toInteger( row.tester_id ),
			} ) );
		},
	};
}
