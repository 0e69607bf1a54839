/**
 * The form a place name is compared in: lower case, accents stripped, and every run of anything but letters and
 * digits (apostrophes, hyphens, dots, spaces) one space. "FORLI'", "Forlì" and "forli" are all `forli`;
 * "Sant'Angelo" and "SANT ANGELO" both `sant angelo`.
 *
 * @param text
 */
export function placeKey( text: string ): string {
	return text
		.normalize( 'NFD' )
		.replace( /\p{M}+/gu, '' )
		.toLowerCase()
		.replace( /[^\p{L}\p{N}]+/gu, ' ' )
		.trim();
}
