import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
	ConfigError,
	readDatabaseUrl,
	readServerConfig,
} from '../src/config.ts';

const SECRET = 's'.repeat( 32 );

describe( 'readServerConfig', () => {
	it( 'refuses to run without a secret, or with a short one', () => {
		assert.throws(
			() => readServerConfig( {} ),
			( error: unknown ) => {
				assert.ok( error instanceof ConfigError );
				assert.match(
					error.message,
					/CROWDSCOUT_SECRET is not set.*there is no default/
				);
				return true;
			}
		);
		assert.throws(
			() => readServerConfig( { CROWDSCOUT_SECRET: 's'.repeat( 31 ) } ),
			/too short \(31 characters\)/
		);
	} );

	it( 'has the documented defaults', () => {
		assert.deepEqual(
			readServerConfig( { CROWDSCOUT_SECRET: SECRET }, '/srv/api' ),
			{
				app: {
					secret: SECRET,
					wordpressUrl: 'http://127.0.0.1:8081',
					trustedProxies: [ '127.0.0.1', '::1' ],
					dataDir: '/srv/api/.data',
					maxUploadBytes: 256 * 1024 * 1024,
				},
				databaseUrl: 'sqlite:///srv/api/.data/api.sqlite',
				host: '127.0.0.1',
				port: 8082,
				logLevel: 'info',
				workers: 1,
			}
		);
	} );

	it( 'reads every setting', () => {
		const config = readServerConfig(
			{
				CROWDSCOUT_SECRET: SECRET,
				CROWDSCOUT_DB_URL: 'mysql://u:p@db:3306/api',
				CROWDSCOUT_API_HOST: '0.0.0.0',
				CROWDSCOUT_API_PORT: '9000',
				CROWDSCOUT_WP_URL: 'https://example.org/',
				LOG_LEVEL: 'debug',
				CROWDSCOUT_API_WORKERS: '4',
				CROWDSCOUT_TRUSTED_PROXIES:
					' 10.0.0.5, 192.168.0.0/16,2001:db8::/32 ',
				CROWDSCOUT_MAX_UPLOAD_MB: '64',
			},
			'/srv/api'
		);
		assert.deepEqual( config, {
			app: {
				secret: SECRET,
				wordpressUrl: 'https://example.org',
				trustedProxies: [
					'10.0.0.5',
					'192.168.0.0/16',
					'2001:db8::/32',
				],
				dataDir: '/srv/api/.data',
				maxUploadBytes: 64 * 1024 * 1024,
			},
			databaseUrl: 'mysql://u:p@db:3306/api',
			host: '0.0.0.0',
			port: 9000,
			logLevel: 'debug',
			workers: 4,
		} );
	} );

	it( 'puts the SQLite file in CROWDSCOUT_DATA_DIR', () => {
		assert.equal(
			readDatabaseUrl( { CROWDSCOUT_DATA_DIR: '/data' } ),
			'sqlite:///data/api.sqlite'
		);
		assert.equal(
			readDatabaseUrl( { CROWDSCOUT_DATA_DIR: 'rel' }, '/srv' ),
			'sqlite:///srv/rel/api.sqlite'
		);
	} );

	it( 'refuses nonsense with a message naming the variable', () => {
		const base = { CROWDSCOUT_SECRET: SECRET };
		assert.throws(
			() => readServerConfig( { ...base, CROWDSCOUT_API_PORT: 'http' } ),
			/CROWDSCOUT_API_PORT/
		);
		assert.throws(
			() => readServerConfig( { ...base, CROWDSCOUT_WP_URL: 'ftp://x' } ),
			/CROWDSCOUT_WP_URL/
		);
		assert.throws(
			() => readServerConfig( { ...base, LOG_LEVEL: 'loud' } ),
			/LOG_LEVEL/
		);
		for ( const workers of [ '0', '1.5', 'many', '65' ] ) {
			assert.throws(
				() =>
					readServerConfig( {
						...base,
						CROWDSCOUT_API_WORKERS: workers,
					} ),
				/CROWDSCOUT_API_WORKERS must be a number of processes from 1 to 64/
			);
		}
		for ( const proxies of [
			'loopback',
			'10.0.0.300',
			'10.0.0.0/33',
			'::1/129',
			'10.0.0.0/8/8',
			'10.0.0.0/',
		] ) {
			assert.throws(
				() =>
					readServerConfig( {
						...base,
						CROWDSCOUT_TRUSTED_PROXIES: proxies,
					} ),
				/CROWDSCOUT_TRUSTED_PROXIES must list IP addresses or CIDRs/,
				proxies
			);
		}
	} );

	it( 'trusts the development proxy when CROWDSCOUT_TRUSTED_PROXIES is empty, as WordPress does', () => {
		assert.deepEqual(
			readServerConfig( {
				CROWDSCOUT_SECRET: SECRET,
				CROWDSCOUT_TRUSTED_PROXIES: ' , ',
			} ).app.trustedProxies,
			[ '127.0.0.1', '::1' ]
		);
	} );
} );
