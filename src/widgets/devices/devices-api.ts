import type { TablePage } from '../../components/data-table';
import { api } from '../../services/api';
import type {
	AnswerOf,
	BodyOf,
	Device,
	DeviceTypeCode,
	IdName,
	QueryOf,
} from '../../services/contract';

export type { Device, DeviceTypeCode, IdName };
export type DeviceModel = AnswerOf< 'listDeviceModels' >[ number ];
export type OsVersion = AnswerOf< 'listOsVersions' >[ number ];
export type DeviceInput = BodyOf< 'addMyDevice' >;

/** A lookup of one device type, with the contract's filters. */
interface Lookup< Filter > {
	type: DeviceTypeCode;
	filterBy?: Filter;
}

/**
 * The devices page's calls (spec section 7, the devices and lookup rows), named after the contract's operationIds.
 */
export const devicesApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		// A 404 means "no devices" (spec section 7), which the table shows as its empty text. The table reads
		// lists in the API's page shape.
		listMyDevices: build.query< TablePage< Device >, void >( {
			async queryFn( _arg, _api, _extraOptions, baseQuery ) {
				const result = await baseQuery( { url: '/users/me/devices' } );
				if ( result.error ) {
					return result.error.status === 404
						? { data: { results: [], total: 0 } }
						: { error: result.error };
				}
				const devices = result.data as Device[];
				return { data: { results: devices, total: devices.length } };
			},
			providesTags: [ 'Devices' ],
		} ),
		addMyDevice: build.mutation< Device, DeviceInput >( {
			query: ( body ) => ( {
				url: '/users/me/devices',
				method: 'POST',
				body,
			} ),
			invalidatesTags: [ 'Devices' ],
		} ),
		updateMyDevice: build.mutation<
			Device,
			{ id: number; body: BodyOf< 'updateMyDevice' > }
		>( {
			query: ( { id, body } ) => ( {
				url: `/users/me/devices/${ id }`,
				method: 'PATCH',
				body,
			} ),
			invalidatesTags: [ 'Devices' ],
		} ),
		deleteMyDevice: build.mutation< AnswerOf< 'deleteMyDevice' >, number >(
			{
				query: ( id ) => ( {
					url: `/users/me/devices/${ id }`,
					method: 'DELETE',
				} ),
				invalidatesTags: [ 'Devices' ],
			}
		),
		listDeviceModels: build.query<
			DeviceModel[],
			Lookup< QueryOf< 'listDeviceModels' >[ 'filterBy' ] >
		>( {
			query: ( { type, filterBy } ) => ( {
				url: `/devices/${ type }/models`,
				params: { filterBy },
			} ),
		} ),
		listOperatingSystems: build.query<
			IdName[],
			Lookup< QueryOf< 'listOperatingSystems' >[ 'filterBy' ] >
		>( {
			query: ( { type, filterBy } ) => ( {
				url: `/devices/${ type }/operating_systems`,
				params: { filterBy },
			} ),
		} ),
		listOsVersions: build.query<
			OsVersion[],
			Lookup< QueryOf< 'listOsVersions' >[ 'filterBy' ] >
		>( {
			query: ( { type, filterBy } ) => ( {
				url: `/devices/${ type }/os_versions`,
				params: { filterBy },
			} ),
		} ),
	} ),
} );

export const {
	useListMyDevicesQuery,
	useAddMyDeviceMutation,
	useUpdateMyDeviceMutation,
	useDeleteMyDeviceMutation,
	useListDeviceModelsQuery,
	useListOperatingSystemsQuery,
	useListOsVersionsQuery,
} = devicesApi;
