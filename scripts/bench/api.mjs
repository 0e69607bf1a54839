/**
 * The API half of `npm run bench`: on a large seeded database (once per data set, kept under
 * .data/bench/), starts the API as production runs it and loads each read endpoint of the dashboard,
 * experience and bugs pages with autocannon, as the tester with the most rows. Prints one table per engine.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureMariaDbInstalled, startMariaDb } from '../lib/mariadb.mjs';
import { ROOT, dataDir } from '../lib/paths.mjs';
import { run, startService, waitForHttp } from '../lib/process.mjs';

export const SCALES = {
	// The issue's large run: 9.75 M rows.
	large: {
		testers: 100_000,
		campaigns: 10_000,
		bugsPerTester: 10,
		experiencePerTester: 50,
	},
	// For trying the harness out.
	small: {
		testers: 2_000,
		campaigns: 300,
		bugsPerTester: 10,
		experiencePerTester: 50,
	},
};

/** The issue's target for every dashboard read: large data set, 50 connections, this machine. */
export const TARGET = { requestsPerSecond: 1_000, p99Ms: 50 };

const API_PORT = 18581;
const MARIADB_PORT = 18582;

/** The one-off row of a 100 MB upload (uploadLargeVideo), chosen by `--match` like the others. */
const UPLOAD_ROW =
	'POST /users/me/campaigns/{id}/media upload of a 100 MB video';

const filter = ( filters ) =>
	Object.entries( filters )
		.map(
			( [ key, value ] ) =>
				`${ encodeURIComponent( `filterBy[${ key }]` ) }=${ value }`
		)
		.join( '&' );

/**
 * The requests, as the widgets send them (dashboard tables with their default sorts, spec section 9).
 *
 * @param {any} data What prepare.ts printed.
 */
function endpoints( data ) {
	const lastPage = Math.max( 0, Math.floor( ( data.experience - 1 ) / 25 ) );
	return [
		{
			name: 'GET /users/me (performance card fields)',
			path: '/users/me?fields=total_exp_pts,booty,pending_booty,rank,attended_cp,approved_bugs,booty_threshold',
		},
		{
			name: 'GET /users/me?fields=all (profile)',
			path: '/users/me?fields=all',
		},
		{
			// Each connection alternates the two saves, so every request changes the city (looked up in the
			// places), the phone (parsed and normalised) and the birth date (the fiscal profile is checked again).
			// Name, email and password changes are WordPress's to make (a call over the internal channel that
			// this benchmark, which runs no WordPress, leaves out).
			name: 'PATCH /users/me profile save (city, phone, birth date)',
			path: '/users/me',
			method: 'PATCH',
			bodies: [
				{
					city: 'Milano',
					phone: '+393471234567',
					birthDate: '1990-01-01',
				},
				{
					city: 'Roma',
					phone: '00393477654321',
					birthDate: '1990-01-02',
				},
			],
			target: { requestsPerSecond: 300, p99Ms: 100 },
		},
		{
			name: '/users/me/campaigns active',
			path: `/users/me/campaigns?${ filter( {
				accepted: 1,
				completed: 0,
			} ) }&orderBy=start_date&order=ASC&limit=10`,
		},
		{
			name: '/users/me/campaigns available',
			path: `/users/me/campaigns?${ filter( {
				accepted: 0,
				completed: 0,
			} ) }&orderBy=visibility&order=ASC&limit=10`,
		},
		{
			name: '/users/me/campaigns closed',
			path: `/users/me/campaigns?${ filter( {
				accepted: 1,
				statusId: 2,
			} ) }&orderBy=close_date&order=DESC&limit=10`,
		},
		{
			name: '/users/me/campaigns finished, awaiting',
			path: `/users/me/campaigns?${ filter( {
				accepted: 1,
				statusId: 1,
				completed: 1,
			} ) }&orderBy=end_date&order=DESC&limit=10`,
		},
		{
			name: '/users/me/campaigns unfiltered',
			path: '/users/me/campaigns?limit=10',
			// The endpoint's default, which no dashboard table asks for: measured, but not held to the target.
			dashboard: false,
		},
		{
			name: '/users/me/experience first page',
			path: '/users/me/experience?limit=25',
		},
		{
			name: `/users/me/experience page ${ lastPage + 1 } (last)`,
			path: `/users/me/experience?limit=25&start=${ lastPage * 25 }`,
		},
		{
			name: '/users/me/experience by campaign',
			path: `/users/me/experience?limit=25&${ filter( {
				campaign: data.campaignId,
			} ) }`,
		},
		// The experience page's filter selects: the distinct values of the tester's whole history.
		{
			name: '/users/me/experience/filters',
			path: '/users/me/experience/filters',
		},
		{
			name: '/users/me/bugs',
			path: '/users/me/bugs?limit=25&orderBy=id&order=DESC',
		},
		// The bug's own page: the whole report, its media's URLs signed on each read.
		...( data.bugId
			? [
					{
						name: '/users/me/bugs/{id} (bug page)',
						path: `/users/me/bugs/${ data.bugId }`,
					},
			  ]
			: [] ),
		{ name: '/users/me/rank', path: '/users/me/rank' },
		{ name: '/users/me/rank/list', path: '/users/me/rank/list' },
		{
			name: `/users/me/rank (middle of ${ data.middle.testers.toLocaleString(
				'en'
			) } at level ${ data.middle.level })`,
			path: '/users/me/rank',
			token: data.middle.token,
		},
		{
			name: `/users/me/rank/list (same tester)`,
			path: '/users/me/rank/list',
			token: data.middle.token,
		},
		// The profile's lookups (cacheable in the browser, but measured uncached).
		{ name: '/languages', path: '/languages' },
		{ name: '/custom_user_fields', path: '/custom_user_fields' },
		// The ranking page's legend: every level with its hold and reach points.
		{ name: '/levels', path: '/levels' },
		{ name: '/certifications', path: '/certifications' },
		{
			name: '/certifications by institute and area',
			path: `/certifications?${ filter( { institute: 1, area: 1 } ) }`,
		},
		// The city fields' search (offline data, a binary search per request) and the fiscal tab.
		{ name: '/places Italy "mil"', path: '/places?country=IT&search=mil' },
		{
			name: '/places United States "san"',
			path: '/places?country=US&search=san',
		},
		{ name: 'GET /users/me/fiscal', path: '/users/me/fiscal' },
		// The devices page and its wizard's selects, as the wizard asks them: a type's models, the platforms the
		// chosen model's maker ships, the chosen platform's versions. Catalogue ids are positions in
		// api/src/lookups/devices.ts (append only): model 4 is the iPhone 16, platform 1 iOS.
		{ name: 'GET /users/me/devices', path: '/users/me/devices' },
		{ name: '/devices/0/models (smartphones)', path: '/devices/0/models' },
		{
			name: '/devices/0/operating_systems of a model',
			path: `/devices/0/operating_systems?${ filter( { model: 4 } ) }`,
		},
		{
			name: '/devices/0/os_versions of a platform',
			path: `/devices/0/os_versions?${ filter( { platform: 1 } ) }`,
		},
		{
			// Each connection adds a smartphone, removes it, adds a PC, removes it (prepare.ts, BENCH_DEVICES): the
			// DELETE of the id the POST answered keeps the tester's list (measured above) at its size. A removed
			// device stays, disabled, where no read looks; those, and a device a run ended with before its DELETE,
			// are deleted by the next run's prepare.
			name: 'POST /users/me/devices add a device (each one then DELETEd)',
			path: '/users/me/devices',
			method: 'POST',
			bodies: data.addDevices,
			removeAdded: true,
			target: { requestsPerSecond: 300, p99Ms: 100 },
		},
		// One campaign's pages as the preview and the manual read them (the access read, then the page's reads),
		// on the started campaign prepare.ts picked for the task row, which the tester is selected in.
		...( data.task
			? [
					{
						name: 'GET /users/me/campaigns/{id}/preview',
						path: `/users/me/campaigns/${ data.task.campaignId }/preview?locale=it`,
					},
					{
						name: 'GET /users/me/campaigns/{id}/payout_data',
						path: `/users/me/campaigns/${ data.task.campaignId }/payout_data`,
					},
					{
						name: 'GET /users/me/campaigns/{id}/tasks',
						path: `/users/me/campaigns/${ data.task.campaignId }/tasks`,
					},
			  ]
			: [] ),
		// Marking a task completed, as the manual's button does: the access read, the task read and the upsert
		// (which runs, unchanged, for a completed task too), on a task prepare.ts picked.
		...( data.task
			? [
					{
						name: 'POST /users/me/campaigns/{id}/tasks/{taskId} complete a task',
						path: `/users/me/campaigns/${ data.task.campaignId }/tasks/${ data.task.taskId }`,
						method: 'POST',
						bodies: [ { status: 'completed' } ],
						target: { requestsPerSecond: 300, p99Ms: 100 },
					},
			  ]
			: [] ),
		// The bug form (issue 25): its data as the form reads it (the campaign with its rules), the duplicate hint
		// as the title is typed (full-text over the seeded campaign's bugs, bug parade on), the submit (each
		// request a new, valid bug; prepare.ts deletes them on the next run) and a bug's public view (the
		// WordPress stub below answers the setting on).
		...( data.bugForm
			? [
					{
						name: 'GET /users/me/campaigns/{id} (bug form data)',
						path: `/users/me/campaigns/${ data.bugForm.campaignId }?locale=it`,
					},
					...( data.bugForm.search
						? [
								{
									name: 'GET /users/me/campaigns/{id}/bugs/similar (duplicate hint)',
									path: `/users/me/campaigns/${
										data.bugForm.search.campaignId
									}/bugs/similar?title=${ encodeURIComponent(
										data.bugForm.search.title
									) }`,
									target: {
										requestsPerSecond: 500,
										p99Ms: 50,
									},
								},
						  ]
						: [] ),
					{
						name: 'POST /users/me/campaigns/{id}/bugs create a bug',
						path: `/users/me/campaigns/${ data.bugForm.campaignId }/bugs`,
						method: 'POST',
						bodies: [ data.bugForm.bug ],
						target: { requestsPerSecond: 300, p99Ms: 100 },
					},
					...( data.bugForm.publicBug
						? [
								{
									name: 'GET /public/bugs/{id}/{token} (public view)',
									path: `/public/bugs/${ data.bugForm.publicBug.id }/${ data.bugForm.publicBug.token }`,
								},
						  ]
						: [] ),
			  ]
			: [] ),
		// The wallet (issue 26): the history table, a paid request's details and the booty details as the widget
		// asks for them (default sorts, 10 a page), then requesting a payment, each request a tester who may make
		// one (prepare.ts explains the supply and its cleanup).
		{
			name: 'GET /users/me/payments (wallet history)',
			path: '/users/me/payments?limit=10&start=0&orderBy=paidDate&order=DESC',
		},
		...( data.paymentId
			? [
					{
						name: 'GET /users/me/payments/{id} (payment details)',
						path: `/users/me/payments/${ data.paymentId }?limit=10&start=0&orderBy=date&order=DESC`,
					},
			  ]
			: [] ),
		{
			name: 'GET /users/me/pending_booty/details (booty details)',
			path: '/users/me/pending_booty/details?limit=10&start=0&orderBy=attributionDate&order=DESC',
		},
		...( data.pay?.testers.length
			? [
					{
						name: `POST /users/me/payments create a request (a new tester each time, ${ data.pay.testers.length.toLocaleString(
							'en'
						) } available)`,
						path: '/users/me/payments',
						method: 'POST',
						pay: data.pay,
						target: { requestsPerSecond: 300, p99Ms: 100 },
					},
			  ]
			: [] ),
		// The back office's lists (issue 27) as an administrator's screens read them, each its first page of 20:
		// campaigns, the heavy tester's campaign's candidates and bugs, testers, fiscal profiles to check, the
		// payout queue, and the dashboard widget's figures.
		...( data.admin
			? [
					[ 'campaigns', '/admin/campaigns?status=all&limit=20' ],
					...( data.campaignId
						? [
								[
									'campaign candidates',
									`/admin/campaigns/${ data.campaignId }/candidates?limit=20`,
								],
								[
									'campaign bugs',
									`/admin/campaigns/${ data.campaignId }/bugs?limit=20`,
								],
						  ]
						: [] ),
					[ 'testers', '/admin/testers?limit=20' ],
					[
						'fiscal profiles',
						'/admin/fiscal_profiles?status=unverified&limit=20',
					],
					[
						'payout queue',
						'/admin/payments?status=processing&limit=20',
					],
					[ 'dashboard widget', '/admin/summary' ],
			  ].map( ( [ what, url ] ) => ( {
					name: `GET ${
						url.split( '?' )[ 0 ]
					} (back office: ${ what })`,
					path: url,
					token: data.admin.token,
			  } ) )
			: [] ),
		// The pre-selection form as the apply page reads it (every kind of question, one prefilled from the
		// profile), on a benchmark campaign the tester has not applied to; then applying, each request a tester
		// and campaign pair that has no application yet (prepare.ts explains the supply and its cleanup).
		...( data.apply
			? [
					{
						name: 'GET /users/me/campaigns/{id}/forms (pre-selection form)',
						path: `/users/me/campaigns/${ data.apply.campaigns[ 0 ].id }/forms?locale=it`,
					},
					{
						name: 'POST /users/me/campaigns/{id}/forms apply (a new tester and campaign each time)',
						path: '/users/me/campaigns',
						method: 'POST',
						apply: data.apply,
						target: { requestsPerSecond: 300, p99Ms: 100 },
					},
			  ]
			: [] ),
	];
}

/**
 * The applying row's requests: request i applies tester i mod N to campaign i mod C (N odd, C a power of two), so
 * none repeats for N × C requests, warm-up included (the count lives on `apply`, which both loads share).
 *
 * @param {string} url   The campaigns' base URL.
 * @param {any}    apply What prepare.ts printed for it.
 */
function applyRequests( url, apply ) {
	apply.sent ??= 0;
	const base = new URL( url ).pathname;
	return [
		{
			method: 'POST',
			setupRequest: ( request ) => {
				const i = apply.sent++;
				const tester = apply.testers[ i % apply.testers.length ];
				const campaign = apply.campaigns[ i % apply.campaigns.length ];
				return {
					...request,
					path: `${ base }/${ campaign.id }/forms`,
					headers: {
						...request.headers,
						authorization: `Bearer ${ tester.token }`,
						'content-type': 'application/json',
					},
					body: JSON.stringify( {
						form: campaign.form,
						device: [ tester.device ],
					} ),
				};
			},
		},
	];
}

/**
 * The paying row's requests: request i is tester i's (prepare.ts's supply), a PayPal payout to the benchmark's
 * address; the run stops at the end of the supply (past it, testers would come round again and be refused).
 *
 * @param {any} pay What prepare.ts printed for it.
 */
function payRequests( pay ) {
	pay.sent ??= 0;
	const body = JSON.stringify( {
		method: { type: 'paypal', email: pay.email },
	} );
	return [
		{
			method: 'POST',
			setupRequest: ( request ) => {
				const tester = pay.testers[ pay.sent++ % pay.testers.length ];
				return {
					...request,
					headers: {
						...request.headers,
						authorization: `Bearer ${ tester.token }`,
						'content-type': 'application/json',
					},
					body,
				};
			},
		},
	];
}

/**
 * This core's speed now: SHA-256 digests of 1 KB per second, over one second. Printed beside each engine's table:
 * a shared virtual machine runs faster at some hours than at others, and two runs compare only at equal speed.
 *
 * @return {number} Digests per second.
 */
export function speedCheck() {
	const block = Buffer.alloc( 1024, 'x' );
	const started = performance.now();
	let digests = 0;
	while ( performance.now() - started < 1000 ) {
		crypto.createHash( 'sha256' ).update( block ).digest();
		digests++;
	}
	return Math.round( digests / ( ( performance.now() - started ) / 1000 ) );
}

/**
 * The machine's busy and total CPU time since boot, in clock ticks (Linux's /proc/stat, all cores).
 *
 * @return {{ busy: number, total: number }} The two sums.
 */
function cpuTimes() {
	const [ , ...ticks ] = fs
		.readFileSync( '/proc/stat', 'utf8' )
		.split( '\n' )[ 0 ]
		.trim()
		.split( /\s+/ )
		.map( Number );
	const total = ticks.reduce( ( sum, n ) => sum + n, 0 );
	// idle and iowait are the fourth and fifth.
	return { busy: total - ticks[ 3 ] - ticks[ 4 ], total };
}

/**
 * Waits until the machine is quiet (under a tenth of its CPU busy over half a second), at most 60 s. A row's load
 * stops with up to one request per connection still in the API, and the database goes on with their statements:
 * after a slow row (the back office's summary, at 50 connections seconds per request) they ran on into the next
 * row's seconds and were counted against it (docs/performance.md, 2026-11-30, late morning).
 *
 * @return {Promise<number>} How long it waited, in ms.
 */
async function waitForQuiet() {
	const started = performance.now();
	let before = cpuTimes();
	while ( performance.now() - started < 60_000 ) {
		await new Promise( ( resolve ) => setTimeout( resolve, 500 ) );
		const now = cpuTimes();
		const share =
			( now.busy - before.busy ) /
			Math.max( 1, now.total - before.total );
		before = now;
		if ( share < 0.1 ) {
			break;
		}
	}
	return Math.round( performance.now() - started );
}

/**
 * Whether a dashboard read met the target in this run: printed for the reader, never a failure.
 *
 * @param {{ dashboard?: boolean, target?: typeof TARGET }} endpoint A write has a target of its own.
 * @param {any}                                             result   autocannon's result.
 * @param {number}                                          failed   Its answers that were not 2xx, errors and timeouts.
 * @return {string} "met", "missed" or "—" for a read the target does not cover.
 */
function targetOf( endpoint, result, failed ) {
	if ( endpoint.dashboard === false ) {
		return '—';
	}
	const target = endpoint.target ?? TARGET;
	return result.requests.average >= target.requestsPerSecond &&
		result.latency.p99 < target.p99Ms &&
		! failed
		? 'met'
		: 'missed';
}

function load( {
	url,
	token,
	connections,
	seconds,
	method,
	bodies,
	removeAdded,
	apply,
	pay,
	amount,
} ) {
	const headers = { authorization: `Bearer ${ token }` };
	// After each body, a DELETE of what it added (its answer's id).
	const removal = removeAdded && {
		method: 'DELETE',
		headers,
		setupRequest: ( request, context ) => ( {
			...request,
			path: `${ new URL( url ).pathname }/${ context.added }`,
		} ),
	};
	return new Promise( ( resolve, reject ) => {
		autocannon(
			{
				url,
				connections,
				// A number of requests, when given, ends the run instead of the time.
				...( amount ? { amount } : { duration: seconds } ),
				headers,
				...( apply && { requests: applyRequests( url, apply ) } ),
				...( pay && { requests: payRequests( pay ) } ),
				// A write: each connection sends the bodies in turn.
				...( bodies && {
					requests: bodies.flatMap( ( body ) => [
						{
							method,
							headers: {
								...headers,
								'content-type': 'application/json',
							},
							body: JSON.stringify( body ),
							...( removal && {
								onResponse: ( status, answer, context ) => {
									context.added = JSON.parse( answer ).id;
								},
							} ),
						},
						...( removal ? [ removal ] : [] ),
					] ),
				} ),
			},
			( error, result ) => ( error ? reject( error ) : resolve( result ) )
		);
	} );
}

/**
 * WordPress as the bug's public view asks it (GET …/internal/settings, the "Public user pages" setting on), so the
 * public row measures the API, not an absent WordPress (which reads as the setting off, a 404). The API reads it at
 * most every 30 seconds; no other row reaches WordPress.
 *
 * @return {Promise<{ url: string, stop: () => Promise<void> }>} Its base URL.
 */
function startWordPressStub() {
	const server = http.createServer( ( request, response ) => {
		const settings = request.url?.endsWith(
			'/crowdscout/v1/internal/settings'
		);
		response.writeHead( settings ? 200 : 404, {
			'content-type': 'application/json',
		} );
		response.end(
			JSON.stringify(
				settings ? { publicUserPages: true } : { code: 'not_found' }
			)
		);
	} );
	return new Promise( ( resolve ) => {
		server.listen( 0, '127.0.0.1', () =>
			resolve( {
				url: `http://127.0.0.1:${ server.address().port }`,
				stop: () => new Promise( ( done ) => server.close( done ) ),
			} )
		);
	} );
}

/**
 * The resident memory of a process group (the API's supervisor and workers), in bytes, from /proc (Linux).
 *
 * @param {number} group The group's id (the detached service's pid).
 * @return {number} Bytes; 0 where /proc cannot tell.
 */
function groupMemory( group ) {
	let bytes = 0;
	for ( const entry of fs.readdirSync( '/proc' ) ) {
		if ( ! /^\d+$/.test( entry ) ) {
			continue;
		}
		try {
			const stat = fs.readFileSync( `/proc/${ entry }/stat`, 'utf8' );
			// Fields after the command's closing parenthesis: state ppid pgrp … (rss is field 24, in pages).
			const fields = stat
				.slice( stat.lastIndexOf( ')' ) + 2 )
				.split( ' ' );
			if ( Number( fields[ 2 ] ) === group ) {
				bytes += Number( fields[ 21 ] ) * 4096;
			}
		} catch {
			// The process ended meanwhile.
		}
	}
	return bytes;
}

/**
 * One 100 MB video uploaded as the bug form does (multipart, field `media`, streamed from a generator), then
 * deleted: the time it took and how much the API's memory (all its processes) grew at its peak over the start.
 *
 * @param {string} base  The API's base URL.
 * @param {any}    data  What prepare.ts printed.
 * @param {number} group The API's process group.
 * @return {Promise<{ ms: number, growthMb: number, status: number }>} The measure.
 */
async function uploadLargeVideo( base, data, group ) {
	const size = 100 * 1024 * 1024;
	const boundary = '----crowdscout-bench-boundary';
	const head = Buffer.from(
		`--${ boundary }\r\nContent-Disposition: form-data; name="media"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`
	);
	const ftyp = Buffer.concat( [
		Buffer.from( [ 0, 0, 0, 0x20 ] ),
		Buffer.from( 'ftypisom' ),
		Buffer.from( [ 0, 0, 2, 0 ] ),
		Buffer.from( 'isomiso2avc1mp41' ),
	] );
	const chunk = Buffer.alloc( 64 * 1024, 7 );
	async function* body() {
		yield head;
		yield ftyp;
		let sent = ftyp.length;
		while ( sent < size ) {
			const next = chunk.subarray(
				0,
				Math.min( chunk.length, size - sent )
			);
			sent += next.length;
			yield next;
		}
		yield Buffer.from( `\r\n--${ boundary }--\r\n` );
	}
	const before = groupMemory( group );
	let peak = before;
	const watch = setInterval( () => {
		peak = Math.max( peak, groupMemory( group ) );
	}, 25 );
	const started = performance.now();
	let response;
	try {
		response = await fetch(
			`${ base }/users/me/campaigns/${ data.bugForm.campaignId }/media`,
			{
				method: 'POST',
				headers: {
					authorization: `Bearer ${ data.token }`,
					'content-type': `multipart/form-data; boundary=${ boundary }`,
				},
				body: body(),
				duplex: 'half',
			}
		);
	} finally {
		clearInterval( watch );
	}
	const ms = Math.round( performance.now() - started );
	const answer = await response.json();
	if ( response.status === 201 ) {
		await fetch( `${ base }/media`, {
			method: 'DELETE',
			headers: {
				authorization: `Bearer ${ data.token }`,
				'content-type': 'application/json',
			},
			body: JSON.stringify( { url: answer.url } ),
		} );
	}
	return {
		ms,
		growthMb: Number( ( ( peak - before ) / 1024 / 1024 ).toFixed( 1 ) ),
		status: response.status,
	};
}

async function startDatabase( engine, benchDir, scaleName, log ) {
	if ( engine === 'sqlite' ) {
		return {
			url: `sqlite://${ path.join(
				benchDir,
				`sqlite-${ scaleName }.db`
			) }`,
			stop: async () => {},
		};
	}
	await ensureMariaDbInstalled( { log } );
	const server = await startMariaDb( {
		dataDir: path.join( benchDir, 'mariadb' ),
		port: MARIADB_PORT,
		log,
		// Production gives InnoDB most of the machine's memory; the large data set is ~2 GB.
		bufferPoolSize: '4G',
		warm: true,
	} );
	return {
		// The API reaches the server on the same machine through its unix socket, as production does when both
		// share a host.
		url: `${
			server.url
		}crowdscout_bench_${ scaleName }?socket=${ encodeURIComponent(
			server.socket
		) }`,
		stop: server.stop,
	};
}

/**
 * @param {{ engine: 'sqlite' | 'mysql', scaleName: keyof typeof SCALES, seconds: number, connections: number, match?: string, log: (line: string) => void }} options
 * @return {Promise<{ engine: string, prepared: any, rows: any[] }>} One row per endpoint.
 */
export async function benchApi( {
	engine,
	scaleName,
	seconds,
	connections,
	match,
	log,
} ) {
	const scale = SCALES[ scaleName ];
	// One API process per core, as production runs it; with MariaDB on the same two cores, one process leaves
	// the database server its core (in production the database has a machine of its own).
	const workers = engine === 'sqlite' ? os.cpus().length : 1;
	const benchDir = path.join( dataDir(), 'bench' );
	fs.mkdirSync( benchDir, { recursive: true } );
	const secret = crypto.randomBytes( 32 ).toString( 'hex' );
	const database = await startDatabase( engine, benchDir, scaleName, log );
	const wordpress = await startWordPressStub();
	let api;
	try {
		log(
			`Preparing the ${ scaleName } data set on ${ engine } (seeded once, then reused)…`
		);
		const output = await run(
			process.execPath,
			[
				'--import',
				'tsx',
				'api/bench/prepare.ts',
				'--db-url',
				database.url,
				'--testers',
				String( scale.testers ),
				'--campaigns',
				String( scale.campaigns ),
				'--bugs-per-tester',
				String( scale.bugsPerTester ),
				'--experience-per-tester',
				String( scale.experiencePerTester ),
			],
			{
				cwd: ROOT,
				env: { ...process.env, CROWDSCOUT_SECRET: secret },
				stdio: [ 'ignore', 'pipe', 'inherit' ],
			}
		);
		const prepared = JSON.parse( output.trim().split( '\n' ).pop() );
		if ( prepared.seeded ) {
			log( `Seeded in ${ ( prepared.ms / 1000 ).toFixed( 0 ) } s.` );
		}
		const logFile = path.join( benchDir, `api-${ engine }.log` );
		fs.rmSync( logFile, { force: true } );
		api = startService(
			'API',
			process.execPath,
			[ '--import', 'tsx', 'api/src/server.ts' ],
			{
				cwd: ROOT,
				logFile,
				env: {
					...process.env,
					NODE_ENV: 'production',
					CROWDSCOUT_SECRET: secret,
					CROWDSCOUT_DB_URL: database.url,
					CROWDSCOUT_API_PORT: String( API_PORT ),
					CROWDSCOUT_API_HOST: '127.0.0.1',
					CROWDSCOUT_WP_URL: wordpress.url,
					// As production runs it: one API process per core.
					CROWDSCOUT_API_WORKERS: String( workers ),
				},
			}
		);
		const base = `http://127.0.0.1:${ API_PORT }/api`;
		await waitForHttp( `${ base }/health`, { service: api } );
		const rows = [];
		const speed = { before: speedCheck() };
		// Several texts, separated by "|", choose the rows that contain any of them.
		const chosenBy = ( name ) =>
			! match ||
			match.split( '|' ).some( ( text ) => name.includes( text ) );
		const chosen = endpoints( prepared ).filter( ( endpoint ) =>
			chosenBy( endpoint.name )
		);
		const uploading = prepared.bugForm && chosenBy( UPLOAD_ROW );
		if ( ! chosen.length && ! uploading ) {
			throw new Error( `No endpoint's name contains "${ match }"` );
		}
		for ( const endpoint of chosen ) {
			const options = {
				url: base + endpoint.path,
				token: endpoint.token ?? prepared.token,
				connections,
				method: endpoint.method,
				bodies: endpoint.bodies,
				removeAdded: endpoint.removeAdded,
				apply: endpoint.apply,
				pay: endpoint.pay,
			};
			// Each paying request needs a tester of its own, and the supply runs out within the usual time: the
			// warm-up takes a third of it (about the others' 2 s), the run the rest. With a tenth, the first three
			// seconds of the run were still warming up, at half the rate and twice the p99 of the seconds after
			// (docs/performance.md, 2026-11-30, late morning).
			const supply = endpoint.pay?.testers.length;
			const waited = await waitForQuiet();
			if ( waited > 1_000 ) {
				log(
					`  (waited ${ ( waited / 1000 ).toFixed(
						1
					) } s for the last row's requests to end)`
				);
			}
			// Warm-up: the JIT, the database's caches. The run's first row warms a fresh API process too: on two cores
			// kept busy, its compiler took 4–5 s to catch up with a write's path (applying, run alone: 430–600 req/s
			// and p99 100–160 ms over its first five seconds, then 770–870 and 65–80), so it gets 6 s, the others 2.
			await load( {
				...options,
				seconds: rows.length ? 2 : 6,
				amount: supply && Math.floor( supply / 3 ),
			} );
			const result = await load( {
				...options,
				seconds,
				amount: supply && supply - endpoint.pay.sent,
			} );
			const failed = result.non2xx + result.errors + result.timeouts;
			rows.push( {
				endpoint: endpoint.name,
				'req/s': Math.round( result.requests.average ),
				'p50 ms': result.latency.p50,
				'p99 ms': result.latency.p99,
				'KB/answer': Number(
					(
						result.throughput.total /
						Math.max( 1, result.requests.total ) /
						1024
					).toFixed( 1 )
				),
				failed,
				target: targetOf( endpoint, result, failed ),
			} );
			log(
				`  ${ endpoint.name }: ${ Math.round(
					result.requests.average
				) } req/s, p99 ${ result.latency.p99 } ms${
					failed ? `, ${ failed } failed` : ''
				}`
			);
		}
		// The issue's upload check: a 100 MB video grows the API's memory by less than 50 MB.
		if ( uploading ) {
			const upload = await uploadLargeVideo(
				base,
				prepared,
				api.child.pid
			);
			rows.push( {
				endpoint: `${ UPLOAD_ROW } (memory +${ upload.growthMb } MB)`,
				'req/s': 0,
				'p50 ms': upload.ms,
				'p99 ms': upload.ms,
				'KB/answer': 0,
				failed: upload.status === 201 ? 0 : 1,
				target:
					upload.status === 201 && upload.growthMb < 50
						? 'met'
						: 'missed',
			} );
			log(
				`  100 MB upload: ${ upload.status } in ${ upload.ms } ms, memory +${ upload.growthMb } MB`
			);
		}
		speed.after = speedCheck();
		return { engine, prepared, rows, workers, speed };
	} finally {
		await api?.stop();
		await database.stop();
		await wordpress.stop();
	}
}
