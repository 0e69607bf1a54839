/**
 * `npm run seed -- --testers N --campaigns M [--bugs-per-tester K] [--experience-per-tester E] [--seed S]
 * [--reference-date YYYY-MM-DD] [--demo EMAIL=PROFILE …] [--lead EMAIL …] [--if-unseeded] [--db-url URL] [--reset]`: migrates
 * the database forward, then writes demo data (see index.ts). A database that already holds seeded rows is
 * refused unless --reset, which deletes them first, or --if-unseeded, which then leaves it as it is (what
 * `npm start` does on every start). --demo gives an existing tester, found by email, a demo profile.
 */
import { parseArgs } from 'node:util';
import { readDataDir, readDatabaseUrl } from '../config.ts';
import { createDatabase, redactUrl } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { normaliseEmail } from '../features/me/repository.ts';
import {
	countSeeded,
	DEMO_PROFILES,
	resetSeed,
	seed,
	type DemoProfile,
	type DemoTester,
	type SeedProgress,
} from '../seed/index.ts';
import { writeCustomFieldCatalogue } from '../seed/custom-fields.ts';
import { createLocalStorage, mediaDirectory } from '../storage/local.ts';

const USAGE =
	'Usage: npm run seed -- --testers N --campaigns M [--bugs-per-tester K] [--experience-per-tester E] ' +
	'[--seed S] [--reference-date YYYY-MM-DD] [--demo EMAIL=PROFILE …] [--lead EMAIL …] [--if-unseeded] [--db-url URL] [--reset]';

const { values } = parseArgs( {
	options: {
		testers: { type: 'string' },
		campaigns: { type: 'string' },
		'bugs-per-tester': { type: 'string' },
		'experience-per-tester': { type: 'string' },
		seed: { type: 'string', default: '1' },
		'reference-date': { type: 'string' },
		'db-url': { type: 'string' },
		demo: { type: 'string', multiple: true, default: [] },
		lead: { type: 'string', multiple: true, default: [] },
		'if-unseeded': { type: 'boolean', default: false },
		reset: { type: 'boolean', default: false },
		help: { type: 'boolean', default: false },
	},
} );

function count( name: string, value: string | undefined ): number | undefined {
	if ( value === undefined ) {
		return undefined;
	}
	const number = Number( value.replace( /_/g, '' ) );
	if ( ! Number.isSafeInteger( number ) || number < 0 ) {
		throw new Error(
			`--${ name } must be a whole number, not "${ value }"`
		);
	}
	return number;
}

/**
 * The WordPress users of the testers with these emails (--lead): the demo's team leaders.
 *
 * @param db
 * @param emails
 */
async function leadUsers(
	db: ReturnType< typeof createDatabase >[ 'db' ],
	emails: string[]
): Promise< number[] > {
	const users: number[] = [];
	for ( const email of emails ) {
		const row = await db
			.selectFrom( 'testers' )
			.select( 'wp_user_id' )
			.where( 'email', '=', email )
			.executeTakeFirst();
		if ( ! row ) {
			throw new Error( `--lead: no tester has the email ${ email }` );
		}
		users.push( Number( row.wp_user_id ) );
	}
	return users;
}

async function demoTesters(
	db: ReturnType< typeof createDatabase >[ 'db' ],
	pairs: string[]
): Promise< DemoTester[] > {
	const demo: DemoTester[] = [];
	for ( const pair of pairs ) {
		const [ email, profile ] = pair.split( '=' );
		if ( ! DEMO_PROFILES.includes( profile as DemoProfile ) ) {
			throw new Error(
				`--demo takes EMAIL=PROFILE with a profile among ${ DEMO_PROFILES.join(
					', '
				) }, not "${ pair }"`
			);
		}
		const tester = await db
			.selectFrom( 'testers' )
			.select( 'id' )
			.where( 'email', '=', normaliseEmail( email ) )
			.executeTakeFirst();
		if ( ! tester ) {
			throw new Error( `--demo: no tester has the email ${ email }` );
		}
		demo.push( {
			testerId: Number( tester.id ),
			profile: profile as DemoProfile,
		} );
	}
	return demo;
}

const format = ( value: number ) => Math.round( value ).toLocaleString( 'en' );
const seconds = ( ms: number ) => `${ ( ms / 1000 ).toFixed( 1 ) } s`;
const out = ( line: string ) => process.stdout.write( `${ line }\n` );

if ( values.help ) {
	out( USAGE );
	process.exit( 0 );
}

async function seedAndReport(
	db: ReturnType< typeof createDatabase >[ 'db' ],
	testers: number,
	campaigns: number
): Promise< void > {
	if ( ( await countSeeded( db ) ) > 0 ) {
		if ( ! values.reset ) {
			throw new Error(
				'This database already holds seeded testers or campaigns: pass --reset to delete them and seed again.'
			);
		}
		const started = performance.now();
		await resetSeed( db, storage );
		out(
			`Deleted the seeded rows in ${ seconds(
				performance.now() - started
			) }`
		);
	}
	let reported = 0;
	const result = await seed( db, {
		seed: values.seed,
		testers,
		campaigns,
		bugsPerTester: count( 'bugs-per-tester', values[ 'bugs-per-tester' ] ),
		experiencePerTester: count(
			'experience-per-tester',
			values[ 'experience-per-tester' ]
		),
		referenceDate: values[ 'reference-date' ],
		demo: await demoTesters( db, values.demo ),
		leadWpUserIds: await leadUsers( db, values.lead ),
		storage,
		onProgress: ( progress: SeedProgress ) => {
			// About twenty lines for any size, and always the last one.
			if (
				progress.testersDone < progress.testers &&
				progress.elapsedMs - reported < 2000
			) {
				return;
			}
			reported = progress.elapsedMs;
			const rows = [ ...progress.tables.values() ].reduce(
				( sum, stats ) => sum + stats.rows,
				0
			);
			out(
				`  testers ${ format( progress.testersDone ) }/${ format(
					progress.testers
				) }, ${ format( rows ) } rows, ${ seconds(
					progress.elapsedMs
				) }`
			);
		},
	} );
	out( '' );
	out(
		`${ 'table'.padEnd( 30 ) }${ 'rows'.padStart(
			12
		) }${ 'insert s'.padStart( 10 ) }${ 'rows/s'.padStart( 12 ) }`
	);
	for ( const [ table, stats ] of Object.entries( result.tables ) ) {
		if ( stats.rows ) {
			out(
				`${ table.padEnd( 30 ) }${ format( stats.rows ).padStart(
					12
				) }${ ( stats.ms / 1000 )
					.toFixed( 1 )
					.padStart( 10 ) }${ format(
					( stats.rows * 1000 ) / Math.max( stats.ms, 1 )
				).padStart( 12 ) }`
			);
		}
	}
	out(
		`\nTotal: ${ format( result.totalRows ) } rows in ${ seconds(
			result.ms
		) } (${ format( ( result.totalRows * 1000 ) / result.ms ) } rows/s)`
	);
}

const url = values[ 'db-url' ] ?? readDatabaseUrl( process.env );
// The demo bugs' media files, where the API reads them (the data directory's `media`, as app.ts).
const storage = createLocalStorage(
	mediaDirectory( readDataDir( process.env ) )
);
let database: ReturnType< typeof createDatabase > | undefined;
try {
	const testers = count( 'testers', values.testers );
	const campaigns = count( 'campaigns', values.campaigns );
	if ( testers === undefined || campaigns === undefined ) {
		throw new Error( USAGE );
	}
	database = createDatabase( url );
	const { db } = database;
	out( `Seeding ${ redactUrl( url ) }` );
	const applied = await migrateToLatest( db );
	if ( applied.length ) {
		out( `Migrated: ${ applied.join( ', ' ) }` );
	}
	if (
		values[ 'if-unseeded' ] &&
		! values.reset &&
		( await countSeeded( db ) ) > 0
	) {
		// The custom field catalogue came after some data folders were seeded: it is written when missing, and
		// an editor's changes to it are kept.
		await writeCustomFieldCatalogue( db );
		out( 'Already seeded: nothing to do.' );
	} else {
		await seedAndReport( db, testers, campaigns );
	}
} catch ( error ) {
	process.stderr.write(
		`${ error instanceof Error ? error.message : String( error ) }\n`
	);
	process.exitCode = 1;
} finally {
	await database?.destroy();
}
