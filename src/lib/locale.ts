export const SUPPORTED_LOCALES = [ 'en', 'it', 'es', 'fr' ] as const;

export type Locale = ( typeof SUPPORTED_LOCALES )[ number ];

export const DEFAULT_LOCALE: Locale = 'en';

const isLocale = ( value: string ): value is Locale =>
	( SUPPORTED_LOCALES as readonly string[] ).includes( value );

/**
 * Maps what WordPress may hand us (`it`, `it_IT`, `es-ES`, `pt_BR`…) to one of the interface languages;
 * anything else falls back to English, as the spec asks.
 *
 * @param value A WordPress or BCP 47 locale.
 */
export function normaliseLocale( value: string | null | undefined ): Locale {
	const language = ( value ?? '' ).split( /[-_]/ )[ 0 ].toLowerCase();
	return isLocale( language ) ? language : DEFAULT_LOCALE;
}
