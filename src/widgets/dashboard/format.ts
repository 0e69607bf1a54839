import { SUPPORTED_LOCALES, type Locale } from '../../lib/locale';
import type { Money } from '../../services/types';
import type { Campaign, PerLanguage } from './types';

/** What the dashboard shows where a value is missing. */
export const MISSING = '-';

const twoDigits = ( value: number ) => String( value ).padStart( 2, '0' );

/**
 * dd/mm/yyyy (spec, "Dashboard"), read in UTC: the API sends campaign dates as UTC instants, and a tester
 * west of Greenwich must not see a campaign start the day before.
 *
 * @param iso An ISO 8601 date-time.
 */
export function formatDate( iso: string | null | undefined ): string {
	const date = iso ? new Date( iso ) : null;
	if ( ! date || Number.isNaN( date.getTime() ) ) {
		return MISSING;
	}
	return `${ twoDigits( date.getUTCDate() ) }/${ twoDigits(
		date.getUTCMonth() + 1
	) }/${ date.getUTCFullYear() }`;
}

export const campaignLabel = ( campaign: Pick< Campaign, 'id' | 'name' > ) =>
	`[CP${ campaign.id }] - ${ campaign.name }`;

/**
 * A link as the API stores it, made absolute: a site-relative path (`/campaigns/7/preview/`) goes under the
 * site's address, an absolute one stays. Only web addresses come out, so a stored `javascript:` link can
 * never become a button.
 *
 * @param link
 * @param siteUrl The site's address, ending with a slash.
 */
function webAddress( link: string, siteUrl: string ): string | null {
	try {
		const url = new URL( link.replace( /^\/(?!\/)/, '' ), siteUrl );
		return url.protocol === 'https:' || url.protocol === 'http:'
			? url.toString()
			: null;
	} catch {
		return null;
	}
}

/**
 * The page for the page's language, else the English one, else any; as a web address.
 *
 * @param links   One URL per language.
 * @param locale  The page's language.
 * @param siteUrl The site's address, which site-relative links are under.
 */
export function linkFor(
	links: Partial< PerLanguage > | null | undefined,
	locale: Locale,
	siteUrl: string
): string | null {
	if ( ! links ) {
		return null;
	}
	for ( const language of [ locale, 'en', ...SUPPORTED_LOCALES ] as const ) {
		const link =
			links[ language ] && webAddress( links[ language ]!, siteUrl );
		if ( link ) {
			return link;
		}
	}
	return null;
}

/**
 * An amount in the page's language and its own currency.
 *
 * @param money  The amount.
 * @param locale The page's language.
 */
export function formatMoney( money: Money, locale: Locale ): string {
	try {
		return new Intl.NumberFormat( locale, {
			style: 'currency',
			currency: money.currency,
		} ).format( money.value );
	} catch {
		// Intl throws on a currency code it does not know; the amount still deserves to be shown.
		return `${ new Intl.NumberFormat( locale ).format( money.value ) } ${
			money.currency
		}`;
	}
}
