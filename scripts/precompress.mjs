#!/usr/bin/env node
/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every script and style of plugin/build, once per build
 * (`npm run build` runs it last). The development proxy sends them to browsers that accept them
 * (scripts/lib/static-files.mjs); a production server can too (nginx's `gzip_static` and `brotli_static`).
 */
import path from 'node:path';
import { ROOT } from './lib/paths.mjs';
import { precompress } from './lib/static-files.mjs';

const started = Date.now();
const { files, bytes, br, gzip } = await precompress(
	path.join( ROOT, 'plugin/build' )
);
const kb = ( size ) => `${ ( size / 1024 ).toFixed( 0 ) } KB`;
console.log(
	`Compressed ${ files } files of plugin/build (${ kb(
		bytes
	) }): brotli ${ kb( br ) }, gzip ${ kb( gzip ) }, in ${ (
		( Date.now() - started ) /
		1000
	).toFixed( 1 ) } s.`
);
