import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, WP_ZIP, WP_PUBLIC, SQLITE_ZIP } from './paths.mjs';
import { extractZip } from './zip.mjs';
import { run } from './process.mjs';

const SHIPPED_STATE = ( name ) =>
	name === 'wp-config.php' || name.startsWith( 'wp-content/database/' );

/**
 * Lays out WordPress 6.5 from the npm package (never from the internet): core, the static files the package
 * keeps apart, the SQLite integration, the Crowdscout plugin linked in, and the development mu-plugin.
 * Idempotent: an existing tree is kept (its database with it).
 *
 * @param {string} wpDir Folder to hold WordPress.
 */
export function layOutWordPress( wpDir ) {
	if ( ! fs.existsSync( path.join( wpDir, 'wp-includes/version.php' ) ) ) {
		fs.mkdirSync( wpDir, { recursive: true } );
		extractZip( WP_ZIP, wpDir, { skip: SHIPPED_STATE } );
		fs.cpSync( WP_PUBLIC, wpDir, {
			recursive: true,
			filter: ( source ) =>
				! source.endsWith( 'wordpress-remote-asset-paths' ),
		} );
	}
	const sqlitePlugin = path.join(
		wpDir,
		'wp-content/plugins/sqlite-database-integration'
	);
	if ( ! fs.existsSync( path.join( sqlitePlugin, 'load.php' ) ) ) {
		extractZip( SQLITE_ZIP, sqlitePlugin, { strip: 1 } );
	}
	// The SQLite drop-in is loaded only when this environment asks for SQLite, so one tree serves both engines.
	const dropIn = fs
		.readFileSync( path.join( sqlitePlugin, 'db.copy' ), 'utf8' )
		.replace(
			"'{SQLITE_IMPLEMENTATION_FOLDER_PATH}'",
			"__DIR__ . '/plugins/sqlite-database-integration'"
		)
		.replaceAll(
			'{SQLITE_PLUGIN}',
			'sqlite-database-integration/load.php'
		);
	fs.writeFileSync( path.join( wpDir, 'wp-content/db-sqlite.php' ), dropIn );
	fs.writeFileSync(
		path.join( wpDir, 'wp-content/db.php' ),
		"<?php\nif ( defined( 'CROWDSCOUT_DB_ENGINE' ) && 'sqlite' === CROWDSCOUT_DB_ENGINE ) {\n\trequire __DIR__ . '/db-sqlite.php';\n}\n"
	);

	linkPlugin( path.join( wpDir, 'wp-content/plugins/crowdscout' ) );
	const muPlugins = path.join( wpDir, 'wp-content/mu-plugins' );
	fs.mkdirSync( muPlugins, { recursive: true } );
	fs.copyFileSync(
		path.join( ROOT, 'scripts/wp/mu-plugins/crowdscout-dev.php' ),
		path.join( muPlugins, 'crowdscout-dev.php' )
	);
}

function linkPlugin( link ) {
	const target = path.join( ROOT, 'plugin' );
	try {
		if ( fs.readlinkSync( link ) === target ) {
			return;
		}
	} catch {}
	fs.rmSync( link, { recursive: true, force: true } );
	fs.symlinkSync( target, link, 'dir' );
}

/** Salts are made once per data directory and kept, so sessions survive a restart. */
function salts( dataDir ) {
	const file = path.join( dataDir, 'wp-salts.json' );
	if ( ! fs.existsSync( file ) ) {
		const names = [ 'AUTH', 'SECURE_AUTH', 'LOGGED_IN', 'NONCE' ].flatMap(
			( n ) => [ `${ n }_KEY`, `${ n }_SALT` ]
		);
		const values = Object.fromEntries(
			names.map( ( n ) => [
				n,
				crypto.randomBytes( 48 ).toString( 'base64' ),
			] )
		);
		fs.writeFileSync( file, JSON.stringify( values, null, 2 ), {
			mode: 0o600,
		} );
	}
	return JSON.parse( fs.readFileSync( file, 'utf8' ) );
}

const php = ( value ) =>
	`'${ String( value ).replace( /\\/g, '\\\\' ).replace( /'/g, "\\'" ) }'`;

/**
 * Writes wp-config.php for this environment (rewritten on every start, so options and ports can change).
 *
 * @param {Object}                                                                                     options
 * @param {string}                                                                                     options.wpDir
 * @param {string}                                                                                     options.dataDir
 * @param {string}                                                                                     options.siteUrl   Public URL (the proxy).
 * @param {Object}                                                                                     options.constants Crowdscout constants (secret, API URLs, mail file).
 * @param {{engine: 'sqlite'|'mysql', host?: string, name?: string, user?: string, password?: string}} options.db
 */
export function writeWpConfig( { wpDir, dataDir, siteUrl, constants, db } ) {
	const define = ( name, value ) =>
		`define( ${ php( name ) }, ${
			typeof value === 'boolean' ? String( value ) : php( value )
		} );`;
	const lines = [
		'<?php',
		'// Written by scripts/start.mjs on every start; edit the script, not this file.',
		define( 'CROWDSCOUT_DB_ENGINE', db.engine ),
		db.engine === 'sqlite'
			? [
					define( 'DB_DIR', path.join( dataDir, 'wordpress-db' ) ),
					define( 'DB_FILE', 'wordpress.sqlite' ),
					define( 'DB_NAME', 'wordpress' ),
					define( 'DB_USER', '' ),
					define( 'DB_PASSWORD', '' ),
					define( 'DB_HOST', '' ),
			  ].join( '\n' )
			: [
					define( 'DB_NAME', db.name ),
					define( 'DB_USER', db.user ),
					define( 'DB_PASSWORD', db.password ?? '' ),
					define( 'DB_HOST', db.host ),
			  ].join( '\n' ),
		define( 'DB_CHARSET', 'utf8mb4' ),
		define( 'DB_COLLATE', '' ),
		...Object.entries( salts( dataDir ) ).map( ( [ k, v ] ) =>
			define( k, v )
		),
		define( 'WP_HOME', siteUrl ),
		define( 'WP_SITEURL', siteUrl ),
		define( 'WP_ENVIRONMENT_TYPE', 'local' ),
		define( 'DISABLE_WP_CRON', true ),
		define( 'AUTOMATIC_UPDATER_DISABLED', true ),
		define( 'WP_AUTO_UPDATE_CORE', false ),
		define( 'WP_HTTP_BLOCK_EXTERNAL', true ),
		define( 'WP_ACCESSIBLE_HOSTS', '127.0.0.1,localhost' ),
		define( 'WP_DEBUG', true ),
		define( 'WP_DEBUG_DISPLAY', false ),
		define( 'WP_DEBUG_LOG', path.join( dataDir, 'logs/wordpress.log' ) ),
		...Object.entries( constants ).map( ( [ k, v ] ) => define( k, v ) ),
		"$table_prefix = 'wp_';",
		"if ( ! defined( 'ABSPATH' ) ) {\n\tdefine( 'ABSPATH', __DIR__ . '/' );\n}",
		"require_once ABSPATH . 'wp-settings.php';",
		'',
	];
	fs.mkdirSync( path.join( dataDir, 'wordpress-db' ), { recursive: true } );
	fs.mkdirSync( path.join( dataDir, 'logs' ), { recursive: true } );
	fs.writeFileSync( path.join( wpDir, 'wp-config.php' ), lines.join( '\n' ), {
		mode: 0o600,
	} );
}

/**
 * Installs WordPress when needed, sets permalinks, activates the plugin (native PHP).
 *
 * @param {Object}                            options
 * @param {string}                            options.wpDir
 * @param {string}                            options.siteUrl
 * @param {{email: string, password: string}} options.admin
 * @param {AbortSignal}                       [options.signal] Stops the installer (a stop while starting).
 */
export async function installWordPress( { wpDir, siteUrl, admin, signal } ) {
	await run( 'php', [ path.join( ROOT, 'scripts/wp/install.php' ), wpDir ], {
		signal,
		env: {
			...process.env,
			CROWDSCOUT_SITE_URL: siteUrl,
			CROWDSCOUT_ADMIN_EMAIL: admin.email,
			CROWDSCOUT_ADMIN_PASSWORD: admin.password,
		},
	} );
}
