import { sql, type Kysely } from 'kysely';
import { scopedWord, titleWords } from '../../db/bug-search.ts';
import { isMysql } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import { toInteger } from '../../db/values.ts';

/**
 * The bug form's duplicate hint: bugs of one campaign whose titles share words with a title being typed, found by
 * the database's full-text index (migration 0018, bug_search), most relevant first. Each word is looked for as the
 * campaign's own token (db/bug-search.ts), so only that campaign's postings are read.
 */

export const SIMILAR_LIMIT = 3;

/** Fewer characters than this (trimmed) look for nothing. */
export const SIMILAR_MIN_LENGTH = 3;

/** At most this many words of a title are looked for; each also as the start of a longer word. */
const MAX_WORDS = 8;

/** A single letter, looked for as the start of a word, would match most of a campaign's titles. */
const MIN_WORD = 2;

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
export function wordsOf( title: string, minLength = MIN_WORD ): string[] {
	return titleWords( title )
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
			const words = wordsOf( title );
			if ( ! words.length ) {
				return [];
			}
			let rows: Array< {
				id: number | string;
				title: string;
				status_id: number | string;
				tester_id: number | string;
			} >;
			// Each word, or a word begun, as the campaign's own token (db/bug-search.ts): the campaign's postings only.
			const tokens = words.map( ( word ) =>
				scopedWord( campaignId, word )
			);
			if ( mysql ) {
				// Boolean mode without operators between the words: any of them, most matching first.
				const query = tokens
					.map( ( token ) => `${ token }*` )
					.join( ' ' );
				( { rows } = await sql< ( typeof rows )[ number ] >`
					select b.id, b.title, b.status_id, b.tester_id
					from bug_search s
					inner join bugs b on b.id = s.bug_id
					where match (s.doc) against (${ query } in boolean mode)
					${ everyone ? sql`` : sql`and b.tester_id = ${ testerId }` }
					order by match (s.doc) against (${ query } in boolean mode) desc, b.id desc
					limit ${ SIMILAR_LIMIT }`.execute( db ) );
			} else {
				const query = tokens
					.map( ( token ) => `"${ token }"*` )
					.join( ' OR ' );
				( { rows } = await sql< ( typeof rows )[ number ] >`
					select b.id, b.title, b.status_id, b.tester_id
					from bug_search
					inner join bugs b on b.id = bug_search.rowid
					where bug_search match ${ query }
					${ everyone ? sql`` : sql`and b.tester_id = ${ testerId }` }
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
