/** What the API accepts when a campaign lists no extension (api/openapi.yaml, the upload operations). */
export const DEFAULT_EXTENSIONS = [
	'jpg',
	'jpeg',
	'png',
	'gif',
	'webp',
	'mp4',
	'webm',
	'ogg',
	'mov',
];

/**
 * The extensions an upload takes, lowercase without the dot.
 *
 * @param valid The campaign's `validFileExtensions`.
 */
export function acceptedExtensions( valid: readonly string[] ): string[] {
	const cleaned = valid
		.map( ( extension ) => extension.trim().replace( /^\./, '' ) )
		.filter( Boolean )
		.map( ( extension ) => extension.toLowerCase() );
	return cleaned.length ? cleaned : DEFAULT_EXTENSIONS;
}

/**
 * A file name's extension, lowercase without the dot; '' when it has none.
 *
 * @param name
 */
export function extensionOf( name: string ): string {
	const dot = name.lastIndexOf( '.' );
	return dot > 0 ? name.slice( dot + 1 ).toLowerCase() : '';
}

/**
 * Whether a file's name ends with one of the extensions.
 *
 * @param name       The file's name.
 * @param extensions Lowercase, without the dot.
 */
export function hasExtension(
	name: string,
	extensions: readonly string[]
): boolean {
	const extension = extensionOf( name );
	return extension !== '' && extensions.includes( extension );
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
