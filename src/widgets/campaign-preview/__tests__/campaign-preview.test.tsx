import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import type { CampaignPreview } from '../../../services/contract';
import type { WidgetProps } from '../../../lib/widget';
import { axeViolations } from '../../../test-utils/axe';
import { FakeApi, apiError } from '../../../test-utils/fake-api';
import { testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';
import CampaignPreviewWidget from '..';
import { ApplyArea } from '../apply-area';
import { applyState, payoutRange } from '../format';
import {
	CAMPAIGN_ID,
	DETAIL,
	PAYOUT,
	PREVIEW,
	ROUTE,
	servePreview,
} from './helpers';

const config = testConfig();
let api: FakeApi;

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
	window.history.replaceState(
		{},
		'',
		`/campaigns/${ CAMPAIGN_ID }/preview/`
	);
} );

async function renderPreview(
	attributes: WidgetProps[ 'attributes' ] = {},
	locale: 'en' | 'it' = 'en'
) {
	const rendered = await renderWithProviders(
		<CampaignPreviewWidget
			name="campaign-preview"
			attributes={ attributes }
		/>,
		{ config: { locale } }
	);
	await screen.findByRole( 'heading', { level: 1 } );
	return rendered;
}

const applyArea = () =>
	document.querySelector( '[data-crowdscout-apply-state]' ) as HTMLElement;

/** The value next to a term of the top card. */
const fact = ( term: string, summary = 'Campaign summary' ) =>
	within( screen.getByRole( 'region', { name: summary } ) ).getByText( term, {
		selector: 'dt',
	} ).nextElementSibling?.textContent;

describe( 'the campaign preview', () => {
	it( 'shows "CP{id} - {type}", then type, testing phase, points and payout range', async () => {
		servePreview( api );
		await renderPreview();

		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: 'CP7 - Bug hunting',
			} )
		).toBeInTheDocument();
		expect( screen.getByText( 'Smart TV app' ) ).toBeInTheDocument();
		expect( fact( 'Type' ) ).toBe( 'Bug hunting' );
		expect( fact( 'Testing phase' ) ).toBe( '01/12 - 15/12' );
		await waitFor( () =>
			expect( fact( 'Experience points' ) ).toBe( '120 pts.' )
		);
		// Minimum: the completion bonus; maximum: bonus + payout limit + top tester bonus.
		expect( fact( 'Payout' ) ).toBe( '€10.10 - €80.30' );
		expect(
			api
				.requestsTo( `GET ${ ROUTE }/preview` )[ 0 ]
				.url.searchParams.get( 'locale' )
		).toBe( 'en' );
		expect( await axeViolations() ).toEqual( [] );
	} );

	it( 'adds the payout range in cents, and writes it in the page language', async () => {
		expect(
			payoutRange( {
				...PAYOUT,
				campaign_complete_bonus_eur: 0.1,
				payout_limit: 0.2,
				top_tester_bonus: 0,
			} )
		).toEqual( { min: 0.1, max: 0.3 } );

		servePreview( api );
		await renderPreview( {}, 'it' );
		await waitFor( () =>
			expect( fact( 'Compenso', 'Riepilogo della campagna' ) ).toMatch(
				/^10,10\s€ - 80,30\s€$/
			)
		);
		expect( fact( 'Punti esperienza', 'Riepilogo della campagna' ) ).toBe(
			'120 pt.'
		);
	} );

	it( 'renders the content with scripts, event handlers and javascript: links made inert', async () => {
		const calls: string[] = [];
		( window as unknown as { pwned: unknown } ).pwned = ( what: string ) =>
			calls.push( what );
		servePreview( api, {
			preview: {
				content: [
					'<h1>Welcome</h1>',
					'<p>Read <a href="https://example.com/rules">the rules</a>.</p>',
					'<script>window.pwned("script")</script>',
					'<img src="x" onerror="window.pwned(\'img\')" alt="broken">',
					'<a href="javascript:window.pwned(\'link\')">Click me</a>',
					'<p onclick="window.pwned(\'click\')" style="color:red">Styled</p>',
					'<iframe src="https://evil.example"></iframe>',
					'<form action="https://evil.example"><input name="card"></form>',
					'<div data-crowdscout-block="evil" data-other="1">Kept text</div>',
				].join( '' ),
			},
		} );
		await renderPreview();
		const content = screen.getByRole( 'region', {
			name: 'About this campaign',
		} );

		expect(
			content.querySelector( 'script, iframe, form, input' )
		).toBeNull();
		expect( content.querySelector( 'h1' ) ).toBeNull();
		expect( content ).toHaveTextContent( 'Welcome' );
		const image = within( content ).getByRole( 'img', { name: 'broken' } );
		expect( image ).not.toHaveAttribute( 'onerror' );
		expect( image ).not.toHaveAttribute( 'src' );
		const bad = within( content ).getByText( 'Click me' );
		expect( bad ).not.toHaveAttribute( 'href' );
		fireEvent.click( bad );
		const styled = within( content ).getByText( 'Styled' );
		expect( styled ).not.toHaveAttribute( 'onclick' );
		expect( styled ).not.toHaveAttribute( 'style' );
		fireEvent.click( styled );
		expect(
			content.querySelector( '[data-crowdscout-block], [data-other]' )
		).toBeNull();
		expect( content ).toHaveTextContent( 'Kept text' );
		const rules = within( content ).getByRole( 'link', {
			name: 'the rules',
		} );
		expect( rules ).toHaveAttribute( 'href', 'https://example.com/rules' );
		expect( rules ).toHaveAttribute( 'target', '_blank' );
		expect( rules ).toHaveAttribute( 'rel', 'noopener noreferrer' );
		expect( calls ).toEqual( [] );
	} );

	it( 'fills the three special blocks where the content puts them', async () => {
		servePreview( api, {
			preview: {
				content: [
					'<p>Intro</p>',
					'<div data-crowdscout-block="payout"></div>',
					'<section><div data-crowdscout-block="bug-types"></div></section>',
					'<div data-crowdscout-block="how-to-apply"><p>Old text</p></div>',
				].join( '' ),
			},
		} ).on( `GET ${ ROUTE }`, { status: 200, body: DETAIL } );
		await renderPreview();

		const payout = await screen.findByRole( 'region', { name: 'Payout' } );
		expect(
			payout.closest( '[data-crowdscout-block="payout"]' )
		).not.toBeNull();
		await waitFor( () =>
			expect( payout ).toHaveTextContent( 'Completion bonus€10.10' )
		);
		expect(
			within( payout )
				.getAllByRole( 'listitem' )
				.map( ( item ) => item.textContent )
		).toEqual( [
			'Minimum approved bugs: 3',
			'Complete all the activities',
		] );
		expect(
			within( payout )
				.getAllByRole( 'term' )
				.map(
					( term ) =>
						`${ term.textContent }: ${ term.nextElementSibling?.textContent }`
				)
		).toEqual( [
			'Completion bonus: €10.10',
			'Critical: €8.00',
			'High: €5.00',
			'Medium: €2.50',
			'Low: €1.00',
			'Top tester bonus: €20.00',
		] );
		expect( payout ).toHaveTextContent(
			'Approved bugs pay up to €50.20 in all.'
		);

		const bugTypes = screen.getByRole( 'region', {
			name: 'Methodology and bug types',
		} );
		expect(
			bugTypes.closest( '[data-crowdscout-block="bug-types"]' )
		).not.toBeNull();
		expect( bugTypes ).toHaveTextContent( 'MethodologyBug hunting' );
		await waitFor( () =>
			expect(
				within( bugTypes )
					.getAllByRole( 'listitem' )
					.map( ( item ) => item.textContent )
			).toEqual( [ 'Crash', 'Usability' ] )
		);

		const howTo = screen.getByRole( 'region', { name: 'How to apply' } );
		expect( within( howTo ).getAllByRole( 'listitem' ) ).toHaveLength( 3 );
		expect( screen.queryByText( 'Old text' ) ).toBeNull();
		expect( await axeViolations() ).toEqual( [] );
	} );

	it( 'leaves out the completion conditions at 0 and gives a partial percentage', async () => {
		servePreview( api, {
			preview: { content: '<div data-crowdscout-block="payout"></div>' },
			payout: {
				status: 200,
				body: { ...PAYOUT, minimum_bugs: 0, percent_usecases: 50 },
			},
		} );
		await renderPreview();
		const payout = await screen.findByRole( 'region', { name: 'Payout' } );
		await waitFor( () =>
			expect(
				within( payout )
					.getAllByRole( 'listitem' )
					.map( ( item ) => item.textContent )
			).toEqual( [ 'Complete 50% of the activities' ] )
		);
	} );

	it( 'still shows the payout and how to apply when the campaign has no content', async () => {
		servePreview( api, {
			preview: { content: '' },
			payout: {
				status: 200,
				body: { ...PAYOUT, minimum_bugs: 0, percent_usecases: 0 },
			},
		} );
		await renderPreview();
		const payout = await screen.findByRole( 'region', { name: 'Payout' } );
		await waitFor( () =>
			expect( payout ).toHaveTextContent( 'Completion bonus€10.10' )
		);
		expect( within( payout ).queryAllByRole( 'listitem' ) ).toHaveLength(
			0
		);
		expect(
			screen.getByRole( 'region', { name: 'How to apply' } )
		).toBeInTheDocument();
	} );

	it( 'says when the payout cannot be loaded', async () => {
		servePreview( api, {
			preview: { content: '<div data-crowdscout-block="payout"></div>' },
			payout: apiError( 500, 'Boom' ),
		} );
		await renderPreview();
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			"We couldn't load the payout of this campaign."
		);
		expect( fact( 'Payout' ) ).toBe( '-' );
	} );

	it( 'offers the application form to an available campaign under "Ready to start?"', async () => {
		servePreview( api );
		await renderPreview();
		const area = applyArea();
		expect( area ).toHaveAttribute(
			'data-crowdscout-apply-state',
			'available'
		);
		expect(
			within( area ).getByRole( 'heading', {
				level: 2,
				name: 'Ready to start?',
			} )
		).toBeInTheDocument();
		expect(
			await within( area ).findByRole( 'heading', {
				level: 3,
				name: "It's your time, apply now",
			} )
		).toBeInTheDocument();
		expect(
			await within( area ).findByRole( 'checkbox', {
				name: 'Google Pixel 8 (Android 14)',
			} )
		).toBeInTheDocument();
		expect(
			within( area ).getByRole( 'button', { name: 'Apply' } )
		).toBeEnabled();
		expect( await axeViolations() ).toEqual( [] );
	} );

	it( 'sends a selected tester to the manual', async () => {
		servePreview( api, { preview: { status: 'selected' } } );
		await renderPreview();
		const area = applyArea();
		expect( area ).toHaveAttribute(
			'data-crowdscout-apply-state',
			'selected'
		);
		expect( area ).toHaveTextContent(
			'Congratulations, you have been selected!'
		);
		expect(
			within( area ).getByRole( 'link', { name: 'Go to the manual' } )
		).toHaveAttribute( 'href', 'http://scouts.test/campaigns/7/manual/' );
		expect( api.requestsTo( `GET ${ ROUTE }/forms` ) ).toHaveLength( 0 );
	} );

	it( 'links to the manual in the page language', async () => {
		servePreview( api, { preview: { status: 'selected' } } );
		await renderPreview( {}, 'it' );
		expect(
			within( applyArea() ).getByRole( 'link', {
				name: 'Vai al manuale',
			} )
		).toHaveAttribute(
			'href',
			'http://scouts.test/it/campaigns/7/manual/'
		);
	} );

	it.each( [ 'applied', 'excluded' ] as const )(
		'warns a tester whose application is %s that they already applied',
		async ( status ) => {
			servePreview( api, { preview: { status } } );
			await renderPreview();
			expect( applyArea() ).toHaveAttribute(
				'data-crowdscout-apply-state',
				'applied'
			);
			expect( applyArea() ).toHaveTextContent(
				'You have already applied to this campaign. We will let you know if you are selected.'
			);
			expect(
				screen.queryByRole( 'button', { name: 'Apply' } )
			).toBeNull();
		}
	);

	it( 'says the subscription is closed once the start date has passed', async () => {
		servePreview( api, {
			preview: {
				startDate: '2020-01-01T09:00:00Z',
				endDate: '2020-01-15T09:00:00Z',
			},
		} );
		await renderPreview();
		expect( applyArea() ).toHaveAttribute(
			'data-crowdscout-apply-state',
			'closed'
		);
		expect( applyArea() ).toHaveTextContent(
			"Oh no, It's too late! The subscription phase is closed now."
		);
		expect( screen.queryByRole( 'button', { name: 'Apply' } ) ).toBeNull();
	} );

	it( 'says the campaign is full when no place is left', async () => {
		servePreview( api, { preview: { cap: 0 } } );
		await renderPreview();
		expect( applyArea() ).toHaveAttribute(
			'data-crowdscout-apply-state',
			'full'
		);
		expect( applyArea() ).toHaveTextContent(
			'The campaign has reached its maximum capacity.'
		);
	} );

	it( 'takes no cap as places for everyone', async () => {
		servePreview( api, { preview: { cap: null } } );
		await renderPreview();
		expect( applyArea() ).toHaveAttribute(
			'data-crowdscout-apply-state',
			'available'
		);
	} );

	it( 'puts the states in the spec order', () => {
		const now = new Date( '2026-06-01T00:00:00Z' );
		const future = '2026-07-01T00:00:00Z';
		const past = '2026-05-01T00:00:00Z';
		const state = (
			status: string,
			startDate: string,
			cap: number | null
		) =>
			applyState(
				{
					status: status as CampaignPreview[ 'status' ],
					startDate,
					cap,
				},
				now
			);
		expect( state( 'selected', past, 0 ) ).toBe( 'selected' );
		expect( state( 'applied', past, 0 ) ).toBe( 'applied' );
		expect( state( 'excluded', future, 3 ) ).toBe( 'applied' );
		expect( state( 'available', past, 0 ) ).toBe( 'closed' );
		expect( state( 'available', future, 0 ) ).toBe( 'full' );
		expect( state( 'available', future, null ) ).toBe( 'available' );
		expect( state( 'withdrawn', future, 3 ) ).toBe( 'error' );
	} );

	it( 'shows the campaign error with the support contact for any other status', async () => {
		await renderWithProviders(
			<ApplyArea
				preview={ PREVIEW }
				state="error"
				support={ {
					href: 'mailto:tina@example.com?subject=CP7',
					email: 'tina@example.com',
				} }
			/>
		);
		expect( applyArea() ).toHaveTextContent(
			'There was an error in this campaign. Please contact us'
		);
		expect(
			screen.getByRole( 'link', { name: 'Write to tina@example.com' } )
		).toHaveAttribute( 'href', 'mailto:tina@example.com?subject=CP7' );
	} );

	it( 'lists the accepted devices per kind, "Any Device" for a whole kind', async () => {
		servePreview( api );
		await renderPreview();
		const devices = screen.getByRole( 'region', {
			name: 'Accepted devices',
		} );
		expect(
			within( devices )
				.getAllByRole( 'term' )
				.map( ( term ) => [
					term.textContent,
					term.nextElementSibling?.textContent,
				] )
		).toEqual( [
			[ 'Smartphone', 'AndroidiOS' ],
			[ 'PC', 'Any Device' ],
		] );
	} );

	it( 'says "Any Device" when the campaign lists none', async () => {
		servePreview( api, { preview: { acceptedDevices: {} } } );
		await renderPreview();
		expect(
			screen.getByRole( 'region', { name: 'Accepted devices' } )
		).toHaveTextContent( /^Accepted devicesAny Device$/ );
	} );

	it( 'mails the team leader from the "Any questions?" card', async () => {
		servePreview( api );
		await renderPreview( { supportEmail: 'help@scouts.test' } );
		const card = screen.getByRole( 'region', { name: 'Any questions?' } );
		expect(
			within( card ).getByRole( 'link', { name: 'tina@example.com' } )
		).toHaveAttribute(
			'href',
			`mailto:tina@example.com?subject=${ encodeURIComponent(
				'[CP7] Smart TV app'
			) }`
		);
	} );

	it( 'falls back to the support address of the page, or to no link at all', async () => {
		servePreview( api, { preview: { tl: null } } );
		const { unmount } = await renderPreview( {
			supportEmail: 'help@scouts.test',
		} );
		expect(
			within(
				screen.getByRole( 'region', { name: 'Any questions?' } )
			).getByRole( 'link', { name: 'help@scouts.test' } )
		).toHaveAttribute(
			'href',
			expect.stringMatching( /^mailto:help@scouts\.test\?/ )
		);
		unmount();

		await renderPreview();
		const card = screen.getByRole( 'region', { name: 'Any questions?' } );
		expect( within( card ).queryByRole( 'link' ) ).toBeNull();
		expect( card ).toHaveTextContent(
			'Contact us through the support channels of the platform.'
		);
	} );

	it( 'refuses an e-mail that could add headers to the mail link', async () => {
		servePreview( api, {
			preview: {
				tl: { name: 'X', email: 'x@example.com?bcc=all@example.com' },
			},
		} );
		await renderPreview();
		expect(
			within(
				screen.getByRole( 'region', { name: 'Any questions?' } )
			).queryByRole( 'link' )
		).toBeNull();
	} );

	it( 'says the campaign is not found on a 404, with the way back to the dashboard', async () => {
		servePreview( api, { preview: apiError( 404, 'Campaign not found' ) } );
		await renderPreview();
		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: 'Campaign not found',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Back to the dashboard' } )
		).toHaveAttribute( 'href', 'http://scouts.test/my-dashboard/' );
	} );

	it( 'says the campaign is not found when the address holds no id', async () => {
		servePreview( api );
		window.history.replaceState( {}, '', '/campaigns/abc/preview/' );
		await renderPreview();
		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: 'Campaign not found',
			} )
		).toBeInTheDocument();
		expect( api.requestsTo( `GET ${ ROUTE }/preview` ) ).toHaveLength( 0 );
	} );

	it( 'offers a retry when the preview cannot be loaded', async () => {
		servePreview( api, { preview: apiError( 500, 'Boom' ) } );
		await renderWithProviders(
			<CampaignPreviewWidget name="campaign-preview" attributes={ {} } />
		);
		const alert = await screen.findByRole( 'alert' );
		expect( alert ).toHaveTextContent( "We couldn't load this campaign." );
		servePreview( api );
		fireEvent.click(
			within( alert ).getByRole( 'button', { name: 'Try again' } )
		);
		expect(
			await screen.findByRole( 'heading', {
				level: 1,
				name: 'CP7 - Bug hunting',
			} )
		).toBeInTheDocument();
	} );
} );
