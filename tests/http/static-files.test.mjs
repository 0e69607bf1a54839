/**
 * The development proxy's own static files (scripts/lib/static-files.mjs): the build's scripts and styles sent
 * brotli- or gzip-compressed as the request accepts, plain otherwise, with validators and caching headers, and
 * everything else passed on to WordPress. Against the real proxy, with a stand-in WordPress and API: no PHP.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startProxy } from '../../scripts/lib/proxy.mjs';
import { precompress } from '../../scripts/lib/static-files.mjs';

const PREFIX = '/wp-content/plugins/crowdscout/build/';
const SCRIPT = `window.widgets = ${ JSON.stringify(
	Array.from( { length: 400 }, ( _, index ) => ( {
		name: `widget ${ index }`,
		loaded: index % 3 === 0,
	} ) )
) };\n`;
const STYLE = '.crowdscout-card { padding: 1rem; }\n'.repeat( 200 );

/** What the stand-in upstream answers at these addresses (anything else: "WordPress" as plain text). */
const PAGE = `<!doctype html><main>${ '<p>A page of the site.</p>'.repeat(
	300
) }</main>`;
const JSON_ANSWER = JSON.stringify(
	Array.from( { length: 300 }, ( _, id ) => ( {
		id,
		name: `Campaign ${ id }`,
	} ) )
);
const ANSWERS = {
	'/page/': {
		headers: {
			'content-type': 'text/html; charset=UTF-8',
			'content-length': Buffer.byteLength( PAGE ),
			vary: 'Cookie',
		},
		body: PAGE,
	},
	'/api/users/me/campaigns': {
		headers: { 'content-type': 'application/json; charset=utf-8' },
		body: JSON_ANSWER,
	},
	'/small/': {
		headers: {
			'content-type': 'text/html',
			'content-length': '11',
		},
		body: '<p>tiny</p>',
	},
	'/zipped/': {
		headers: {
			'content-type': 'application/json',
			'content-encoding': 'gzip',
		},
		body: zlib.gzipSync( JSON_ANSWER ),
	},
	'/download/': {
		headers: { 'content-type': 'application/pdf' },
		body: PAGE,
	},
};

let dir;
let proxy;
let base;
let upstream;
const toWordPress = [];

before( async () => {
	dir = fs.mkdtempSync( path.join( os.tmpdir(), 'crowdscout-static-' ) );
	fs.writeFileSync( path.join( dir, 'frontend.js' ), SCRIPT );
	fs.mkdirSync( path.join( dir, 'blocks' ) );
	fs.writeFileSync( path.join( dir, 'blocks/style.css' ), STYLE );
	fs.writeFileSync( path.join( dir, 'tiny.js' ), '1' );
	fs.writeFileSync( path.join( dir, 'render.php' ), '<?php echo 1;' );
	fs.writeFileSync( path.join( dir, '.built' ), 'stamp' );
	fs.writeFileSync( path.join( dir, 'gone.js.br' ), 'a leftover' );
	await precompress( dir );
	// A style changed after the build, whose compressed copies are older than it.
	fs.writeFileSync( path.join( dir, 'late.css' ), 'old' );
	fs.writeFileSync( path.join( dir, 'late.css.br' ), 'stale' );
	fs.writeFileSync( path.join( dir, 'late.css.gz' ), 'stale' );
	const later = new Date( Date.now() + 5000 );
	fs.writeFileSync( path.join( dir, 'late.css' ), STYLE.toUpperCase() );
	fs.utimesSync( path.join( dir, 'late.css' ), later, later );

	upstream = http.createServer( ( request, response ) => {
		const answer = ANSWERS[ request.url ];
		if ( answer ) {
			response.writeHead( 200, answer.headers );
			response.end( answer.body );
			return;
		}
		toWordPress.push( request.url );
		response.writeHead( 200, { 'content-type': 'text/plain' } );
		response.end( 'WordPress' );
	} );
	await new Promise( ( resolve ) =>
		upstream.listen( 0, '127.0.0.1', resolve )
	);
	const upstreamUrl = new URL(
		`http://127.0.0.1:${ upstream.address().port }`
	);
	proxy = await startProxy( {
		port: 0,
		api: new URL( '/api', upstreamUrl ),
		wordpress: upstreamUrl,
		files: [ { prefix: PREFIX, dir } ],
	} );
	base = `http://127.0.0.1:${ proxy.address().port }`;
} );

after( async () => {
	proxy?.closeAllConnections();
	await new Promise( ( resolve ) => proxy?.close( resolve ) ?? resolve() );
	upstream?.closeAllConnections();
	await new Promise( ( resolve ) => upstream?.close( resolve ) ?? resolve() );
	fs.rmSync( dir, { recursive: true, force: true } );
} );

/** A raw request (fetch would ask for and undo compression by itself). */
function get( url, headers = {}, method = 'GET' ) {
	return new Promise( ( resolve, reject ) => {
		http.request(
			`${ base }${ url }`,
			{ method, headers },
			( response ) => {
				const chunks = [];
				response.on( 'data', ( chunk ) => chunks.push( chunk ) );
				response.on( 'end', () =>
					resolve( {
						status: response.statusCode,
						headers: response.headers,
						body: Buffer.concat( chunks ),
					} )
				);
			}
		)
			.on( 'error', reject )
			.end();
	} );
}

function decoded( { headers, body } ) {
	switch ( headers[ 'content-encoding' ] ) {
		case 'br':
			return zlib.brotliDecompressSync( body ).toString();
		case 'gzip':
			return zlib.gunzipSync( body ).toString();
		default:
			return body.toString();
	}
}

describe( 'the build, compressed as the browser accepts', () => {
	test( 'brotli for a browser that takes it, from the file the build wrote', async () => {
		const answer = await get( `${ PREFIX }frontend.js?ver=abc`, {
			'accept-encoding': 'gzip, deflate, br, zstd',
		} );
		assert.equal( answer.status, 200 );
		assert.equal( answer.headers[ 'content-encoding' ], 'br' );
		assert.equal(
			answer.headers[ 'content-type' ],
			'text/javascript; charset=utf-8'
		);
		assert.equal( answer.headers.vary, 'Accept-Encoding' );
		assert.deepEqual(
			answer.body,
			fs.readFileSync( path.join( dir, 'frontend.js.br' ) )
		);
		assert.equal(
			Number( answer.headers[ 'content-length' ] ),
			answer.body.length
		);
		assert.ok( answer.body.length < SCRIPT.length / 4 );
		assert.equal( decoded( answer ), SCRIPT );
		assert.deepEqual( toWordPress, [] );
	} );

	test( 'gzip when brotli is refused or not offered, plain when nothing is', async () => {
		for ( const accept of [
			'gzip',
			'br;q=0, gzip;q=0.8',
			'deflate, gzip',
		] ) {
			const answer = await get( `${ PREFIX }frontend.js`, {
				'accept-encoding': accept,
			} );
			assert.equal(
				answer.headers[ 'content-encoding' ],
				'gzip',
				accept
			);
			assert.equal( decoded( answer ), SCRIPT );
		}
		for ( const accept of [ undefined, 'identity', 'br;q=0, gzip;q=0' ] ) {
			const answer = await get(
				`${ PREFIX }frontend.js`,
				accept ? { 'accept-encoding': accept } : {}
			);
			assert.equal( answer.headers[ 'content-encoding' ], undefined );
			assert.equal( answer.headers.vary, 'Accept-Encoding' );
			assert.equal( answer.body.toString(), SCRIPT );
			assert.equal(
				Number( answer.headers[ 'content-length' ] ),
				SCRIPT.length
			);
		}
		const any = await get( `${ PREFIX }frontend.js`, {
			'accept-encoding': '*',
		} );
		assert.equal( any.headers[ 'content-encoding' ], 'br' );
	} );

	test( 'a file without compressed copies, or with older ones, is compressed from what it holds now', async () => {
		const style = await get( `${ PREFIX }blocks/style.css?ver=1`, {
			'accept-encoding': 'br',
		} );
		assert.equal(
			style.headers[ 'content-type' ],
			'text/css; charset=utf-8'
		);
		assert.equal( style.headers[ 'content-encoding' ], 'br' );
		assert.equal( decoded( style ), STYLE );

		for ( const accept of [ 'br', 'gzip' ] ) {
			const late = await get( `${ PREFIX }late.css`, {
				'accept-encoding': accept,
			} );
			assert.equal( late.headers[ 'content-encoding' ], accept );
			assert.equal( decoded( late ), STYLE.toUpperCase() );
		}
	} );

	test( 'a file that compression would not shrink goes as it is', async () => {
		const answer = await get( `${ PREFIX }tiny.js`, {
			'accept-encoding': 'br, gzip',
		} );
		assert.equal( answer.headers[ 'content-encoding' ], undefined );
		assert.equal( answer.body.toString(), '1' );
		assert.ok( ! fs.existsSync( path.join( dir, 'tiny.js.br' ) ) );
	} );

	test( 'HEAD has the headers of GET and no body', async () => {
		const answer = await get(
			`${ PREFIX }frontend.js`,
			{ 'accept-encoding': 'br' },
			'HEAD'
		);
		assert.equal( answer.status, 200 );
		assert.equal( answer.headers[ 'content-encoding' ], 'br' );
		assert.equal(
			Number( answer.headers[ 'content-length' ] ),
			fs.statSync( path.join( dir, 'frontend.js.br' ) ).size
		);
		assert.equal( answer.body.length, 0 );
	} );
} );

describe( 'caching', () => {
	test( 'a versioned address is kept for a year, an unversioned one is checked again each time', async () => {
		const versioned = await get( `${ PREFIX }frontend.js?ver=3f2a` );
		assert.equal(
			versioned.headers[ 'cache-control' ],
			'public, max-age=31536000, immutable'
		);
		const plain = await get( `${ PREFIX }frontend.js` );
		assert.equal( plain.headers[ 'cache-control' ], 'no-cache' );
	} );

	test( 'the validators answer 304 without a body while the file is unchanged', async () => {
		const first = await get( `${ PREFIX }frontend.js`, {
			'accept-encoding': 'br',
		} );
		const { etag } = first.headers;
		assert.ok( etag );
		const again = await get( `${ PREFIX }frontend.js`, {
			'accept-encoding': 'br',
			'if-none-match': etag,
		} );
		assert.equal( again.status, 304 );
		assert.equal( again.body.length, 0 );
		const since = await get( `${ PREFIX }frontend.js`, {
			'if-modified-since': first.headers[ 'last-modified' ],
		} );
		assert.equal( since.status, 304 );
		const other = await get( `${ PREFIX }frontend.js`, {
			'if-none-match': 'W/"0-0"',
		} );
		assert.equal( other.status, 200 );
	} );
} );

describe( "WordPress's and the API's answers, compressed on their way", () => {
	test( 'a page and a JSON answer in brotli or gzip as accepted, plain when nothing is', async () => {
		for ( const [ url, text ] of [
			[ '/page/', PAGE ],
			[ '/api/users/me/campaigns', JSON_ANSWER ],
		] ) {
			const brotli = await get( url, {
				'accept-encoding': 'gzip, deflate, br',
			} );
			assert.equal( brotli.headers[ 'content-encoding' ], 'br', url );
			assert.equal( brotli.headers[ 'content-length' ], undefined );
			assert.ok( brotli.body.length < text.length / 4, url );
			assert.equal( decoded( brotli ), text );

			const gzipped = await get( url, { 'accept-encoding': 'gzip' } );
			assert.equal( gzipped.headers[ 'content-encoding' ], 'gzip', url );
			assert.equal( decoded( gzipped ), text );

			const plain = await get( url );
			assert.equal( plain.headers[ 'content-encoding' ], undefined );
			assert.equal( plain.body.toString(), text );
		}
		const page = await get( '/page/', { 'accept-encoding': 'br' } );
		assert.equal( page.headers.vary, 'Cookie, Accept-Encoding' );
		const json = await get( '/api/users/me/campaigns', {
			'accept-encoding': 'br',
		} );
		assert.equal( json.headers.vary, 'Accept-Encoding' );
	} );

	test( 'small, already compressed, other types and HEAD answers go as they are', async () => {
		const small = await get( '/small/', { 'accept-encoding': 'br' } );
		assert.equal( small.headers[ 'content-encoding' ], undefined );
		assert.equal( small.body.toString(), '<p>tiny</p>' );

		const zipped = await get( '/zipped/', { 'accept-encoding': 'br' } );
		assert.equal( zipped.headers[ 'content-encoding' ], 'gzip' );
		assert.equal( decoded( zipped ), JSON_ANSWER );

		const pdf = await get( '/download/', { 'accept-encoding': 'br' } );
		assert.equal( pdf.headers[ 'content-encoding' ], undefined );
		assert.equal( pdf.body.toString(), PAGE );

		const head = await get( '/page/', { 'accept-encoding': 'br' }, 'HEAD' );
		assert.equal( head.headers[ 'content-encoding' ], undefined );
		assert.equal( head.body.length, 0 );
	} );
} );

describe( 'what is not a file of the build goes on to WordPress', () => {
	test( 'missing files, other types, hidden files, dot segments, other methods and other paths', async () => {
		toWordPress.length = 0;
		const passed = [
			`${ PREFIX }missing.js`,
			`${ PREFIX }render.php`,
			`${ PREFIX }.built`,
			`${ PREFIX }blocks/..%2F..%2Fsecret.js`,
			`${ PREFIX }blocks/`,
			'/wp-includes/js/dist/hooks.min.js',
			'/my-dashboard/',
		];
		for ( const url of passed ) {
			const answer = await get( url, { 'accept-encoding': 'br' } );
			assert.equal( answer.body.toString(), 'WordPress', url );
		}
		assert.equal( toWordPress.length, passed.length );
		const posted = await get( `${ PREFIX }frontend.js`, {}, 'POST' );
		assert.equal( posted.body.toString(), 'WordPress' );
	} );

	test( 'the build step leaves no compressed copy of a file that is gone', () => {
		assert.ok( ! fs.existsSync( path.join( dir, 'gone.js.br' ) ) );
		assert.ok( fs.existsSync( path.join( dir, 'frontend.js.gz' ) ) );
		assert.ok( ! fs.existsSync( path.join( dir, 'render.php.br' ) ) );
	} );
} );
