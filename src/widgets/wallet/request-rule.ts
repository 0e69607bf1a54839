import type { FiscalProfile } from '../../services/contract';

/** Why a payment cannot be requested now. */
export type RequestBlocker = 'processing' | 'fiscal' | 'threshold';

export interface RequestRuleInput {
	/** The fiscal profile; null when the tester has none. */
	fiscal: FiscalProfile | null;
	/** `booty_threshold.isOver` of GET /users/me. */
	isOver: boolean;
	/** Whether a request of the tester is processing. */
	processing: boolean;
}

/**
 * Spec section 4, "Request-payment button": enabled only when the fiscal status is Verified, the booty is over the
 * threshold and no request is processing. Of the reasons that apply the card shows one, the one the tester can act
 * on first: a processing request must be paid before anything else counts, then the fiscal profile, then the
 * amount.
 *
 * @param input
 * @param input.fiscal
 * @param input.isOver
 * @param input.processing
 */
export function requestBlocker( {
	fiscal,
	isOver,
	processing,
}: RequestRuleInput ): RequestBlocker | null {
	if ( processing ) {
		return 'processing';
	}
	if ( fiscal?.fiscalStatus !== 'Verified' ) {
		return 'fiscal';
	}
	return isOver ? null : 'threshold';
}
