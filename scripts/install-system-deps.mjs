#!/usr/bin/env node
/**
 * Installs the Debian packages the tests need when they are missing: PHP (WordPress), MariaDB (the production
 * engine's tests), Chromium (browser tests), PHPUnit. Needs root; without it, says what is missing.
 * Uses only Node's own modules, so it runs before `npm ci`.
 */
import { PHP_PACKAGES, ensureCommands, has } from './lib/system.mjs';

// Debian keeps mariadbd in /usr/sbin, which is not on every user's PATH.
process.env.PATH = `${ process.env.PATH }:/usr/sbin:/sbin`;

const NEEDS = {
	php: PHP_PACKAGES,
	phpunit: [ 'phpunit' ],
	mariadbd: [ 'mariadb-server' ],
	mariadb: [ 'mariadb-client' ],
	chromium: [ 'chromium' ],
};

if ( await ensureCommands( NEEDS ) ) {
	console.log( 'System packages: all present.' );
} else {
	const missing = Object.keys( NEEDS ).filter(
		( command ) => ! has( command )
	);
	const packages = [
		...new Set( missing.flatMap( ( command ) => NEEDS[ command ] ) ),
	];
	console.error(
		`Missing: ${ missing.join(
			', '
		) }. As root, run: apt-get install ${ packages.join( ' ' ) }`
	);
	process.exit( 1 );
}
