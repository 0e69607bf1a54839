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
