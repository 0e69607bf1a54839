import { api } from './api';
import type { FiscalProfile } from './contract';

/**
 * `GET /users/me/fiscal` lives with the shared services because two widgets read it: the profile's fiscal tab and
 * the wallet, whose payment request needs a Verified profile and whose flow follows the fiscal type.
 */
export const fiscalApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		// A 404 means "no fiscal profile yet" (spec section 7): no data rather than an error.
		getMyFiscal: build.query< FiscalProfile | null, void >( {
			async queryFn( _arg, _api, _extraOptions, baseQuery ) {
				const result = await baseQuery( { url: '/users/me/fiscal' } );
				if ( result.error ) {
					return result.error.status === 404
						? { data: null }
						: { error: result.error };
				}
				return { data: result.data as FiscalProfile };
			},
			providesTags: [ 'Fiscal' ],
		} ),
	} ),
} );

export const { useGetMyFiscalQuery } = fiscalApi;
