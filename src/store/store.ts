import { combineSlices, configureStore } from '@reduxjs/toolkit';

import type { CrowdscoutConfig } from '../lib/config';
import { api } from '../services/api';
import { authSlice } from '../services/auth-slice';
import { configSlice } from '../services/config-slice';
import { toastsSlice } from '../services/toasts';

/**
 * Widgets with local UI state add their slice at load time with `rootReducer.inject( slice )`, so the
 * reducers of widgets a page does not show are never downloaded.
 */
export const rootReducer = combineSlices(
	configSlice,
	authSlice,
	toastsSlice,
	api
);

export type RootState = ReturnType< typeof rootReducer >;

export function makeStore( preloadedState?: Partial< RootState > ) {
	return configureStore( {
		reducer: rootReducer,
		preloadedState,
		// The development-only checks walk the whole state after every action and warn past 32 ms, which a busy
		// test machine reaches with a few cached pages; they still catch mutations, only the timing note waits.
		middleware: ( getDefaultMiddleware ) =>
			getDefaultMiddleware( {
				immutableCheck: { warnAfter: 200 },
				serializableCheck: { warnAfter: 200 },
			} ).concat( api.middleware ),
	} );
}

/**
 * The state a page starts with: its configuration and the token WordPress minted with it.
 *
 * @param config The page configuration.
 */
export function stateFromConfig(
	config: CrowdscoutConfig
): Partial< RootState > {
	return {
		config,
		auth: { token: config.token, expiresAt: config.tokenExpiresAt },
	};
}

export type AppStore = ReturnType< typeof makeStore >;
export type AppDispatch = AppStore[ 'dispatch' ];
