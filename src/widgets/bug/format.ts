import type { BugDetail } from '../../services/contract';

/**
 * The bug's id in the page's address: `/bugs/show/{id}/`, under a language prefix (`/it/…`) and the site's own
 * path. Null when the address holds no id.
 *
 * @param pathname The page's `location.pathname`.
 */
export function bugIdFromPath( pathname: string ): number | null {
	const match = /\/bugs\/show\/(\d{1,10})\/?$/.exec( pathname );
	const id = match ? Number( match[ 1 ] ) : NaN;
	return Number.isSafeInteger( id ) && id > 0 ? id : null;
}

/**
 * The device a bug was found on: its model (or PC type) and its operating system.
 *
 * @param device
 */
export function deviceLabel( device: NonNullable< BugDetail[ 'device' ] > ) {
	const model =
		'pc_type' in device.device
			? device.device.pc_type
			: `${ device.device.manufacturer } ${ device.device.model }`;
	const { platform, version } = device.operating_system;
	return `${ model } · ${ platform } ${ version }`;
}

export type MediaKind = 'image' | 'video' | 'file';

/**
 * How a file is shown: images inline, videos in a player, anything else as a link.
 *
 * @param mimeType The stored type, if any.
 */
export function mediaKind( mimeType: string | null ): MediaKind {
	if ( mimeType?.startsWith( 'image/' ) ) {
		return 'image';
	}
	return mimeType?.startsWith( 'video/' ) ? 'video' : 'file';
}

/**
 * A media URL as a web address: the API answers them relative to the site; only web addresses come out, so a
 * stored value can never become a `javascript:` link.
 *
 * @param url
 * @param siteUrl The site's address, ending with a slash.
 */
export function mediaAddress( url: string, siteUrl: string ): string | null {
	try {
		const address = new URL( url.replace( /^\/(?!\/)/, '' ), siteUrl );
		return address.protocol === 'https:' || address.protocol === 'http:'
			? address.toString()
			: null;
	} catch {
		return null;
	}
}
