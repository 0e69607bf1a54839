/**
 * `npm run recount`: rebuilds every count and copy the database keeps (db/kept-counts.ts) from the source rows on
 * the database of CROWDSCOUT_DB_URL (or the default SQLite file), and prints, table by table, the rows that
 * differed. For an operator after manual SQL, or a MariaDB cascade, left counts behind; safe while the API runs.
 */
import { redactUrl } from '../db/connection.ts';
import { recount } from '../db/kept-counts.ts';
import { assertMigrated, withDatabase } from './database.ts';

await withDatabase( async ( database, url ) => {
	await assertMigrated( database, url );
	const started = performance.now();
	const recounted = await recount( database.db );
	const width = Math.max( ...recounted.map( ( { table } ) => table.length ) );
	const number = ( value: number ) => value.toLocaleString( 'en-US' );
	process.stdout.write(
		`${ redactUrl( url ) }: recounted in one transaction, ${ (
			( performance.now() - started ) /
			1000
		).toFixed( 1 ) } s\n${ recounted
			.map(
				( { table, rows, differed } ) =>
					`  ${ table.padEnd( width ) }  ${
						differed ? number( differed ) : 'no'
					} row${ differed === 1 ? '' : 's' } differed (${ number(
						rows
					) } rows)\n`
			)
			.join( '' ) }`
	);
} );
