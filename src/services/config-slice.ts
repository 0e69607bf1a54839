import { createSlice } from '@reduxjs/toolkit';

import { readConfig, type CrowdscoutConfig } from '../lib/config';

/**
 * The page configuration lives in the store so that the base query, the ajax thunks and the components read
 * one copy of it. It never changes after the page loads, hence no reducers.
 */
export const configSlice = createSlice( {
	name: 'config',
	initialState: (): CrowdscoutConfig =>
		readConfig( undefined, globalThis.location?.origin ?? '' ),
	reducers: {},
	selectors: {
		selectConfig: ( config ) => config,
	},
} );

export const { selectConfig } = configSlice.selectors;
