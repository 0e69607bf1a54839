/**
 * Runs WordPress on wp-now (PHP in WebAssembly) for machines without native PHP. Started as its own process
 * by platform.mjs with CROWDSCOUT_WP_NOW = {dataDir, port, siteUrl, constants, admin}.
 *
 * wp-now 0.1.75 has three traps that this runner closes (see DESIGN.md's notes on running WordPress offline):
 * - it downloads WordPress and the SQLite plugin unless its cache holds them: the cache (under $HOME/.wp-now,
 *   HOME pointed into the data directory) is seeded from the npm package;
 * - it keeps ONE server-side cookie jar and sends it with every request, so once anyone logs in every visitor
 *   is that user: the jar is replaced by each request's own Cookie header;
 * - it listens on every interface: listening is pinned to 127.0.0.1;
 * - on EVERY start it copies the cached WordPress tree's wp-content over the site's own (wp-content/<project>-<hash>
 *   under the cache, which holds the site's SQLite database): the npm package's static files ship a pre-installed
 *   database in wp-content/database/, so a cache seeded with it reset the site to that bare install on each
 *   start after the first (no plugin, no pages, no demo users). The cache never keeps a database.
 * And it mounts the plugin folder under its own name, so WordPress knows the plugin as plugin/crowdscout.php
 * (not crowdscout/crowdscout.php as on native PHP).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ROOT, WP_ZIP, WP_PUBLIC, SQLITE_ZIP } from './paths.mjs';
import { extractZip } from './zip.mjs';

const WP_VERSION = '6.5.5';
const { dataDir, port, siteUrl, constants, admin } = JSON.parse(
	process.env.CROWDSCOUT_WP_NOW
);

const home = path.join( dataDir, 'wp-now-home' );
const cache = path.join( home, '.wp-now' );
process.env.HOME = home;

/** The pre-installed database the npm package ships (in the archive and again among the static files). */
const isShippedDatabase = ( source ) =>
	path
		.relative( WP_PUBLIC, source )
		.split( path.sep )
		.join( '/' )
		.startsWith( 'wp-content/database' );

/** wp-now mounts the plugin folder under its own name (plugin mode): WordPress's name for the plugin. */
const PLUGIN_DIR = path.join( ROOT, 'plugin' );
const PLUGIN_FILE = `${ path.basename( PLUGIN_DIR ) }/crowdscout.php`;

function seedCache() {
	const wordpress = path.join( cache, 'wordpress-versions', WP_VERSION );
	if (
		! fs.existsSync( path.join( wordpress, 'wp-includes/version.php' ) )
	) {
		extractZip( WP_ZIP, wordpress, {
			skip: ( name ) =>
				name === 'wp-config.php' ||
				name.startsWith( 'wp-content/database/' ),
		} );
		fs.cpSync( WP_PUBLIC, wordpress, {
			recursive: true,
			filter: ( source ) => ! isShippedDatabase( source ),
		} );
	}
	// Also for a cache seeded before this was known: whatever is here is copied over the site's database.
	fs.rmSync( path.join( wordpress, 'wp-content/database' ), {
		recursive: true,
		force: true,
	} );
	const sqlite = path.join(
		cache,
		'mu-plugins',
		'sqlite-database-integration-main'
	);
	if ( ! fs.existsSync( path.join( sqlite, 'load.php' ) ) ) {
		extractZip( SQLITE_ZIP, sqlite, { strip: 1 } );
		const dbCopy = path.join( sqlite, 'db.copy' );
		fs.writeFileSync(
			dbCopy,
			fs
				.readFileSync( dbCopy, 'utf8' )
				.replace(
					"'{SQLITE_IMPLEMENTATION_FOLDER_PATH}'",
					"realpath( __DIR__ . '/mu-plugins/sqlite-database-integration-main' )"
				)
		);
	}
	const muPlugins = path.join( cache, 'mu-plugins' );
	fs.copyFileSync(
		path.join( ROOT, 'scripts/wp/mu-plugins/crowdscout-dev.php' ),
		path.join( muPlugins, 'crowdscout-dev.php' )
	);
	const defines = Object.entries( {
		...constants,
		DISABLE_WP_CRON: true,
		AUTOMATIC_UPDATER_DISABLED: true,
		WP_HTTP_BLOCK_EXTERNAL: true,
		WP_ACCESSIBLE_HOSTS: '127.0.0.1,localhost',
	} )
		.map(
			( [ name, value ] ) =>
				`defined( '${ name }' ) || define( '${ name }', ${ JSON.stringify(
					value
				) } );`
		)
		.join( '\n' );
	fs.writeFileSync(
		path.join( muPlugins, '0-crowdscout-env.php' ),
		`<?php\n// Written by scripts/lib/wp-now-runner.mjs.\n${ defines }\n`
	);
}

function patchWpNow( universal ) {
	const requestCookies = new AsyncLocalStorage();
	universal.HttpCookieStore.prototype.rememberCookiesFromResponseHeaders =
		() => {};
	universal.HttpCookieStore.prototype.getCookieRequestHeader = () =>
		requestCookies.getStore() ?? '';
	const request = universal.PHPRequestHandler.prototype.request;
	universal.PHPRequestHandler.prototype.request = function ( data ) {
		return requestCookies.run( data?.headers?.cookie ?? '', () =>
			request.call( this, data )
		);
	};
	const listen = http.Server.prototype.listen;
	http.Server.prototype.listen = function ( portArgument, ...rest ) {
		if (
			typeof portArgument === 'number' &&
			( rest.length === 0 || typeof rest[ 0 ] === 'function' )
		) {
			return listen.call( this, portArgument, '127.0.0.1', ...rest );
		}
		return listen.call( this, portArgument, ...rest );
	};
}

const SETUP = ( wpRoot ) => `<?php
require '${ wpRoot }/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
update_option( 'permalink_structure', '/%postname%/' );
update_option( 'blog_public', '0' );
$plugin = ${ JSON.stringify( PLUGIN_FILE ) };
if ( ! is_plugin_active( $plugin ) ) {
	$activated = activate_plugin( $plugin );
	if ( is_wp_error( $activated ) ) {
		echo 'Could not activate ' . $plugin . ': ' . $activated->get_error_message();
		return;
	}
} else {
	do_action( 'activate_' . $plugin, false );
}
// wp-now installs its own admin with a well-known password; give it the documented demo login instead.
$admin = get_user_by( 'login', 'admin' );
if ( $admin ) {
	wp_set_password( ${ JSON.stringify( admin.password ) }, $admin->ID );
	wp_update_user( array( 'ID' => $admin->ID, 'user_email' => ${ JSON.stringify(
		admin.email
	) }, 'display_name' => 'Ada Admin' ) );
}
global $wp_rewrite;
$wp_rewrite->init();
flush_rewrite_rules( false );
echo 'ready';
`;

seedCache();
const universal = await import( '@php-wasm/universal' );
patchWpNow( universal );
const { getWpNowConfig, startServer } = await import( '@wp-now/wp-now' );
const blueprint = path.join( home, 'blueprint.json' );
fs.writeFileSync(
	blueprint,
	JSON.stringify( { steps: [ { step: 'defineSiteUrl', siteUrl } ] } )
);
const options = await getWpNowConfig( {
	path: PLUGIN_DIR,
	wp: WP_VERSION,
	php: '8.2',
	port,
	blueprint,
} );
const { php, options: running } = await startServer( options );
const result = await php.run( { code: SETUP( running.documentRoot ) } );
if ( ! result.text.includes( 'ready' ) ) {
	console.error(
		`WordPress setup failed: ${ result.text } ${ result.errors ?? '' }`
	);
	process.exit( 1 );
}
console.log( `wp-now ready on 127.0.0.1:${ port }` );
