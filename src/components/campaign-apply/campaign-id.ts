/**
 * The campaign id in a page's address, e.g. `/campaigns/{id}/preview/` or `/campaign/{id}/preview-selection-form/`,
 * under a language prefix (`/it/…`) and the site's own path. Null when the address holds no id.
 *
 * @param pathname The page's `location.pathname`.
 * @param route    The route after the id, e.g. `preview`.
 * @param prefix   The route before the id: `campaigns` (preview, manual) or `campaign` (forms).
 */
export function campaignIdFromPath(
	pathname: string,
	route: string,
	prefix: 'campaigns' | 'campaign' = 'campaigns'
): number | null {
	const match = new RegExp( `/${ prefix }/(\\d{1,10})/${ route }/?$` ).exec(
		pathname
	);
	const id = match ? Number( match[ 1 ] ) : NaN;
	return Number.isSafeInteger( id ) && id > 0 ? id : null;
}
