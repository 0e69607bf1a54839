import type { Locale } from '../../lib/locale';
import type { Device } from '../../services/contract';

/**
 * The campaign's id in the page's address: `/campaigns/{id}/manual/`, under a language prefix (`/it/…`) and the
 * site's own path. Null when the address holds no id.
 *
 * @param pathname The page's `location.pathname`.
 */
export function campaignIdFromPath( pathname: string ): number | null {
	const match = /\/campaigns\/(\d{1,10})\/manual\/?$/.exec( pathname );
	const id = match ? Number( match[ 1 ] ) : NaN;
	return Number.isSafeInteger( id ) && id > 0 ? id : null;
}

/**
 * A day in the page's language ("1 December 2026"), read in UTC like the API's days; '' when it is no date.
 *
 * @param iso    An ISO 8601 date-time.
 * @param locale The page's language.
 */
export function formatLongDate( iso: string, locale: Locale ): string {
	const date = new Date( iso );
	return Number.isNaN( date.getTime() )
		? ''
		: new Intl.DateTimeFormat( locale, {
				dateStyle: 'long',
				timeZone: 'UTC',
		  } ).format( date );
}

/**
 * An amount in euros (the payout data's currency) in the page's language, with its two decimals.
 *
 * @param value  Euros.
 * @param locale The page's language.
 */
export function formatEuros( value: number, locale: Locale ): string {
	return new Intl.NumberFormat( locale, {
		style: 'currency',
		currency: 'EUR',
	} ).format( value );
}

/**
 * A device as the tester knows it: its model (or PC type), then its operating system.
 *
 * @param device
 */
export function deviceName( device: Device ): string {
	const model =
		'pc_type' in device.device
			? device.device.pc_type
			: `${ device.device.manufacturer } ${ device.device.model }`;
	const { platform, version } = device.operating_system;
	return `${ model } · ${ platform } ${ version }`;
}

export {
	acceptedExtensions,
	hasExtension,
	mediaAddress,
} from '../../lib/media-files';
