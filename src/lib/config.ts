import { normaliseLocale, type Locale } from './locale';

/**
 * The page configuration WordPress prints before the runtime as `window.crowdscoutConfig`
 * (docs/contracts.md, "Page configuration").
 */
export interface CrowdscoutUser {
	id: number;
	displayName: string;
	roles: string[];
}

export interface CrowdscoutConfig {
	/** API base URL without a trailing slash, e.g. `https://example.org/api`. */
	apiBase: string;
	token: string | null;
	tokenExpiresAt: string | null;
	ajaxUrl: string;
	/** `token`: the token refresh action; `logout`: `appq_wp_logout`. */
	nonces: { token: string; logout: string };
	/** Always one of the interface languages, whatever WordPress printed. */
	locale: Locale;
	productName: string;
	/** Site URL with a trailing slash. */
	siteUrl: string;
	loginUrl: string;
	user: CrowdscoutUser | null;
	features: { publicUserPages: boolean };
	/** The referral code stored from a `referral` query parameter, to prefill sign-up. */
	referral: string | null;
	/** The external feedback form the shell embeds, when one is configured. */
	feedbackUrl: string | null;
}

declare global {
	interface Window {
		/** Printed by PHP: trusted for its shape only after `readConfig`. */
		crowdscoutConfig?: unknown;
	}
}

type Loose = Record< string, unknown >;

const isObject = ( value: unknown ): value is Loose =>
	typeof value === 'object' && value !== null;

const asString = ( value: unknown, fallback: string ): string =>
	typeof value === 'string' && value !== '' ? value : fallback;

const asNullableString = ( value: unknown ): string | null =>
	typeof value === 'string' && value !== '' ? value : null;

const withoutTrailingSlash = ( url: string ): string =>
	url.replace( /\/+$/, '' );

const withTrailingSlash = ( url: string ): string =>
	url.endsWith( '/' ) ? url : `${ url }/`;

function readUser( value: unknown ): CrowdscoutUser | null {
	if ( ! isObject( value ) || typeof value.id !== 'number' ) {
		return null;
	}
	return {
		id: value.id,
		displayName: asString( value.displayName, '' ),
		roles: Array.isArray( value.roles )
			? value.roles.filter(
					( role ): role is string => typeof role === 'string'
			  )
			: [],
	};
}

/**
 * Turns whatever the page printed into a complete configuration.
 *
 * A half-configured page (a cache plugin dropping the inline script, say) must still render something
 * useful: missing URLs fall back to the standard WordPress locations on this origin, so the worst case is a
 * login card rather than a blank container or a crash.
 *
 * @param raw    What the page printed, if anything.
 * @param origin The page origin, for the fallbacks.
 */
export function readConfig( raw: unknown, origin: string ): CrowdscoutConfig {
	const source: Loose = isObject( raw ) ? raw : {};
	const nonces = isObject( source.nonces ) ? source.nonces : {};
	const features = isObject( source.features ) ? source.features : {};
	const siteUrl = withTrailingSlash(
		asString( source.siteUrl, `${ origin }/` )
	);
	return {
		apiBase: withoutTrailingSlash(
			asString( source.apiBase, `${ origin }/api` )
		),
		token: asNullableString( source.token ),
		tokenExpiresAt: asNullableString( source.tokenExpiresAt ),
		ajaxUrl: asString(
			source.ajaxUrl,
			`${ siteUrl }wp-admin/admin-ajax.php`
		),
		nonces: {
			token: asString( nonces.token, '' ),
			logout: asString( nonces.logout, '' ),
		},
		locale: normaliseLocale(
			typeof source.locale === 'string' ? source.locale : null
		),
		productName: asString( source.productName, 'Scout' ),
		siteUrl,
		loginUrl: asString( source.loginUrl, `${ siteUrl }wp-login.php` ),
		user: readUser( source.user ),
		features: { publicUserPages: features.publicUserPages === true },
		referral: asNullableString( source.referral ),
		feedbackUrl: asNullableString( source.feedbackUrl ),
	};
}
