import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';
import { run } from './process.mjs';

const SOURCES = [
	'src',
	'blocks',
	'languages',
	'webpack.config.js',
	'scripts/copy-blocks.mjs',
	'package-lock.json',
];
// Webpack leaves identical outputs untouched, so their times say nothing: the build gets its own stamp.
const STAMP = path.join( ROOT, 'plugin/build/.built' );

function newest( entry ) {
	const full = path.join( ROOT, entry );
	if ( ! fs.existsSync( full ) ) {
		return 0;
	}
	const stat = fs.statSync( full );
	if ( ! stat.isDirectory() ) {
		return stat.mtimeMs;
	}
	return Math.max(
		stat.mtimeMs,
		...fs
			.readdirSync( full )
			.filter( ( name ) => name !== '__tests__' )
			.map( ( name ) => newest( path.join( entry, name ) ) )
	);
}

/**
 * Builds the front end when plugin/build is missing or older than its sources.
 *
 * @param {(line: string) => void} log
 */
export async function ensureBuild( log = console.log ) {
	const built = fs.existsSync( STAMP ) ? fs.statSync( STAMP ).mtimeMs : 0;
	if ( built && Math.max( ...SOURCES.map( newest ) ) <= built ) {
		return;
	}
	log( 'Building the front end (plugin/build)…' );
	await run( 'npm', [ 'run', '--silent', 'build' ], {
		cwd: ROOT,
		quiet: true,
	} );
	fs.writeFileSync( STAMP, new Date().toISOString() );
}
