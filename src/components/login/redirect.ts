import type { CrowdscoutConfig } from '../../lib/config';

/**
 * The spec's rule for `redirectTo` (§4 "Login"): honoured only when it is a URL whose host is one of the
 * product's own — the site's host as WordPress knows it and the host the page was served from (development
 * and application can differ). Anything else, including `javascript:` and protocol-relative tricks, is null.
 *
 * @param value  The raw query parameter.
 * @param config The page configuration (for the site URL).
 * @param here   The page's own URL.
 */
export function safeRedirect(
	value: string | null | undefined,
	config: Pick< CrowdscoutConfig, 'siteUrl' >,
	here: string = window.location.href
): string | null {
	if ( ! value ) {
		return null;
	}
	let target: URL;
	try {
		target = new URL( value, here );
	} catch {
		return null;
	}
	if ( target.protocol !== 'https:' && target.protocol !== 'http:' ) {
		return null;
	}
	const ownHosts = new Set< string >();
	for ( const url of [ config.siteUrl, here ] ) {
		try {
			ownHosts.add( new URL( url ).host );
		} catch {
			// A malformed site URL simply adds no host.
		}
	}
	// A relative value resolves against the page: only a path is honoured, never `//elsewhere`.
	const relative = ! /^[a-z][a-z0-9+.-]*:/i.test( value );
	if ( relative && ! value.startsWith( '/' ) ) {
		return null;
	}
	if ( relative && value.startsWith( '//' ) ) {
		return null;
	}
	return ownHosts.has( target.host ) ? target.toString() : null;
}

/**
 * Where the social login buttons send the browser: the plugin's ajax action, which redirects to the provider
 * (or explains that it is not configured), returning to `returnTo` afterwards.
 *
 * @param config   The page configuration.
 * @param provider `facebook` or `linkedin`.
 * @param returnTo Where to land after the provider.
 * @param log      The spec's `log` flag: `1` for a login, `0` for a sign-up.
 */
export function socialLoginUrl(
	config: Pick< CrowdscoutConfig, 'ajaxUrl' >,
	provider: 'facebook' | 'linkedin',
	returnTo: string,
	log: '0' | '1'
): string {
	const url = new URL( config.ajaxUrl );
	url.searchParams.set( 'action', `${ provider }_oauth_redirect` );
	url.searchParams.set( 'redirect_to', returnTo );
	url.searchParams.set( 'log', log );
	return url.toString();
}
