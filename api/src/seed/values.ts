/** Units and column formats every part of the seed shares: dates as the database keeps them, names as ASCII. */

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export const sorted = ( values: number[] ): number[] =>
	values.sort( ( a, b ) => a - b );

export const sqlDateTime = ( ms: number ): string =>
	new Date( ms ).toISOString().slice( 0, 19 ).replace( 'T', ' ' );

export const sqlDate = ( ms: number ): string =>
	new Date( ms ).toISOString().slice( 0, 10 );

export const monthIndex = ( ms: number ): number => {
	const date = new Date( ms );
	return date.getUTCFullYear() * 12 + date.getUTCMonth();
};

export const monthStart = ( month: number ): string =>
	`${ Math.floor( month / 12 ) }-${ String( ( month % 12 ) + 1 ).padStart(
		2,
		'0'
	) }-01`;

export const ascii = ( text: string ): string =>
	text
		.normalize( 'NFD' )
		.replace( /[^A-Za-z]/g, '' )
		.toLowerCase();

export const capitalise = ( text: string ): string =>
	text[ 0 ].toUpperCase() + text.slice( 1 );

export const escapeHtml = ( text: string ): string =>
	text
		.replace( /&/g, '&amp;' )
		.replace( /</g, '&lt;' )
		.replace( />/g, '&gt;' );

export const referralCode = ( index: number ): string =>
	`SEED${ index.toString( 36 ).toUpperCase().padStart( 5, '0' ) }`;
