/**
 * Text as the tester typed it: the stored reasons and bug titles carry the backslashes a PHP `addslashes` put
 * before quotes and backslashes (spec: "backslash escapes removed for display"). A backslash keeps the character
 * after it; a lone one at the end goes.
 *
 * @param text As stored.
 */
export const withoutBackslashEscapes = ( text: string ): string =>
	text.replace( /\\(.?)/gs, '$1' );
