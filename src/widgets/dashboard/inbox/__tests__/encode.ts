import { deflateSync, strFromU8, strToU8 } from 'fflate';

/**
 * What the API sends for a popup text: base64 of a raw DEFLATE stream of UTF-8.
 *
 * @param text The text to compress.
 */
export const encode = ( text: string ): string =>
	btoa( strFromU8( deflateSync( strToU8( text ) ), true ) );
