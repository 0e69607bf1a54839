import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { bugFormCampaign, veteranCampaigns } from './campaign-states';
import { test, expect, logIn } from './fixtures';

/**
 * axe-core over what our widgets render, in the states a tester meets them: the widget containers and the
 * dialogs they open (rendered outside the containers), after each step that changes them. The page around them
 * (site header, footer, theme) is checked whole, as each page first shows, in every-page.spec.ts.
 */
async function violationsOf( page: Page ) {
	const { violations } = await new AxeBuilder( { page } )
		.include( '[data-crowdscout-widget]' )
		.include( '[role="dialog"]' )
		.withTags( [ 'wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa' ] )
		.analyze();
	// One line per rule and element, so a failure says what to fix.
	return violations.flatMap( ( violation ) =>
		violation.nodes.map(
			( node ) => `${ violation.id }: ${ node.target.join( ' ' ) }`
		)
	);
}

const VETERAN = { email: 'veteran@crowdscout.test', password: 'Veteran1234!' };

const PROFILE_TABS = [ 'Base', 'Advanced', 'Fiscal', 'Settings' ] as const;

/** Opens each tab of the profile in turn, waits for what it shows, and scans it. */
async function scanProfileTabs(
	page: Page,
	ready: Record< ( typeof PROFILE_TABS )[ number ], () => Promise< void > >
) {
	for ( const tab of PROFILE_TABS ) {
		await page.getByRole( 'tab', { name: tab } ).click();
		await expect( page.getByRole( 'tab', { name: tab } ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);
		await ready[ tab ]();
		expect( await violationsOf( page ), tab ).toEqual( [] );
	}
}

test.describe( 'accessibility (axe-core)', () => {
	test( 'sign-up, empty and with every error shown', async ( { page } ) => {
		await page.goto( '/getting-started/signup/' );
		const submit = page.getByRole( 'button', { name: /next|continue/i } );
		await expect( submit.first() ).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );

		await submit.first().click();
		await expect( page.getByText( /required/i ).first() ).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );
	} );

	test( 'the login page and the login card of a protected page', async ( {
		page,
	} ) => {
		await page.goto( '/login/' );
		await expect( page.getByLabel( 'Email' ) ).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );

		await page.goto( '/my-account/' );
		await expect(
			page.getByRole( 'heading', { name: /login to continue/i } )
		).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );
	} );

	test( 'a logged-in tester: my account and the sidebar', async ( {
		page,
	} ) => {
		await logIn( page );
		await page.goto( '/my-account/' );
		await expect(
			page.locator( '.wp-block-crowdscout-profile' ).getByText( /^T\d+$/ )
		).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );
	} );

	test( 'the profile of a complete tester: every tab, the Verified fiscal summary', async ( {
		page,
	} ) => {
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/my-account/' );
		const panel = page.getByRole( 'tabpanel' );
		await scanProfileTabs( page, {
			Base: () =>
				expect(
					panel.locator( '.crowdscout-combo__single-value' )
				).toHaveText( 'Milano' ),
			Advanced: () =>
				expect(
					panel.getByRole( 'button', { name: /^Remove / } ).first()
				).toBeVisible(),
			Fiscal: () =>
				expect(
					panel
						.locator( 'dt', { hasText: 'Status' } )
						.locator( '+ dd' )
				).toHaveText( 'Verified' ),
			Settings: () =>
				expect(
					panel.getByRole( 'button', { name: 'Delete account' } )
				).toBeVisible(),
		} );
	} );

	test( 'the profile of a newcomer: every tab, the empty fiscal card and form, the delete dialog, the Base errors', async ( {
		page,
	} ) => {
		await logIn( page );
		await page.goto( '/my-account/' );
		const panel = page.getByRole( 'tabpanel' );
		await expect(
			page.getByRole( 'heading', { name: 'Tax profile' } )
		).toBeVisible();
		await scanProfileTabs( page, {
			Base: () => expect( panel.getByLabel( 'Phone' ) ).toBeVisible(),
			Advanced: () =>
				expect(
					panel.getByRole( 'button', { name: 'Add certification' } )
				).toBeVisible(),
			Fiscal: () =>
				expect(
					panel.getByRole( 'radio', { name: 'Yes', exact: true } )
				).toBeVisible(),
			Settings: () =>
				expect(
					panel.getByRole( 'button', { name: 'Delete account' } )
				).toBeVisible(),
		} );

		await panel.getByRole( 'button', { name: 'Delete account' } ).click();
		const dialog = page.getByRole( 'dialog', {
			name: 'Why do you want to delete your account?',
		} );
		await expect( dialog ).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );
		await dialog.getByRole( 'button', { name: 'Back' } ).click();
		await expect( dialog ).toHaveCount( 0 );

		// Required fields emptied and a bad phone: the refused save shows every error (nothing is sent).
		await page.getByRole( 'tab', { name: 'Base' } ).click();
		const form = page.getByRole( 'form', { name: 'Base' } );
		await form.getByLabel( /^Name/ ).fill( '' );
		await form.getByLabel( /^Surname/ ).fill( '' );
		await form.getByLabel( 'Phone' ).fill( '12' );
		await form.getByLabel( /^Email/ ).fill( 'not-an-email' );
		await form.getByRole( 'button', { name: 'Save' } ).click();
		await expect(
			form.getByText( 'This is a required field' ).first()
		).toBeVisible();
		await expect(
			form.getByText(
				'This is an invalid format. Should be formatted as +11000000000 or 0011000000000'
			)
		).toBeVisible();
		await expect(
			form.getByText( 'Email must be a valid email' )
		).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );
	} );

	test( 'an account without a tester profile sees the notice, not the login card', async ( {
		page,
	} ) => {
		await logIn( page, 'admin@crowdscout.test', 'Admin1234!' );
		await page.goto( '/my-account/' );
		await expect(
			page.getByRole( 'heading', { name: /has no .* profile/i } )
		).toBeVisible();
		await expect( page.getByLabel( 'Email' ) ).toHaveCount( 0 );
		expect( await violationsOf( page ) ).toEqual( [] );
	} );

	test( 'the dashboard: its messages, then its tables and cards', async ( {
		page,
	} ) => {
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/my-dashboard/' );
		const messages = page.getByRole( 'dialog', {
			name: 'Messages for you',
		} );
		await expect( messages ).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );

		await page.keyboard.press( 'Escape' );
		await expect( messages ).toHaveCount( 0 );
		await expect(
			page
				.getByRole( 'table', { name: 'Active campaigns' } )
				.getByRole( 'row' )
				.nth( 1 )
		).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );
	} );

	test( 'the devices page: empty, listed, the wizard at each width, the remove dialog', async ( {
		page,
	} ) => {
		await logIn( page );
		await page.goto( '/personal-equipment/' );
		await expect(
			page.getByText( "You don't have any devices yet.", {
				exact: false,
			} )
		).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );

		await page.context().clearCookies();
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/personal-equipment/' );
		const table = page.getByRole( 'table', { name: 'Your devices' } );
		await expect( table.locator( 'tbody tr' ).first() ).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );

		// The add wizard's details step, searchable selects waiting for their turn, then as plain selects.
		await page.getByRole( 'button', { name: 'Add device' } ).click();
		const wizard = page.getByRole( 'dialog', { name: 'Add a device' } );
		expect( await violationsOf( page ) ).toEqual( [] );
		await wizard.getByRole( 'radio', { name: 'Smartphone' } ).check();
		await wizard.getByRole( 'button', { name: 'Next' } ).click();
		await expect(
			wizard.getByText( 'Choose the manufacturer first.' )
		).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );
		await page.setViewportSize( { width: 375, height: 812 } );
		await expect( wizard.locator( 'select' ).first() ).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );
		await page.keyboard.press( 'Escape' );
		await expect( wizard ).toHaveCount( 0 );

		await table
			.locator( 'tbody tr' )
			.first()
			.getByRole( 'button', { name: 'Delete' } )
			.click();
		const remove = page.getByRole( 'dialog', {
			name: 'Remove this device?',
		} );
		await expect( remove ).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );
		await remove.getByRole( 'button', { name: 'Cancel' } ).click();
		await expect( remove ).toHaveCount( 0 );
	} );

	test( 'the experience points page, sorted and filtered', async ( {
		page,
	} ) => {
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/experience-points/' );
		const table = page.getByRole( 'table', { name: 'History' } );
		await expect( table.locator( 'tbody tr' ).nth( 24 ) ).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );

		await table
			.getByRole( 'columnheader', { name: 'Points' } )
			.getByRole( 'button' )
			.click();
		await page
			.getByRole( 'region', { name: 'Filters' } )
			.getByLabel( 'Activity' )
			.selectOption( { label: 'Points Fix' } );
		await expect(
			table.getByRole( 'columnheader', { name: 'Points' } )
		).toHaveAttribute( 'aria-sort', 'ascending' );
		await expect( table ).not.toHaveAttribute( 'aria-busy', 'true' );
		expect( await violationsOf( page ) ).toEqual( [] );
	} );

	test( 'the uploaded bugs page and a bug with its media and comment', async ( {
		page,
	} ) => {
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/my-bugs/?status=4' );
		const table = page.getByRole( 'table', { name: 'Uploaded Bugs' } );
		await expect(
			table.getByRole( 'link', { name: 'View more' } ).first()
		).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );

		await table.getByRole( 'link', { name: 'View more' } ).last().click();
		await expect(
			page.getByRole( 'region', { name: "Reviewer's comment" } )
		).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );

		await page.goto( '/bugs/show/999999999/' );
		await expect(
			page.getByRole( 'heading', { name: 'Bug not found' } )
		).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );
	} );

	test( 'the ranking page: a ranked tester, and a tester without a level', async ( {
		page,
	} ) => {
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/leaderboard/' );
		await expect(
			page.getByRole( 'table', { name: 'Your position' } )
		).toBeVisible();
		await expect( page.getByRole( 'meter' ) ).toBeVisible();
		await expect(
			page
				.getByRole( 'region', { name: 'How to level up' } )
				.getByRole( 'table' )
		).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );

		await page.context().clearCookies();
		await logIn( page );
		await page.goto( '/leaderboard/' );
		await expect(
			page.getByRole( 'link', { name: 'Take the entry test' } )
		).toBeVisible();
		expect( await violationsOf( page ) ).toEqual( [] );
	} );

	test( 'a campaign: the preview with its form and errors, the full preview, the bare form page, the manual in each state', async ( {
		page,
		request,
	} ) => {
		// Read only: the campaigns spec, which runs after this one, applies and starts them.
		const campaigns = await veteranCampaigns( request );
		await logIn( page, VETERAN.email, VETERAN.password );
		const form = page.locator( '[data-crowdscout-preselection-form]' );

		await page.goto( `/campaigns/${ campaigns.open() }/preview/` );
		await expect(
			form.getByRole( 'button', { name: 'Apply' } )
		).toBeEnabled();
		expect( await violationsOf( page ), 'preview' ).toEqual( [] );
		await form.getByRole( 'button', { name: 'Apply' } ).click();
		await expect(
			form.getByText( 'This is a required field' ).first()
		).toBeVisible();
		expect( await violationsOf( page ), 'form errors' ).toEqual( [] );

		await page.goto( `/campaigns/${ campaigns.full() }/preview/` );
		await expect(
			page.locator( '[data-crowdscout-apply-state="full"]' )
		).toBeVisible();
		expect( await violationsOf( page ), 'full' ).toEqual( [] );

		await page.goto(
			`/campaign/${ campaigns.open() }/preview-selection-form/`
		);
		await expect(
			form.getByRole( 'button', { name: 'Apply' } )
		).toBeEnabled();
		expect( await violationsOf( page ), 'form page' ).toEqual( [] );

		const manual = page.locator( '.wp-block-crowdscout-campaign-manual' );
		await page.goto( `/campaigns/${ campaigns.notReady() }/manual/` );
		await expect(
			manual.getByText( /^The manual is not ready yet/ )
		).toBeVisible();
		expect( await violationsOf( page ), 'not ready' ).toEqual( [] );

		await page.goto( `/campaigns/${ campaigns.starting() }/manual/` );
		await expect(
			manual.getByRole( 'button', { name: 'Accept and start' } )
		).toBeVisible();
		expect( await violationsOf( page ), 'contract' ).toEqual( [] );

		await page.goto( `/campaigns/${ campaigns.closed() }/manual/` );
		await expect(
			manual.getByText(
				'You do not have permission to access this campaign'
			)
		).toBeVisible();
		expect( await violationsOf( page ), 'no permission' ).toEqual( [] );

		const [ started ] = campaigns.started();
		await page.goto( `/campaigns/${ started.id }/manual/` );
		await expect(
			manual.getByRole( 'tab', { name: 'Info' } )
		).toBeVisible();
		expect( await violationsOf( page ), 'info tab' ).toEqual( [] );
		await manual.getByRole( 'tab', { name: 'Manual' } ).click();
		await manual.locator( '[data-task-id] button' ).first().click();
		await expect( manual.getByRole( 'region' ).first() ).toBeVisible();
		expect( await violationsOf( page ), 'manual tab' ).toEqual( [] );
	} );

	test( 'the bug form: its errors after an empty submit, a refused file, the help dialog', async ( {
		page,
		request,
	} ) => {
		const campaign = await bugFormCampaign( request );
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( `/campaign/${ campaign.id }/bugform/` );
		const form = page.locator( '.wp-block-crowdscout-bug-form' );
		await form.getByRole( 'button', { name: 'Submit bug' } ).click();
		await expect(
			form.getByText( 'This is a required field' ).first()
		).toBeVisible();
		await form.locator( 'input[type="file"]' ).setInputFiles( {
			name: 'notes.exe',
			mimeType: 'application/octet-stream',
			buffer: Buffer.from( 'MZ' ),
		} );
		await expect( form.getByText( 'File not supported' ) ).toBeVisible();
		expect( await violationsOf( page ), 'bug form' ).toEqual( [] );
		await form.getByRole( 'button', { name: 'Help' } ).first().click();
		await expect( page.getByRole( 'dialog' ) ).toBeVisible();
		expect( await violationsOf( page ), 'bug form help' ).toEqual( [] );
	} );

	test( 'the wallet: the page, its three detail dialogs, the request dialog at each step with its errors, the unverified reason', async ( {
		page,
	} ) => {
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/payments/' );
		const wallet = page.locator( '.wp-block-crowdscout-wallet' );
		const dialog = page.getByRole( 'dialog' );
		await expect( wallet.locator( 'tbody tr' ).first() ).toBeVisible();
		expect( await violationsOf( page ), 'wallet' ).toEqual( [] );

		const closeDialog = async () => {
			await page.keyboard.press( 'Escape' );
			await expect( dialog ).toHaveCount( 0 );
		};
		for ( const [ opener, ready ] of [
			[ 'See booty details', 'tbody tr' ],
			[ 'How is the booty of bugs computed?', 'p' ],
		] as const ) {
			await wallet.getByRole( 'button', { name: opener } ).click();
			await expect( dialog.locator( ready ).first() ).toBeVisible();
			expect( await violationsOf( page ), opener ).toEqual( [] );
			await closeDialog();
		}
		await wallet
			.getByRole( 'button', { name: 'View details' } )
			.first()
			.click();
		await expect( dialog.locator( 'tbody tr' ).first() ).toBeVisible();
		expect( await violationsOf( page ), 'payment details' ).toEqual( [] );
		await closeDialog();

		// The request, never sent: each step with its errors shown.
		await wallet.getByRole( 'button', { name: 'Request payment' } ).click();
		const next = dialog.getByRole( 'button', { name: 'Next' } );
		await next.click();
		await expect(
			dialog.getByText( 'you must accept terms and conditions' )
		).toBeVisible();
		expect( await violationsOf( page ), 'request: method' ).toEqual( [] );
		await dialog
			.getByLabel( 'I accept the payment terms and conditions' )
			.check();
		await dialog.getByLabel( 'Bank transfer' ).check();
		await next.click();
		await next.click();
		await expect(
			dialog.getByText( 'This is a required field' ).first()
		).toBeVisible();
		expect( await violationsOf( page ), 'request: details' ).toEqual( [] );
		await dialog.getByLabel( /^Account holder/ ).fill( 'Vera Veteran' );
		await dialog
			.getByLabel( /^IBAN/ )
			.fill( 'IT60 X054 2811 1010 0000 0123 456' );
		await next.click();
		await expect(
			dialog.getByRole( 'button', { name: 'Send request' } )
		).toBeVisible();
		expect( await violationsOf( page ), 'request: confirm' ).toEqual( [] );
		await closeDialog();

		await logIn( page, 'unverified@crowdscout.test', 'Unverified1234!' );
		await page.goto( '/payments/' );
		await expect(
			wallet.getByRole( 'link', { name: 'Complete your fiscal profile' } )
		).toBeVisible();
		expect( await violationsOf( page ), 'unverified wallet' ).toEqual( [] );

		// The link leads to the profile, where the community team's reason for refusing it is quoted.
		await wallet
			.getByRole( 'link', { name: 'Complete your fiscal profile' } )
			.click();
		const report = page.locator(
			'.wp-block-crowdscout-profile__fiscal-report'
		);
		await expect(
			report.getByRole( 'heading', { name: 'Invalid fiscal profile' } )
		).toBeVisible();
		await expect( report.locator( 'blockquote' ) ).toContainText(
			'The tax id is that of someone born on 1 December 1996'
		);
		expect( await violationsOf( page ), 'refused fiscal profile' ).toEqual(
			[]
		);
	} );
} );
