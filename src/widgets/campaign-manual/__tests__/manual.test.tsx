import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { axeViolations } from '../../../test-utils/axe';
import {
	CAMPAIGN_ID,
	LOGIN_TASK,
	apiError,
	manualApi,
	renderLoadedManual,
} from './helpers';

const card = ( name: string ) => screen.getByRole( 'region', { name } );

const tabNames = () =>
	screen.getAllByRole( 'tab' ).map( ( tab ) => tab.textContent );

/** The payout block's rows, term → value. */
function payoutRows(): Record< string, string > {
	const rows: Record< string, string > = {};
	card( 'Payout' )
		.querySelectorAll( 'dt' )
		.forEach( ( term ) => {
			rows[ term.textContent ?? '' ] =
				term.nextElementSibling?.textContent ?? '';
		} );
	return rows;
}

describe( 'the manual', () => {
	it( 'is headed "CP{id} - {type name}", with the Info and Manual tabs, Info open', async () => {
		manualApi();
		await renderLoadedManual();

		expect( screen.getByRole( 'heading', { level: 1 } ) ).toHaveTextContent(
			'CP12 - Bug hunting'
		);
		expect(
			screen.getByRole( 'tablist', { name: 'Campaign manual' } )
		).toBeInTheDocument();
		expect( tabNames() ).toEqual( [ 'Info', 'Manual' ] );
		expect( screen.getByRole( 'tab', { name: 'Info' } ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);
		const panel = screen.getByRole( 'tabpanel', { name: 'Info' } );
		expect(
			within( panel ).getByRole( 'heading', { name: 'Welcome' } )
		).toBeInTheDocument();
		expect( panel ).toHaveTextContent( 'Test the login flow.' );
	} );

	it( 'has no Manual tab when the campaign has no tasks', async () => {
		manualApi( {}, { tasks: [] } );
		await renderLoadedManual();

		expect( tabNames() ).toEqual( [ 'Info' ] );
	} );

	it( 'says so, with a retry, when the tasks cannot be read', async () => {
		let fail = true;
		manualApi().on( `GET /users/me/campaigns/${ CAMPAIGN_ID }/tasks`, () =>
			fail
				? apiError( 500, 'Database unavailable' )
				: { status: 200, body: [ LOGIN_TASK ] }
		);
		await renderLoadedManual();

		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			"We couldn't load the tasks of this campaign."
		);
		expect( tabNames() ).toEqual( [ 'Info' ] );
		fail = false;
		fireEvent.click( screen.getByRole( 'button', { name: 'Try again' } ) );
		await waitFor( () =>
			expect( tabNames() ).toEqual( [ 'Info', 'Manual' ] )
		);
	} );

	it( 'renders the manual inert: no script, no event handler, no javascript: link', async () => {
		manualApi( {
			manual:
				'<h1>Rules</h1><script>window.hacked = true</script>' +
				'<p onclick="window.hacked = true">Read carefully.</p>' +
				'<img src="x" onerror="window.hacked = true" alt="broken">' +
				'<a href="javascript:window.hacked = true">Click me</a>' +
				'<a href="https://example.com/guide">Guide</a>' +
				'<iframe src="https://example.com"></iframe>',
		} );
		await renderLoadedManual();

		const panel = screen.getByRole( 'tabpanel', { name: 'Info' } );
		// The page has its own h1: the manual's headings start at h2.
		expect(
			within( panel ).getByRole( 'heading', { level: 2, name: 'Rules' } )
		).toBeInTheDocument();
		expect( panel ).toHaveTextContent( 'Read carefully.' );
		expect( panel.querySelector( 'script, iframe' ) ).toBeNull();
		expect( panel.querySelector( '[onclick], [onerror]' ) ).toBeNull();
		expect( within( panel ).getByText( 'Click me' ) ).not.toHaveAttribute(
			'href'
		);
		expect(
			within( panel ).getByRole( 'link', { name: 'Guide' } )
		).toHaveAttribute( 'rel', 'noopener noreferrer' );
		expect(
			( window as unknown as { hacked?: boolean } ).hacked
		).toBeUndefined();
	} );

	it( 'shows the payout block expanded: the bonus and its conditions, each severity, the top tester bonus, the maximum and the FAQ', async () => {
		manualApi();
		await renderLoadedManual();

		expect( payoutRows() ).toEqual( {
			'Completion bonus':
				'€10.00Paid when you meet these conditions:Minimum approved bugs: 2All the tasks completed',
			'Each approved bug':
				'Critical €8.00High €5.50Medium €3.00Low €1.25',
			'Top tester bonus': '€15.00 for the best tester of the campaign',
			'Experience points': '200 pts.',
		} );
		const payout = card( 'Payout' );
		// 10 + 50 + 15.
		expect( payout ).toHaveTextContent(
			'You can earn up to €75.00 in this campaign: the approved bugs pay at most €50.00.'
		);
		expect(
			within( payout ).getByRole( 'link', { name: 'Read the FAQ' } )
		).toHaveAttribute( 'href', 'http://scouts.test/faq/' );
	} );

	it( 'words the conditions as the payout data says, and links the FAQ of the page language', async () => {
		manualApi().on(
			`GET /users/me/campaigns/${ CAMPAIGN_ID }/payout_data`,
			{
				status: 200,
				body: {
					campaign_complete_bonus_eur: 12.5,
					minimum_bugs: 0,
					percent_usecases: 60,
					payout_limit: 40,
					critical_bug_payout: 8,
					high_bug_payout: 5,
					medium_bug_payout: 3,
					low_bug_payout: 1,
					top_tester_bonus: 0,
					campaign_pts: 150,
				},
			}
		);
		await renderLoadedManual( { locale: 'fr' } );

		const payout = card( 'Rémunération' );
		expect( payout ).toHaveTextContent(
			'Au moins 60 % des tâches terminées'
		);
		expect( payout ).not.toHaveTextContent( 'Bugs approuvés minimum' );
		expect(
			within( payout ).getByRole( 'link', { name: 'Lisez la FAQ' } )
		).toHaveAttribute( 'href', 'http://scouts.test/fr/faq/' );
	} );

	it( 'offers a retry when the payout cannot be read', async () => {
		manualApi().on(
			`GET /users/me/campaigns/${ CAMPAIGN_ID }/payout_data`,
			apiError( 500, 'Database unavailable' )
		);
		await renderLoadedManual();

		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			"We couldn't load the payout of this campaign."
		);
	} );
} );

describe( 'the side cards', () => {
	it( 'mails the team leader with the campaign and the tester in the subject', async () => {
		manualApi();
		await renderLoadedManual();

		const support = card( 'Need help?' );
		expect( support ).toHaveTextContent(
			'Write to Leo Lead, the team leader of this campaign.'
		);
		const mail = within( support ).getByRole( 'link', {
			name: 'Contact the team leader',
		} );
		const href = mail.getAttribute( 'href' ) ?? '';
		expect( href ).toBe(
			'mailto:lead@crowdscout.test?subject=%5BCP12%5D%20-%20T17'
		);
		expect(
			decodeURIComponent( new URL( href ).searchParams.get( 'subject' )! )
		).toBe( '[CP12] - T17' );
	} );

	it( 'offers no mail link without a team leader', async () => {
		manualApi( { tl: null } );
		await renderLoadedManual();

		expect(
			within( card( 'Need help?' ) ).queryByRole( 'link' )
		).not.toBeInTheDocument();
	} );

	it( 'shows the type and deadline with the report-a-bug button, language-prefixed', async () => {
		manualApi();
		await renderLoadedManual( { locale: 'es' } );

		const campaign = card( 'Campaña' );
		expect( campaign ).toHaveTextContent( 'TipoBug hunting' );
		expect( campaign ).toHaveTextContent(
			'Fecha límite15 de diciembre de 2026'
		);
		expect(
			within( campaign ).getByRole( 'link', { name: 'Reportar un bug' } )
		).toHaveAttribute(
			'href',
			`http://scouts.test/es/campaign/${ CAMPAIGN_ID }/bugform/`
		);
	} );

	it( 'shows the device the tester was selected with', async () => {
		manualApi();
		await renderLoadedManual();

		const device = card( 'Your device' );
		expect( device ).toHaveTextContent(
			'You were selected with this device'
		);
		expect( device ).toHaveTextContent(
			'SmartphoneGoogle Pixel 8 · Android 15'
		);
	} );

	it( 'leaves the device card out when the application has no device', async () => {
		manualApi().on(
			`GET /users/me/campaigns/${ CAMPAIGN_ID }/devices`,
			apiError( 404, 'No devices' )
		);
		await renderLoadedManual();

		expect(
			screen.queryByRole( 'region', { name: 'Your device' } )
		).not.toBeInTheDocument();
	} );

	it( "counts the tester's bugs per status: approved, need review, pending, refused", async () => {
		manualApi();
		await renderLoadedManual();

		const rows = Array.from(
			card( 'Bugs found' ).querySelectorAll( 'dt' ),
			( term ) => [
				term.textContent,
				term.nextElementSibling?.textContent,
			]
		);
		expect( rows ).toEqual( [
			[ 'Approved', '4' ],
			[ 'Need review', '3' ],
			[ 'Pending', '2' ],
			[ 'Refused', '1' ],
		] );
	} );

	it( 'has no axe violations', async () => {
		manualApi();
		const { container } = await renderLoadedManual();
		expect( await axeViolations( container ) ).toEqual( [] );
	} );
} );
