#!/usr/bin/env node
/**
 * The back office's translations (docs/back-office.md "Translations"), run by hand after changing a
 * `__( '…', 'crowdscout' )` string of the plugin:
 *
 *   node scripts/i18n-admin.mjs          reads the strings from plugin/**.php, brings plugin/languages/admin.{it,es,fr}.json
 *                                        in line (new strings empty, gone ones dropped) and writes the
 *                                        crowdscout-<locale>.l10n.php files from them; lists what is left to translate.
 *   node scripts/i18n-admin.mjs --check  writes nothing; fails when a catalogue or .l10n.php file is out of date
 *                                        or a string is untranslated.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
	LANGUAGES,
	LANGUAGES_DIR,
	cataloguePath,
	formatCatalogue,
	isTranslated,
	l10nPath,
	readCatalogue,
	renderL10nPhp,
	sourceMessages,
	syncCatalogue,
} from './lib/admin-i18n.mjs';
import { ROOT } from './lib/paths.mjs';

const check = process.argv.includes( '--check' );
const { messages, problems } = sourceMessages();
let failed = problems.length > 0;
for ( const problem of problems ) {
	console.error( `plugin/${ problem }` );
}

fs.mkdirSync( LANGUAGES_DIR, { recursive: true } );
for ( const language of Object.keys( LANGUAGES ) ) {
	const catalogue = syncCatalogue( messages, readCatalogue( language ) );
	const files = [
		[ cataloguePath( language ), formatCatalogue( catalogue ) ],
		[
			l10nPath( language ),
			renderL10nPhp( language, messages, catalogue ),
		],
	];
	for ( const [ file, contents ] of files ) {
		const current = fs.existsSync( file )
			? fs.readFileSync( file, 'utf8' )
			: null;
		if ( current === contents ) {
			continue;
		}
		if ( check ) {
			console.error(
				`${ path.relative(
					ROOT,
					file
				) } is out of date: run node scripts/i18n-admin.mjs`
			);
			failed = true;
		} else {
			fs.writeFileSync( file, contents );
			console.log( `wrote ${ path.relative( ROOT, file ) }` );
		}
	}
	const missing = [ ...messages ].filter(
		( [ key, message ] ) => ! isTranslated( message, catalogue[ key ] )
	);
	console.log(
		`${ language }: ${ messages.size - missing.length } of ${
			messages.size
		} strings translated`
	);
	for ( const [ key, message ] of missing ) {
		console.log(
			`  untranslated: ${ JSON.stringify( key ) } (plugin/${
				message.refs[ 0 ]
			})`
		);
	}
	failed ||= check && missing.length > 0;
}
process.exit( failed ? 1 : 0 );
