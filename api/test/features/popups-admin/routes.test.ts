import assert from 'node:assert/strict';
import { inflateRawSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { toSqlDateTime } from '../../../src/db/values.ts';
import type { Tester } from '../../../src/features/me/repository.ts';
import {
	decodePopupContent,
	encodePopupContent,
} from '../../../src/features/popups/content.ts';
import {
	ADMIN_POPUP_NOT_FOUND_MESSAGE,
	CONTENT_TOO_LONG_MESSAGE,
	EXPIRY_IN_THE_PAST_MESSAGE,
	NO_TESTERS_MESSAGE,
} from '../../../src/features/popups-admin/routes.ts';
import { ADMINISTRATORS_ONLY_MESSAGE } from '../../../src/lib/back-office.ts';
import { backOfficeUser } from '../../helpers/back-office.ts';
import { startTestContext, type TestContext } from '../../helpers/context.ts';
import { bearer } from '../../helpers/requests.ts';
import { DAY } from '../../helpers/rows.ts';

/**
 * The back office's Messages (issue 27): /api/admin/popups for an administrator's token only; the body's rules and
 * their messages; and the round trip through the tester's inbox (GET /users/me/popups): a popup written here
 * reaches the testers it targets and no one else, its content decoded as the inbox decodes it and its placeholders
 * filled as the inbox fills them, `once` and the expiry respected; edits and removals reach the inbox too, each
 * write with its audit entry.
 */

/**
 * What the inbox does to a popup (src/widgets/dashboard/inbox/content.ts): base64 (URL-safe accepted) of raw
 * DEFLATE of UTF-8 (fflate's inflateSync is raw DEFLATE, as zlib's inflateRaw), then the placeholders, with this
 * very pattern, filled from the profile.
 */
const INBOX_PLACEHOLDER = /{{\s*(name|surname|id)\s*}}/g;
const inboxDecode = ( encoded: string ) =>
	inflateRawSync(
		Buffer.from(
			atob( encoded.trim().replace( /-/g, '+' ).replace( /_/g, '/' ) ),
			'latin1'
		)
	).toString( 'utf8' );
const inboxFill = ( text: string, tester: Tester ) =>
	text.replace( INBOX_PLACEHOLDER, ( _token, field: string ) =>
		String(
			(
				{
					id: tester.id,
					name: tester.name,
					surname: tester.surname,
				} as Record< string, unknown >
			 )[ field ]
		)
	);

const HTML =
	'<h2>Welcome aboard, {{name}} {{surname}}</h2><p>Your tester id is <strong>T{{ id }}</strong>. àèìòù €</p>';

interface InboxPopup {
	id: number;
	title: string;
	content: string;
	once: boolean;
}

describe( 'the back office: /api/admin/popups', () => {
	let ctx: TestContext;
	let admin: string;
	let ada: Tester;
	let bob: Tester;
	let cleo: Tester;

	const call = async (
		method: 'GET' | 'POST' | 'PUT' | 'DELETE',
		url: string,
		body?: unknown,
		token = admin
	) =>
		ctx.app.inject( {
			method,
			url: `/api/admin/popups${ url }`,
			headers: bearer( token ),
			...( body === undefined ? {} : { payload: body as object } ),
		} );
	const create = async ( body: Record< string, unknown > ) => {
		const response = await call( 'POST', '', body );
		assert.equal( response.statusCode, 201, response.body );
		return response.json();
	};
	const inbox = async ( tester: Tester, query = '' ) => {
		const response = await ctx.app.inject( {
			method: 'GET',
			url: `/api/users/me/popups${ query }`,
			headers: bearer( await ctx.tokenFor( tester ) ),
		} );
		assert.equal( response.statusCode, 200, response.body );
		return response.json() as InboxPopup[];
	};
	const inboxIds = async ( tester: Tester, query = '' ) =>
		( await inbox( tester, query ) ).map( ( popup ) => popup.id );
	const readPopup = async ( tester: Tester, popupId: number ) =>
		ctx.app.inject( {
			method: 'GET',
			url: `/api/users/me/popups/${ popupId }`,
			headers: bearer( await ctx.tokenFor( tester ) ),
		} );
	const audit = async ( popupId: number ) => {
		const response = await ctx.app.inject( {
			method: 'GET',
			url: `/api/admin/audit?subjectType=popup&subjectId=${ popupId }`,
			headers: bearer( admin ),
		} );
		assert.equal( response.statusCode, 200, response.body );
		return response.json().results as Array< {
			action: string;
			before: unknown;
			after: unknown;
		} >;
	};
	const count = async (
		table: 'popups' | 'popup_recipients' | 'popup_reads'
	) =>
		Number(
			(
				await ctx.database.db
					.selectFrom( table )
					.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
					.executeTakeFirstOrThrow()
			).n
		);
	const inDays = ( days: number ) =>
		new Date( Date.now() + days * DAY ).toISOString();

	before( async () => {
		ctx = await startTestContext();
		admin = ( await backOfficeUser( ctx, 'administrator' ) ).token;
		ada = await ctx.createTester( { name: 'Ada', surname: 'Byron' } );
		bob = await ctx.createTester( { name: 'Bob', surname: 'Stone' } );
		cleo = await ctx.createTester( { name: 'Cleo', surname: 'Patra' } );
	} );

	after( () => ctx.close() );

	it( 'refuses every token but an administrator’s: a tester’s, a tester lead’s, none', async () => {
		const valid = {
			title: 'Hi',
			content: '<p>Hi</p>',
			target: 'all',
			once: false,
		};
		const existing = await create( valid );
		const lead = ( await backOfficeUser( ctx, 'tester_lead' ) ).token;
		const tester = await ctx.tokenFor( ada );
		for ( const token of [ tester, lead ] ) {
			for ( const [ method, url, body ] of [
				[ 'GET', '' ],
				[ 'GET', `/${ existing.id }` ],
				[ 'POST', '', valid ],
				[ 'PUT', `/${ existing.id }`, { ...valid, title: 'Changed' } ],
				[ 'DELETE', `/${ existing.id }` ],
			] as const ) {
				const response = await call( method, url, body, token );
				assert.equal(
					response.statusCode,
					403,
					`${ method } ${ url }`
				);
				assert.equal(
					response.json().message,
					ADMINISTRATORS_ONLY_MESSAGE
				);
			}
		}
		const anonymous = await ctx.app.inject( {
			method: 'GET',
			url: '/api/admin/popups',
		} );
		assert.equal( anonymous.statusCode, 403 );
		assert.equal( await count( 'popups' ), 1, 'Nothing was written.' );
		const stored = ( await call( 'GET', `/${ existing.id }` ) ).json();
		assert.equal( stored.title, 'Hi' );
		assert.equal(
			( await call( 'DELETE', `/${ existing.id }` ) ).statusCode,
			200
		);
	} );

	it( 'refuses a body that breaks a rule, with a message that names it, and writes nothing', async () => {
		const valid = {
			title: 'Hello',
			content: '<p>Hello</p>',
			target: 'list',
			testers: [ ada.id ],
			once: true,
		};
		const { title: _title, ...withoutTitle } = valid;
		const { once: _once, ...withoutOnce } = valid;
		const { testers: _testers, ...withoutTesters } = valid;
		const cases: Array< [ Record< string, unknown >, string ] > = [
			[ withoutTitle, 'Title is required' ],
			[
				{ ...valid, title: '' },
				'Title must be 1 to 255 characters long',
			],
			[
				{ ...valid, title: '   ' },
				'Title must be 1 to 255 characters long',
			],
			[
				{ ...valid, title: 'x'.repeat( 256 ) },
				'Title must be 1 to 255 characters long',
			],
			[
				{ ...valid, title: 'Line\nbreak' },
				'Title must not contain control characters',
			],
			[ { ...valid, content: '' }, 'Content must not be empty' ],
			[ { ...valid, content: ' \n ' }, 'Content must not be empty' ],
			[
				{ ...valid, content: 'x'.repeat( 102_401 ) },
				CONTENT_TOO_LONG_MESSAGE,
			],
			// Under 100 K characters, over 100 KB of UTF-8.
			[
				{ ...valid, content: 'é'.repeat( 51_201 ) },
				CONTENT_TOO_LONG_MESSAGE,
			],
			[ { ...valid, target: 'some' }, 'Target must be all or list' ],
			[ withoutTesters, NO_TESTERS_MESSAGE ],
			[ { ...valid, testers: [] }, NO_TESTERS_MESSAGE ],
			[ { ...valid, testers: [ 'x' ] }, 'Testers must be tester ids' ],
			[ { ...valid, testers: [ 0 ] }, 'Testers must be tester ids' ],
			[
				{ ...valid, testers: [ ada.id, 999_999 ] },
				'Unknown tester id: 999999',
			],
			[
				{ ...valid, testers: [ 999_998, bob.id, 999_997 ] },
				'Unknown tester ids: 999998, 999997',
			],
			[ withoutOnce, 'Once is required' ],
			[ { ...valid, once: 'yes' }, 'Once must be true or false' ],
			[
				{ ...valid, expiresAt: 'tomorrow' },
				'Expiry must be a date and time with its time zone, e.g. 2026-06-01T18:00:00Z',
			],
			[
				{ ...valid, expiresAt: inDays( -1 ) },
				EXPIRY_IN_THE_PAST_MESSAGE,
			],
			[
				{ ...valid, extra: 1 },
				"Unknown field 'extra' in the request body",
			],
		];
		for ( const [ body, message ] of cases ) {
			const response = await call( 'POST', '', body );
			assert.equal(
				response.statusCode,
				400,
				`${ JSON.stringify( body ).slice( 0, 80 ) }: ${ response.body }`
			);
			assert.equal( response.json().message, message );
		}
		assert.equal( await count( 'popups' ), 0 );
		assert.equal( await count( 'popup_recipients' ), 0 );
	} );

	it( 'writes a popup for chosen testers that reaches their inbox only, decoded and filled as the inbox shows it', async () => {
		const expiresAt = inDays( 3 );
		const created = await create( {
			title: 'Hello {{name}}!',
			content: HTML,
			target: 'list',
			// Repeated ids count once.
			testers: [ ada.id, cleo.id, ada.id ],
			once: true,
			expiresAt,
		} );
		assert.deepEqual(
			{ ...created, createdAt: typeof created.createdAt },
			{
				id: created.id,
				title: 'Hello {{name}}!',
				content: HTML,
				target: 'list',
				recipients: [
					{ id: ada.id, name: 'Ada', surname: 'Byron' },
					{ id: cleo.id, name: 'Cleo', surname: 'Patra' },
				],
				once: true,
				expiresAt: `${ expiresAt.slice( 0, 19 ) }Z`,
				createdAt: 'string',
				reads: 0,
			}
		);

		// Stored in the one format of the inbox and the seed.
		const row = await ctx.database.db
			.selectFrom( 'popups' )
			.selectAll()
			.where( 'id', '=', created.id )
			.executeTakeFirstOrThrow();
		assert.equal( row.content, encodePopupContent( HTML ) );
		assert.equal( decodePopupContent( row.content ), HTML );

		const [ popup ] = ( await inbox( ada ) ).filter(
			( item ) => item.id === created.id
		);
		assert.ok( popup, 'In Ada’s inbox.' );
		assert.equal( popup.once, true );
		assert.equal( inboxFill( popup.title, ada ), 'Hello Ada!' );
		assert.equal(
			inboxFill( inboxDecode( popup.content ), ada ),
			`<h2>Welcome aboard, Ada Byron</h2><p>Your tester id is <strong>T${ ada.id }</strong>. àèìòù €</p>`
		);
		assert.ok( ( await inboxIds( cleo ) ).includes( created.id ) );
		assert.ok(
			! ( await inboxIds( bob, '?showExpired=true' ) ).includes(
				created.id
			),
			'Not in Bob’s inbox.'
		);
		assert.equal( ( await readPopup( bob, created.id ) ).statusCode, 404 );

		// `once`: read (shown) once, it leaves the popups to show and stays in the inbox.
		assert.equal( ( await readPopup( ada, created.id ) ).statusCode, 200 );
		assert.ok( ! ( await inboxIds( ada ) ).includes( created.id ) );
		assert.ok(
			( await inboxIds( ada, '?showExpired=true' ) ).includes(
				created.id
			)
		);
		assert.ok( ( await inboxIds( cleo ) ).includes( created.id ) );

		const [ entry ] = await audit( created.id );
		assert.equal( entry.action, 'popup.create' );
		assert.deepEqual( entry.after, {
			title: 'Hello {{name}}!',
			target: 'list',
			testers: [ ada.id, cleo.id ],
			once: true,
			expiresAt: `${ expiresAt.slice( 0, 19 ) }Z`,
			contentBytes: Buffer.byteLength( HTML ),
		} );
	} );

	it( 'writes a popup for every tester, shown until its expiry', async () => {
		const created = await create( {
			title: 'For all',
			content: '<p>Everyone, {{name}}</p>',
			target: 'all',
			testers: [ 999_999 ],
			once: false,
			expiresAt: inDays( 1 ),
		} );
		assert.deepEqual( created.recipients, [], 'Testers are for a list.' );
		for ( const tester of [ ada, bob, cleo ] ) {
			const [ popup ] = ( await inbox( tester ) ).filter(
				( item ) => item.id === created.id
			);
			assert.equal(
				inboxFill( inboxDecode( popup.content ), tester ),
				`<p>Everyone, ${ tester.name }</p>`
			);
			assert.equal( popup.once, false );
		}
		// Not once: shown again until "don't show this again" (which reads it by id).
		assert.ok( ( await inboxIds( bob ) ).includes( created.id ) );

		// The expiry passes.
		await ctx.database.db
			.updateTable( 'popups' )
			.set( {
				expires_at: toSqlDateTime( new Date( Date.now() - 60_000 ) ),
			} )
			.where( 'id', '=', created.id )
			.execute();
		assert.ok( ! ( await inboxIds( bob ) ).includes( created.id ) );
		assert.ok(
			( await inboxIds( bob, '?showExpired=true' ) ).includes(
				created.id
			)
		);
	} );

	it( 'lists every popup newest first, in pages, with its recipients and reads', async () => {
		const first = await create( {
			title: 'First',
			content: '<p>1</p>',
			target: 'list',
			testers: [ bob.id ],
			once: false,
		} );
		const second = await create( {
			title: 'Second <b>',
			content: '<p>2</p>',
			target: 'all',
			once: true,
		} );
		await readPopup( ada, second.id );
		await readPopup( bob, second.id );
		const testers = Number(
			(
				await ctx.database.db
					.selectFrom( 'testers' )
					.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
					.where( 'deleted_at', 'is', null )
					.executeTakeFirstOrThrow()
			).n
		);
		const total = await count( 'popups' );

		const page = await call( 'GET', '?limit=2' );
		assert.equal( page.statusCode, 200, page.body );
		const body = page.json();
		assert.deepEqual(
			{
				start: body.start,
				limit: body.limit,
				size: body.size,
				total: body.total,
			},
			{ start: 0, limit: 2, size: 2, total }
		);
		assert.deepEqual( body.results[ 0 ], {
			id: second.id,
			title: 'Second <b>',
			target: 'all',
			recipients: testers,
			once: true,
			expiresAt: null,
			createdAt: second.createdAt,
			reads: 2,
		} );
		assert.deepEqual(
			{ ...body.results[ 1 ], createdAt: undefined },
			{
				id: first.id,
				title: 'First',
				target: 'list',
				recipients: 1,
				once: false,
				expiresAt: null,
				createdAt: undefined,
				reads: 0,
			}
		);
		const rest = ( await call( 'GET', '?start=2&limit=100' ) ).json();
		assert.equal( rest.size, total - 2 );
		const ids = rest.results.map( ( item: { id: number } ) => item.id );
		assert.ok( ids.every( ( id: number ) => id < first.id ) );

		assert.equal( ( await call( 'GET', '?limit=101' ) ).statusCode, 400 );
	} );

	it( 'answers one popup with its content as HTML; an unknown one is not found', async () => {
		const created = await create( {
			title: 'One',
			content: HTML,
			target: 'list',
			testers: [ cleo.id ],
			once: false,
		} );
		const response = await call( 'GET', `/${ created.id }` );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), created );
		const missing = await call( 'GET', '/999999' );
		assert.equal( missing.statusCode, 404 );
		assert.equal( missing.json().message, ADMIN_POPUP_NOT_FOUND_MESSAGE );
	} );

	it( 'rewrites a popup: its recipients replaced, its reads kept, the inbox follows; audited before and after', async () => {
		const created = await create( {
			title: 'Draft',
			content: '<p>Old</p>',
			target: 'list',
			testers: [ ada.id ],
			once: false,
		} );
		await readPopup( ada, created.id );

		const response = await call( 'PUT', `/${ created.id }`, {
			title: 'Final',
			content: '<p>New, {{surname}}</p>',
			target: 'list',
			testers: [ bob.id, cleo.id ],
			once: true,
			expiresAt: null,
		} );
		assert.equal( response.statusCode, 200, response.body );
		const updated = response.json();
		assert.equal( updated.title, 'Final' );
		assert.equal( updated.content, '<p>New, {{surname}}</p>' );
		assert.deepEqual(
			updated.recipients.map( ( tester: { id: number } ) => tester.id ),
			[ bob.id, cleo.id ]
		);
		assert.equal( updated.once, true );
		assert.equal( updated.reads, 1, 'Ada’s read stays.' );
		assert.equal( updated.createdAt, created.createdAt );

		assert.ok(
			! ( await inboxIds( ada, '?showExpired=true' ) ).includes(
				created.id
			)
		);
		const [ popup ] = ( await inbox( bob ) ).filter(
			( item ) => item.id === created.id
		);
		assert.equal(
			inboxFill( inboxDecode( popup.content ), bob ),
			'<p>New, Stone</p>'
		);

		const entries = await audit( created.id );
		assert.deepEqual(
			entries.map( ( entry ) => entry.action ),
			[ 'popup.update', 'popup.create' ]
		);
		assert.deepEqual( entries[ 0 ].before, {
			title: 'Draft',
			target: 'list',
			testers: [ ada.id ],
			once: false,
			expiresAt: null,
			contentBytes: 10,
		} );
		assert.deepEqual(
			( entries[ 0 ].after as { testers: number[] } ).testers,
			[ bob.id, cleo.id ]
		);

		const missing = await call( 'PUT', '/999999', {
			title: 'x',
			content: 'x',
			target: 'all',
			once: false,
		} );
		assert.equal( missing.statusCode, 404 );
		assert.equal( missing.json().message, ADMIN_POPUP_NOT_FOUND_MESSAGE );

		const unknown = await call( 'PUT', `/${ created.id }`, {
			title: 'Final',
			content: '<p>New</p>',
			target: 'list',
			testers: [ bob.id, 999_999 ],
			once: true,
		} );
		assert.equal( unknown.statusCode, 400 );
		assert.equal( unknown.json().message, 'Unknown tester id: 999999' );
		assert.equal(
			( await call( 'GET', `/${ created.id }` ) ).json().recipients
				.length,
			2,
			'A refused edit changes nothing.'
		);
	} );

	it( 'keeps an expiry that has passed when an edit leaves it as it is, and refuses another past one', async () => {
		const created = await create( {
			title: 'Expiring',
			content: '<p>Soon gone</p>',
			target: 'all',
			once: false,
			expiresAt: inDays( 1 ),
		} );
		const past = new Date( Math.floor( Date.now() / 1000 ) * 1000 - DAY );
		await ctx.database.db
			.updateTable( 'popups' )
			.set( { expires_at: toSqlDateTime( past ) } )
			.where( 'id', '=', created.id )
			.execute();
		const body = {
			title: 'Expired, title fixed',
			content: '<p>Soon gone</p>',
			target: 'all',
			once: false,
		};
		const kept = await call( 'PUT', `/${ created.id }`, {
			...body,
			expiresAt: past.toISOString(),
		} );
		assert.equal( kept.statusCode, 200, kept.body );
		assert.equal(
			kept.json().expiresAt,
			`${ past.toISOString().slice( 0, 19 ) }Z`
		);
		assert.ok( ! ( await inboxIds( ada ) ).includes( created.id ) );

		const other = await call( 'PUT', `/${ created.id }`, {
			...body,
			expiresAt: new Date( past.getTime() - DAY ).toISOString(),
		} );
		assert.equal( other.statusCode, 400 );
		assert.equal( other.json().message, EXPIRY_IN_THE_PAST_MESSAGE );
	} );

	it( 'removes a popup with its recipients and reads: it leaves every inbox; audited', async () => {
		const created = await create( {
			title: 'Bye',
			content: '<p>Bye</p>',
			target: 'list',
			testers: [ ada.id, bob.id ],
			once: false,
		} );
		await readPopup( ada, created.id );
		const rowsOf = async ( table: 'popup_recipients' | 'popup_reads' ) =>
			ctx.database.db
				.selectFrom( table )
				.select( 'id' )
				.where( 'popup_id', '=', created.id )
				.execute();
		assert.equal( ( await rowsOf( 'popup_recipients' ) ).length, 2 );
		assert.equal( ( await rowsOf( 'popup_reads' ) ).length, 1 );

		const response = await call( 'DELETE', `/${ created.id }` );
		assert.equal( response.statusCode, 200, response.body );
		assert.deepEqual( response.json(), { id: created.id } );
		assert.equal( ( await rowsOf( 'popup_recipients' ) ).length, 0 );
		assert.equal( ( await rowsOf( 'popup_reads' ) ).length, 0 );
		assert.ok(
			! ( await inboxIds( ada, '?showExpired=true' ) ).includes(
				created.id
			)
		);
		assert.equal( ( await readPopup( bob, created.id ) ).statusCode, 404 );
		assert.equal(
			( await call( 'GET', `/${ created.id }` ) ).statusCode,
			404
		);

		const [ entry ] = await audit( created.id );
		assert.equal( entry.action, 'popup.delete' );
		assert.deepEqual( ( entry.before as { testers: number[] } ).testers, [
			ada.id,
			bob.id,
		] );

		const again = await call( 'DELETE', `/${ created.id }` );
		assert.equal( again.statusCode, 404 );
		assert.equal( again.json().message, ADMIN_POPUP_NOT_FOUND_MESSAGE );
	} );
} );
