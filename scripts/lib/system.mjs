import { execFileSync } from 'node:child_process';
import { run } from './process.mjs';

let updated = false;

/** True when a command is on the PATH. */
export function has( command ) {
	try {
		execFileSync( 'sh', [ '-c', `command -v ${ command }` ], {
			stdio: 'ignore',
		} );
		return true;
	} catch {
		return false;
	}
}

/** True when this process may install Debian packages. */
export function canInstall() {
	return process.getuid?.() === 0 && has( 'apt-get' );
}

/**
 * Installs Debian packages (apt-get update first, once per process).
 *
 * @param {string[]}               packages
 * @param {(line: string) => void} log
 */
export async function aptInstall( packages, log = console.log ) {
	log( `Installing Debian packages: ${ packages.join( ' ' ) }` );
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	if ( ! updated ) {
		await run( 'apt-get', [ 'update', '-qq' ], { env, quiet: true } );
		updated = true;
	}
	await run(
		'apt-get',
		[ 'install', '-y', '-qq', '--no-install-recommends', ...packages ],
		{ env, quiet: true }
	);
}

/**
 * Installs Debian packages for the commands that are missing, when we may.
 *
 * @param {Record<string, string[]>} needs Command → Debian packages that provide it (and its friends).
 * @param {(line: string) => void}   log
 * @return {Promise<boolean>} True when every command is there afterwards.
 */
export async function ensureCommands( needs, log = console.log ) {
	const missing = Object.keys( needs ).filter(
		( command ) => ! has( command )
	);
	if ( missing.length === 0 ) {
		return true;
	}
	if ( ! canInstall() ) {
		return false;
	}
	await aptInstall(
		[ ...new Set( missing.flatMap( ( command ) => needs[ command ] ) ) ],
		log
	);
	return missing.every( has );
}

export const PHP_PACKAGES = [
	'php-cli',
	'php-sqlite3',
	'php-mysql',
	'php-xml',
	'php-mbstring',
	'php-curl',
	'php-gd',
	'php-zip',
	'php-intl',
];

const PHP_MODULES = {
	pdo_sqlite: 'php-sqlite3',
	mysqli: 'php-mysql',
	mbstring: 'php-mbstring',
	dom: 'php-xml',
};

/**
 * Native PHP with the extensions WordPress and the SQLite integration need, installed when missing and allowed.
 *
 * @param {(line: string) => void} log
 * @return {Promise<boolean>} False when no usable PHP can be had here.
 */
export async function ensurePhp( log = console.log ) {
	if ( ! ( await ensureCommands( { php: PHP_PACKAGES }, log ) ) ) {
		return false;
	}
	const lacking = () => {
		const modules = execFileSync( 'php', [ '-m' ], {
			encoding: 'utf8',
		} ).split( '\n' );
		return Object.keys( PHP_MODULES ).filter(
			( module ) => ! modules.includes( module )
		);
	};
	if ( lacking().length && canInstall() ) {
		await aptInstall(
			lacking().map( ( module ) => PHP_MODULES[ module ] ),
			log
		);
	}
	return lacking().length === 0;
}
