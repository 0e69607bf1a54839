import type { CrowdscoutConfig } from './config';
import { DEFAULT_LOCALE } from './locale';

/**
 * A page of the product in the page's language: English pages carry no prefix, the others `/it`, `/es`,
 * `/fr` (spec, section 1). Paths keep WordPress's trailing slash so no redirect is spent on them.
 *
 * @param config The page configuration.
 * @param path   The English route, e.g. `getting-started/signup`.
 */
export function routeUrl(
	config: Pick< CrowdscoutConfig, 'siteUrl' | 'locale' >,
	path: string
): string {
	const prefix =
		config.locale === DEFAULT_LOCALE ? '' : `${ config.locale }/`;
	const route = path.replace( /^\/+|\/+$/g, '' );
	return `${ config.siteUrl }${ prefix }${ route }/`;
}
