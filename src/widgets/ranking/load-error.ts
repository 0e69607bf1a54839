import { useEffect } from '@wordpress/element';

import type { TableQuery } from '../../components/data-table';

/**
 * Logs a failed ranking call: the spec's "Ranking load error: only logged" — no toast, no alert. The page still
 * shows a quiet notice with a retry where the data would be, so it is never blank.
 *
 * @param what  Which call, for whoever reads the console.
 * @param error The query's error, once settled.
 */
export function useLoggedLoadError( what: string, error: unknown ) {
	useEffect( () => {
		if ( error ) {
			// eslint-disable-next-line no-console -- the spec's own behaviour for this failure.
			console.error(
				`Crowdscout ranking: ${ what } failed to load`,
				error
			);
		}
	}, [ what, error ] );
}

interface ListQuery< Answer > {
	data?: Answer;
	currentData?: Answer;
	isFetching: boolean;
	isError: boolean;
	refetch: () => unknown;
}

/**
 * One list of an answer as the data table reads a query: the ranking's answers are whole lists (the top three,
 * the tester's neighbours, the levels), never pages.
 *
 * @param query The RTK Query hook's result.
 * @param rows  Which rows of the answer the table shows.
 */
export function asTableQuery< Answer, Row >(
	query: ListQuery< Answer >,
	rows: ( answer: Answer ) => readonly Row[]
): TableQuery< Row > {
	const page = ( answer: Answer | undefined ) => {
		if ( answer === undefined ) {
			return undefined;
		}
		const results = rows( answer );
		return { results, total: results.length };
	};
	return {
		data: page( query.data ),
		currentData: page( query.currentData ),
		isFetching: query.isFetching,
		isError: query.isError,
		refetch: query.refetch,
	};
}
