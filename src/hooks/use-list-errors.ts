import { useEffect, useRef } from '@wordpress/element';

import type { ApiError } from '../services/api-error';
import { showToast } from '../services/toasts';
import { useAppDispatch } from '../store/hooks';

/**
 * The spec's answer to a failed page of a list (My bugs and the wallet's booty details, sections 4 and 8): a 404
 * steps back a page when there is an earlier one (the table shows no rows meanwhile, and none on the first); any
 * other failure is a danger toast with its message, once.
 *
 * @param error   The list's settled error, if any.
 * @param page
 * @param setPage
 */
export function useListErrors(
	error: ApiError | undefined,
	page: number,
	setPage: ( page: number ) => void
) {
	const dispatch = useAppDispatch();
	const reported = useRef< ApiError >();
	useEffect( () => {
		if ( ! error || reported.current === error ) {
			return;
		}
		reported.current = error;
		if ( error.status === 404 ) {
			if ( page > 1 ) {
				setPage( page - 1 );
			}
			return;
		}
		dispatch( showToast( { kind: 'danger', message: error.message } ) );
	}, [ dispatch, error, page, setPage ] );
}
