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

/**
 * @param preloadedState
 * @param options
 * @param options.checksWarnAfterMs The development-only checks walk the whole state after every action and note
 *                                  in the console when that took longer than this (RTK's default is 32 ms, which
 *                                  a page with a few cached answers reaches). The tests pass Infinity: the checks
 *                                  still run and catch mutations, but how long they take on a busy machine is no
 *                                  finding of a test.
 */
export function makeStore(
	preloadedState?: Partial< RootState >,
	{ checksWarnAfterMs = 200 }: { checksWarnAfterMs?: number } = {}
) {
	return configureStore( {
		reducer: rootReducer,
		preloadedState,
		middleware: ( getDefaultMiddleware ) =>
			getDefaultMiddleware( {
				immutableCheck: { warnAfter: checksWarnAfterMs },
				serializableCheck: { warnAfter: checksWarnAfterMs },
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
