import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { RateLimits } from '../../src/lib/rate-limit.ts';
import type { FileStorage } from '../../src/storage/index.ts';
import { createLocalStorage } from '../../src/storage/local.ts';
import {
	createTestersRepository,
	type Tester,
} from '../../src/features/me/repository.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { startFakeWordPress, type FakeWordPress } from './fake-wordpress.ts';
import { mintToken } from './tokens.ts';

/**
 * One real app per test file: a fresh database, a fake WordPress on a random port, a random shared secret, and
 * the log lines the app wrote.
 */
export interface TestContext {
	app: FastifyInstance;
	database: TestDatabase;
	wordpress: FakeWordPress;
	secret: string;
	logs: string[];
	/** The app's file store: a temporary directory of its own, removed by close(). */
	storage: FileStorage;
	/** That directory, for tests that check nothing is left in it. */
	storageDir: string;
	/** A tester with a WordPress user behind it; counters can be set straight away. */
	createTester: ( options?: TesterOptions ) => Promise< Tester >;
	tokenFor: ( tester: Tester, role?: string ) => Promise< string >;
	close: () => Promise< void >;
}

export interface TesterOptions {
	email?: string;
	password?: string;
	name?: string;
	surname?: string;
	birthDate?: string | null;
	roles?: string[];
	set?: Record< string, number | string | null >;
}

let counter = 0;

export function uniqueEmail( label = 'tester' ): string {
	counter += 1;
	return `${ label }.${ process.pid }.${ counter }@example.test`;
}

/** Limits no test reaches by accident; the rate-limit tests pass their own. */
const ROOMY_LIMITS: RateLimits = {
	emailCheck: { max: 10_000, windowSeconds: 600 },
	signUp: { max: 10_000, windowSeconds: 3600 },
};

export async function startTestContext( {
	wordpressTimeoutMs,
	rateLimits = ROOMY_LIMITS,
	trustedProxies,
	maxUploadBytes,
}: {
	wordpressTimeoutMs?: number;
	rateLimits?: RateLimits;
	trustedProxies?: string[];
	maxUploadBytes?: number;
} = {} ): Promise< TestContext > {
	const secret = randomBytes( 32 ).toString( 'hex' );
	const database = await createTestDatabase();
	const storageDir = fs.mkdtempSync(
		path.join( os.tmpdir(), 'crowdscout-api-files-' )
	);
	const storage = createLocalStorage( storageDir );
	const wordpress = await startFakeWordPress( { secret } );
	const logs: string[] = [];
	const stream = new Writable( {
		write( chunk, _encoding, done ) {
			logs.push( String( chunk ) );
			done();
		},
	} );
	const app = await buildApp( {
		config: {
			secret,
			wordpressUrl: wordpress.url,
			wordpressTimeoutMs,
			rateLimits,
			trustedProxies,
			maxUploadBytes,
		},
		db: database.db,
		logger: { level: 'info', stream },
		storage,
		lazyContract: true,
	} );
	const testers = createTestersRepository( database.db );

	return {
		app,
		database,
		wordpress,
		secret,
		logs,
		storage,
		storageDir,
		async createTester( {
			email = uniqueEmail(),
			password = 'Secret123',
			name = 'Tess',
			surname = 'Ter',
			birthDate = '1990-02-03',
			roles,
			set,
		} = {} ) {
			const user = wordpress.addUser( {
				email,
				password,
				name,
				surname,
				roles,
			} );
			const tester = await testers.create( {
				wpUserId: user.id,
				email,
				name,
				surname,
				birthDate,
				country: 'IT',
			} );
			if ( set ) {
				await database.db
					.updateTable( 'testers' )
					.set( set )
					.where( 'id', '=', tester.id )
					.execute();
				return ( await testers.findById( tester.id ) ) as Tester;
			}
			return tester;
		},
		tokenFor: ( tester, role = 'tester' ) =>
			mintToken( { secret, sub: tester.wpUserId, role } ),
		async close() {
			await app.close();
			await wordpress.close();
			await database.drop();
			fs.rmSync( storageDir, { recursive: true, force: true } );
		},
	};
}
