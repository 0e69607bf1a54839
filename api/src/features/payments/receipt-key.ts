/**
 * The storage key of a payment request's receipt PDF (api/src/storage/index.ts, STORAGE_KEY_PATTERN): one per
 * request, so producing it again replaces it.
 *
 * @param paymentId
 */
export const receiptKeyOf = ( paymentId: number ) =>
	`receipt-${ paymentId }.pdf`;
