import type { TFunction } from 'i18next';

import type { PaymentRequest } from '../../services/contract';

/** What a cell shows where a value is missing (a processing request's paid date, an unknown net). */
export const MISSING = '-';

/** The payment conditions page (spec section 2, "Wallet": a link to a payment-conditions page). */
export const PAYMENT_CONDITIONS_ROUTE = 'payment_conditions';

/** Where the fiscal profile is filled in (spec section 2): the profile's fiscal tab. */
export const FISCAL_TAB_ROUTE = 'my-account';
export const FISCAL_TAB_QUERY = '?tab=fiscal';

/** Spec section 9: a wallet list shows 10 a page. */
export const PAGE_SIZE = 10;

export const methodName = (
	type: PaymentRequest[ 'method' ][ 'type' ],
	t: TFunction
) => t( type === 'paypal' ? 'wallet.methodPaypal' : 'wallet.methodBank' );

export const statusName = (
	status: PaymentRequest[ 'status' ],
	t: TFunction
) => t( status === 'paid' ? 'wallet.statusPaid' : 'wallet.statusProcessing' );
