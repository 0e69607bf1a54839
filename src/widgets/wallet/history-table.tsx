import { useMemo } from '@wordpress/element';

import {
	DataTable,
	useTableState,
	type DataTableColumn,
} from '../../components/data-table';
import { useConfig } from '../../hooks/use-config';
import { formatDay } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { useTranslation } from '../../lib/use-translation';
import type { PaymentRequest } from '../../services/contract';
import { MISSING, PAGE_SIZE, methodName, statusName } from './format';
import { useListMyPaymentsQuery, type PaymentSortKey } from './wallet-api';

const block = 'wp-block-crowdscout-wallet';

function Receipt( { payment }: { payment: PaymentRequest } ) {
	const { t } = useTranslation();
	// Spec section 4: the link works only for a paid request that has a receipt.
	if ( payment.status !== 'paid' || ! payment.receipt ) {
		return (
			// WAI-ARIA's disabled link: the column reads the same on every row, and this one says it cannot be followed.
			// eslint-disable-next-line jsx-a11y/anchor-is-valid
			<a
				className={ `${ block }__receipt ${ block }__receipt--disabled` }
				role="link"
				aria-disabled="true"
				title={ t( 'wallet.receiptUnavailable' ) }
			>
				{ t( 'wallet.receipt' ) }
			</a>
		);
	}
	return (
		<a
			className={ `${ block }__receipt` }
			href={ payment.receipt }
			target="_blank"
			rel="noopener noreferrer"
		>
			{ t( 'wallet.receipt' ) }
			<span className="crowdscout-visually-hidden">
				{ ` ${ t( 'wallet.newTab' ) }` }
			</span>
		</a>
	);
}

/**
 * The history of the tester's payment requests (spec "Wallet"): status, paid date, gross and net, the method and
 * where the money went, the receipt; sortable by paid date, gross and net, 10 a page, newest paid first (requests
 * still processing come first). A row, or its button, opens the request's details.
 *
 * @param props
 * @param props.onOpen Opens a request's details.
 */
export function HistoryTable( {
	onOpen,
}: {
	onOpen: ( payment: PaymentRequest ) => void;
} ) {
	const { t } = useTranslation();
	const { locale } = useConfig();
	const { sort, sortBy, page, setPage } = useTableState< PaymentSortKey >( {
		orderBy: 'paidDate',
		order: 'DESC',
	} );
	const query = useListMyPaymentsQuery( {
		start: PAGE_SIZE * ( page - 1 ),
		limit: PAGE_SIZE,
		order: sort.order,
		orderBy: sort.orderBy,
	} );

	const columns = useMemo(
		(): Array< DataTableColumn< PaymentRequest, PaymentSortKey > > => [
			{
				id: 'status',
				header: t( 'wallet.columnStatus' ),
				cell: ( payment ) => (
					<span
						className={ `${ block }__status ${ block }__status--${ payment.status }` }
					>
						{ statusName( payment.status, t ) }
					</span>
				),
			},
			{
				id: 'paidDate',
				header: t( 'wallet.columnPaidDate' ),
				sortKey: 'paidDate',
				className: `${ block }__number`,
				cell: ( payment ) => formatDay( payment.paidDate ) ?? MISSING,
			},
			{
				id: 'gross',
				header: t( 'wallet.columnGross' ),
				sortKey: 'gross',
				rowHeader: true,
				className: `${ block }__number`,
				cell: ( payment ) =>
					formatMoney( payment.amount.gross, locale ),
			},
			{
				id: 'net',
				header: t( 'wallet.columnNet' ),
				sortKey: 'net',
				className: `${ block }__number`,
				cell: ( payment ) =>
					payment.amount.net
						? formatMoney( payment.amount.net, locale )
						: MISSING,
			},
			{
				id: 'method',
				header: t( 'wallet.columnMethod' ),
				cell: ( payment ) => (
					<>
						{ methodName( payment.method.type, t ) }
						{ payment.method.note && (
							<span className={ `${ block }__note` }>
								{ payment.method.note }
							</span>
						) }
					</>
				),
			},
			{
				id: 'receipt',
				header: t( 'wallet.columnReceipt' ),
				cell: ( payment ) => <Receipt payment={ payment } />,
			},
			{
				id: 'details',
				header: t( 'wallet.columnDetails' ),
				cell: ( payment, { rowHeaderId } ) => (
					<button
						type="button"
						className="crowdscout-button crowdscout-button--secondary"
						aria-describedby={ rowHeaderId }
						onClick={ () => onOpen( payment ) }
					>
						{ t( 'wallet.viewDetails' ) }
					</button>
				),
			},
		],
		[ locale, onOpen, t ]
	);

	return (
		<DataTable
			className={ `${ block }__history` }
			caption={ t( 'wallet.history' ) }
			columns={ columns }
			query={ query }
			rowKey={ ( payment ) => payment.id }
			emptyText={ t( 'wallet.historyEmpty' ) }
			loadingLabel={ t( 'wallet.loadingHistory' ) }
			sort={ sort }
			onSort={ sortBy }
			paging={ { page, pageSize: PAGE_SIZE, onChange: setPage } }
			onRowClick={ onOpen }
		/>
	);
}
