import { useMemo } from '@wordpress/element';

import type { SelectOption } from '../../components/form-field';
import {
	useListDeviceModelsQuery,
	useListOperatingSystemsQuery,
	useListOsVersionsQuery,
	type DeviceTypeCode,
} from './devices-api';
import { NO_TYPE, isPc, type DeviceValues } from './device-form';

type Lookup = 'models' | 'platforms' | 'versions';

export interface DeviceChoices {
	manufacturers: SelectOption[];
	/** The chosen manufacturer's models. */
	models: SelectOption[];
	/** The platforms the chosen model's manufacturer ships (every platform of the type for a PC). */
	platforms: SelectOption[];
	/** The chosen platform's versions, newest first. */
	versions: SelectOption[];
	loading: Record< Lookup, boolean >;
	/** A lookup failed; `retry` asks again. */
	failed: boolean;
	retry: () => void;
}

const option = ( item: { id: number; name: string } ): SelectOption => ( {
	value: String( item.id ),
	label: item.name,
} );

const byLabel = ( a: SelectOption, b: SelectOption ) =>
	a.label.localeCompare( b.label );

/**
 * The options of the wizard's selects, each list asked for once the choice it depends on is made (spec section
 * 7, the lookups): the type's models (their manufacturers come with them), the platforms that fit the model or
 * PC, the platform's versions. An edit changes only the version, so it asks only for those.
 *
 * @param values  The wizard's values.
 * @param editing An edit, not an add.
 */
export function useDeviceChoices(
	values: DeviceValues,
	editing: boolean
): DeviceChoices {
	const type = values.type as DeviceTypeCode;
	const pc = isPc( values );
	const models = useListDeviceModelsQuery(
		{ type },
		{ skip: editing || values.type === NO_TYPE || pc }
	);
	const platforms = useListOperatingSystemsQuery(
		{
			type,
			filterBy: pc ? undefined : { model: Number( values.model ) },
		},
		{ skip: editing || ! ( pc ? values.pcType : values.model ) }
	);
	const versions = useListOsVersionsQuery(
		{ type, filterBy: { platform: Number( values.platform ) } },
		{ skip: ! values.platform }
	);

	const manufacturers = useMemo( () => {
		const seen = new Map< number, SelectOption >();
		for ( const model of models.data ?? [] ) {
			seen.set( model.manufacturer.id, option( model.manufacturer ) );
		}
		return [ ...seen.values() ].sort( byLabel );
	}, [ models.data ] );
	const modelOptions = useMemo(
		() =>
			( models.data ?? [] )
				.filter(
					( model ) =>
						String( model.manufacturer.id ) === values.manufacturer
				)
				.map( option ),
		[ models.data, values.manufacturer ]
	);
	const platformOptions = useMemo(
		() => ( platforms.data ?? [] ).map( option ),
		[ platforms.data ]
	);
	const versionOptions = useMemo(
		() => ( versions.data ?? [] ).map( option ),
		[ versions.data ]
	);

	const lookups = { models, platforms, versions };
	return {
		manufacturers,
		models: modelOptions,
		platforms: platformOptions,
		versions: versionOptions,
		loading: {
			models: models.isFetching,
			platforms: platforms.isFetching,
			versions: versions.isFetching,
		},
		failed: Object.values( lookups ).some( ( lookup ) => lookup.isError ),
		retry: () =>
			Object.values( lookups )
				.filter( ( lookup ) => lookup.isError )
				.forEach( ( lookup ) => lookup.refetch() ),
	};
}
