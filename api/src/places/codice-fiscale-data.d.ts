/**
 * codice-fiscale-js ships its data as ES modules under src/ without declarations of their own (its types/ folder
 * describes the bundled class only): [cadastral code, province sigla, NAME, 1 current | 0 former].
 */
declare module 'codice-fiscale-js/src/lista-comuni.js' {
	export const COMUNI: ReadonlyArray<
		readonly [ string, string, string, 0 | 1 ]
	>;
}

declare module 'codice-fiscale-js/src/lista-province.js' {
	export const PROVINCE: Readonly< Record< string, string > >;
}
