import { useMemo } from '@wordpress/element';

import {
	DataTable,
	useTableState,
	type DataTableColumn,
} from '../../components/data-table';
import { emptyOnError } from '../../components/list-page';
import { Modal } from '../../components/modal';
import { useConfig } from '../../hooks/use-config';
import { useListErrors } from '../../hooks/use-list-errors';
import { activityName } from '../../lib/activities';
import { formatDay } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { useTranslation } from '../../lib/use-translation';
import type { ApiError } from '../../services/api-error';
import type { BootyDetailItem } from '../../services/contract';
import { MISSING, PAGE_SIZE } from './format';
import {
	useListMyBootyDetailsQuery,
	type BootyDetailSortKey,
} from './wallet-api';

const block = 'wp-block-crowdscout-wallet';

function BootyDetailsTable() {
	const { t } = useTranslation();
	const { locale } = useConfig();
	const { sort, sortBy, page, setPage } = useTableState< BootyDetailSortKey >(
		{
			orderBy: 'attributionDate',
			order: 'DESC',
		}
	);
	const query = useListMyBootyDetailsQuery( {
		start: PAGE_SIZE * ( page - 1 ),
		limit: PAGE_SIZE,
		order: sort.order,
		orderBy: sort.orderBy,
	} );
	const settledError =
		query.isError && ! query.isFetching
			? ( query.error as ApiError )
			: undefined;
	useListErrors( settledError, page, setPage );

	const columns = useMemo(
		(): Array< DataTableColumn< BootyDetailItem, BootyDetailSortKey > > => [
			{
				id: 'name',
				header: t( 'wallet.columnName' ),
				sortKey: 'activityName',
				rowHeader: true,
				cell: ( item ) => item.name,
			},
			{
				id: 'activity',
				header: t( 'wallet.columnActivity' ),
				sortKey: 'activity',
				cell: ( item ) => activityName( item.activity.id, t ),
			},
			{
				id: 'date',
				header: t( 'wallet.columnDate' ),
				sortKey: 'attributionDate',
				className: `${ block }__number`,
				cell: ( item ) => formatDay( item.attributionDate ) ?? MISSING,
			},
			{
				id: 'gross',
				header: t( 'wallet.columnGross' ),
				sortKey: 'gross',
				className: `${ block }__number`,
				cell: ( item ) => formatMoney( item.amount.gross, locale ),
			},
		],
		[ locale, t ]
	);

	return (
		<DataTable
			caption={ t( 'wallet.bootyDetailsTitle' ) }
			columns={ columns }
			// Spec section 4 and 8: a failed page shows no rows, the 404 a page back, the rest a toast.
			query={ emptyOnError( query ) }
			rowKey={ ( item ) => item.id }
			emptyText={ t( 'wallet.bootyEmpty' ) }
			loadingLabel={ t( 'wallet.loadingBooty' ) }
			sort={ sort }
			onSort={ sortBy }
			paging={ { page, pageSize: PAGE_SIZE, onChange: setPage } }
		/>
	);
}

/**
 * The entries that make up the pending booty (spec "Booty detail item"), sortable by name, activity, date and
 * gross, 10 a page, newest first.
 *
 * @param props
 * @param props.open
 * @param props.onClose
 */
export function BootyDetailsModal( {
	open,
	onClose,
}: {
	open: boolean;
	onClose: () => void;
} ) {
	const { t } = useTranslation();
	return (
		<Modal
			open={ open }
			onOpenChange={ ( next ) => ! next && onClose() }
			title={ t( 'wallet.bootyDetailsTitle' ) }
			size="large"
		>
			<BootyDetailsTable />
		</Modal>
	);
}
