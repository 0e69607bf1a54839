import type { CampaignPreview, PayoutData } from '../../services/contract';

const twoDigits = ( value: number ) => String( value ).padStart( 2, '0' );

/**
 * dd/mm, the testing phase's days (spec "Campaign preview"), read in UTC like the API's days; null when the
 * value is no date.
 *
 * @param iso An ISO 8601 date-time.
 */
export function formatDayMonth( iso: string ): string | null {
	const date = new Date( iso );
	return Number.isNaN( date.getTime() )
		? null
		: `${ twoDigits( date.getUTCDate() ) }/${ twoDigits(
				date.getUTCMonth() + 1
		  ) }`;
}

/**
 * An amount in euros, two decimals, in the page's language.
 *
 * @param amount In euros.
 * @param locale The page's language.
 */
export function formatEuros( amount: number, locale: string ): string {
	return new Intl.NumberFormat( locale, {
		style: 'currency',
		currency: 'EUR',
		minimumFractionDigits: 2,
		maximumFractionDigits: 2,
	} ).format( amount );
}

const cents = ( euros: number ) => Math.round( euros * 100 );

/**
 * What a campaign pays at least and at most (spec "Campaign preview"): the completion bonus, and the completion
 * bonus plus the bugs' payout limit plus the top tester bonus. Added in cents, so no float residue shows.
 *
 * @param payout
 */
export function payoutRange( payout: PayoutData ): {
	min: number;
	max: number;
} {
	const min = cents( payout.campaign_complete_bonus_eur );
	const max =
		min + cents( payout.payout_limit ) + cents( payout.top_tester_bonus );
	return { min: min / 100, max: max / 100 };
}

/** The apply area's states, in the spec's order of precedence (section 4, "Preview apply area"). */
export type ApplyState =
	| 'selected'
	| 'applied'
	| 'closed'
	| 'full'
	| 'available'
	| 'error';

/**
 * Which of its states the apply area shows.
 *
 * @param preview
 * @param now     The page's clock.
 */
export function applyState(
	preview: Pick< CampaignPreview, 'status' | 'startDate' | 'cap' >,
	now: Date
): ApplyState {
	const { status, startDate, cap } = preview;
	if ( status === 'selected' ) {
		return 'selected';
	}
	if ( status === 'applied' || status === 'excluded' ) {
		return 'applied';
	}
	if ( new Date( startDate ).getTime() <= now.getTime() ) {
		return 'closed';
	}
	if ( cap !== null && cap <= 0 ) {
		return 'full';
	}
	return status === 'available' ? 'available' : 'error';
}

const PLAIN_EMAIL =
	/^[^\s@<>()[\]\\,;:"?&#/]+@[^\s@<>()[\]\\,;:"?&#/]+\.[^\s@<>()[\]\\,;:"?&#/]+$/;

/**
 * A `mailto:` address when the e-mail looks like one; a value that could add headers or break out of the link
 * gives none.
 *
 * @param email
 * @param subject
 */
export function mailtoLink(
	email: string | null | undefined,
	subject: string
): string | null {
	const address = email?.trim() ?? '';
	return PLAIN_EMAIL.test( address )
		? `mailto:${ address }?subject=${ encodeURIComponent( subject ) }`
		: null;
}
