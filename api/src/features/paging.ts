/**
 * The page every list call answers (the contract's PageInfo with its results), shared by the campaign tables and
 * the experience and bugs lists.
 */

export type SortOrder = 'ASC' | 'DESC';

export interface Page< Item > {
	results: Item[];
	start: number;
	limit: number;
	size: number;
	total: number;
}

/**
 * A page of a list as every list call answers it.
 *
 * @param results
 * @param query
 * @param query.start
 * @param query.limit
 * @param total       Items that match, over all pages.
 */
export const pageOf = < Item >(
	results: Item[],
	{ start, limit }: { start: number; limit: number },
	total: number
): Page< Item > => ( { results, start, limit, size: results.length, total } );
