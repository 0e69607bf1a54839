import type { Booty, Money } from '../services/contract';

/** Spec section 9: the currencies the wallet names by their symbol; an amount without one is in euros. */
const SYMBOLS: Record< string, string > = { EUR: '€', USD: '$', GBP: '£' };

export const DEFAULT_CURRENCY = 'EUR';

/**
 * An amount with two decimals and its currency's symbol (spec section 9), the number in the page's language.
 * A currency without a symbol there keeps its code.
 *
 * @param money  The amount.
 * @param locale The page's language.
 */
export function formatMoney(
	money: Pick< Money, 'value' > & { currency?: string },
	locale: string
): string {
	const currency = money.currency || DEFAULT_CURRENCY;
	const number = new Intl.NumberFormat( locale, {
		minimumFractionDigits: 2,
		maximumFractionDigits: 2,
	} ).format( money.value );
	return `${ SYMBOLS[ currency ] ?? `${ currency } ` }${ number }`;
}

/**
 * Net with the gross in brackets when the net is known, else the gross (spec, "Pending booty").
 *
 * @param booty  The amounts.
 * @param locale The page's language.
 */
export function bootyText( booty: Booty, locale: string ): string {
	const gross = formatMoney( booty.gross, locale );
	return booty.net
		? `${ formatMoney( booty.net, locale ) } (${ gross })`
		: gross;
}
