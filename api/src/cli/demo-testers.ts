/**
 * The demo testers of `npm start` (scripts/lib/demo.mjs), made sure of on every start: each one that has no
 * tester row yet is signed up with the API's own sign-up (the WordPress user through the internal channel, then
 * the tester row), but not through the public route, so starting the platform never spends the per-address
 * sign-up limit (README, "Accounts"). A WordPress user left without its tester row (a start stopped halfway) gets
 * the row once its password checks out. A tester that exists is left alone.
 *
 *   CROWDSCOUT_DEMO_TESTERS='[{"email":…,"password":…,"name":…,"surname":…,"birthDate":…,"country":…}]' \
 *   CROWDSCOUT_SECRET=… CROWDSCOUT_WP_URL=… CROWDSCOUT_DB_URL=… node --import tsx src/cli/demo-testers.ts
 *
 * Prints one line per tester: `created EMAIL`, `completed EMAIL` (the WordPress user existed), `exists EMAIL`, or
 * `skipped EMAIL` (a WordPress user with another password, and no tester row: left alone, with a warning).
 */
import pino from 'pino';
import { checkSecret } from '../config.ts';
import {
	createTestersRepository,
	normaliseEmail,
} from '../features/me/repository.ts';
import { signUp, type SignUpInput } from '../features/users/sign-up.ts';
import { HttpError } from '../lib/errors.ts';
import { createWordPressClient } from '../lib/wordpress.ts';
import { withDatabase } from './database.ts';

interface DemoTesterInput {
	email: string;
	password: string;
	name: string;
	surname: string;
	birthDate: string;
	country: string;
}

function readTesters( value: string | undefined ): DemoTesterInput[] {
	const testers: unknown = JSON.parse( value ?? '[]' );
	if ( ! Array.isArray( testers ) ) {
		throw new Error( 'CROWDSCOUT_DEMO_TESTERS must be a JSON array' );
	}
	for ( const tester of testers ) {
		for ( const field of [
			'email',
			'password',
			'name',
			'surname',
			'birthDate',
			'country',
		] ) {
			if ( typeof tester?.[ field ] !== 'string' ) {
				throw new Error(
					`CROWDSCOUT_DEMO_TESTERS: every tester needs a string "${ field }"`
				);
			}
		}
	}
	return testers as DemoTesterInput[];
}

const out = ( line: string ) => process.stdout.write( `${ line }\n` );

await withDatabase( async ( database ) => {
	const testers = createTestersRepository( database.db );
	const wordpress = createWordPressClient( {
		baseUrl: process.env.CROWDSCOUT_WP_URL ?? 'http://127.0.0.1:8081',
		key: { secret: checkSecret( process.env.CROWDSCOUT_SECRET ) },
		timeoutMs: 30_000,
	} );
	const log = pino( { level: 'warn' }, pino.destination( 2 ) );
	for ( const tester of readTesters( process.env.CROWDSCOUT_DEMO_TESTERS ) ) {
		const email = normaliseEmail( tester.email );
		if ( await testers.findByEmail( email ) ) {
			out( `exists ${ email }` );
			continue;
		}
		try {
			await signUp( { testers, wordpress }, tester as SignUpInput, log );
			out( `created ${ email }` );
		} catch ( error ) {
			if (
				! ( error instanceof HttpError && error.statusCode === 412 )
			) {
				throw error;
			}
			// The WordPress user exists without a tester row: give it its row when the password is the demo's.
			const user = await wordpress.checkPassword( {
				username: email,
				password: tester.password,
			} );
			if ( ! user ) {
				// Someone changed the demo password: the account is theirs now, and the start goes on without it.
				out( `skipped ${ email }` );
				process.stderr.write(
					`${ email } is a WordPress user with another password and no tester row; delete the user or run npm run reset to have the demo tester again\n`
				);
				continue;
			}
			if ( ! ( await testers.findByWpUserId( user.id ) ) ) {
				await testers.create( {
					wpUserId: user.id,
					email,
					name: tester.name.trim(),
					surname: tester.surname.trim(),
					birthDate: tester.birthDate,
					country: tester.country.toUpperCase(),
				} );
			}
			out( `completed ${ email }` );
		}
	}
} );
