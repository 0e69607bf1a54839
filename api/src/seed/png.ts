/* eslint-disable no-bitwise -- a PNG's checksum is bit arithmetic on 32-bit words. */
import { deflateSync } from 'node:zlib';

/**
 * A tiny PNG writer for the demo's bug screenshots: truecolour, no filter, one IDAT. Enough to draw flat
 * rectangles, so the demo needs no image files in the repository nor an image library. The CRC is computed here:
 * zlib.crc32 is younger than the Node 20 the project supports.
 */

export type Colour = readonly [ number, number, number ];

export interface Rectangle {
	x: number;
	y: number;
	width: number;
	height: number;
	colour: Colour;
}

const CRC_TABLE = Array.from( { length: 256 }, ( _, n ) => {
	let c = n;
	for ( let k = 0; k < 8; k++ ) {
		c = c & 1 ? 0xedb88320 ^ ( c >>> 1 ) : c >>> 1;
	}
	return c >>> 0;
} );

function crc32( bytes: Buffer ): number {
	let crc = 0xffffffff;
	for ( const byte of bytes ) {
		crc = CRC_TABLE[ ( crc ^ byte ) & 0xff ] ^ ( crc >>> 8 );
	}
	return ( crc ^ 0xffffffff ) >>> 0;
}

function chunk( type: string, data: Buffer ): Buffer {
	const length = Buffer.alloc( 4 );
	length.writeUInt32BE( data.length );
	const body = Buffer.concat( [ Buffer.from( type, 'ascii' ), data ] );
	const crc = Buffer.alloc( 4 );
	crc.writeUInt32BE( crc32( body ) );
	return Buffer.concat( [ length, body, crc ] );
}

/**
 * A PNG of `width` × `height` filled with `background`, the rectangles painted over it in order.
 *
 * @param width
 * @param height
 * @param background
 * @param rectangles
 */
export function drawPng(
	width: number,
	height: number,
	background: Colour,
	rectangles: Rectangle[]
): Buffer {
	const stride = width * 3 + 1;
	const pixels = Buffer.alloc( stride * height );
	const paint = ( { x, y, width: w, height: h, colour }: Rectangle ) => {
		for (
			let row = Math.max( 0, y );
			row < Math.min( height, y + h );
			row++
		) {
			for (
				let column = Math.max( 0, x );
				column < Math.min( width, x + w );
				column++
			) {
				pixels.set( colour, row * stride + 1 + column * 3 );
			}
		}
	};
	paint( { x: 0, y: 0, width, height, colour: background } );
	rectangles.forEach( paint );
	const header = Buffer.alloc( 13 );
	header.writeUInt32BE( width, 0 );
	header.writeUInt32BE( height, 4 );
	// Bit depth 8, colour type 2 (RGB), deflate, no filter, no interlace.
	header.set( [ 8, 2, 0, 0, 0 ], 8 );
	return Buffer.concat( [
		Buffer.from( [ 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a ] ),
		chunk( 'IHDR', header ),
		chunk( 'IDAT', deflateSync( pixels ) ),
		chunk( 'IEND', Buffer.alloc( 0 ) ),
	] );
}
