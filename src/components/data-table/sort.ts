import { useCallback, useState } from '@wordpress/element';

/** The API's list order, the same `orderBy` and `order` on every list the spec names. */
export interface Sort< Key extends string = string > {
	orderBy: Key;
	order: 'ASC' | 'DESC';
}

/**
 * The order after a click on a column: the same column flips, another starts ascending.
 *
 * @param current The order on screen.
 * @param orderBy The column's sort key.
 */
export const nextSort = < Key extends string >(
	current: Sort< Key >,
	orderBy: Key
): Sort< Key > =>
	current.orderBy === orderBy
		? { orderBy, order: current.order === 'ASC' ? 'DESC' : 'ASC' }
		: { orderBy, order: 'ASC' };

/**
 * The order and page of a sortable, paged table. A new order starts again from page 1, as every list in
 * the spec does; filters that change should call `setPage( 1 )` for the same reason.
 *
 * @param defaultSort The order the table opens with.
 */
export function useTableState< Key extends string >(
	defaultSort: Sort< Key >
) {
	const [ sort, setSort ] = useState< Sort< Key > >( defaultSort );
	const [ page, setPage ] = useState( 1 );
	const sortBy = useCallback( ( orderBy: Key ) => {
		setSort( ( current ) => nextSort( current, orderBy ) );
		setPage( 1 );
	}, [] );
	return { sort, sortBy, page, setPage };
}
