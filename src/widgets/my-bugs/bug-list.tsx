import { useMemo, useState } from '@wordpress/element';

import { BugStatusBadge } from '../../components/bug-status-badge';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FilterCard, type Filter } from '../../components/filter-card';
import { ListPage, emptyOnError } from '../../components/list-page';
import { useConfig } from '../../hooks/use-config';
import { useListErrors } from '../../hooks/use-list-errors';
import { bugValueName } from '../../lib/bug-values';
import { routeUrl } from '../../lib/routes';
import { withoutBackslashEscapes } from '../../lib/text';
import { useTranslation } from '../../lib/use-translation';
import type { ApiError } from '../../services/api-error';
import type { BugItem } from '../../services/contract';
import {
	DEFAULT_SORT,
	bugQuery,
	filterOptions,
	filtersFromQuery,
	type FilterName,
} from './filters';
import { useListAllMyBugsQuery, useListMyBugsQuery } from './my-bugs-api';

const block = 'wp-block-crowdscout-my-bugs';

/** Spec section 9: the bugs list shows 25 a page. */
export const PAGE_SIZE = 25;

/**
 * The Uploaded Bugs page (spec "Uploaded bugs (my-bugs)"): the tester's bugs, 25 a page, with their status in
 * colour and a link to each bug's page; the filter card, preselected by `?cp=` and `?status=`.
 */
export function BugList() {
	const { t } = useTranslation();
	const config = useConfig();
	const [ filters, setFilters ] = useState( () =>
		filtersFromQuery( window.location.search )
	);
	const [ page, setPage ] = useState( 1 );

	const query = useListMyBugsQuery(
		bugQuery( filters, PAGE_SIZE * ( page - 1 ), PAGE_SIZE )
	);
	const settledError =
		query.isError && ! query.isFetching
			? ( query.error as ApiError )
			: undefined;
	useListErrors( settledError, page, setPage );
	const shown = emptyOnError( query );

	const { data: allBugs } = useListAllMyBugsQuery();
	const options = useMemo(
		() => filterOptions( allBugs ?? [], filters.campaign, t ),
		[ allBugs, filters.campaign, t ]
	);
	const filterControls: Array< Filter< FilterName > > = [
		{
			type: 'select',
			name: 'campaign',
			label: t( 'myBugs.campaign' ),
			options: options.campaign,
		},
		{
			type: 'select',
			name: 'severity',
			label: t( 'myBugs.columnSeverity' ),
			options: options.severity,
		},
		{
			type: 'select',
			name: 'status',
			label: t( 'myBugs.columnStatus' ),
			options: options.status,
		},
		{
			type: 'select',
			name: 'sort',
			label: t( 'myBugs.sortBy' ),
			options: options.sort,
			all: false,
			defaultValue: DEFAULT_SORT,
		},
	];

	const columns = useMemo(
		(): Array< DataTableColumn< BugItem > > => [
			{
				id: 'id',
				header: t( 'myBugs.columnId' ),
				cell: ( bug ) => bug.id,
			},
			{
				id: 'title',
				header: t( 'myBugs.columnTitle' ),
				rowHeader: true,
				className: `${ block }__title`,
				cell: ( bug ) => withoutBackslashEscapes( bug.title ),
			},
			{
				id: 'severity',
				header: t( 'myBugs.columnSeverity' ),
				cell: ( bug ) => bugValueName( t, 'severity', bug.severity ),
			},
			{
				id: 'status',
				header: t( 'myBugs.columnStatus' ),
				cell: ( bug ) => <BugStatusBadge status={ bug.status } />,
			},
			{
				id: 'action',
				header: t( 'myBugs.columnAction' ),
				cell: ( bug, { rowHeaderId } ) => (
					<a
						className="crowdscout-button crowdscout-button--secondary"
						href={ routeUrl( config, `bugs/show/${ bug.id }` ) }
						aria-describedby={ rowHeaderId }
					>
						{ t( 'myBugs.viewMore' ) }
					</a>
				),
			},
		],
		[ config, t ]
	);

	return (
		<ListPage
			title={ t( 'myBugs.title' ) }
			side={
				<FilterCard
					filters={ filterControls }
					value={ filters }
					onChange={ ( next ) => {
						// Spec, "My bugs": a filter change starts again from the first page.
						setPage( 1 );
						setFilters( next );
					} }
				/>
			}
		>
			<DataTable
				className={ block }
				caption={ t( 'myBugs.title' ) }
				columns={ columns }
				query={ shown }
				rowKey={ ( bug ) => bug.id }
				emptyText={ t( 'myBugs.empty' ) }
				loadingLabel={ t( 'myBugs.loadingBugs' ) }
				// Spec, "Uploaded bugs": the pagination text "Page x / y" is part of the screen.
				paging={ {
					page,
					pageSize: PAGE_SIZE,
					onChange: setPage,
					alwaysShown: true,
				} }
			/>
		</ListPage>
	);
}
