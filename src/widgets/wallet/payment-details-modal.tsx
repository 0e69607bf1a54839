import { useMemo } from '@wordpress/element';

import {
	DataTable,
	useTableState,
	type DataTableColumn,
} from '../../components/data-table';
import { Modal } from '../../components/modal';
import { useConfig } from '../../hooks/use-config';
import { activityName } from '../../lib/activities';
import { formatDay } from '../../lib/dates';
import { bootyText, formatMoney } from '../../lib/money';
import { useTranslation } from '../../lib/use-translation';
import type { PaymentItem, PaymentRequest } from '../../services/contract';
import { MISSING, PAGE_SIZE, methodName, statusName } from './format';
import {
	useListMyPaymentItemsQuery,
	type PaymentItemSortKey,
} from './wallet-api';

const block = 'wp-block-crowdscout-wallet';

function PaymentItemsTable( { paymentId }: { paymentId: number } ) {
	const { t } = useTranslation();
	const { locale } = useConfig();
	const { sort, sortBy, page, setPage } = useTableState< PaymentItemSortKey >(
		{
			orderBy: 'date',
			order: 'DESC',
		}
	);
	const query = useListMyPaymentItemsQuery( {
		paymentId,
		start: PAGE_SIZE * ( page - 1 ),
		limit: PAGE_SIZE,
		order: sort.order,
		orderBy: sort.orderBy,
	} );

	const columns = useMemo(
		(): Array< DataTableColumn< PaymentItem, PaymentItemSortKey > > => [
			{
				id: 'activity',
				header: t( 'wallet.columnActivity' ),
				sortKey: 'activity',
				rowHeader: true,
				cell: ( item ) => item.activity,
			},
			{
				id: 'type',
				header: t( 'wallet.columnType' ),
				sortKey: 'type',
				cell: ( item ) => activityName( item.type.id, t ),
			},
			{
				id: 'date',
				header: t( 'wallet.columnDate' ),
				sortKey: 'date',
				className: `${ block }__number`,
				cell: ( item ) => formatDay( item.date ) ?? MISSING,
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
			caption={ t( 'wallet.paymentDetailsTitle' ) }
			columns={ columns }
			query={ query }
			rowKey={ ( item ) => item.id }
			emptyText={ t( 'wallet.itemsEmpty' ) }
			loadingLabel={ t( 'wallet.loadingItems' ) }
			sort={ sort }
			onSort={ sortBy }
			paging={ { page, pageSize: PAGE_SIZE, onChange: setPage } }
		/>
	);
}

/**
 * What a payment request paid (spec "Payment detail item"): its entries, sortable by activity, type, date and
 * gross, 10 a page; above them the request's status, amount and method.
 *
 * @param props
 * @param props.payment The request shown; none when the modal is closed.
 * @param props.onClose
 */
export function PaymentDetailsModal( {
	payment,
	onClose,
}: {
	payment: PaymentRequest | null;
	onClose: () => void;
} ) {
	const { t } = useTranslation();
	const { locale } = useConfig();
	return (
		<Modal
			open={ payment !== null }
			onOpenChange={ ( next ) => ! next && onClose() }
			title={ t( 'wallet.paymentDetailsTitle' ) }
			description={
				payment &&
				[
					statusName( payment.status, t ),
					formatDay( payment.paidDate ),
					bootyText( payment.amount, locale ),
					`${ methodName( payment.method.type, t ) } ${
						payment.method.note
					}`.trim(),
				]
					.filter( Boolean )
					.join( ' · ' )
			}
			size="large"
		>
			{ payment && <PaymentItemsTable paymentId={ payment.id } /> }
		</Modal>
	);
}
