#!/usr/bin/env node
/**
 * Installs the Debian packages the tests need when they are missing: PHP (WordPress), MariaDB (the production
 * engine's tests), Chromium (browser tests), PHPUnit. Needs root; without it, says what is missing.
 * Plain Node with no dependencies, so it runs before `npm ci`.
 */
import { execFileSync } from 'node:child_process';

const NEEDS = {
	php: [
		'php-cli',
		'php-sqlite3',
		'php-mysql',
		'php-xml',
		'php-mbstring',
		'php-curl',
		'php-gd',
		'php-zip',
		'php-intl',
	],
	phpunit: [ 'phpunit' ],
	mariadbd: [ 'mariadb-server' ],
	mariadb: [ 'mariadb-client' ],
	chromium: [ 'chromium' ],
};

const has = ( command ) => {
	try {
		execFileSync( 'sh', [ '-c', `command -v ${ command }` ], {
			stdio: 'ignore',
		} );
		return true;
	} catch {
		return false;
	}
};
// Debian keeps mariadbd in /usr/sbin, which is not on every user's PATH.
process.env.PATH = `${ process.env.PATH }:/usr/sbin:/sbin`;

const missing = Object.keys( NEEDS ).filter( ( command ) => ! has( command ) );
if ( missing.length === 0 ) {
	console.log( 'System packages: all present.' );
	process.exit( 0 );
}
const packages = [
	...new Set( missing.flatMap( ( command ) => NEEDS[ command ] ) ),
];
if ( process.getuid?.() !== 0 ) {
	console.error(
		`Missing: ${ missing.join(
			', '
		) }. As root, run: apt-get install ${ packages.join( ' ' ) }`
	);
	process.exit( 1 );
}
console.log( `Installing ${ packages.join( ' ' ) }…` );
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync( 'apt-get', [ 'update', '-qq' ], { stdio: 'inherit', env } );
execFileSync(
	'apt-get',
	[ 'install', '-y', '-qq', '--no-install-recommends', ...packages ],
	{ stdio: 'inherit', env }
);
