import { screen, waitFor, within } from '@testing-library/react';

import type { PublicBug } from '../../../services/contract';
import { axeViolations } from '../../../test-utils/axe';
import { FakeApi, apiError } from '../../../test-utils/fake-api';
import { testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';
import PublicBugWidget, { publicBugFromPath } from '..';

/** A logged-out visitor's page. */
const config = testConfig( {
	token: null,
	user: null,
	features: { publicUserPages: true },
} );
let api: FakeApi;

const SIGNED = '?expires=1900000000&signature=abc';

const BUG: PublicBug = {
	id: 42,
	title: 'Checkout button does nothing',
	status: { id: 3, name: 'Pending' },
	severity: { id: 3, name: 'HIGH' },
	type: { id: 4, name: 'MALFUNCTION' },
	replicability: { id: 3, name: 'ALWAYS' },
	campaign: { id: 7, name: 'Smart TV app' },
	stepDescription: '1. Open the cart\n2. Tap Pay\n3. Wait',
	expected: 'The payment page opens',
	current: 'Nothing happens',
	notes: 'Only on Wi-Fi',
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
	],
	additional: [ { slug: 'browser', name: 'Browser', value: 'Chrome 120' } ],
	review: { comment: null },
};

const ROUTE = 'GET /public/bugs/42/tok_abc-123' as const;

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
	window.history.replaceState( {}, '', '/vdp/42/tok_abc-123/' );
} );

const fact = ( term: string ) =>
	screen.queryByText( term, { selector: 'dt' } )?.nextElementSibling
		?.textContent;

describe( 'public bug view', () => {
	it( 'reads the bug and its token from the address', () => {
		expect( publicBugFromPath( '/vdp/42/tok_abc-123/' ) ).toEqual( {
			bugId: 42,
			token: 'tok_abc-123',
		} );
		expect( publicBugFromPath( '/it/vdp/7/abc' ) ).toEqual( {
			bugId: 7,
			token: 'abc',
		} );
		expect( publicBugFromPath( '/vdp/42/' ) ).toBeNull();
		expect( publicBugFromPath( '/vdp/0/abc/' ) ).toBeNull();
		expect( publicBugFromPath( '/vdp/4/a%3Cb/' ) ).toBeNull();
	} );

	it( 'shows the report without a login, and without device, use case, links into the tester’s pages or delete', async () => {
		api.on( ROUTE, { status: 200, body: BUG }, { open: true } );
		const { container } = await renderWithProviders( <PublicBugWidget />, {
			config,
		} );
		expect(
			await screen.findByRole(
				'heading',
				{ level: 1, name: 'Checkout button does nothing' },
				{ timeout: 8000 }
			)
		).toBeInTheDocument();
		expect(
			api.requestsTo( ROUTE )[ 0 ].headers.Authorization
		).toBeUndefined();
		expect( fact( 'Severity' ) ).toBe( 'High' );
		expect( fact( 'Campaign' ) ).toBe( 'CP7 - Smart TV app' );
		expect( fact( 'Browser' ) ).toBe( 'Chrome 120' );
		expect( fact( 'Device' ) ).toBeUndefined();
		expect( fact( 'Use case' ) ).toBeUndefined();
		expect(
			screen.queryByRole( 'link', { name: 'Back to your bugs' } )
		).not.toBeInTheDocument();
		expect( screen.queryByRole( 'button' ) ).not.toBeInTheDocument();
		const media = screen.getByRole( 'region', { name: 'Media' } );
		expect(
			within( media ).getByRole( 'img', { name: 'Image: cart.png' } )
		).toHaveAttribute(
			'src',
			`http://scouts.test/api/media/m-1234567890.png${ SIGNED }`
		);
		expect( await axeViolations( container ) ).toEqual( [] );
	} );

	it( 'shows not found for a wrong token or the setting off (404)', async () => {
		api.on( ROUTE, apiError( 404, 'Bug not found' ), { open: true } );
		await renderWithProviders( <PublicBugWidget />, { config } );
		expect(
			await screen.findByRole(
				'heading',
				{ name: 'Bug not found' },
				{ timeout: 8000 }
			)
		).toBeInTheDocument();
		expect(
			screen.getByText(
				'This link does not exist or is no longer public.'
			)
		).toBeInTheDocument();
	} );

	it( 'shows not found without asking when the address has no token', async () => {
		window.history.replaceState( {}, '', '/vdp/42/' );
		await renderWithProviders( <PublicBugWidget />, { config } );
		expect(
			await screen.findByRole( 'heading', { name: 'Bug not found' } )
		).toBeInTheDocument();
		await waitFor( () => expect( api.requests ).toEqual( [] ) );
	} );
} );
