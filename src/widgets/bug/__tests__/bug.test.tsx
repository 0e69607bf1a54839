import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import type { BugDetail } from '../../../services/contract';
import { axeViolations } from '../../../test-utils/axe';
import { FakeApi, apiError, deferred } from '../../../test-utils/fake-api';
import { DANA, testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';
import Bug from '..';
import { bugIdFromPath } from '../format';

const config = testConfig();
let api: FakeApi;

const SIGNED = '?expires=1900000000&signature=abc';

const BUG: BugDetail = {
	id: 42,
	title: 'Checkout button does nothing on \\"Pay\\"',
	status: { id: 1, name: 'Refused' },
	severity: { id: 3, name: 'HIGH' },
	type: { id: 4, name: 'MALFUNCTION' },
	replicability: { id: 3, name: 'ALWAYS' },
	campaign: { id: 7, name: 'Smart TV app' },
	useCase: { id: 3, name: 'Pay for an order' },
	device: {
		id: 5,
		type: 0,
		device: { id: 11, manufacturer: 'Google', model: 'Pixel 8' },
		operating_system: { id: 90, platform: 'Android', version: '14' },
	},
	stepDescription: '1. Open the cart\n2. Tap Pay\n3. Wait',
	expected: 'The payment page opens',
	current: 'Nothing happens',
	notes: null,
	lastSeen: '2025-05-02T08:30:00.000Z',
	created: '2025-05-02T09:00:00.000Z',
	updated: '2025-05-03T09:00:00.000Z',
	media: [
		{
			id: 1,
			name: 'cart.png',
			mimeType: 'image/png',
			url: `/api/media/m-1234567890.png${ SIGNED }`,
		},
		{
			id: 2,
			name: 'tap.mp4',
			mimeType: 'video/mp4',
			url: `/api/media/m-2234567890.mp4${ SIGNED }`,
		},
		{
			id: 3,
			name: 'log.txt',
			mimeType: 'text/plain',
			url: `/api/media/m-3234567890.txt${ SIGNED }`,
		},
	],
	additional: [ { slug: 'browser', name: 'Browser', value: 'Chrome 120' } ],
	review: { comment: 'Duplicate of bug 40.' },
	publicToken: 'tok_abc-123',
};

const visit = ( path: string ) => window.history.replaceState( {}, '', path );

beforeEach( () => {
	api = new FakeApi( {
		apiBase: config.apiBase,
		ajaxUrl: config.ajaxUrl,
	} ).on( 'GET /users/me', { status: 200, body: DANA } );
	visit( '/bugs/show/42/' );
} );

/** The value shown for a term of the report's facts. */
const fact = ( term: string ) =>
	screen.getByText( term, { selector: 'dt' } ).nextElementSibling
		?.textContent;

describe( 'bug page', () => {
	it( 'reads the id from the address, under a language prefix and the site path too', () => {
		expect( bugIdFromPath( '/bugs/show/42/' ) ).toBe( 42 );
		expect( bugIdFromPath( '/it/bugs/show/7' ) ).toBe( 7 );
		expect( bugIdFromPath( '/site/fr/bugs/show/9/' ) ).toBe( 9 );
		expect( bugIdFromPath( '/bugs/show/abc/' ) ).toBeNull();
		expect( bugIdFromPath( '/bugs/show/0/' ) ).toBeNull();
		expect( bugIdFromPath( '/my-bugs/' ) ).toBeNull();
	} );

	it( 'shows the whole report read-only, with the status badge and the reviewer comment', async () => {
		const answer = deferred< void >();
		api.hold(
			( request ) => request.route === '/users/me/bugs/42',
			answer.promise
		).on( 'GET /users/me/bugs/42', { status: 200, body: BUG } );
		const { container } = await renderWithProviders( <Bug /> );

		await waitFor( () =>
			expect( api.requestsTo( 'GET /users/me/bugs/42' ) ).toHaveLength(
				1
			)
		);
		expect(
			screen.getByRole( 'status', { name: 'Loading the bug…' } )
		).toBeInTheDocument();
		answer.resolve();

		expect(
			await screen.findByRole( 'heading', {
				level: 1,
				name: 'Checkout button does nothing on "Pay"',
			} )
		).toBeInTheDocument();
		expect( screen.getByText( 'Bug 42' ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Back to your bugs' } )
		).toHaveAttribute( 'href', 'http://scouts.test/my-bugs/' );
		expect( fact( 'Status' ) ).toBe( 'Refused' );
		expect(
			screen.getByText( 'Refused', { selector: 'span' } )
		).toHaveClass( 'crowdscout-bug-status--danger' );
		expect( fact( 'Campaign' ) ).toBe( 'CP7 - Smart TV app' );
		expect( fact( 'Severity' ) ).toBe( 'High' );
		expect( fact( 'Type' ) ).toBe( 'Malfunction' );
		expect( fact( 'Replicability' ) ).toBe( 'Always' );
		expect( fact( 'Use case' ) ).toBe( 'Pay for an order' );
		expect( fact( 'Device' ) ).toBe( 'Google Pixel 8 · Android 14' );
		expect( fact( 'Last seen' ) ).toMatch( /^0[12]\/05\/2025 \d\d:\d\d$/ );
		expect( fact( 'Browser' ) ).toBe( 'Chrome 120' );

		const section = ( name: string ) =>
			screen.getByRole( 'region', { name } ).textContent;
		expect( section( 'Steps to reproduce' ) ).toContain(
			'1. Open the cart\n2. Tap Pay\n3. Wait'
		);
		expect( section( 'Expected result' ) ).toContain(
			'The payment page opens'
		);
		expect( section( 'Current result' ) ).toContain( 'Nothing happens' );
		expect( section( 'Notes' ) ).toContain( '-' );
		expect( section( "Reviewer's comment" ) ).toContain(
			'Duplicate of bug 40.'
		);
		// Read-only: nothing to type into or submit.
		expect( screen.queryByRole( 'textbox' ) ).not.toBeInTheDocument();
		expect( screen.queryByRole( 'button' ) ).not.toBeInTheDocument();
		expect( await axeViolations( container ) ).toEqual( [] );
	} );

	it( 'shows images inline, videos in a player and other files as links, at their signed URLs', async () => {
		api.on( 'GET /users/me/bugs/42', { status: 200, body: BUG } );
		const { container } = await renderWithProviders( <Bug /> );

		const media = await screen.findByRole( 'region', { name: 'Media' } );
		const image = within( media ).getByRole( 'img', {
			name: 'Image: cart.png',
		} );
		expect( image ).toHaveAttribute(
			'src',
			`http://scouts.test/api/media/m-1234567890.png${ SIGNED }`
		);
		const video = container.querySelector( 'video' )!;
		expect( video ).toHaveAttribute(
			'src',
			`http://scouts.test/api/media/m-2234567890.mp4${ SIGNED }`
		);
		expect( video ).toHaveAttribute( 'controls' );
		expect( video ).toHaveAccessibleName( 'Video: tap.mp4' );
		expect(
			within( media ).getByRole( 'link', { name: 'Open log.txt' } )
		).toHaveAttribute(
			'href',
			`http://scouts.test/api/media/m-3234567890.txt${ SIGNED }`
		);
	} );

	it( 'never links a media URL that is no web address', async () => {
		api.on( 'GET /users/me/bugs/42', {
			status: 200,
			body: {
				...BUG,
				media: [
					{
						id: 9,
						name: 'evil.html',
						mimeType: null,
						url: 'javascript:alert(1)',
					},
				],
			},
		} );
		await renderWithProviders( <Bug /> );
		const media = await screen.findByRole( 'region', { name: 'Media' } );
		expect( within( media ).queryByRole( 'link' ) ).not.toBeInTheDocument();
		expect( within( media ).getByText( 'evil.html' ) ).toBeInTheDocument();
	} );

	it( 'names a removed device, a bug without use case, media or comment', async () => {
		api.on( 'GET /users/me/bugs/42', {
			status: 200,
			body: {
				...BUG,
				status: { id: 2, name: 'Approved' },
				device: {
					...BUG.device!,
					device: { pc_type: 'Notebook' },
				},
				useCase: null,
				media: [],
				review: { comment: null },
			},
		} );
		await renderWithProviders( <Bug /> );
		await screen.findByRole( 'heading', { level: 1 } );
		expect( fact( 'Device' ) ).toBe( 'Notebook · Android 14' );
		expect( fact( 'Use case' ) ).toBe( 'Not a specific use case' );
		expect( screen.getByText( 'No media attached.' ) ).toBeInTheDocument();
		expect(
			screen.getByText( 'No comment from the reviewer.' )
		).toBeInTheDocument();
		expect(
			screen.getByText( 'Approved', { selector: 'span' } )
		).toHaveClass( 'crowdscout-bug-status--success' );
	} );

	it( "shows not found for another tester's bug, with a link back to the list in the page language", async () => {
		visit( '/it/bugs/show/43/' );
		api.on( 'GET /users/me/bugs/43', apiError( 404, 'Bug not found' ) );
		await renderWithProviders( <Bug />, { config: { locale: 'it' } } );

		expect(
			await screen.findByRole( 'heading', { name: 'Bug non trovato' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Torna ai tuoi bug' } )
		).toHaveAttribute( 'href', 'http://scouts.test/it/my-bugs/' );
	} );

	it( 'shows not found without asking when the address has no bug id', async () => {
		visit( '/bugs/show/' );
		await renderWithProviders( <Bug /> );
		expect(
			await screen.findByRole( 'heading', { name: 'Bug not found' } )
		).toBeInTheDocument();
		expect(
			api.requests.filter( ( request ) =>
				request.route.startsWith( '/users/me/bugs' )
			)
		).toEqual( [] );
	} );

	it( 'shows the public link to copy only while the public user pages are on', async () => {
		api.on( 'GET /users/me/bugs/42', { status: 200, body: BUG } );
		const writeText = jest.fn().mockResolvedValue( undefined );
		Object.defineProperty( navigator, 'clipboard', {
			value: { writeText },
			configurable: true,
		} );
		const { container } = await renderWithProviders( <Bug />, {
			config: { features: { publicUserPages: true } },
		} );
		const link = await screen.findByRole( 'textbox', {
			name: 'Public link',
		} );
		expect( link ).toHaveValue( 'http://scouts.test/vdp/42/tok_abc-123/' );
		expect( link ).toHaveAttribute( 'readonly' );
		fireEvent.click( screen.getByRole( 'button', { name: 'Copy link' } ) );
		expect( await screen.findByText( 'Link copied.' ) ).toBeInTheDocument();
		expect( writeText ).toHaveBeenCalledWith(
			'http://scouts.test/vdp/42/tok_abc-123/'
		);
		expect( await axeViolations( container ) ).toEqual( [] );
	} );

	it( 'shows no public link while the public user pages are off', async () => {
		api.on( 'GET /users/me/bugs/42', { status: 200, body: BUG } );
		await renderWithProviders( <Bug /> );
		await screen.findByRole( 'heading', { level: 1 } );
		expect(
			screen.queryByRole( 'textbox', { name: 'Public link' } )
		).not.toBeInTheDocument();
	} );

	it( 'offers a retry on another error', async () => {
		api.on( 'GET /users/me/bugs/42', apiError( 500, 'Down' ) );
		await renderWithProviders( <Bug /> );
		expect(
			await screen.findByRole( 'button', { name: 'Try again' } )
		).toBeInTheDocument();
	} );
} );
