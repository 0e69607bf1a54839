import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
	createMediaUrls,
	MEDIA_URL_SECONDS,
} from '../../src/storage/signed-url.ts';

/** Signed media URLs: what they look like, how long they work, and that only the API's own are accepted. */

const SECRET = 's'.repeat( 64 );
const KEY = '0123456789abcdef.png';
const NOW = Date.UTC( 2026, 10, 25, 4, 0, 30 );

const partsOf = ( url: string ) => {
	const parsed = new URL( url, 'http://x' );
	return {
		path: parsed.pathname,
		expires: Number( parsed.searchParams.get( 'expires' ) ),
		signature: parsed.searchParams.get( 'signature' )!,
	};
};

describe( 'signed media URLs', () => {
	const urls = createMediaUrls( SECRET );

	it( 'point at GET /api/media/{key}, expiring a few minutes on, rounded up to the minute', () => {
		const { path, expires, signature } = partsOf( urls.url( KEY, NOW ) );
		assert.equal( path, `/api/media/${ KEY }` );
		assert.match( signature, /^[A-Za-z0-9_-]{43}$/ );
		assert.equal( expires % 60, 0 );
		const seconds = expires - NOW / 1000;
		assert.ok(
			seconds >= MEDIA_URL_SECONDS && seconds < MEDIA_URL_SECONDS + 60,
			String( seconds )
		);
		// Within the same minute, the same URL (the browser's cache keeps working).
		assert.equal( urls.url( KEY, NOW + 10_000 ), urls.url( KEY, NOW ) );
	} );

	it( 'are valid until they expire, then expired', () => {
		const { expires, signature } = partsOf( urls.url( KEY, NOW ) );
		assert.equal( urls.check( KEY, expires, signature, NOW ), 'valid' );
		assert.equal(
			urls.check( KEY, expires, signature, expires * 1000 - 1 ),
			'valid'
		);
		assert.equal(
			urls.check( KEY, expires, signature, expires * 1000 ),
			'expired'
		);
	} );

	it( 'refuse any other key, expiry, spelling or secret', () => {
		const { expires, signature } = partsOf( urls.url( KEY, NOW ) );
		const other = createMediaUrls( 't'.repeat( 64 ) );
		assert.equal( other.check( KEY, expires, signature, NOW ), 'invalid' );
		for ( const [ key, at, sig ] of [
			[ '0123456789abcdef.jpg', expires, signature ],
			[ KEY, expires + 1, signature ],
			[ KEY, expires - 60, signature ],
			[ KEY, expires, signature.slice( 1 ) ],
			[ KEY, expires, `${ signature }A` ],
			[ KEY, expires, `${ signature }=` ],
			[ KEY, expires, signature.replace( /[A-Za-z]/, '+' ) ],
			[ KEY, expires, '' ],
			[ KEY, expires, 'x'.repeat( 43 ) ],
		] as const ) {
			assert.equal( urls.check( key, at, sig, NOW ), 'invalid', sig );
		}
	} );

	it( 'check the signature before the expiry, so an expired forgery is only invalid', () => {
		assert.equal(
			urls.check( KEY, NOW / 1000 - 60, 'x'.repeat( 43 ), NOW ),
			'invalid'
		);
	} );
} );
