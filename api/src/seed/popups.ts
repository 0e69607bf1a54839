import { encodePopupContent } from '../features/popups/content.ts';
import type { SeedContext } from './context.ts';
import { POPUPS } from './data.ts';
import { Random } from './random.ts';
import { DAY, sqlDateTime } from './values.ts';

/**
 * The eight popups of data.ts; each tester's recipients and reads are written with the tester (testers/popups.ts).
 *
 * Popup content (spec: "compressed, base64 encoded"): base64 of the raw DEFLATE stream (RFC 1951, no zlib or
 * gzip header; node's zlib.inflateRawSync or fflate's inflateSync decode it) of UTF-8 HTML, with the
 * placeholders {{name}}, {{surname}} and {{id}} filled in at display time.
 */

export interface PopupPlan {
	id: number;
	created: number;
	listEvery: number | null;
}

export function writePopups( ctx: SeedContext ): PopupPlan[] {
	const rng = new Random( `${ ctx.seedKey }/popups` );
	const { now } = ctx;
	const popups: PopupPlan[] = [];
	POPUPS.forEach( ( popup, index ) => {
		const id = ctx.id( 'popups' );
		const created = now - rng.int( 5, 360 ) * DAY;
		// Two popups go to a list of testers; a few have expired, which the inbox still shows on request.
		const listEvery = index === 2 || index === 6 ? 5 : null;
		let expires: number | null = null;
		if ( index % 3 === 1 ) {
			expires = created + rng.int( 2, 4 ) * DAY;
		} else if ( index % 3 === 2 ) {
			expires = now + rng.int( 10, 90 ) * DAY;
		}
		popups.push( { id, created, listEvery } );
		ctx.writer.add( 'popups', [
			id,
			popup.title,
			encodePopupContent( popup.body ),
			index % 2 === 0 ? 1 : 0,
			listEvery ? 'list' : 'all',
			expires === null ? null : sqlDateTime( expires ),
			sqlDateTime( created ),
		] );
	} );
	return popups;
}
