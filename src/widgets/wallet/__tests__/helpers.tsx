import { fireEvent, screen, within } from '@testing-library/react';

import Wallet from '..';
import { Toaster } from '../../../components/toaster';
import type {
	AnswerOf,
	BootyDetailItem,
	PaymentItem,
	PaymentRequest,
} from '../../../services/contract';
import {
	FakeApi,
	apiError,
	type ApiAnswer,
	type RecordedRequest,
} from '../../../test-utils/fake-api';
import { DANA, testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';

export type Fiscal = AnswerOf< 'getMyFiscal' >;
type Me = AnswerOf< 'getMe' >;
type Booty = AnswerOf< 'getMyPendingBooty' >;

export const ME = {
	...DANA,
	booty_threshold: { value: 3, isOver: true },
} satisfies Me;

export const VERIFIED: Fiscal = {
	type: 'withholding',
	fiscalId: 'DMEDNA90D52F205X',
	gender: 'female',
	birthPlace: { city: 'Milano', province: 'MI' },
	address: {
		country: 'IT',
		province: 'MI',
		city: 'Milano',
		street: 'Via Roma',
		streetNumber: '1',
		cityCode: '20100',
	},
	fiscalStatus: 'Verified',
	name: 'Dana',
	surname: 'Demo',
	birthDate: '1990-04-12',
};

export const PENDING: Booty = {
	gross: { value: 125.5, currency: 'EUR' },
	net: { value: 100.4, currency: 'EUR' },
};

export function payment(
	id: number,
	overrides: Partial< PaymentRequest > = {}
): PaymentRequest {
	return {
		id,
		status: 'paid',
		amount: {
			gross: { value: 50, currency: 'EUR' },
			net: { value: 40, currency: 'EUR' },
		},
		paidDate: '2024-03-15',
		method: { type: 'paypal', note: 'd***@example.com' },
		receipt: `https://files.test/receipt-${ id }.pdf`,
		...overrides,
	};
}

export function bootyItem(
	id: number,
	overrides: Partial< BootyDetailItem > = {}
): BootyDetailItem {
	return {
		id,
		name: `Campaign ${ id }`,
		activity: { id: 1 },
		attributionDate: '2024-05-02',
		amount: {
			gross: { value: 10, currency: 'EUR' },
			net: { value: 8, currency: 'EUR' },
		},
		...overrides,
	};
}

export function paymentItem(
	id: number,
	overrides: Partial< PaymentItem > = {}
): PaymentItem {
	return {
		id,
		activity: `Campaign ${ id }`,
		type: { id: 2 },
		date: '2024-02-01',
		amount: { gross: { value: 12.5, currency: 'EUR' } },
		...overrides,
	};
}

export const pageOf = < Row, >(
	results: Row[],
	total = results.length,
	start = 0,
	limit = 10
) => ( {
	status: 200 as const,
	body: { results, start, limit, size: results.length, total },
} );

export function queryOf( request: RecordedRequest ) {
	const query = Object.fromEntries( request.url.searchParams );
	delete query._locale;
	return query;
}

const config = testConfig();

export interface ServeOptions {
	me?: Me;
	/** null: no fiscal profile (404). */
	fiscal?: Fiscal | null;
	booty?: Booty;
	/** The history's pages; the newest request (limit 1) is the first of `history`'s answer for start 0. */
	history?: ( request: RecordedRequest ) => ApiAnswer< 'listMyPayments' >;
}

/**
 * Serves what the page reads on load.
 *
 * @param options
 */
export function serveWallet( options: ServeOptions = {} ): FakeApi {
	const {
		me = ME,
		fiscal = VERIFIED,
		booty = PENDING,
		history = () => pageOf( [ payment( 2 ) ] ),
	} = options;
	return new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } )
		.on( 'GET /users/me', { status: 200, body: me } )
		.on(
			'GET /users/me/fiscal',
			fiscal
				? { status: 200, body: fiscal }
				: apiError( 404, 'No fiscal profile' )
		)
		.on( 'GET /users/me/pending_booty', { status: 200, body: booty } )
		.on( 'GET /users/me/payments', ( request ) => history( request ) );
}

/** The history table's calls (10 a page), not the one that looks for a processing request. */
export const historyRequests = ( api: FakeApi ) =>
	api
		.requestsTo( 'GET /users/me/payments' )
		.map( queryOf )
		.filter( ( query ) => query.limit === '10' );

export function renderWallet( locale: 'en' | 'it' = 'en' ) {
	window.history.replaceState( null, '', '/payments/' );
	return renderWithProviders(
		<>
			<Toaster />
			<Wallet />
		</>,
		{ config: { locale } }
	);
}

export const historyTable = () =>
	screen.findByRole(
		'table',
		{ name: 'Payment history' },
		{ timeout: 5000 }
	);

export const requestButton = () =>
	screen.getByRole( 'button', { name: 'Request payment' } );

export const dialog = () => screen.getByRole( 'dialog' );
export const inDialog = () => within( dialog() );

export const click = ( name: string | RegExp ) =>
	fireEvent.click( screen.getByRole( 'button', { name } ) );

export const cellsOf = ( row: HTMLElement ) =>
	within( row )
		.getAllByRole( 'cell' )
		.map( ( cell ) => cell.textContent );

export const headersOf = ( table: HTMLElement ) =>
	within( table )
		.getAllByRole( 'columnheader' )
		.map( ( cell ) => cell.textContent );
