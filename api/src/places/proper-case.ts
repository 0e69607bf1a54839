/**
 * Italian municipality names as people write them, from the upper case of the cadastral list:
 * 'SAN DONATO MILANESE' → 'San Donato Milanese', "CASSANO D'ADDA" → "Cassano d'Adda", "FORLI'" → 'Forlì',
 * "REGGIO NELL'EMILIA" → "Reggio nell'Emilia", 'SOTTO IL MONTE GIOVANNI XXIII' → 'Sotto il Monte Giovanni XXIII'.
 * The list writes an accented vowel as the vowel and an apostrophe; an apostrophe after a consonant is an elision.
 */

/** Articles and prepositions, lower case unless they open the name. */
const PARTICLES = new Set( [
	'a',
	'ad',
	'agli',
	'ai',
	'al',
	'all',
	'alla',
	'alle',
	'allo',
	'con',
	'd',
	'da',
	'dal',
	'dall',
	'dalla',
	'dalle',
	'dallo',
	'de',
	'degli',
	'dei',
	'del',
	'dell',
	'della',
	'delle',
	'dello',
	'di',
	'e',
	'ed',
	'gli',
	'i',
	'il',
	'in',
	'l',
	'la',
	'le',
	'lo',
	'ne',
	'negli',
	'nei',
	'nel',
	'nell',
	'nella',
	'nelle',
	'nello',
	'su',
	'sugli',
	'sui',
	'sul',
	'sull',
	'sulla',
	'sulle',
	'sullo',
] );

/** Words whose final apostrophe is a truncation, not an accent: Ca' (casa), de', ne'. */
const TRUNCATED = new Set( [ 'ca', 'de', 'ne' ] );

const ROMAN = /^(?=[IVX]{2,}$)X{0,3}(IX|IV|V?I{0,3})$/;

const GRAVE: Record< string, string > = {
	a: 'à',
	e: 'è',
	i: 'ì',
	o: 'ò',
	u: 'ù',
};
const ACUTE: Record< string, string > = { ...GRAVE, e: 'é' };

const capitalise = ( word: string ) =>
	word.replace( /\p{L}/u, ( letter ) => letter.toUpperCase() );

/**
 * @param name     Upper case, as codice-fiscale-js lists it.
 * @param province The sigla: Valle d'Aosta's names are French, with é.
 */
export function properCaseItalian( name: string, province = '' ): string {
	const accents = province === 'AO' ? ACUTE : GRAVE;
	const lower = name.toLowerCase();
	let first = true;
	// Tokens are words with their apostrophes; separators (spaces, hyphens) are kept as they are.
	return lower.replace( /[^\s-]+/g, ( token ) => {
		const words: string[] = [];
		// "sant'angelo" is two words; "forli'" and "fe'nis" are one word with an accent.
		let rest = token;
		for (;;) {
			const elision = /^([^']*[^aeiou'])'(.+)$/.exec( rest );
			if ( ! elision ) {
				break;
			}
			words.push( `${ elision[ 1 ] }'` );
			rest = elision[ 2 ];
		}
		words.push( rest );
		return words
			.map( ( word ) => {
				const bare = word.replace( /'$/, '' );
				let shown: string;
				if ( ROMAN.test( bare.toUpperCase() ) ) {
					shown = word.toUpperCase();
				} else if ( PARTICLES.has( bare ) && ! first ) {
					shown = word;
				} else if (
					word.endsWith( "'" ) &&
					TRUNCATED.has( bare ) &&
					word === token
				) {
					shown = first ? capitalise( word ) : word;
				} else {
					shown = capitalise(
						word.replace(
							/([aeiou])'(?=[^aeiou]|$)/g,
							( _match, vowel: string ) => accents[ vowel ]
						)
					);
				}
				first = false;
				return shown;
			} )
			.join( '' );
	} );
}
