#!/usr/bin/env node
/** `npm run lint:php`: every PHP file of ours through `php -l` (syntax) — plugin, PHP tests, dev scripts. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/paths.mjs';

const files = [ 'plugin', 'tests/php', 'scripts/wp' ]
	.map( ( dir ) => path.join( ROOT, dir ) )
	.filter( ( dir ) => fs.existsSync( dir ) )
	.flatMap( ( dir ) =>
		fs
			.readdirSync( dir, { recursive: true } )
			.map( ( f ) => path.join( dir, String( f ) ) )
	)
	.filter(
		( file ) =>
			file.endsWith( '.php' ) &&
			! file.includes( `${ path.sep }build${ path.sep }` )
	);

let failed = 0;
for ( const file of files ) {
	const { status, stdout, stderr } = spawnSync( 'php', [ '-l', file ], {
		encoding: 'utf8',
	} );
	if ( status !== 0 ) {
		failed++;
		process.stderr.write( stdout + stderr );
	}
}
console.log(
	`php -l: ${ files.length - failed } of ${ files.length } files clean`
);
process.exit( failed ? 1 : 0 );
