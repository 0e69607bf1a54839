import {
	PDFArray,
	PDFDocument,
	PDFRawStream,
	decodePDFRawStream,
	type PDFObject,
} from 'pdf-lib';

/** Windows-1252's characters from 0x80 to 0x9f (Node decodes its label as Latin-1, where they are controls). */
const WIN_ANSI_HIGH =
	'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

const winAnsi = ( bytes: Buffer ) =>
	[ ...bytes ]
		.map( ( byte ) =>
			byte >= 0x80 && byte <= 0x9f
				? WIN_ANSI_HIGH[ byte - 0x80 ]
				: String.fromCharCode( byte )
		)
		.join( '' );

/**
 * The texts a receipt PDF shows, one string per page and one line per drawn text, read back with pdf-lib: the
 * receipts are written with a standard font, whose texts are hex strings of WinAnsi (Windows-1252) codes.
 *
 * @param bytes
 */
export async function pdfTexts( bytes: Uint8Array ): Promise< string[] > {
	const document = await PDFDocument.load( bytes );
	return document.getPages().map( ( page ) => {
		const contents = page.node.Contents();
		const streams: PDFObject[] =
			contents instanceof PDFArray
				? contents
						.asArray()
						.map( ( ref ) => document.context.lookup( ref )! )
				: [ contents! ];
		const operators = streams
			.map( ( stream ) =>
				Buffer.from(
					decodePDFRawStream( stream as PDFRawStream ).decode()
				).toString( 'latin1' )
			)
			.join( '\n' );
		return [ ...operators.matchAll( /<([0-9A-Fa-f]*)>\s*Tj/g ) ]
			.map( ( [ , hex ] ) => winAnsi( Buffer.from( hex, 'hex' ) ) )
			.join( '\n' );
	} );
}
