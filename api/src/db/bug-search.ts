/**
 * The duplicate hint's full-text documents (migration 0018). Every word of a bug's title is indexed as a token of
 * its campaign's own, `c{campaign}x{word}`, so a search within one campaign reads that campaign's postings only,
 * however common the word is across the other campaigns. (A shared word token narrowed by a campaign token made
 * the index read every posting of the word: 54 searches/s over 1,000,000 bugs, p99 8 s.)
 *
 * SQLite builds the document with this module's function, registered on every connection (connection.ts) and
 * called by the triggers on bugs; MariaDB with REGEXP_REPLACE in its triggers. Both are tokenised again by the
 * engine's own full-text parser, which splits on what is neither a letter nor a digit.
 */

/** The SQL function (SQLite) that makes a bug's document: bug_search_doc(campaign_id, title). */
export const BUG_SEARCH_DOC_FUNCTION = 'bug_search_doc';

/** A word's token within its campaign. */
export const scopedWord = ( campaignId: number, word: string ) =>
	`c${ campaignId }x${ word }`;

/**
 * A title's words, lowercase, each once, in order: runs of letters and digits.
 *
 * @param title
 */
export function titleWords( title: string ): string[] {
	return [
		...new Set( title.toLowerCase().match( /[\p{L}\p{N}]+/gu ) ?? [] ),
	];
}

/**
 * A bug's document: its campaign's bare token, then each word of its title as its campaign's token.
 *
 * @param campaignId
 * @param title
 */
export function bugSearchDoc( campaignId: number, title: string ): string {
	return [
		scopedWord( campaignId, '' ),
		...titleWords( title ).map( ( word ) =>
			scopedWord( campaignId, word )
		),
	].join( ' ' );
}
