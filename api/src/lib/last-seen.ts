/**
 * The value last seen for each key, at most `capacity` keys (the key set longest ago goes first). For hints that
 * are checked before they count, never for answers: a reader must work with a missing or outdated value.
 */
export class LastSeen< Key, Value > {
	private readonly values = new Map< Key, Value >();

	private readonly capacity: number;

	constructor( capacity: number ) {
		this.capacity = capacity;
	}

	get( key: Key ): Value | undefined {
		return this.values.get( key );
	}

	set( key: Key, value: Value ): void {
		// A key set again moves to the end of the map's order, the newest.
		this.values.delete( key );
		this.values.set( key, value );
		if ( this.values.size > this.capacity ) {
			this.values.delete( this.values.keys().next().value as Key );
		}
	}
}
