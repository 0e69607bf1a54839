/**
 * The back office's translations: every `crowdscout` string of the plugin's PHP, read again from the source,
 * has an Italian, Spanish and French translation carrying the same placeholders and HTML, and the .l10n.php
 * files WordPress loads are the ones the catalogues make (node scripts/i18n-admin.mjs).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import util from 'node:util';
import {
	LANGUAGES,
	cataloguePath,
	isTranslated,
	l10nPath,
	readCatalogue,
	renderL10nPhp,
	sourceMessages,
} from '../lib/admin-i18n.mjs';
import { ROOT } from '../lib/paths.mjs';
import { extractCalls, placeholders } from '../lib/php-strings.mjs';

const { messages, problems } = sourceMessages();

describe( 'the plugin’s translatable strings', () => {
	it( 'are all literal, each with one plural at most', () => {
		assert.deepEqual( problems, [] );
		// The back office alone has hundreds: an extraction that finds few has stopped reading the PHP.
		assert.ok(
			messages.size > 400,
			`only ${ messages.size } strings found`
		);
	} );
} );

describe( 'the back office’s scripts', () => {
	it( 'have every string listed where PHP hands its translation to wp.i18n (Messages_Page::translate_editor)', () => {
		const dir = path.join( ROOT, 'src/admin' );
		const scripts = fs
			.readdirSync( dir, { recursive: true } )
			.filter(
				( file ) =>
					/\.tsx?$/.test( file ) && ! file.includes( '__tests__' )
			);
		// Read as PHP code: a call with literal strings is written the same way in both.
		const used = scripts.flatMap( ( file ) =>
			extractCalls(
				'<?php ' + fs.readFileSync( path.join( dir, file ), 'utf8' ),
				'crowdscout'
			).map( ( call ) => call.singular )
		);
		const php = fs.readFileSync(
			path.join( ROOT, 'plugin/includes/admin/class-messages-page.php' ),
			'utf8'
		);
		const handed =
			'<?php ' +
			php.slice(
				php.indexOf( 'function translate_editor' ),
				php.indexOf( 'function prints_form' )
			);
		const listed = extractCalls( handed, 'crowdscout' ).map(
			( call ) => call.singular
		);
		assert.ok( used.length >= 4, `only ${ used.length } strings found` );
		assert.deepEqual(
			[ ...new Set( used ) ].filter(
				( text ) => ! listed.includes( text )
			),
			[]
		);
	} );
} );

for ( const [ language, { locale } ] of Object.entries( LANGUAGES ) ) {
	describe( `the ${ locale } translations`, () => {
		const catalogue = readCatalogue( language );

		it( 'translate every string of the plugin', () => {
			const missing = [ ...messages ]
				.filter(
					( [ key, message ] ) =>
						! isTranslated( message, catalogue[ key ] )
				)
				.map(
					( [ key, message ] ) => `${ key } (${ message.refs[ 0 ] })`
				);
			assert.deepEqual(
				missing,
				[],
				`untranslated in ${ cataloguePath(
					language
				) }: run node scripts/i18n-admin.mjs and translate`
			);
		} );

		it( 'hold no string the plugin no longer has', () => {
			assert.deepEqual(
				Object.keys( catalogue ).filter(
					( key ) => ! messages.has( key )
				),
				[]
			);
		} );

		it( 'keep the placeholders and HTML of the English', () => {
			const differing = [];
			for ( const [ key, message ] of messages ) {
				const translation = catalogue[ key ];
				if ( ! isTranslated( message, translation ) ) {
					continue;
				}
				const pairs =
					message.plural === undefined
						? [ [ message.singular, translation ] ]
						: [
								[ message.singular, translation[ 0 ] ],
								[ message.plural, translation[ 1 ] ],
						  ];
				for ( const [ original, translated ] of pairs ) {
					if (
						! util.isDeepStrictEqual(
							placeholders( translated ),
							placeholders( original )
						)
					) {
						differing.push( `${ original } → ${ translated }` );
					}
				}
			}
			assert.deepEqual( differing, [] );
		} );

		it( 'are what WordPress loads (the .l10n.php file is up to date)', () => {
			assert.equal(
				fs.readFileSync( l10nPath( language ), 'utf8' ),
				renderL10nPhp( language, messages, catalogue ),
				'run node scripts/i18n-admin.mjs'
			);
		} );
	} );
}

describe( 'extractCalls', () => {
	const calls = ( php ) =>
		extractCalls( php, 'crowdscout' ).map( ( { line, ...call } ) => call );

	it( 'reads escaped quotes, escapes of double quotes and concatenated literals', () => {
		assert.deepEqual(
			calls(
				`<?php
				__( 'the providers\\' consoles', 'crowdscout' );
				esc_html__( "Tab\\t\\"quoted\\" \\$5", 'crowdscout' );
				esc_attr__( 'one ' . "two", 'crowdscout' );`
			),
			[
				{ singular: "the providers' consoles" },
				{ singular: 'Tab\t"quoted" $5' },
				{ singular: 'one two' },
			]
		);
	} );

	it( 'reads contexts, plurals and calls spread over lines, inside inline HTML', () => {
		assert.deepEqual(
			calls(
				`<p><?php esc_html_e( 'Hello', 'crowdscout' ); ?></p>
				<?php
				echo _n(
					'%d bug',
					'%d bugs',
					$count,
					'crowdscout'
				);
				_x( 'Select', 'field type', 'crowdscout' );
				_nx( '%d row', '%d rows', 2, 'table', 'crowdscout' );`
			),
			[
				{ singular: 'Hello' },
				{ singular: '%d bug', plural: '%d bugs' },
				{ singular: 'Select', context: 'field type' },
				{ singular: '%d row', plural: '%d rows', context: 'table' },
			]
		);
	} );

	it( 'skips comments, methods, other domains and strings that only look like calls', () => {
		assert.deepEqual(
			calls(
				`<?php
				// __( 'commented', 'crowdscout' );
				/* _e( 'commented too', 'crowdscout' ); */
				$this->__( 'a method', 'crowdscout' );
				__( 'WordPress core', 'default' );
				$text = "__( 'in a string', 'crowdscout' )";
				__( 'kept', 'crowdscout' );`
			),
			[ { singular: 'kept' } ]
		);
	} );

	it( 'flags a text that is not a literal', () => {
		assert.deepEqual(
			calls(
				`<?php __( $label, 'crowdscout' ); __( "Hi $name", 'crowdscout' );`
			),
			[ { dynamic: true }, { dynamic: true } ]
		);
	} );
} );

describe( 'placeholders', () => {
	const same = ( a, b ) =>
		util.isDeepStrictEqual( placeholders( a ), placeholders( b ) );

	it( 'lets numbered placeholders move and keeps unnumbered ones in order', () => {
		assert.ok( same( '%1$s of %2$d', '%2$d: %1$s' ) );
		assert.ok( ! same( '%s of %d', '%d: %s' ) );
		assert.ok( same( '100%% done: %s', '%s, fatto al 100%%' ) );
	} );

	it( 'sees a placeholder, a {{name}} or an HTML tag lost or changed', () => {
		assert.ok( ! same( 'Bug %1$d: %2$s', 'Bug %1$d' ) );
		assert.ok( ! same( 'Hi {{name}}', 'Ciao {{nome}}' ) );
		assert.ok(
			! same( 'Run <code>npm run build</code>', 'Esegui npm run build' )
		);
		assert.ok( ! same( '<a href="%s">here</a>', '<a href=%s>qui</a>' ) );
	} );
} );

describe( 'renderL10nPhp', () => {
	it( 'writes plurals under "singular\\0plural", contexts under "context\\4text", quotes escaped', () => {
		const source = new Map( [
			[ '%d bug', { singular: '%d bug', plural: '%d bugs' } ],
			[ "It's \\ here", { singular: "It's \\ here" } ],
			[
				'field type\u0004Select',
				{ singular: 'Select', context: 'field type' },
			],
			[ 'Untranslated', { singular: 'Untranslated' } ],
		] );
		const php = renderL10nPhp( 'fr', source, {
			'%d bug': [ '%d bug', '%d bugs' ],
			"It's \\ here": "C'est \\ ici",
			'field type\u0004Select': 'Liste',
			Untranslated: '',
		} );
		assert.match( php, /'plural-forms' => 'nplurals=2; plural=n > 1;',/ );
		assert.match( php, /'language' => 'fr_FR',/ );
		assert.ok(
			php.includes(
				`'%d bug' . "\\0" . '%d bugs' => '%d bug' . "\\0" . '%d bugs',`
			)
		);
		assert.ok(
			php.includes( `'It\\'s \\\\ here' => 'C\\'est \\\\ ici',` )
		);
		assert.ok(
			php.includes( `'field type' . "\\4" . 'Select' => 'Liste',` )
		);
		assert.ok( ! php.includes( 'Untranslated' ) );
	} );
} );
