/**
 * `npm run levels -- --month YYYY-MM`: runs the monthly level change of that month (the current one by default)
 * on the database of CROWDSCOUT_DB_URL (or the default SQLite file), done already or not, and prints its counts
 * and time. Safe while the API runs: it takes the same lease as the API's schedule (features/levels), and stops
 * if an API instance holds it. Running it again for a month changes nothing.
 */
import { parseArgs } from 'node:util';
import { redactUrl } from '../db/connection.ts';
import {
	LEASE_TTL_MS,
	MONTH_PATTERN,
	currentMonth,
	runLevelChange,
	type LevelChangeResult,
} from '../features/levels/change.ts';
import { createLease, processHolder } from '../features/levels/lease.ts';
import { LEVEL_CHANGE_LEASE } from '../features/levels/schedule.ts';
import { LEVELS } from '../lookups/levels.ts';
import { assertMigrated, withDatabase } from './database.ts';

const { values } = parseArgs( {
	options: { month: { type: 'string', default: currentMonth() } },
} );
const month = values.month;
if ( ! MONTH_PATTERN.test( month ) ) {
	process.stderr.write( `--month must be YYYY-MM, not "${ month }"\n` );
	process.exit( 2 );
}

function report( result: LevelChangeResult ): string {
	const number = ( value: number ) => value.toLocaleString( 'en-US' );
	const rows = LEVELS.map( ( level ) => {
		const counts = result.byLevel[ level.id ];
		return [
			`${ level.id } ${ level.name }`,
			number( counts.testers ),
			number( counts.raised ),
			number( counts.lowered ),
			number( counts.held ),
		];
	} );
	const header = [ 'level', 'testers', 'up', 'down', 'held' ];
	const widths = header.map( ( title, column ) =>
		Math.max( title.length, ...rows.map( ( row ) => row[ column ].length ) )
	);
	const line = ( cells: string[] ) =>
		cells
			.map( ( cell, column ) =>
				column
					? cell.padStart( widths[ column ] )
					: cell.padEnd( widths[ 0 ] )
			)
			.join( '  ' );
	return [
		line( header ),
		...rows.map( line ),
		`${ number( result.testers ) } testers with a level or points in ${
			result.month
		}: ${ number( result.raised ) } up, ${ number(
			result.lowered
		) } down, ${ number( result.held ) } held; ${ number(
			result.written
		) } rows written, in ${ ( result.ms / 1000 ).toFixed( 2 ) } s`,
	].join( '\n' );
}

await withDatabase( async ( database, url ) => {
	await assertMigrated( database, url );
	const lease = createLease(
		database.db,
		LEVEL_CHANGE_LEASE,
		processHolder()
	);
	if ( ! ( await lease.acquire( LEASE_TTL_MS ) ) ) {
		throw new Error(
			'Another process is running the level change (it holds the lease); try again when it is done'
		);
	}
	try {
		const result = await runLevelChange( database.db, month, lease );
		process.stdout.write(
			`${ redactUrl( url ) }: level change of ${ month }\n${ report(
				result
			) }\n`
		);
	} finally {
		await lease.release();
	}
} );
