import { useCallback, useRef, useState } from '@wordpress/element';

import { ListPage, SideCard } from '../../components/list-page';
import { useConfig } from '../../hooks/use-config';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import type { PaymentRequest } from '../../services/contract';
import { useGetMyFiscalQuery } from '../../services/fiscal';
import type { Me } from '../../services/types';
import { BootyDetailsModal } from './booty-details-modal';
import { BugDetailsModal } from './bug-details-modal';
import { PAYMENT_CONDITIONS_ROUTE } from './format';
import { HistoryTable } from './history-table';
import { flowOf } from './payment-form';
import { PaymentDetailsModal } from './payment-details-modal';
import { RequestPaymentModal } from './request-payment-modal';
import { requestBlocker } from './request-rule';
import { WalletCard } from './wallet-card';
import {
	useGetMyPendingBootyQuery,
	useListMyPaymentsQuery,
} from './wallet-api';

/** Spec section 9: the minimum payment request, when the profile does not say. */
const MINIMUM_REQUEST_EUR = 3;

/**
 * The newest request: processing ones come first in a descending sort by paid date (api/openapi.yaml,
 * listMyPayments), so this one says whether a request is processing.
 */
const LATEST_REQUEST = {
	start: 0,
	limit: 1,
	order: 'DESC',
	orderBy: 'paidDate',
} as const;

/**
 * The Wallet page (spec "Wallet (payments)"): the history of payment requests, the wallet card with the pending
 * booty and the request button, the help card, and the four modals.
 *
 * @param props
 * @param props.me The tester, with `booty_threshold`.
 */
export function WalletPage( { me }: { me: Me } ) {
	const { t } = useTranslation();
	const config = useConfig();
	const fiscal = useGetMyFiscalQuery();
	const latest = useListMyPaymentsQuery( LATEST_REQUEST );
	const pending = useGetMyPendingBootyQuery();

	// A failed read counts as the rule's "no": the API refuses such a request anyway.
	const settled =
		( fiscal.isSuccess || fiscal.isError ) &&
		( latest.isSuccess || latest.isError );
	const blocker = settled
		? requestBlocker( {
				fiscal: fiscal.data ?? null,
				isOver: me.booty_threshold?.isOver ?? false,
				processing: latest.data?.results[ 0 ]?.status === 'processing',
		  } )
		: undefined;

	const requestButtonRef = useRef< HTMLButtonElement >( null );
	// Each opening mounts a new request modal: closing it drops what was typed (spec section 4).
	const [ requestKey, setRequestKey ] = useState( 0 );
	const [ requestOpen, setRequestOpen ] = useState( false );
	const [ bootyOpen, setBootyOpen ] = useState( false );
	const [ bugOpen, setBugOpen ] = useState( false );
	const [ payment, setPayment ] = useState< PaymentRequest | null >( null );
	const openPayment = useCallback(
		( chosen: PaymentRequest ) => setPayment( chosen ),
		[]
	);

	return (
		<ListPage
			title={ t( 'wallet.title' ) }
			listTitle={ t( 'wallet.history' ) }
			side={
				<>
					<WalletCard
						booty={ pending.data }
						bootyFailed={ pending.isError }
						blocker={ blocker }
						threshold={
							me.booty_threshold?.value ?? MINIMUM_REQUEST_EUR
						}
						requestButtonRef={ requestButtonRef }
						onRequest={ () => {
							setRequestKey( ( key ) => key + 1 );
							setRequestOpen( true );
						} }
						onBootyDetails={ () => setBootyOpen( true ) }
						onBugDetails={ () => setBugOpen( true ) }
					/>
					<SideCard title={ t( 'wallet.helpTitle' ) }>
						<p>{ t( 'wallet.helpText' ) }</p>
						<a
							className="crowdscout-button crowdscout-button--secondary"
							href={ routeUrl(
								config,
								PAYMENT_CONDITIONS_ROUTE
							) }
						>
							{ t( 'wallet.helpLink' ) }
						</a>
					</SideCard>
				</>
			}
		>
			<HistoryTable onOpen={ openPayment } />
			<RequestPaymentModal
				key={ requestKey }
				open={ requestOpen }
				onClose={ () => setRequestOpen( false ) }
				flow={ fiscal.data ? flowOf( fiscal.data.type ) : 'automatic' }
				booty={ pending.data }
				returnFocusRef={ requestButtonRef }
			/>
			<BootyDetailsModal
				open={ bootyOpen }
				onClose={ () => setBootyOpen( false ) }
			/>
			<BugDetailsModal
				open={ bugOpen }
				onClose={ () => setBugOpen( false ) }
			/>
			<PaymentDetailsModal
				payment={ payment }
				onClose={ () => setPayment( null ) }
			/>
		</ListPage>
	);
}
