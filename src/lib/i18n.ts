import i18next, { type i18n as I18n, type Resource } from 'i18next';

import { MINIMUM_AGE } from './birth-date';
import { DEFAULT_LOCALE, type Locale } from './locale';

type Messages = Record< string, unknown >;

/**
 * One chunk per language, loaded on demand: a page downloads only its own language (and English only when
 * its own cannot be loaded).
 */
const loaders: Record< Locale, () => Promise< { default: Messages } > > = {
	en: () =>
		import( /* webpackChunkName: "locale-en" */ '../../languages/en.json' ),
	it: () =>
		import( /* webpackChunkName: "locale-it" */ '../../languages/it.json' ),
	es: () =>
		import( /* webpackChunkName: "locale-es" */ '../../languages/es.json' ),
	fr: () =>
		import( /* webpackChunkName: "locale-fr" */ '../../languages/fr.json' ),
};

async function loadMessages(
	locale: Locale
): Promise< { locale: Locale; messages: Messages } > {
	try {
		return { locale, messages: ( await loaders[ locale ]() ).default };
	} catch {
		// Without any catalogue the widgets still work, showing keys: better than an empty page.
		return locale === DEFAULT_LOCALE
			? { locale, messages: {} }
			: loadMessages( DEFAULT_LOCALE );
	}
}

/**
 * Creates the page's i18next instance. It is created, not the i18next singleton, so the page (and each
 * test) owns its instance and nothing leaks through module state.
 *
 * @param locale      The page's language.
 * @param productName What testers are called, the spec's `{product}`, available to every message (as is the
 *                    minimum age, `{{minimumAge}}`, so the age rule is one number wherever it is said).
 */
export async function createI18n(
	locale: Locale,
	productName: string
): Promise< I18n > {
	const loaded = await loadMessages( locale );
	const resources: Resource = {
		[ loaded.locale ]: { translation: loaded.messages },
	};
	const instance = i18next.createInstance();
	await instance.init( {
		lng: loaded.locale,
		fallbackLng: DEFAULT_LOCALE,
		resources,
		returnNull: false,
		interpolation: {
			// React escapes what it renders; escaping here would show entities.
			escapeValue: false,
			defaultVariables: {
				product: productName,
				minimumAge: MINIMUM_AGE,
			},
		},
	} );
	return instance;
}
