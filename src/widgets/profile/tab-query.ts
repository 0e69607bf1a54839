export const PROFILE_TABS = [
	'base',
	'advanced',
	'fiscal',
	'settings',
] as const;
export type ProfileTab = ( typeof PROFILE_TABS )[ number ];

/** The spec's route names the settings tab `options`; links in mails and older pages still use it. */
const ALIASES: Record< string, ProfileTab > = { options: 'settings' };

/**
 * The tab `?tab=` asks for: base, advanced, fiscal, settings (or options); base when missing or unknown.
 *
 * @param search `location.search`.
 */
export function tabFromQuery( search: string ): ProfileTab {
	const asked = new URLSearchParams( search ).get( 'tab' ) ?? '';
	if ( ( PROFILE_TABS as readonly string[] ).includes( asked ) ) {
		return asked as ProfileTab;
	}
	return ALIASES[ asked ] ?? 'base';
}

/**
 * Rewrites one query parameter of the page's address without a navigation or a history entry; `null` removes it.
 *
 * @param name  The parameter.
 * @param value Its new value.
 */
export function replaceQueryParameter( name: string, value: string | null ) {
	const url = new URL( window.location.href );
	if ( value === null ) {
		url.searchParams.delete( name );
	} else {
		url.searchParams.set( name, value );
	}
	if ( url.href !== window.location.href ) {
		window.history.replaceState( window.history.state, '', url.href );
	}
}
