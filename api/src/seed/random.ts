/* eslint-disable no-bitwise -- a PRNG is bit arithmetic on 32-bit words. */
/**
 * A small seeded PRNG (sfc32, seeded through cyrb128) so the demo data is the same for the same seed on every
 * machine and engine; Math.random() would make two runs differ.
 */

/** Four 32-bit words from any string (cyrb128), enough state for sfc32. */
function cyrb128( text: string ): [ number, number, number, number ] {
	let h1 = 1779033703,
		h2 = 3144134277,
		h3 = 1013904242,
		h4 = 2773480762;
	for ( let i = 0; i < text.length; i++ ) {
		const k = text.charCodeAt( i );
		h1 = h2 ^ Math.imul( h1 ^ k, 597399067 );
		h2 = h3 ^ Math.imul( h2 ^ k, 2869860233 );
		h3 = h4 ^ Math.imul( h3 ^ k, 951274213 );
		h4 = h1 ^ Math.imul( h4 ^ k, 2716044179 );
	}
	h1 = Math.imul( h3 ^ ( h1 >>> 18 ), 597399067 );
	h2 = Math.imul( h4 ^ ( h2 >>> 22 ), 2869860233 );
	h3 = Math.imul( h1 ^ ( h3 >>> 17 ), 951274213 );
	h4 = Math.imul( h2 ^ ( h4 >>> 19 ), 2716044179 );
	h1 ^= h2 ^ h3 ^ h4;
	h2 ^= h1;
	h3 ^= h1;
	h4 ^= h1;
	return [ h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0 ];
}

export class Random {
	private a: number;
	private b: number;
	private c: number;
	private d: number;

	/** @param key Any text: the seed, optionally with a stream name ("7/tester/42"). */
	constructor( key: string ) {
		[ this.a, this.b, this.c, this.d ] = cyrb128( key );
		// The first outputs of sfc32 still echo the seed; discard them.
		for ( let i = 0; i < 12; i++ ) {
			this.next();
		}
	}

	/** A float in [0, 1). */
	next(): number {
		this.a >>>= 0;
		this.b >>>= 0;
		this.c >>>= 0;
		this.d >>>= 0;
		let t = ( this.a + this.b ) | 0;
		this.a = this.b ^ ( this.b >>> 9 );
		this.b = ( this.c + ( this.c << 3 ) ) | 0;
		this.c = ( this.c << 21 ) | ( this.c >>> 11 );
		this.d = ( this.d + 1 ) | 0;
		t = ( t + this.d ) | 0;
		this.c = ( this.c + t ) | 0;
		return ( t >>> 0 ) / 4294967296;
	}

	/** An integer in [min, max], both included. */
	int( min: number, max: number ): number {
		return min + Math.floor( this.next() * ( max - min + 1 ) );
	}

	chance( probability: number ): boolean {
		return this.next() < probability;
	}

	pick< T >( items: readonly T[] ): T {
		return items[ Math.floor( this.next() * items.length ) ];
	}

	/** One of the keys of `weights`, with probability proportional to its weight. */
	weighted< T extends string | number >(
		weights: ReadonlyArray< readonly [ T, number ] >
	): T {
		let total = 0;
		for ( const [ , weight ] of weights ) {
			total += weight;
		}
		let roll = this.next() * total;
		for ( const [ value, weight ] of weights ) {
			roll -= weight;
			if ( roll < 0 ) {
				return value;
			}
		}
		return weights[ weights.length - 1 ][ 0 ];
	}

	/** `count` distinct items (all of them when there are fewer), in the order drawn. */
	sample< T >( items: readonly T[], count: number ): T[] {
		if ( count >= items.length ) {
			return [ ...items ];
		}
		const chosen = new Set< number >();
		const result: T[] = [];
		while ( result.length < count ) {
			const index = Math.floor( this.next() * items.length );
			if ( ! chosen.has( index ) ) {
				chosen.add( index );
				result.push( items[ index ] );
			}
		}
		return result;
	}
}
