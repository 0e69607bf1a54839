import path from 'node:path';
import { ROOT } from './paths.mjs';
import { run } from './process.mjs';

/**
 * Demo logins of the development platform (documented in the README). WordPress keeps the passwords; the API's
 * sign-up code creates the testers (seedDemo), through the internal channel like a real sign-up. A
 * `profile` names the rows the seed generator gives the tester (api/src/seed, DEMO_PROFILES).
 */
export const DEMO_ADMIN = {
	email: 'admin@crowdscout.test',
	login: 'admin',
	password: 'Admin1234!',
};

export const DEMO_LEAD_EMAIL = 'lead@crowdscout.test';

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
	// Made a tester_lead by the development mu-plugin (scripts/wp/mu-plugins/crowdscout-dev.php); leads the
	// campaigns the demo testers applied to (api/src/seed/demo-leads.ts).
	{
		email: DEMO_LEAD_EMAIL,
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
	{
		email: 'invoice@crowdscout.test',
		password: 'Invoice1234!',
		name: 'Ivo',
		surname: 'Invoice',
		birthDate: '1979-02-11',
		country: 'IT',
		profile: 'invoice',
	},
];

/** The small set of `npm start`: generated testers and campaigns around the demo testers. */
const DEMO_SEED = { testers: 300, campaigns: 40 };

/**
 * Creates the demo testers that do not exist yet, then, once per database, the demo data: the seed generator
 * writes DEMO_SEED into the API's database and gives each demo tester the rows of its profile.
 *
 * The testers are made by the API's own sign-up code run as a command (api/src/cli/demo-testers.ts: the
 * WordPress user through the internal channel, then the tester row), never through the public `POST /api/users`,
 * whose per-address limit (20 an hour) a few starts in a row would otherwise spend. Existing testers are skipped.
 *
 * The seed writes the demo bugs' media files into `dataDir`, where the API reads them.
 *
 * @param {{ apiDbUrl: string, secret: string, wordpressUrl: string, dataDir: string, log?: (line: string) => void, signal?: AbortSignal }} options
 */
export async function seedDemo( {
	apiDbUrl,
	secret,
	wordpressUrl,
	dataDir,
	log = console.log,
	signal,
} ) {
	const created = await run(
		process.execPath,
		[ '--import', 'tsx', 'src/cli/demo-testers.ts' ],
		{
			// Its warnings (a welcome mail WordPress could not send) stay out of the way; a failure still
			// shows all of its output.
			quiet: true,
			signal,
			cwd: path.join( ROOT, 'api' ),
			env: {
				...process.env,
				CROWDSCOUT_DB_URL: apiDbUrl,
				CROWDSCOUT_SECRET: secret,
				CROWDSCOUT_WP_URL: wordpressUrl,
				CROWDSCOUT_DEMO_TESTERS: JSON.stringify(
					// eslint-disable-next-line no-unused-vars
					DEMO_TESTERS.map( ( { profile, ...tester } ) => tester )
				),
			},
		}
	);
	for ( const line of created.split( '\n' ) ) {
		const [ what, email ] = line.trim().split( ' ' );
		if ( what === 'created' || what === 'completed' ) {
			log( `Created demo tester ${ email }` );
		} else if ( what === 'skipped' ) {
			log(
				`Demo tester ${ email } skipped: a WordPress user has the email with another password and no tester row`
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
			'src/cli/seed.ts',
			'--testers',
			String( DEMO_SEED.testers ),
			'--campaigns',
			String( DEMO_SEED.campaigns ),
			'--reference-date',
			today,
			'--if-unseeded',
			'--lead',
			DEMO_LEAD_EMAIL,
			...DEMO_TESTERS.filter( ( tester ) => tester.profile ).flatMap(
				( tester ) => [
					'--demo',
					`${ tester.email }=${ tester.profile }`,
				]
			),
		],
		{
			signal,
			cwd: path.join( ROOT, 'api' ),
			env: {
				...process.env,
				CROWDSCOUT_DB_URL: apiDbUrl,
				CROWDSCOUT_DATA_DIR: dataDir,
			},
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
