/**
 * Places sorted by their `key` (see normalise.ts), so that the places whose key starts with a prefix are one
 * contiguous run found by binary search: a search costs O(log n + limit), never a scan of the country.
 */
export interface IndexedPlace {
	/** placeKey of the name. */
	key: string;
	name: string;
}

export class PrefixIndex< Place extends IndexedPlace > {
	private readonly places: Place[];

	/**
	 * @param places   Taken over and sorted in place.
	 * @param tieBreak Order among places with the same key (e.g. current municipalities before former ones).
	 */
	constructor(
		places: Place[],
		tieBreak: ( a: Place, b: Place ) => number = () => 0
	) {
		this.places = places.sort(
			( a, b ) =>
				compareText( a.key, b.key ) ||
				tieBreak( a, b ) ||
				compareText( a.name, b.name )
		);
	}

	get size(): number {
		return this.places.length;
	}

	/** The first position whose key is not below `key`. */
	private lowerBound( key: string ): number {
		let low = 0;
		let high = this.places.length;
		while ( low < high ) {
			const middle = Math.floor( ( low + high ) / 2 );
			if ( this.places[ middle ].key < key ) {
				low = middle + 1;
			} else {
				high = middle;
			}
		}
		return low;
	}

	/**
	 * Places whose key starts with `prefix`, best first: an exact match sorts before the longer names it
	 * prefixes, then the others in key order.
	 *
	 * @param prefix A placeKey.
	 * @param limit
	 * @param accept Skips places that do not qualify (they do not count towards the limit).
	 */
	withPrefix(
		prefix: string,
		limit: number,
		accept: ( place: Place ) => boolean = () => true
	): Place[] {
		const found: Place[] = [];
		if ( ! prefix ) {
			return found;
		}
		for (
			let index = this.lowerBound( prefix );
			index < this.places.length && found.length < limit;
			index++
		) {
			const place = this.places[ index ];
			if ( ! place.key.startsWith( prefix ) ) {
				break;
			}
			if ( accept( place ) ) {
				found.push( place );
			}
		}
		return found;
	}

	/**
	 * Places whose key is exactly `key`.
	 *
	 * @param key A placeKey.
	 */
	named( key: string ): Place[] {
		const found: Place[] = [];
		for (
			let index = this.lowerBound( key );
			index < this.places.length && this.places[ index ].key === key;
			index++
		) {
			found.push( this.places[ index ] );
		}
		return found;
	}
}

/** Code-unit order, the order binary search compares with (localeCompare would disagree with `<`). */
function compareText( a: string, b: string ): number {
	if ( a === b ) {
		return 0;
	}
	return a < b ? -1 : 1;
}

/** Lets other callbacks run between slices of a long job, so a first search never holds the event loop long. */
export const yieldToEventLoop = () =>
	new Promise< void >( ( resolve ) => setImmediate( resolve ) );

/**
 * `map` in slices with a turn of the event loop between them.
 *
 * @param items
 * @param map
 * @param sliceSize
 */
export async function mapInSlices< Item, Result >(
	items: readonly Item[],
	map: ( item: Item ) => Result | undefined,
	sliceSize = 2000
): Promise< Result[] > {
	const results: Result[] = [];
	for ( let start = 0; start < items.length; start += sliceSize ) {
		if ( start > 0 ) {
			await yieldToEventLoop();
		}
		for ( const item of items.slice( start, start + sliceSize ) ) {
			const result = map( item );
			if ( result !== undefined ) {
				results.push( result );
			}
		}
	}
	return results;
}
