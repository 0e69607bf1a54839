import type en from '../../languages/en.json';

/**
 * English is the reference catalogue: `t()` only accepts keys that exist in it, so a typo is a type error
 * and the completeness test covers the other languages.
 */
declare module 'i18next' {
	interface CustomTypeOptions {
		defaultNS: 'translation';
		resources: { translation: typeof en };
		returnNull: false;
	}
}
