import ISO6391 from 'iso-639-1';

export interface Language {
	/** ISO 639-1, lower case. */
	code: string;
	/** English name, as the package writes it. */
	name: string;
}

/**
 * The spoken languages a tester can list: every ISO 639-1 language (package `iso-639-1`), English names, sorted
 * by name. The table keeps only the name; the code stays here for whoever needs it (`languageCode`).
 */
export const LANGUAGES: readonly Language[] = ISO6391.getLanguages(
	ISO6391.getAllCodes()
)
	.map( ( { code, name } ) => ( { code, name } ) )
	.sort( ( a, b ) => a.name.localeCompare( b.name, 'en' ) );
