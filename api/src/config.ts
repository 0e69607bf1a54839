import { isIP } from 'node:net';
import path from 'node:path';
import type { RateLimits } from './lib/rate-limit.ts';

/**
 * Configuration comes from the environment only (docs/contracts.md, README). Nothing secret has a default:
 * without CROWDSCOUT_SECRET the service refuses to start.
 */

export const MIN_SECRET_LENGTH = 32;

export interface AppConfig {
	/** The secret shared with WordPress; the JWT and channel keys are derived from it. */
	secret: string;
	/** WordPress base URL for the internal channel. */
	wordpressUrl: string;
	wordpressTimeoutMs?: number;
	/** Limits of the public calls; DEFAULT_RATE_LIMITS when absent. */
	rateLimits?: RateLimits;
	/** Addresses and CIDRs of the reverse proxies whose X-Forwarded-For is believed; DEFAULT_TRUSTED_PROXIES when absent. */
	trustedProxies?: string[];
	/** The data directory (readDataDir); stored files go to its `media` directory unless buildApp is given a store. */
	dataDir?: string;
	/** The largest uploaded file, in bytes (readMaxUploadBytes); DEFAULT_MAX_UPLOAD_MB when absent. */
	maxUploadBytes?: number;
}

/** The development proxy (scripts/lib/proxy.mjs), which reaches the API over loopback. */
export const DEFAULT_TRUSTED_PROXIES = [ '127.0.0.1', '::1' ];

export interface ServerConfig {
	app: AppConfig;
	databaseUrl: string;
	host: string;
	port: number;
	logLevel: string;
	/** API processes sharing the port (CROWDSCOUT_API_WORKERS, default 1): one per core in production. */
	workers: number;
}

export class ConfigError extends Error {
	constructor( message: string ) {
		super( message );
		this.name = 'ConfigError';
	}
}

const LOG_LEVELS = [
	'fatal',
	'error',
	'warn',
	'info',
	'debug',
	'trace',
	'silent',
];

export function checkSecret( secret: string | undefined ): string {
	if ( ! secret ) {
		throw new ConfigError(
			'CROWDSCOUT_SECRET is not set. The API needs the secret it shares with WordPress (at least ' +
				`${ MIN_SECRET_LENGTH } characters, e.g. \`openssl rand -hex 32\`); there is no default.`
		);
	}
	if ( secret.length < MIN_SECRET_LENGTH ) {
		throw new ConfigError(
			`CROWDSCOUT_SECRET is too short (${ secret.length } characters); it must be at least ${ MIN_SECRET_LENGTH }.`
		);
	}
	return secret;
}

/** The data directory: CROWDSCOUT_DATA_DIR, default ./.data (the SQLite file, stored files). */
export function readDataDir(
	env: NodeJS.ProcessEnv = process.env,
	cwd: string = process.cwd()
): string {
	return path.resolve( cwd, env.CROWDSCOUT_DATA_DIR || '.data' );
}

/** CROWDSCOUT_MAX_UPLOAD_MB's default: room for a few minutes of phone video. */
export const DEFAULT_MAX_UPLOAD_MB = 256;

const MEGABYTE = 1024 * 1024;

/**
 * CROWDSCOUT_MAX_UPLOAD_MB, the largest uploaded file (task and bug media) in megabytes (MiB), as bytes: a whole
 * number from 1 to 10240; unset or empty, DEFAULT_MAX_UPLOAD_MB.
 *
 * @param value
 */
export function readMaxUploadBytes( value: string | undefined ): number {
	if ( value === undefined || value.trim() === '' ) {
		return DEFAULT_MAX_UPLOAD_MB * MEGABYTE;
	}
	const megabytes = Number( value );
	if ( ! /^\s*\d+\s*$/.test( value ) || megabytes < 1 || megabytes > 10240 ) {
		throw new ConfigError(
			`CROWDSCOUT_MAX_UPLOAD_MB must be a whole number of megabytes from 1 to 10240, not "${ value }".`
		);
	}
	return megabytes * MEGABYTE;
}

/** CROWDSCOUT_DB_URL, or the SQLite file in the data directory. */
export function readDatabaseUrl(
	env: NodeJS.ProcessEnv = process.env,
	cwd: string = process.cwd()
): string {
	if ( env.CROWDSCOUT_DB_URL ) {
		return env.CROWDSCOUT_DB_URL;
	}
	return `sqlite://${ path.join( readDataDir( env, cwd ), 'api.sqlite' ) }`;
}

function readUrl( name: string, value: string ): string {
	let url: URL;
	try {
		url = new URL( value );
	} catch {
		throw new ConfigError(
			`${ name } must be an http(s) URL, not "${ value }".`
		);
	}
	if ( url.protocol !== 'http:' && url.protocol !== 'https:' ) {
		throw new ConfigError(
			`${ name } must be an http(s) URL, not "${ value }".`
		);
	}
	return value.replace( /\/+$/, '' );
}

/**
 * CROWDSCOUT_TRUSTED_PROXIES: comma-separated IP addresses or CIDRs; unset or empty, the development proxy (the
 * same rule as WordPress's setting of that name).
 *
 * @param value
 */
export function readTrustedProxies( value: string | undefined ): string[] {
	const entries = ( value ?? '' )
		.split( ',' )
		.map( ( entry ) => entry.trim() )
		.filter( Boolean );
	if ( ! entries.length ) {
		return DEFAULT_TRUSTED_PROXIES;
	}
	for ( const entry of entries ) {
		const [ address, prefix, ...rest ] = entry.split( '/' );
		const version = isIP( address );
		const bits = version === 4 ? 32 : 128;
		if (
			! version ||
			rest.length ||
			( prefix !== undefined &&
				! ( /^\d{1,3}$/.test( prefix ) && Number( prefix ) <= bits ) )
		) {
			throw new ConfigError(
				`CROWDSCOUT_TRUSTED_PROXIES must list IP addresses or CIDRs separated by commas; "${ entry }" is neither.`
			);
		}
	}
	return entries;
}

export function readServerConfig(
	env: NodeJS.ProcessEnv = process.env,
	cwd: string = process.cwd()
): ServerConfig {
	const secret = checkSecret( env.CROWDSCOUT_SECRET );
	const port = Number( env.CROWDSCOUT_API_PORT ?? 8082 );
	if ( ! Number.isInteger( port ) || port < 0 || port > 65535 ) {
		throw new ConfigError(
			`CROWDSCOUT_API_PORT must be a port number, not "${ env.CROWDSCOUT_API_PORT }".`
		);
	}
	const workers = Number( env.CROWDSCOUT_API_WORKERS ?? 1 );
	if ( ! Number.isInteger( workers ) || workers < 1 || workers > 64 ) {
		throw new ConfigError(
			`CROWDSCOUT_API_WORKERS must be a number of processes from 1 to 64, not "${ env.CROWDSCOUT_API_WORKERS }".`
		);
	}
	const logLevel = env.LOG_LEVEL || 'info';
	if ( ! LOG_LEVELS.includes( logLevel ) ) {
		throw new ConfigError(
			`LOG_LEVEL must be one of ${ LOG_LEVELS.join(
				', '
			) }, not "${ logLevel }".`
		);
	}
	return {
		app: {
			secret,
			// The development layout: WordPress listens one port above the proxy, the API two above.
			wordpressUrl: readUrl(
				'CROWDSCOUT_WP_URL',
				env.CROWDSCOUT_WP_URL || 'http://127.0.0.1:8081'
			),
			trustedProxies: readTrustedProxies(
				env.CROWDSCOUT_TRUSTED_PROXIES
			),
			dataDir: readDataDir( env, cwd ),
			maxUploadBytes: readMaxUploadBytes( env.CROWDSCOUT_MAX_UPLOAD_MB ),
		},
		databaseUrl: readDatabaseUrl( env, cwd ),
		host: env.CROWDSCOUT_API_HOST || '127.0.0.1',
		port,
		logLevel,
		workers,
	};
}
