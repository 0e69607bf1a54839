import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries/index.js';
import {
	PDFDocument,
	PageSizes,
	StandardFonts,
	rgb,
	type PDFFont,
	type PDFPage,
} from 'pdf-lib';

/**
 * The receipt of a paid payment request: one A4 PDF, numbered by the request, with the tester, their fiscal data,
 * where the money went, each booty entry it paid and the totals. Drawn with pdf-lib's standard Helvetica, so no
 * font file ships with the API; that font's encoding (WinAnsi) covers Western European letters, and any other
 * character is written as its base letter (Ł as L) or, failing that, as "?". English only: the API does not know
 * the tester's language (WordPress mails them in it).
 */

export const RECEIPT_MIME_TYPE = 'application/pdf';

export interface ReceiptItem {
	/** The campaign's title, or the bonus's name. */
	name: string;
	/** 1 Campaign Completion, 2 Bug Evaluation, 3 Points Fix, 4 Extra Award, 5 Referral; others Other. */
	activityId: number;
	/** YYYY-MM-DD */
	date: string;
	grossCents: number;
}

export interface ReceiptFiscal {
	/** The fiscal type (db/schema.ts FiscalType). */
	type: string;
	fiscalId: string | null;
	street: string | null;
	streetNumber: string | null;
	zip: string | null;
	city: string | null;
	province: string | null;
	/** ISO 3166-1 alpha-2. */
	country: string | null;
}

export interface ReceiptData {
	paymentId: number;
	/** YYYY-MM-DD */
	paidDate: string;
	/** YYYY-MM-DD */
	requestedDate: string;
	tester: { id: number; name: string; surname: string };
	/** Null when the tester has no fiscal profile (any more). */
	fiscal: ReceiptFiscal | null;
	method:
		| { type: 'paypal'; email: string }
		| { type: 'iban'; accountHolder: string; iban: string };
	items: ReceiptItem[];
	grossCents: number;
	/** Null when no net was recorded: nothing was withheld. */
	netCents: number | null;
	currency: string;
}

const ACTIVITIES: Record< number, string > = {
	1: 'Campaign Completion',
	2: 'Bug Evaluation',
	3: 'Points Fix',
	4: 'Extra Award',
	5: 'Referral',
};

/** The profile's privacy-export names of the fiscal types (languages/en.json `privacyExportFiscalType*`). */
const FISCAL_TYPES: Record< string, string > = {
	'non-italian': 'Not resident in Italy',
	withholding: 'Occasional work with withholding tax',
	'witholding-extra': 'Occasional work over 5,000 euro',
	vat: 'Flat-rate VAT',
	company: 'Standard VAT scheme or company',
	internal: 'Employee',
};

/** Letters NFD does not take apart into a base letter and a mark. */
const BASE_LETTERS: Record< string, string > = {
	Ł: 'L',
	ł: 'l',
	Đ: 'D',
	đ: 'd',
	Ħ: 'H',
	ħ: 'h',
	ı: 'i',
	Ŀ: 'L',
	ŀ: 'l',
	Ø: 'O',
	ø: 'o',
};

const require = createRequire( import.meta.url );
countries.registerLocale( require( 'i18n-iso-countries/langs/en.json' ) );

/**
 * Cents as currency units with two decimals and the currency: `1234.50 EUR`.
 *
 * @param cents
 * @param currency
 */
export function formatAmount( cents: number, currency: string ): string {
	const sign = cents < 0 ? '-' : '';
	const absolute = Math.abs( cents );
	const units = Math.floor( absolute / 100 );
	const rest = String( absolute % 100 ).padStart( 2, '0' );
	return `${ sign }${ units }.${ rest } ${ currency }`;
}

/**
 * Whatever text the font can write: controls become spaces, a character outside its encoding its base letter,
 * or "?" when it has none.
 *
 * @param font
 */
function textFor( font: PDFFont ) {
	const known = new Map< string, string >();
	const encodable = ( character: string ) => {
		try {
			font.encodeText( character );
			return true;
		} catch {
			return false;
		}
	};
	const characterFor = ( character: string ): string => {
		if ( /\p{Cc}|\p{Zl}|\p{Zp}/u.test( character ) ) {
			return ' ';
		}
		if ( encodable( character ) ) {
			return character;
		}
		const base = (
			BASE_LETTERS[ character ] ??
			character.normalize( 'NFD' ).replace( /\p{M}/gu, '' )
		).normalize( 'NFC' );
		return base && [ ...base ].every( encodable ) ? base : '?';
	};
	return ( text: string ) =>
		[ ...text.normalize( 'NFC' ) ]
			.map( ( character ) => {
				let safe = known.get( character );
				if ( safe === undefined ) {
					safe = characterFor( character );
					known.set( character, safe );
				}
				return safe;
			} )
			.join( '' );
}

const [ PAGE_WIDTH, PAGE_HEIGHT ] = PageSizes.A4;
const MARGIN = 50;
const RIGHT = PAGE_WIDTH - MARGIN;
const ROW = 16;
const TEXT_SIZE = 10;
const INK = rgb( 0.1, 0.1, 0.12 );
const MUTED = rgb( 0.4, 0.4, 0.45 );
const RULE = rgb( 0.75, 0.75, 0.78 );

/** The items table: left edges, and the gross column's right edge. */
const COLUMNS = { name: MARGIN, activity: 285, date: 395, grossRight: RIGHT };

/**
 * The PDF of a receipt.
 *
 * @param data
 */
export async function renderReceipt(
	data: ReceiptData
): Promise< Uint8Array > {
	const title = `Receipt No. ${ data.paymentId }`;
	const document = await PDFDocument.create();
	document.setTitle( title );
	document.setAuthor( 'Crowdscout' );
	document.setCreator( 'Crowdscout' );
	document.setSubject( `Payment request ${ data.paymentId }` );
	const regular = await document.embedFont( StandardFonts.Helvetica );
	const bold = await document.embedFont( StandardFonts.HelveticaBold );
	const safe = textFor( regular );

	let page: PDFPage = document.addPage( PageSizes.A4 );
	let y = PAGE_HEIGHT - MARGIN;

	const write = (
		text: string,
		x: number,
		options: {
			font?: PDFFont;
			size?: number;
			color?: ReturnType< typeof rgb >;
			/** Right-aligned at x. */
			alignRight?: boolean;
			/** Cut with an ellipsis beyond this width. */
			maxWidth?: number;
		} = {}
	) => {
		const {
			font = regular,
			size = TEXT_SIZE,
			color = INK,
			alignRight = false,
			maxWidth,
		} = options;
		let shown = safe( text );
		if ( maxWidth !== undefined ) {
			shown = fitted( shown, font, size, maxWidth );
		}
		const width = font.widthOfTextAtSize( shown, size );
		page.drawText( shown, {
			x: alignRight ? x - width : x,
			y,
			size,
			font,
			color,
		} );
	};
	const rule = () =>
		page.drawLine( {
			start: { x: MARGIN, y: y + ROW - 4 },
			end: { x: RIGHT, y: y + ROW - 4 },
			thickness: 0.5,
			color: RULE,
		} );
	const section = ( heading: string, lines: string[] ) => {
		write( heading, MARGIN, { font: bold, size: 11 } );
		y -= ROW;
		for ( const line of lines ) {
			write( line, MARGIN, { maxWidth: RIGHT - MARGIN } );
			y -= ROW - 2;
		}
		y -= ROW / 2;
	};
	const itemsHeader = () => {
		for ( const [ label, x ] of [
			[ 'Item', COLUMNS.name ],
			[ 'Activity', COLUMNS.activity ],
			[ 'Date', COLUMNS.date ],
		] as const ) {
			write( label, x, { font: bold } );
		}
		write( 'Gross', COLUMNS.grossRight, { font: bold, alignRight: true } );
		y -= ROW;
		rule();
	};
	const newPage = () => {
		page = document.addPage( PageSizes.A4 );
		y = PAGE_HEIGHT - MARGIN;
		write( `${ title } (continued)`, MARGIN, { font: bold, size: 12 } );
		y -= ROW * 2;
	};

	// Heading: the number on the left, the dates on the right.
	write( 'Crowdscout', MARGIN, { color: MUTED, size: 11 } );
	write( `Date paid: ${ data.paidDate }`, RIGHT, {
		alignRight: true,
	} );
	y -= 26;
	write( title, MARGIN, { font: bold, size: 20 } );
	write( `Requested: ${ data.requestedDate }`, RIGHT, {
		alignRight: true,
		color: MUTED,
	} );
	y -= ROW * 2;

	const { tester, fiscal, method, currency } = data;
	section( 'Tester', [
		`${ tester.name } ${ tester.surname } (T${ tester.id })`,
	] );
	section(
		'Fiscal data',
		fiscal
			? [
					`Type: ${ FISCAL_TYPES[ fiscal.type ] ?? fiscal.type }`,
					`Tax id: ${ fiscal.fiscalId ?? '-' }`,
					`Address: ${ addressOf( fiscal ) || '-' }`,
			  ]
			: [ 'No fiscal profile on record.' ]
	);
	section(
		'Payment method',
		method.type === 'paypal'
			? [ `PayPal: ${ method.email }` ]
			: [
					`Bank transfer to ${ method.accountHolder }`,
					`IBAN: ${ groupedIban( method.iban ) }`,
			  ]
	);

	write( 'Items paid', MARGIN, { font: bold, size: 11 } );
	y -= ROW + 2;
	itemsHeader();
	for ( const item of data.items ) {
		if ( y < MARGIN + ROW ) {
			newPage();
			itemsHeader();
		}
		write( item.name, COLUMNS.name, {
			maxWidth: COLUMNS.activity - COLUMNS.name - 10,
		} );
		write( ACTIVITIES[ item.activityId ] ?? 'Other', COLUMNS.activity, {
			maxWidth: COLUMNS.date - COLUMNS.activity - 10,
		} );
		write( item.date, COLUMNS.date );
		write( formatAmount( item.grossCents, currency ), COLUMNS.grossRight, {
			alignRight: true,
		} );
		y -= ROW;
	}

	// The totals stay together, on a page of their own when the items filled this one.
	if ( y < MARGIN + ROW * 5 ) {
		newPage();
	}
	rule();
	y -= 4;
	const net = data.netCents ?? data.grossCents;
	const totals: Array< [ string, number, PDFFont ] > = [
		[ 'Total gross', data.grossCents, regular ],
		[ 'Withholding tax', data.grossCents - net, regular ],
		[ 'Net paid', net, bold ],
	];
	for ( const [ label, cents, font ] of totals ) {
		write( label, COLUMNS.date - 60, { font } );
		write( formatAmount( cents, currency ), COLUMNS.grossRight, {
			font,
			alignRight: true,
		} );
		y -= ROW;
	}

	const pages = document.getPages();
	pages.forEach( ( each, index ) => {
		page = each;
		y = MARGIN / 2;
		write( `${ title } - page ${ index + 1 } of ${ pages.length }`, RIGHT, {
			size: 8,
			color: MUTED,
			alignRight: true,
		} );
	} );
	return document.save();
}

/**
 * @param fiscal
 */
function addressOf( fiscal: ReceiptFiscal ): string {
	const street = [ fiscal.street, fiscal.streetNumber ]
		.filter( Boolean )
		.join( ' ' );
	const city = [
		fiscal.zip,
		fiscal.city,
		fiscal.province ? `(${ fiscal.province })` : null,
	]
		.filter( Boolean )
		.join( ' ' );
	const country = fiscal.country
		? countries.getName( fiscal.country, 'en' ) ?? fiscal.country
		: null;
	return [ street, city, country ].filter( Boolean ).join( ', ' );
}

/**
 * An IBAN in groups of four, as it is printed on paper.
 *
 * @param iban
 */
const groupedIban = ( iban: string ) =>
	iban.replace( /\s+/g, '' ).replace( /(.{4})(?=.)/g, '$1 ' );

/**
 * `text` cut with an ellipsis to fit `width` points.
 *
 * @param text
 * @param font
 * @param size
 * @param width
 */
function fitted( text: string, font: PDFFont, size: number, width: number ) {
	if ( font.widthOfTextAtSize( text, size ) <= width ) {
		return text;
	}
	const characters = [ ...text ];
	while (
		characters.length > 0 &&
		font.widthOfTextAtSize( `${ characters.join( '' ) }…`, size ) > width
	) {
		characters.pop();
	}
	return `${ characters.join( '' ).trimEnd() }…`;
}
