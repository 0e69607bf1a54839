import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FileStorage } from '../storage/index.ts';
import type { DemoPlan } from './demo.ts';
import { drawPng, type Colour, type Rectangle } from './png.ts';

/**
 * What the bug's own page shows for the demo testers who report (veteran, heavy): their first bug of each status
 * (writeBugs makes the first four refused, approved, pending, need review) gets notes, media with real files in the
 * storage (a screenshot drawn here, and a console log on the approved one) and, when refused or needing review,
 * the reviewer's comment; their other refused and need-review bugs get a comment too. Without a store (tests of
 * the seed) the media rows are written without their files, which the page lists all the same.
 */

/** Bug statuses (0003-domain). */
const REFUSED = 1;
const APPROVED = 2;
const PENDING = 3;
const NEED_REVIEW = 4;

interface Showcase {
	notes: string;
	comment: string | null;
	/** The screenshot's accent: the app's header and button. */
	accent: Colour;
	/** Whether the screenshot shows an error box over the page. */
	error: boolean;
	log: boolean;
}

const SHOWCASE: Record< number, Showcase > = {
	[ REFUSED ]: {
		notes: 'Seen twice in a row, then the page loaded normally.',
		comment:
			'Duplicate: the same blank page was reported two days earlier on this campaign. Search the uploaded bugs before reporting.',
		accent: [ 220, 53, 69 ],
		error: true,
		log: false,
	},
	[ APPROVED ]: {
		notes: 'Happens on Wi-Fi and on 4G. The console log is attached.',
		comment: null,
		accent: [ 25, 135, 84 ],
		error: true,
		log: true,
	},
	[ PENDING ]: {
		notes: 'Only after logging in again.',
		comment: null,
		accent: [ 13, 110, 253 ],
		error: false,
		log: false,
	},
	[ NEED_REVIEW ]: {
		notes: "The button doesn't react to a second tap either.",
		comment:
			'Please add the app version and a screen recording of the last step: the screenshot does not show the error message.',
		accent: [ 255, 193, 7 ],
		error: false,
		log: false,
	},
};

/** Comments of the other refused and need-review bugs, picked by bug id. */
const COMMENTS: Record< number, string[] > = {
	[ REFUSED ]: [
		'Out of scope: this page is not part of the campaign.',
		'Not reproducible with the steps given.',
		'Duplicate of an earlier report.',
	],
	[ NEED_REVIEW ]: [
		'Please add a screenshot of the error.',
		'Which app version did you use? Add it to the notes.',
		'The steps stop before the problem: please complete them.',
	],
};

/**
 * A phone screenshot: status bar, the app's header, lines of text, a button, and an error box when asked.
 *
 * @param showcase
 */
function screenshot( showcase: Showcase ): Buffer {
	const grey: Colour = [ 206, 212, 218 ];
	const rectangles: Rectangle[] = [
		{ x: 0, y: 0, width: 180, height: 12, colour: [ 33, 37, 41 ] },
		{ x: 0, y: 12, width: 180, height: 36, colour: showcase.accent },
		{ x: 12, y: 24, width: 70, height: 10, colour: [ 255, 255, 255 ] },
	];
	for ( let line = 0; line < 8; line++ ) {
		rectangles.push( {
			x: 12,
			y: 64 + line * 18,
			width: 156 - ( ( line * 37 ) % 60 ),
			height: 8,
			colour: grey,
		} );
	}
	rectangles.push( {
		x: 24,
		y: 260,
		width: 132,
		height: 32,
		colour: showcase.accent,
	} );
	if ( showcase.error ) {
		rectangles.push(
			{ x: 16, y: 110, width: 148, height: 80, colour: [ 52, 58, 64 ] },
			{
				x: 20,
				y: 114,
				width: 140,
				height: 72,
				colour: [ 248, 215, 218 ],
			},
			{ x: 30, y: 128, width: 100, height: 8, colour: [ 132, 32, 41 ] },
			{ x: 30, y: 146, width: 120, height: 6, colour: [ 132, 32, 41 ] },
			{ x: 100, y: 166, width: 50, height: 12, colour: [ 220, 53, 69 ] }
		);
	}
	return drawPng( 180, 320, [ 248, 249, 250 ], rectangles );
}

const consoleLog = ( bugId: number ) =>
	[
		'[12:41:07.112] INFO  app: checkout opened',
		'[12:41:09.530] INFO  cart: 2 items, total 38.40 EUR',
		'[12:41:12.004] WARN  payment: provider answered slowly (4.2 s)',
		`[12:41:16.871] ERROR payment: TypeError: Cannot read properties of undefined (reading 'token') (bug ${ bugId })`,
		'[12:41:16.873] ERROR ui: blank page rendered',
		'',
	].join( '\n' );

/**
 * @param db
 * @param demo
 * @param storage Where the files go; none: the rows only.
 */
export async function writeDemoBugReports(
	db: Kysely< Database >,
	demo: DemoPlan[],
	storage: FileStorage | undefined
): Promise< void > {
	for ( const plan of demo ) {
		if ( ! plan.shape.applyToAll ) {
			continue;
		}
		const firsts = await db
			.selectFrom( 'bugs' )
			.select( [
				'status_id',
				( eb ) => eb.fn.min< number >( 'id' ).as( 'id' ),
			] )
			.where( 'tester_id', '=', plan.id )
			.groupBy( 'status_id' )
			.execute();
		for ( const status of [ REFUSED, NEED_REVIEW ] ) {
			const comments = COMMENTS[ status ];
			await db
				.updateTable( 'bugs' )
				.set( {
					review_comment: sql< string >`case ${ sql.ref( 'id' ) } % ${
						comments.length
					} ${ sql.join(
						comments.map(
							( comment, index ) =>
								sql`when ${ index } then ${ comment }`
						),
						sql` `
					) } end`,
				} )
				.where( 'tester_id', '=', plan.id )
				.where( 'status_id', '=', status )
				.execute();
		}
		for ( const { status_id: status, id } of firsts ) {
			const showcase = SHOWCASE[ status ];
			if ( ! showcase ) {
				continue;
			}
			const bugId = Number( id );
			await db
				.updateTable( 'bugs' )
				.set( {
					notes: showcase.notes,
					review_comment: showcase.comment,
				} )
				.where( 'id', '=', bugId )
				.execute();
			const files = [
				{
					key: `seed-bug-${ bugId }-1.png`,
					fileName: 'screenshot.png',
					mimeType: 'image/png',
					bytes: screenshot( showcase ),
				},
				...( showcase.log
					? [
							{
								key: `seed-bug-${ bugId }-2.txt`,
								fileName: 'console log.txt',
								mimeType: 'text/plain; charset=utf-8',
								bytes: Buffer.from( consoleLog( bugId ) ),
							},
					  ]
					: [] ),
			];
			for ( const file of files ) {
				await storage?.put( file.key, Readable.from( [ file.bytes ] ), {
					mimeType: file.mimeType,
					fileName: file.fileName,
				} );
			}
			await db
				.insertInto( 'bug_media' )
				.values(
					files.map( ( file ) => ( {
						bug_id: bugId,
						file_name: file.fileName,
						mime_type: file.mimeType,
						storage_key: file.key,
					} ) )
				)
				.execute();
		}
	}
}
