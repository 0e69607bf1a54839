import type { ReactNode } from 'react';
import { useEffect, useId } from '@wordpress/element';

import { useTranslation } from '../../lib/use-translation';
import { ErrorNotice } from '../error-notice';
import { Spinner } from '../spinner';
import { Pagination } from './pagination';
import type { Sort } from './sort';
import './data-table.scss';

const block = 'crowdscout-data-table';

export interface CellContext {
	/** The id of the row's header cell, for controls that several rows repeat (`aria-describedby`). */
	rowHeaderId: string | undefined;
}

export interface DataTableColumn< Row, Key extends string = string > {
	/** Stable within the table. */
	id: string;
	/** The header text, translated. */
	header: string;
	cell: ( row: Row, context: CellContext ) => ReactNode;
	/** The API's sort key: the header becomes a sort button. Without one the header is plain text. */
	sortKey?: Key;
	/** Extra classes for this column's body cells. */
	className?: string;
	/** This column names the row: its cells are `<th scope="row">`. */
	rowHeader?: boolean;
}

/** One page of a list, in the shape every list of the API answers with. */
export interface TablePage< Row > {
	results: readonly Row[];
	total: number;
}

/**
 * What the table reads from an RTK Query hook's result; the result itself fits. `data` is the last answer
 * for any arguments, `currentData` only the answer for the current ones: while another page or order
 * loads, the first is there and the second is not, and the table keeps showing the rows it has.
 */
export interface TableQuery< Row > {
	data?: TablePage< Row >;
	currentData?: TablePage< Row >;
	isFetching: boolean;
	isError: boolean;
	refetch: () => unknown;
}

export interface DataTablePaging {
	/** 1-based. */
	page: number;
	pageSize: number;
	onChange: ( page: number ) => void;
	/** Shows "Page 1 / 1" too, where the screen's spec always gives the page count. */
	alwaysShown?: boolean;
}

export interface DataTableProps< Row, Key extends string > {
	/** The table's accessible name, as a visually hidden caption; it also names the pagination. */
	caption: string;
	columns: ReadonlyArray< DataTableColumn< Row, Key > >;
	query: TableQuery< Row >;
	rowKey: ( row: Row ) => string | number;
	/** Shown instead of the table when the list is empty. */
	emptyText: string;
	/** What the spinner announces before the first answer. */
	loadingLabel?: string;
	/** The order on screen; sortable headers show it. */
	sort?: Sort< Key >;
	onSort?: ( key: Key ) => void;
	/** Pagination under the table, shown when there is more than one page (or always: `paging.alwaysShown`). */
	paging?: DataTablePaging;
	rowClassName?: ( row: Row ) => string | undefined;
	/**
	 * A click anywhere on a row but its own links and buttons. A pointer shortcut only: the row must also hold a
	 * button that does the same, for the keyboard and assistive technology.
	 */
	onRowClick?: ( row: Row ) => void;
	/** Extra classes for the wrapper. */
	className?: string;
}

const join = ( ...classes: Array< string | false | undefined > ) =>
	classes.filter( Boolean ).join( ' ' );

function HeaderCell< Row, Key extends string >( {
	column,
	sort,
	onSort,
}: {
	column: DataTableColumn< Row, Key >;
	sort?: Sort< Key >;
	onSort?: ( key: Key ) => void;
} ) {
	const { sortKey } = column;
	if ( ! sortKey || ! onSort ) {
		return (
			<th scope="col" className={ `${ block }__heading` }>
				{ column.header }
			</th>
		);
	}
	// Only the sorted column carries aria-sort, as ARIA asks: the attribute's absence is its "none".
	let ariaSort: 'ascending' | 'descending' | undefined;
	if ( sort?.orderBy === sortKey ) {
		ariaSort = sort.order === 'ASC' ? 'ascending' : 'descending';
	}
	return (
		<th
			scope="col"
			className={ `${ block }__heading ${ block }__heading--sortable` }
			aria-sort={ ariaSort }
		>
			<button
				type="button"
				className={ `${ block }__sort` }
				onClick={ () => onSort( sortKey ) }
			>
				{ column.header }
				<span
					className={ join(
						`${ block }__sort-icon`,
						ariaSort && `${ block }__sort-icon--${ ariaSort }`
					) }
					aria-hidden="true"
				/>
			</button>
		</th>
	);
}

/**
 * A table described by its columns, over one RTK Query list: a spinner until the first answer, the
 * caller's text when the list is empty, an alert with a retry when the request fails, sortable headers and
 * pagination. While another page or order loads, the rows on screen stay, dimmed, and the table is busy.
 *
 * @param props
 * @param props.caption
 * @param props.columns
 * @param props.query        The list hook's result.
 * @param props.rowKey       A row's stable key; also makes the id of its row header.
 * @param props.emptyText
 * @param props.loadingLabel
 * @param props.sort
 * @param props.onSort       Called with the clicked column's sort key.
 * @param props.paging
 * @param props.rowClassName
 * @param props.onRowClick
 * @param props.className
 */
export function DataTable< Row, Key extends string = string >( {
	caption,
	columns,
	query,
	rowKey,
	emptyText,
	loadingLabel,
	sort,
	onSort,
	paging,
	rowClassName,
	onRowClick,
	className,
}: DataTableProps< Row, Key > ) {
	const { t } = useTranslation();
	const baseId = useId();
	const captionId = `${ baseId }-caption`;
	const { data, currentData, isFetching, isError, refetch } = query;
	const pages =
		data && paging
			? Math.max( 1, Math.ceil( data.total / paging.pageSize ) )
			: 1;

	// Rows can go away between two pages: a page past the end goes back to the last one.
	const pastTheEnd = !! currentData && !! paging && paging.page > pages;
	useEffect( () => {
		if ( pastTheEnd ) {
			paging?.onChange( pages );
		}
	}, [ pastTheEnd, pages, paging ] );

	if ( isError && ! isFetching ) {
		return (
			<ErrorNotice
				title={ t( 'common.somethingWentWrong' ) }
				onRetry={ refetch }
			/>
		);
	}
	if ( ! data ) {
		return <Spinner label={ loadingLabel ?? t( 'common.loading' ) } />;
	}
	if ( data.results.length === 0 && data.total === 0 ) {
		return <p className={ `${ block }__empty` }>{ emptyText }</p>;
	}

	const stale = isFetching && ! currentData;
	const hasRowHeader = columns.some( ( column ) => column.rowHeader );

	return (
		<div className={ join( block, className ) }>
			{ /* A table wider than its room scrolls sideways; focusable so keyboard users can scroll it too. */ }
			<div
				className={ `${ block }__scroll` }
				role="region"
				aria-labelledby={ captionId }
				// eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
				tabIndex={ 0 }
			>
				<table
					className={ join(
						`${ block }__table`,
						stale && `${ block }__table--stale`
					) }
					aria-busy={ isFetching || undefined }
				>
					<caption
						id={ captionId }
						className="crowdscout-visually-hidden"
					>
						{ caption }
					</caption>
					<thead>
						<tr>
							{ columns.map( ( column ) => (
								<HeaderCell
									key={ column.id }
									column={ column }
									sort={ sort }
									onSort={ onSort }
								/>
							) ) }
						</tr>
					</thead>
					<tbody>
						{ data.results.map( ( row ) => {
							const key = rowKey( row );
							const context: CellContext = {
								rowHeaderId: hasRowHeader
									? `${ baseId }-row-${ key }`
									: undefined,
							};
							return (
								// The row's own button does the same for the keyboard (see onRowClick).
								// eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
								<tr
									key={ key }
									className={ join(
										`${ block }__row`,
										onRowClick &&
											`${ block }__row--clickable`,
										rowClassName?.( row )
									) }
									onClick={
										onRowClick &&
										( ( event ) => {
											if (
												! (
													event.target instanceof
														Element &&
													event.target.closest(
														'a, button, input, select'
													)
												)
											) {
												onRowClick( row );
											}
										} )
									}
								>
									{ columns.map( ( column ) => {
										const cellClass = join(
											`${ block }__cell`,
											column.className
										);
										return column.rowHeader ? (
											<th
												key={ column.id }
												scope="row"
												id={ context.rowHeaderId }
												className={ cellClass }
												data-label={ column.header }
											>
												{ column.cell( row, context ) }
											</th>
										) : (
											<td
												key={ column.id }
												className={ cellClass }
												data-label={ column.header }
											>
												{ column.cell( row, context ) }
											</td>
										);
									} ) }
								</tr>
							);
						} ) }
					</tbody>
				</table>
			</div>
			{ paging &&
				( paging.alwaysShown || data.total > paging.pageSize ) && (
					<Pagination
						page={ Math.min( paging.page, pages ) }
						pages={ pages }
						onChange={ paging.onChange }
						label={ t( 'dataTable.pagination', {
							table: caption,
						} ) }
					/>
				) }
		</div>
	);
}
