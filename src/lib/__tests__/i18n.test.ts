import en from '../../../languages/en.json';
import es from '../../../languages/es.json';
import fr from '../../../languages/fr.json';
import italian from '../../../languages/it.json';
import { createI18n } from '../i18n';
import { normaliseLocale } from '../locale';

const catalogues: Record< string, unknown > = { en, it: italian, es, fr };

function flatten( tree: unknown, prefix = '' ): Map< string, unknown > {
	const entries = new Map< string, unknown >();
	for ( const [ key, value ] of Object.entries(
		tree as Record< string, unknown >
	) ) {
		const path = prefix ? `${ prefix }.${ key }` : key;
		if ( value && typeof value === 'object' ) {
			flatten( value, path ).forEach( ( leaf, leafPath ) =>
				entries.set( leafPath, leaf )
			);
		} else {
			entries.set( path, value );
		}
	}
	return entries;
}

const placeholders = ( message: unknown ) =>
	String( message )
		.match( /{{\s*\w+\s*}}/g )
		?.sort() ?? [];

const english = flatten( en );

describe.each( [ 'it', 'es', 'fr' ] )( 'the %s catalogue', ( locale ) => {
	const translated = flatten( catalogues[ locale ] );

	it( 'has every English key, translated', () => {
		for ( const key of english.keys() ) {
			const message = translated.get( key );
			expect( { key, type: typeof message } ).toEqual( {
				key,
				type: 'string',
			} );
			expect( { key, empty: String( message ).trim() === '' } ).toEqual( {
				key,
				empty: false,
			} );
		}
	} );

	it( 'has no key that English lacks', () => {
		expect(
			[ ...translated.keys() ].filter( ( key ) => ! english.has( key ) )
		).toEqual( [] );
	} );

	it( 'keeps the same placeholders as English', () => {
		for ( const [ key, message ] of english ) {
			expect( {
				key,
				placeholders: placeholders( translated.get( key ) ),
			} ).toEqual( {
				key,
				placeholders: placeholders( message ),
			} );
		}
	} );
} );

describe( 'the English catalogue', () => {
	it( 'has only non-empty strings under dotted area.key identifiers', () => {
		for ( const [ key, message ] of english ) {
			expect( key ).toMatch( /^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/ );
			expect( typeof message ).toBe( 'string' );
			expect( String( message ).trim() ).not.toBe( '' );
		}
	} );
} );

describe( 'createI18n', () => {
	it( "loads the page's language and fills in the product name", async () => {
		const i18n = await createI18n( 'fr', 'Eclaireur' );

		expect( i18n.language ).toBe( 'fr' );
		expect( i18n.t( 'loginCard.noAccount' ) ).toBe(
			'Pas encore de compte Eclaireur\u00a0?'
		);
	} );

	it( 'gives every page its own instance', async () => {
		const italianPage = await createI18n( 'it', 'Scout' );
		const englishPage = await createI18n( 'en', 'Scout' );

		expect( italianPage.t( 'common.retry' ) ).toBe( 'Riprova' );
		expect( englishPage.t( 'common.retry' ) ).toBe( 'Try again' );
	} );
} );

describe( 'normaliseLocale', () => {
	it.each( [
		[ 'it', 'it' ],
		[ 'it_IT', 'it' ],
		[ 'es-ES', 'es' ],
		[ 'FR', 'fr' ],
		[ 'pt_BR', 'en' ],
		[ '', 'en' ],
		[ null, 'en' ],
	] )( '%s → %s', ( value, locale ) => {
		expect( normaliseLocale( value ) ).toBe( locale );
	} );
} );
