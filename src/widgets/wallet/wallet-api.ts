import { api } from '../../services/api';
import type {
	AnswerOf,
	BodyOf,
	BootyDetailPage,
	PaymentItemPage,
	PaymentPage,
	QueryOf,
} from '../../services/contract';

export type PaymentQuery = QueryOf< 'listMyPayments' >;
export type PaymentSortKey = NonNullable< PaymentQuery[ 'orderBy' ] >;

export type PaymentItemQuery = QueryOf< 'listMyPaymentItems' > & {
	paymentId: number;
};
export type PaymentItemSortKey = NonNullable<
	QueryOf< 'listMyPaymentItems' >[ 'orderBy' ]
>;

export type BootyDetailQuery = QueryOf< 'listMyBootyDetails' >;
export type BootyDetailSortKey = NonNullable< BootyDetailQuery[ 'orderBy' ] >;

export type PaymentInput = BodyOf< 'createMyPayment' >;

/** The wallet's calls (spec section 7, the wallet rows), named after the contract's operationIds. */
export const walletApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		listMyPayments: build.query< PaymentPage, PaymentQuery >( {
			query: ( params ) => ( { url: '/users/me/payments', params } ),
			providesTags: [ 'Payments' ],
		} ),
		listMyPaymentItems: build.query< PaymentItemPage, PaymentItemQuery >( {
			query: ( { paymentId, ...params } ) => ( {
				url: `/users/me/payments/${ paymentId }`,
				params,
			} ),
			providesTags: [ 'Payments' ],
		} ),
		listMyBootyDetails: build.query< BootyDetailPage, BootyDetailQuery >( {
			query: ( params ) => ( {
				url: '/users/me/pending_booty/details',
				params,
			} ),
			providesTags: [ 'PendingBooty' ],
		} ),
		getMyPendingBooty: build.query< AnswerOf< 'getMyPendingBooty' >, void >(
			{
				query: () => ( { url: '/users/me/pending_booty' } ),
				providesTags: [ 'PendingBooty' ],
			}
		),
		// Spec section 7: a request invalidates the payments, the pending booty and the threshold (in Me).
		createMyPayment: build.mutation<
			AnswerOf< 'createMyPayment' >,
			PaymentInput
		>( {
			query: ( body ) => ( {
				url: '/users/me/payments',
				method: 'POST',
				body,
			} ),
			invalidatesTags: [ 'Payments', 'PendingBooty', 'Me' ],
		} ),
	} ),
} );

export const {
	useListMyPaymentsQuery,
	useListMyPaymentItemsQuery,
	useListMyBootyDetailsQuery,
	useGetMyPendingBootyQuery,
	useCreateMyPaymentMutation,
} = walletApi;
