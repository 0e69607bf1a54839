import path from 'node:path';
import { ROOT } from './paths.mjs';
import { run } from './process.mjs';

/**
 * Demo logins of the development platform (documented in the README). WordPress keeps the passwords; the API
 * creates testers through its sign-up call, which goes through the internal channel like a real sign-up. A
 * `profile` names the rows the seed generator gives the tester (api/src/seed, DEMO_PROFILES).
 */
export const DEMO_ADMIN = {
	email: 'admin@crowdscout.test',
	login: 'admin',
	password: 'Admin1234!',
};

export const DEMO_TESTERS = [
	{
		email: 'demo@crowdscout.test',
		password: 'Demo1234!',
		name: 'Dana',
		surname: 'Demo',
		birthDate: '1992-05-14',
		country: 'IT',
		profile: 'newcomer',
	},
	// Made a tester_lead by the development mu-plugin (scripts/wp/mu-plugins/crowdscout-dev.php).
	{
		email: 'lead@crowdscout.test',
		password: 'Lead1234!',
		name: 'Leo',
		surname: 'Lead',
		birthDate: '1988-03-02',
		country: 'FR',
	},
	{
		email: 'veteran@crowdscout.test',
		password: 'Veteran1234!',
		name: 'Vera',
		surname: 'Veteran',
		birthDate: '1985-09-23',
		country: 'IT',
		profile: 'veteran',
	},
	{
		email: 'unverified@crowdscout.test',
		password: 'Unverified1234!',
		name: 'Umberto',
		surname: 'Unverified',
		birthDate: '1996-11-30',
		country: 'IT',
		profile: 'unverified',
	},
	{
		email: 'heavy@crowdscout.test',
		password: 'Heavy1234!',
		name: 'Hana',
		surname: 'Heavy',
		birthDate: '1990-07-08',
		country: 'ES',
		profile: 'heavy',
	},
];

/** The small set of `npm start`: generated testers and campaigns around the demo testers. */
const DEMO_SEED = { testers: 300, campaigns: 40 };

/**
 * Creates the demo testers that do not exist yet, then, once per database, the demo data: the seed generator
 * writes DEMO_SEED into the API's database and gives each demo tester the rows of its profile.
 *
 * @param {{ apiUrl: string, apiDbUrl: string, log?: (line: string) => void }} options
 */
export async function seedDemo( { apiUrl, apiDbUrl, log = console.log } ) {
	for ( const { profile, ...tester } of DEMO_TESTERS ) {
		const response = await fetch( `${ apiUrl }/users`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify( tester ),
		} );
		if ( response.status === 201 ) {
			log( `Created demo tester ${ tester.email }` );
		} else if ( response.status !== 412 ) {
			throw new Error(
				`Could not create demo tester ${ tester.email }: ${
					response.status
				} ${ await response.text() }`
			);
		}
	}
	const started = Date.now();
	// The seed's "now" is today, so running campaigns run and this month's ranking has points.
	const today = new Date().toISOString().slice( 0, 10 );
	const output = await run(
		process.execPath,
		[
			'--import',
			'tsx',
			'src/seed/cli.ts',
			'--testers',
			String( DEMO_SEED.testers ),
			'--campaigns',
			String( DEMO_SEED.campaigns ),
			'--reference-date',
			today,
			'--if-unseeded',
			...DEMO_TESTERS.filter( ( tester ) => tester.profile ).flatMap(
				( tester ) => [
					'--demo',
					`${ tester.email }=${ tester.profile }`,
				]
			),
		],
		{
			cwd: path.join( ROOT, 'api' ),
			env: { ...process.env, CROWDSCOUT_DB_URL: apiDbUrl },
		}
	);
	if ( ! output.includes( 'Already seeded' ) ) {
		log(
			`Seeded the demo data (${ DEMO_SEED.testers } testers, ${
				DEMO_SEED.campaigns
			} campaigns, the demo testers' histories) in ${ (
				( Date.now() - started ) /
				1000
			).toFixed( 1 ) } s`
		);
	}
}
