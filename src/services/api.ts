import { createApi } from '@reduxjs/toolkit/query/react';

import { apiBaseQuery } from './base-query';
import { TAG_TYPES } from './tags';

/**
 * The one RTK Query API of the front end. It starts empty: each feature adds its endpoints with
 * `api.injectEndpoints`, so a page only downloads the endpoints of the widgets it shows.
 */
export const api = createApi( {
	reducerPath: 'api',
	baseQuery: apiBaseQuery,
	tagTypes: TAG_TYPES,
	endpoints: () => ( {} ),
} );
