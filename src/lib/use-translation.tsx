import type { ReactNode } from 'react';
import type { TFunction, i18n as I18n } from 'i18next';
import {
	createContext,
	useCallback,
	useContext,
	useMemo,
	useSyncExternalStore,
} from '@wordpress/element';

/**
 * A few lines instead of react-i18next: we only need a provider and a hook, and every kilobyte counts
 * against the page budget.
 */
const I18nContext = createContext< I18n | null >( null );

export function I18nProvider( {
	i18n,
	children,
}: {
	i18n: I18n;
	children: ReactNode;
} ) {
	return (
		<I18nContext.Provider value={ i18n }>{ children }</I18nContext.Provider>
	);
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
	const i18n = useContext( I18nContext );
	if ( ! i18n ) {
		throw new Error( 'useTranslation needs an I18nProvider above it.' );
	}
	const subscribe = useCallback(
		( onChange: () => void ) => {
			i18n.on( 'languageChanged', onChange );
			return () => i18n.off( 'languageChanged', onChange );
		},
		[ i18n ]
	);
	const language = useSyncExternalStore( subscribe, () => i18n.language );
	// A new function per language, so memoised children re-render when it changes.
	const t = useMemo( () => i18n.getFixedT( language ), [ i18n, language ] );
	return { t, i18n };
}
