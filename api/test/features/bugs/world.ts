import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { Tester } from '../../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { bearer } from '../../helpers/requests.ts';
import { insertApplication, insertCampaign } from '../../helpers/rows.ts';

/**
 * The bug form's world: a running campaign with every rule of the form on (title rule, one medium at least, some
 * values not valid, two tasks, a text field with a pattern and a select), a plain running one, one not started, a
 * closed one, testers selected (with and without the contract), applied, and their devices; with the requests a
 * client makes.
 */

export const NO_PERMISSION =
	'You do not have permission to access this campaign';

export const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
	'base64'
);
/** The start of a Windows executable (an MZ header). */
export const EXE = Buffer.concat( [
	Buffer.from( 'MZ' ),
	Buffer.alloc( 62, 0x90 ),
	Buffer.from( 'This program cannot be run in DOS mode.' ),
] );

/** The start of an MP4 (ISO base media) file: an `ftyp` box of brand isom. */
export const MP4_HEAD = Buffer.concat( [
	Buffer.from( [ 0, 0, 0, 0x20 ] ),
	Buffer.from( 'ftypisom' ),
	Buffer.from( [ 0, 0, 2, 0 ] ),
	Buffer.from( 'isomiso2avc1mp41' ),
] );

export const BOUNDARY = '----crowdscout-bug-form-boundary';

/**
 * A multipart/form-data body of one file, as a stream of its parts.
 *
 * @param name
 * @param content
 * @param field
 */
export function multipart(
	name: string,
	content: Buffer | AsyncIterable< Buffer >,
	field = 'media'
): Readable {
	return Readable.from(
		( async function* () {
			yield Buffer.from(
				`--${ BOUNDARY }\r\nContent-Disposition: form-data; name="${ field }"; filename="${ name }"\r\n` +
					'Content-Type: application/octet-stream\r\n\r\n'
			);
			if ( Buffer.isBuffer( content ) ) {
				yield content;
			} else {
				yield* content;
			}
			yield Buffer.from( `\r\n--${ BOUNDARY }--\r\n` );
		} )()
	);
}

/**
 * `size` bytes of an MP4-looking file, made a chunk at a time.
 *
 * @param size
 */
export async function* generatedVideo( size: number ) {
	yield MP4_HEAD;
	let made = MP4_HEAD.length;
	const chunk = Buffer.alloc( 64 * 1024, 7 );
	while ( made < size ) {
		const next = chunk.subarray( 0, Math.min( chunk.length, size - made ) );
		made += next.length;
		yield next;
	}
}

/** Every file under a directory (stored files, sidecars, temporary parts). */
export const filesUnder = ( dir: string ) =>
	fs
		.readdirSync( dir, { recursive: true, withFileTypes: true } )
		.filter( ( entry ) => entry.isFile() )
		.map( ( entry ) => entry.name );

/** The storage key of a media URL the API answered. */
export const keyOf = ( url: string ) =>
	/\/media\/([^?]+)/.exec( url )?.[ 1 ] as string;

/** A local time with its offset, `minutes` from now (negative: in the past), as the form sends it. */
export function localTime( minutes: number, offsetHours = 1 ): string {
	const at = new Date(
		Date.now() + minutes * 60_000 + offsetHours * 3_600_000
	);
	const sign = offsetHours >= 0 ? '+' : '-';
	const offset = `${ sign }${ String( Math.abs( offsetHours ) ).padStart(
		2,
		'0'
	) }:00`;
	return at.toISOString().replace( 'Z', offset );
}

export class BugFormWorld {
	ctx!: TestContext;
	me!: Tester;
	other!: Tester;
	applied!: Tester;
	starting!: Tester;
	/** Every rule of the form on. */
	shop!: number;
	/** No rules: every value valid, no fields, no minimum. */
	plain!: number;
	upcoming!: number;
	closed!: number;
	tasks!: number[];
	plainTask!: number;
	devices = new Map< number, number >();
	disabledDevice!: number;

	async start( options: { maxUploadBytes?: number } = {} ): Promise< void > {
		const ctx = await startTestContext( options );
		this.ctx = ctx;
		const { db } = ctx.database;
		this.me = await ctx.createTester( { name: 'Mia', surname: 'Me' } );
		this.other = await ctx.createTester( {
			name: 'Otto',
			surname: 'Other',
		} );
		this.applied = await ctx.createTester();
		this.starting = await ctx.createTester();

		this.shop = await this.campaign( 'Shop app', -5, 1 );
		await db
			.updateTable( 'campaigns' )
			.set( {
				title_rule: 1,
				minimum_media: 1,
				has_bug_parade: 0,
				valid_file_extensions: 'png,jpg,mp4,txt',
				low_bug_payout_cents: 250,
				medium_bug_payout_cents: 500,
				high_bug_payout_cents: 1000,
				critical_bug_payout_cents: 2005,
			} )
			.where( 'id', '=', this.shop )
			.execute();
		await this.values(
			this.shop,
			[ 2, 3, 4 ],
			[ 1, 2, 3, 4, 6 ],
			[ 2, 3 ]
		);
		this.tasks = [
			await this.task( this.shop, 'Checkout', 1 ),
			await this.task( this.shop, 'Sign in', 2 ),
		];
		await db
			.insertInto( 'campaign_additional_fields' )
			.values( [
				{
					campaign_id: this.shop,
					slug: 'browser',
					name: 'Browser',
					type: 'text',
					regex: '^[A-Za-z]+ [0-9]+$',
					error_message: 'Write the browser and its version',
					options: null,
					position: 1,
				},
				{
					campaign_id: this.shop,
					slug: 'env',
					name: 'Environment',
					type: 'select',
					regex: null,
					error_message: null,
					options: JSON.stringify( [ 'staging', 'production' ] ),
					position: 2,
				},
			] )
			.execute();

		this.plain = await this.campaign( 'Bank app', -3, 1 );
		await this.values(
			this.plain,
			[ 1, 2, 3, 4 ],
			[ 1, 2, 3, 4, 5, 6, 7, 8 ],
			[ 1, 2, 3 ]
		);
		this.plainTask = await this.task( this.plain, 'Transfer', 1 );
		this.upcoming = await this.campaign( 'Later app', 3, 1 );
		this.closed = await this.campaign( 'Old app', -30, 2 );

		for ( const campaign of [
			this.shop,
			this.plain,
			this.upcoming,
			this.closed,
		] ) {
			await this.select( this.me, campaign, true );
		}
		await this.select( this.other, this.shop, true );
		await this.select( this.other, this.plain, true );
		await insertApplication( ctx, this.applied.id, this.shop, 'applied' );
		await this.select( this.starting, this.shop, false );

		const model = await db
			.selectFrom( 'device_models' )
			.select( 'id' )
			.where( 'device_type', '=', 0 )
			.orderBy( 'id' )
			.executeTakeFirstOrThrow();
		const version = await db
			.selectFrom( 'os_versions as v' )
			.innerJoin( 'os_platforms as p', 'p.id', 'v.platform_id' )
			.select( 'v.id' )
			.where( 'p.device_type', '=', 0 )
			.orderBy( 'v.id' )
			.executeTakeFirstOrThrow();
		const device = async ( tester: Tester, disabled = false ) =>
			Number(
				(
					await db
						.insertInto( 'tester_devices' )
						.values( {
							tester_id: tester.id,
							device_type: 0,
							model_id: model.id,
							pc_type_id: null,
							os_version_id: version.id,
							disabled_at: disabled
								? '2026-01-01 00:00:00'
								: null,
						} )
						.executeTakeFirstOrThrow()
				).insertId
			);
		for ( const tester of [ this.me, this.other, this.starting ] ) {
			this.devices.set( tester.id, await device( tester ) );
		}
		this.disabledDevice = await device( this.me, true );
	}

	close(): Promise< void > {
		return this.ctx.close();
	}

	readonly deviceOf = ( tester: Tester ) => this.devices.get( tester.id )!;

	/**
	 * A request as `tester` under /api.
	 *
	 * @param tester
	 * @param method
	 * @param url
	 * @param body
	 */
	readonly send = async (
		tester: Tester,
		method: 'GET' | 'POST' | 'DELETE',
		url: string,
		body?: unknown
	) =>
		this.ctx.app.inject( {
			method,
			url: `/api${ url }`,
			headers: bearer( await this.ctx.tokenFor( tester ) ),
			...( body === undefined ? {} : { payload: body as object } ),
		} );

	/**
	 * POST …/media as `tester`.
	 *
	 * @param tester
	 * @param campaignId
	 * @param body
	 */
	readonly upload = async (
		tester: Tester,
		campaignId: number,
		body: Readable
	) =>
		this.ctx.app.inject( {
			method: 'POST',
			url: `/api/users/me/campaigns/${ campaignId }/media`,
			headers: {
				...bearer( await this.ctx.tokenFor( tester ) ),
				'content-type': `multipart/form-data; boundary=${ BOUNDARY }`,
			},
			payload: body,
		} );

	/**
	 * An uploaded PNG's URL, asserting the 201.
	 *
	 * @param tester
	 * @param campaignId
	 * @param name
	 */
	readonly uploaded = async (
		tester: Tester,
		campaignId: number,
		name = 'screen.png'
	): Promise< string > => {
		const response = await this.upload(
			tester,
			campaignId,
			multipart( name, PNG )
		);
		if ( response.statusCode !== 201 ) {
			throw new Error(
				`upload: ${ response.statusCode } ${ response.body }`
			);
		}
		return response.json().url;
	};

	/**
	 * A valid bug of the shop campaign for `tester` (media: the URLs given).
	 *
	 * @param tester
	 * @param media
	 * @param more
	 */
	readonly shopBug = (
		tester: Tester,
		media: string[],
		more: Record< string, unknown > = {}
	) => ( {
		title: '[Checkout] - The pay button does nothing',
		description: '1. Open the cart\n2. Tap Pay\n3. Wait',
		expected: 'The payment page',
		current: 'Nothing happens',
		notes: 'Only on Wi-Fi',
		severity: 'HIGH',
		replicability: 'ALWAYS',
		type: 'MALFUNCTION',
		usecase: this.tasks[ 0 ],
		device: this.deviceOf( tester ),
		media,
		additional: [
			{ slug: 'browser', value: 'Firefox 133' },
			{ slug: 'env', value: 'staging' },
		],
		lastSeen: localTime( -30 ),
		...more,
	} );

	/**
	 * A valid bug of the plain campaign for `tester`.
	 *
	 * @param tester
	 * @param title
	 */
	readonly plainBug = ( tester: Tester, title: string ) => ( {
		title,
		description: '1. Open\n2. Tap',
		expected: 'It works',
		current: 'It does not',
		severity: 'LOW',
		replicability: 'ONCE',
		type: 'TYPO',
		usecase: -1,
		device: this.deviceOf( tester ),
		media: [],
		additional: [],
		lastSeen: localTime( -5 ),
	} );

	readonly count = async (
		table: 'bugs' | 'bug_media' | 'bug_additional_values' | 'bug_uploads'
	) =>
		Number(
			(
				await this.ctx.database.db
					.selectFrom( table )
					.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
					.executeTakeFirstOrThrow()
			).n
		);

	private async campaign( title: string, start: number, status: 1 | 2 ) {
		return insertCampaign( this.ctx, {
			title,
			visibility: 'internal',
			status,
			start,
			end: start + 40,
			close: start + 50,
		} );
	}

	private async values(
		campaignId: number,
		severities: number[],
		types: number[],
		replicabilities: number[]
	) {
		const { db } = this.ctx.database;
		await db
			.insertInto( 'campaign_bug_severities' )
			.values(
				severities.map( ( code ) => ( {
					campaign_id: campaignId,
					severity_id: code,
				} ) )
			)
			.execute();
		await db
			.insertInto( 'campaign_bug_types' )
			.values(
				types.map( ( code ) => ( {
					campaign_id: campaignId,
					type_id: code,
				} ) )
			)
			.execute();
		await db
			.insertInto( 'campaign_bug_replicabilities' )
			.values(
				replicabilities.map( ( code ) => ( {
					campaign_id: campaignId,
					replicability_id: code,
				} ) )
			)
			.execute();
	}

	private async task( campaignId: number, name: string, position: number ) {
		return Number(
			(
				await this.ctx.database.db
					.insertInto( 'campaign_tasks' )
					.values( {
						campaign_id: campaignId,
						name,
						content: null,
						can_upload_media: 0,
						position,
					} )
					.executeTakeFirstOrThrow()
			).insertId
		);
	}

	private async select(
		tester: Tester,
		campaignId: number,
		accepted: boolean
	) {
		await insertApplication( this.ctx, tester.id, campaignId, 'selected' );
		if ( accepted ) {
			await this.ctx.database.db
				.updateTable( 'applications' )
				.set( { contract_accepted_at: '2026-01-02 03:04:05' } )
				.where( 'tester_id', '=', tester.id )
				.where( 'campaign_id', '=', campaignId )
				.execute();
		}
	}
}
