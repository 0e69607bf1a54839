import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';

/**
 * Extracts a zip archive into a folder, dropping the archive's leading `strip` path segment(s).
 * Pure JavaScript, so the wp-now route works on a machine without unzip.
 *
 * @param {string}                                               archive Path of the zip.
 * @param {string}                                               target  Destination folder.
 * @param {{ strip?: number, skip?: (name: string) => boolean }} options
 */
export function extractZip(
	archive,
	target,
	{ strip = 0, skip = () => false } = {}
) {
	const entries = unzipSync( fs.readFileSync( archive ) );
	for ( const [ name, bytes ] of Object.entries( entries ) ) {
		const relative = name.split( '/' ).slice( strip ).join( '/' );
		if ( ! relative || skip( relative ) ) {
			continue;
		}
		const destination = path.join( target, relative );
		if ( ! destination.startsWith( path.resolve( target ) ) ) {
			throw new Error(
				`Refusing to extract ${ name } outside ${ target }`
			);
		}
		if ( name.endsWith( '/' ) ) {
			fs.mkdirSync( destination, { recursive: true } );
			continue;
		}
		fs.mkdirSync( path.dirname( destination ), { recursive: true } );
		fs.writeFileSync( destination, bytes );
	}
}
