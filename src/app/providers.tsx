import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { Provider } from 'react-redux';

import { I18nProvider } from '../lib/use-translation';
import type { AppStore } from '../store/store';

/** What every widget root shares with the others on the page: one store, one i18next instance. */
export function AppProviders( {
	store,
	i18n,
	children,
}: {
	store: AppStore;
	i18n: I18n;
	children: ReactNode;
} ) {
	return (
		<Provider store={ store }>
			<I18nProvider i18n={ i18n }>{ children }</I18nProvider>
		</Provider>
	);
}
