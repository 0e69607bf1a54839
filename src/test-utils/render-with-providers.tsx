import type { ReactElement } from 'react';
import type { i18n as I18n } from 'i18next';
import { render, type RenderOptions } from '@testing-library/react';

import { AppProviders } from '../app/providers';
import {
	makeStore,
	stateFromConfig,
	type AppStore,
	type RootState,
} from '../store/store';
import type { CrowdscoutConfig } from '../lib/config';
import { createI18n } from '../lib/i18n';
import { bindTransport } from '../services/transport';
import { testConfig } from './fixtures';

interface ProviderOptions extends Omit< RenderOptions, 'queries' > {
	/** Page configuration overrides; the store starts from it like on a real page. */
	config?: Partial< CrowdscoutConfig >;
	/** State on top of the configuration's. */
	preloadedState?: Partial< RootState >;
	/** A ready store, e.g. to share one between two renders. */
	store?: AppStore;
	i18n?: I18n;
}

/**
 * Renders inside the same providers as a page (store, i18next) with the transport bound to the store.
 * Async because translations load like on a page: through the language chunk.
 *
 * @param ui What to render.
 */
export async function renderWithProviders(
	ui: ReactElement,
	{
		config: configOverrides,
		preloadedState,
		store,
		i18n,
		...renderOptions
	}: ProviderOptions = {}
) {
	const config = testConfig( configOverrides );
	const theStore =
		store ??
		makeStore(
			{ ...stateFromConfig( config ), ...preloadedState },
			{ checksWarnAfterMs: Number.POSITIVE_INFINITY }
		);
	bindTransport( theStore );
	const theI18n =
		i18n ??
		( await createI18n(
			theStore.getState().config.locale,
			theStore.getState().config.productName
		) );
	return {
		store: theStore,
		i18n: theI18n,
		config: theStore.getState().config,
		...render( ui, {
			wrapper: ( { children } ) => (
				<AppProviders store={ theStore } i18n={ theI18n }>
					{ children }
				</AppProviders>
			),
			...renderOptions,
		} ),
	};
}
