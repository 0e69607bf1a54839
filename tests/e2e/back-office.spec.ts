import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { expect, logIn, signUp, test, type Login } from './fixtures';

/**
 * The back office end to end (issue 27), as the people running the community use it: the administrator creates a
 * campaign with a task, a pre-selection question and a bug form; a new tester applies; the team lead selects them;
 * the tester starts, completes the task and reports a bug; the team lead approves it and the tester's experience,
 * booty and ranking change by the campaign's payout data; the administrator verifies the tester's fiscal profile,
 * the tester requests a payout and the administrator marks it paid, which puts the receipt in the wallet; a message
 * written in the admin opens in the tester's inbox with their name filled in. The lead gets 403 on what is not
 * theirs, the tester on every back-office screen and route.
 *
 * The tester's own steps go through the API their screens use (each has end-to-end tests of its own); the back
 * office's go through wp-admin in the browser. The campaign is a small-group one listing only this new tester, so
 * the demo testers' lists, which other specs read, do not change.
 */

const ADMIN = { email: 'admin@crowdscout.test', password: 'Admin1234!' };
const LEAD = { email: 'lead@crowdscout.test', password: 'Lead1234!' };

const CRITICAL_PAYOUT = 30;
const CRITICAL_POINTS = 40;

type Call = (
	method: string,
	path: string,
	data?: unknown
) => Promise< APIResponse >;

/**
 * Calls under /api with the user's token, as their screens do.
 *
 * @param request
 * @param login
 */
async function apiSession(
	request: APIRequestContext,
	login: Login
): Promise< Call > {
	const auth = await request.post( '/api/authenticate', {
		data: { username: login.email, password: login.password },
	} );
	expect( auth.status(), await auth.text() ).toBe( 200 );
	const { token } = ( await auth.json() ) as { token: string };
	return ( method, path, data ) =>
		request.fetch( `/api${ path }`, {
			method,
			headers: { authorization: `Bearer ${ token }` },
			data: data as never,
		} );
}

/**
 * The JSON body of a call that must succeed.
 *
 * @param response
 * @param status
 */
async function ok< Body = any >(
	response: APIResponse,
	status = 200
): Promise< Body > {
	expect( response.status(), await response.text() ).toBe( status );
	return ( await response.json() ) as Body;
}

/** `YYYY-MM-DDTHH:MM` in the browser's time zone (the form's datetime-local fields), `days` from now. */
function localAt( days: number ): string {
	const at = new Date( Date.now() + days * 86_400_000 );
	const pad = ( n: number ) => String( n ).padStart( 2, '0' );
	return `${ at.getFullYear() }-${ pad( at.getMonth() + 1 ) }-${ pad(
		at.getDate()
	) }T${ pad( at.getHours() ) }:${ pad( at.getMinutes() ) }`;
}

const field = ( page: Page, name: string ) =>
	page.locator( `[name="campaign_form[${ name }]"]` );

/**
 * Runs a row action of a WordPress list: row actions show on hover; each link is named for its row.
 *
 * @param page
 * @param rowText Text of the row.
 * @param action  The link's accessible name, e.g. "Select Nina Nuova".
 */
async function rowAction( page: Page, rowText: string, action: string ) {
	const row = page.locator( 'tbody tr' ).filter( { hasText: rowText } );
	await row.hover();
	await row.getByRole( 'link', { name: action, exact: true } ).click();
}

test.describe.configure( { mode: 'serial' } );

test.describe( 'the back office', () => {
	let tester: Login;
	let testerId: number;
	let deviceId: number;
	let campaignId: number;
	let bugId: number;
	let paymentId: number;
	/** A campaign nobody leads: administrators only. */
	let unled: number;
	const title = `Back office check ${ Date.now() }`;

	test.beforeAll( async ( { request } ) => {
		tester = await signUp( request, 'backoffice' );
		const api = await apiSession( request, tester );
		testerId = ( await ok( await api( 'GET', '/users/me?fields=id' ) ) ).id;
		// A notebook, the kind of device the campaign accepts.
		const platforms = await ok< Array< { id: number; name: string } > >(
			await api( 'GET', '/devices/2/operating_systems' )
		);
		const windows = platforms.find( ( os ) => os.name === 'Windows' );
		const versions = await ok< Array< { id: number } > >(
			await api(
				'GET',
				`/devices/2/os_versions?filterBy[platform]=${ windows?.id }`
			)
		);
		deviceId = (
			await ok(
				await api( 'POST', '/users/me/devices', {
					type: 2,
					pc_type: 'Notebook',
					operating_system: versions[ 0 ].id,
				} ),
				201
			)
		).id;
		// An Italian tax id that is not hers: the profile is saved Unverified, for the back office to decide.
		const fiscal = await ok(
			await api( 'POST', '/users/me/fiscal', {
				type: 'withholding',
				fiscalId: 'RSSMRA80A01H501U',
				gender: 'female',
				birthPlace: { city: 'Milano', province: 'MI' },
				address: {
					country: 'IT',
					province: 'MI',
					city: 'Milano',
					street: 'Via Roma',
					streetNumber: '1',
					cityCode: '20121',
				},
			} ),
			201
		);
		expect( fiscal.fiscalStatus ).toBe( 'Unverified' );
	} );

	test( 'the administrator creates a campaign with a task, a pre-selection question and a bug form', async ( {
		page,
	} ) => {
		await logIn( page, ADMIN.email, ADMIN.password );
		await page.goto( '/wp-admin/admin.php?page=crowdscout-campaigns' );
		await expect(
			page.getByRole( 'heading', { name: 'Campaigns', level: 1 } )
		).toBeVisible();
		await page.getByRole( 'link', { name: 'Add campaign' } ).click();

		await field( page, 'title' ).fill( title );
		await field( page, 'visibility' ).selectOption( 'small-group' );
		await field( page, 'targetTesterIds' ).fill( `T${ testerId }` );
		await field( page, 'leader' ).selectOption( {
			label: 'Leo Lead (lead@crowdscout.test)',
		} );
		// Open for applications: it starts tomorrow.
		await field( page, 'startDate' ).fill( localAt( 1 ) );
		await field( page, 'endDate' ).fill( localAt( 10 ) );
		await field( page, 'closeDate' ).fill( localAt( 20 ) );
		await field( page, 'devices][2][accepted' ).check();
		await field( page, 'payout][criticalBugPayout' ).fill(
			String( CRITICAL_PAYOUT )
		);
		await field( page, 'payout][campaignPts' ).fill( '50' );
		await field( page, 'bugForm][hasBugForm' ).check();
		await field( page, 'tasks][0][name' ).fill( 'Log in and out' );
		await field( page, 'tasks][0][content' ).fill(
			'<p>Log in, then log out.</p>'
		);
		await field( page, 'questions][0][question' ).fill(
			'Which browser do you use?'
		);
		await page.getByRole( 'button', { name: 'Create campaign' } ).click();

		await expect( page.locator( '.notice-success' ) ).toBeVisible();
		campaignId = Number(
			new URL( page.url() ).searchParams.get( 'campaign' )
		);
		expect( campaignId ).toBeGreaterThan( 0 );
		await expect( field( page, 'title' ) ).toHaveValue( title );

		await page.goto(
			'/wp-admin/admin.php?page=crowdscout-campaigns&status=all'
		);
		const nobodys = page
			.locator( 'tbody tr' )
			.filter( {
				has: page.locator( 'td.column-leader', { hasText: /^—$/ } ),
			} )
			.first();
		const name = await nobodys
			.locator( 'td.column-title a' )
			.first()
			.innerText();
		unled = Number( /^CP(\d+)/.exec( name )?.[ 1 ] );
		expect( unled ).toBeGreaterThan( 0 );
	} );

	test( 'a tester applies, and the administrator moves the start date to let the campaign run', async ( {
		page,
		request,
	} ) => {
		const api = await apiSession( request, tester );
		const form = await ok< Array< { id: number; question: string } > >(
			await api( 'GET', `/users/me/campaigns/${ campaignId }/forms` )
		);
		const question = form.find(
			( item ) => item.question === 'Which browser do you use?'
		);
		expect( question ).toBeTruthy();
		await ok(
			await api( 'POST', `/users/me/campaigns/${ campaignId }/forms`, {
				form: [
					{
						question: question?.id,
						value: { serialized: 'Firefox' },
					},
				],
				device: [ deviceId ],
			} ),
			201
		);

		await logIn( page, ADMIN.email, ADMIN.password );
		await page.goto(
			`/wp-admin/admin.php?page=crowdscout-campaigns&view=edit&campaign=${ campaignId }`
		);
		await field( page, 'startDate' ).fill( localAt( -1 ) );
		await page.getByRole( 'button', { name: 'Save campaign' } ).click();
		await expect( page.locator( '.notice-success' ) ).toBeVisible();
	} );

	test( 'the team lead selects the tester, and is refused what is not theirs', async ( {
		page,
	} ) => {
		await logIn( page, LEAD.email, LEAD.password );
		await page.goto(
			`/wp-admin/admin.php?page=crowdscout-candidates&campaign=${ campaignId }`
		);
		await expect(
			page.getByText( `T${ testerId } Nina Nuova` )
		).toBeVisible();
		await rowAction(
			page,
			`T${ testerId } Nina Nuova`,
			'Select Nina Nuova'
		);
		await expect( page.locator( '.notice-success' ) ).toBeVisible();
		await expect(
			page
				.locator( 'tbody tr' )
				.filter( { hasText: `T${ testerId } Nina Nuova` } )
		).toContainText( 'Selected' );

		// Screens of the administrators only.
		for ( const screen of [
			'crowdscout-payouts',
			'crowdscout-testers',
			'crowdscout-fiscal',
			'crowdscout-messages',
		] ) {
			const response = await page.goto(
				`/wp-admin/admin.php?page=${ screen }`
			);
			expect( response?.status(), screen ).toBe( 403 );
		}
		// A campaign they do not lead: the API refuses them, and the screens say so.
		for ( const screen of [ 'crowdscout-candidates', 'crowdscout-bugs' ] ) {
			await page.goto(
				`/wp-admin/admin.php?page=${ screen }&campaign=${ unled }`
			);
			await expect( page.locator( '.notice-error' ) ).toContainText(
				'Only the campaign’s team leader or an administrator may do this.'
			);
			// No row to act on.
			await expect(
				page.locator( 'tbody input[type="checkbox"]' )
			).toHaveCount( 0 );
		}
	} );

	test( 'the tester starts, completes the task and reports a bug; the lead approves it and it pays once', async ( {
		page,
		request,
	} ) => {
		const api = await apiSession( request, tester );
		await ok(
			await api( 'POST', `/users/me/campaigns/${ campaignId }/start` )
		);
		const tasks = await ok(
			await api( 'GET', `/users/me/campaigns/${ campaignId }/tasks` )
		);
		const task = tasks[ 0 ];
		await ok(
			await api(
				'POST',
				`/users/me/campaigns/${ campaignId }/tasks/${ task.id }`,
				{ status: 'completed' }
			)
		);
		const bug = await ok(
			await api( 'POST', `/users/me/campaigns/${ campaignId }/bugs`, {
				title: 'The logout button does nothing',
				description: '1. Log in\n2. Press Log out',
				expected: 'I am logged out',
				current: 'Nothing happens',
				severity: 'CRITICAL',
				replicability: 'ALWAYS',
				type: 'MALFUNCTION',
				usecase: task.id,
				device: deviceId,
				media: [],
				additional: [],
				lastSeen: new Date( Date.now() - 60_000 ).toISOString(),
			} ),
			201
		);
		bugId = bug.id;
		const before = await ok(
			await api( 'GET', '/users/me?fields=total_exp_pts,pending_booty' )
		);
		const rankBefore = await ok( await api( 'GET', '/users/me/rank' ) );

		await logIn( page, LEAD.email, LEAD.password );
		await page.goto(
			`/wp-admin/admin.php?page=crowdscout-bugs&campaign=${ campaignId }`
		);
		await rowAction(
			page,
			'The logout button does nothing',
			`Approve bug ${ bugId }`
		);
		await expect( page.locator( '.notice-success' ) ).toBeVisible();
		// Refused from the bug's own page with a comment, then approved again: nothing more is paid.
		await page.goto(
			`/wp-admin/admin.php?page=crowdscout-bugs&campaign=${ campaignId }&bug=${ bugId }`
		);
		await expect(
			page.getByRole( 'heading', {
				name: `Bug ${ bugId }: The logout button does nothing`,
			} )
		).toBeVisible();
		await page
			.getByRole( 'radio', { name: 'Refuse', exact: true } )
			.check();
		await page
			.getByLabel( 'Comment for the tester' )
			.fill( 'Duplicate of an earlier report.' );
		await page.getByRole( 'button', { name: 'Save review' } ).click();
		await expect( page.locator( '.notice-success' ) ).toBeVisible();
		await page.goto(
			`/wp-admin/admin.php?page=crowdscout-bugs&campaign=${ campaignId }`
		);
		await rowAction(
			page,
			'The logout button does nothing',
			`Approve bug ${ bugId }`
		);
		await expect( page.locator( '.notice-success' ) ).toBeVisible();
		// The trail on the bug's page: three decisions, by the lead.
		await page.goto(
			`/wp-admin/admin.php?page=crowdscout-bugs&campaign=${ campaignId }&bug=${ bugId }`
		);
		const trail = page.getByRole( 'table' ).last();
		await expect( trail.locator( 'tbody tr' ) ).toHaveCount( 3 );
		await expect( trail ).toContainText( 'Leo Lead' );
		await expect( trail ).toContainText(
			'Duplicate of an earlier report.'
		);

		const after = await ok(
			await api( 'GET', '/users/me?fields=total_exp_pts,pending_booty' )
		);
		expect( after.total_exp_pts ).toBe(
			before.total_exp_pts + CRITICAL_POINTS
		);
		expect( after.pending_booty.gross.value ).toBe(
			before.pending_booty.gross.value + CRITICAL_PAYOUT
		);
		const rank = await ok( await api( 'GET', '/users/me/rank' ) );
		expect( rank.points ).toBe( rankBefore.points + CRITICAL_POINTS );
		const mine = await ok(
			await api( 'GET', `/users/me/bugs/${ bugId }` )
		);
		expect( mine.status.name ).toBe( 'Approved' );
	} );

	test( 'the administrator verifies the fiscal profile; the payout requested is marked paid and its receipt reaches the wallet', async ( {
		page,
		request,
	} ) => {
		const api = await apiSession( request, tester );
		await logIn( page, ADMIN.email, ADMIN.password );
		await page.goto(
			`/wp-admin/admin.php?page=crowdscout-fiscal&s=${ encodeURIComponent(
				tester.email
			) }`
		);
		page.once( 'dialog', ( confirm ) => confirm.accept() );
		await rowAction(
			page,
			tester.email,
			'Verify the fiscal profile of Nina Nuova'
		);
		await expect( page.locator( '.notice-success' ) ).toBeVisible();
		expect(
			( await ok( await api( 'GET', '/users/me/fiscal' ) ) ).fiscalStatus
		).toBe( 'Verified' );

		paymentId = (
			await ok(
				await api( 'POST', '/users/me/payments', {
					method: { type: 'paypal', email: tester.email },
				} ),
				201
			)
		).id;

		await page.goto( '/wp-admin/admin.php?page=crowdscout-payouts' );
		const last = page.getByRole( 'link', { name: 'Last page' } ).first();
		if ( await last.isVisible() ) {
			await last.click();
		}
		page.once( 'dialog', ( confirm ) => confirm.accept() );
		await rowAction(
			page,
			`#${ paymentId }`,
			`Mark request #${ paymentId } paid`
		);
		await expect(
			page
				.locator( '.notice-success' )
				.filter( { hasText: `#${ paymentId }` } )
		).toBeVisible();

		const wallet = await ok( await api( 'GET', '/users/me/payments' ) );
		const paid = wallet.results.find(
			( item: { id: number } ) => item.id === paymentId
		);
		expect( paid.status ).toBe( 'paid' );
		expect( paid.receipt ).toBeTruthy();
	} );

	test( 'a message written in the admin opens in the tester’s inbox with their name', async ( {
		page,
		request,
	} ) => {
		await logIn( page, ADMIN.email, ADMIN.password );
		await page.goto( '/wp-admin/admin.php?page=crowdscout-messages' );
		await page.getByRole( 'link', { name: 'Add message' } ).click();
		await page.getByLabel( 'Title', { exact: true } ).fill( title );
		// The block editor: a paragraph typed in, the name's placeholder put at the caret by its button.
		const content = page.getByRole( 'group', { name: 'Content' } );
		await content.getByRole( 'document', { name: /^Empty block/ } ).click();
		await page.keyboard.type( 'Hello ' );
		await content
			.getByRole( 'button', { name: 'First name {{name}}' } )
			.click();
		await page.keyboard.type( ', your campaign is ready.' );
		await expect(
			content.getByRole( 'document', { name: 'Block: Paragraph' } )
		).toHaveText( 'Hello {{name}}, your campaign is ready.' );
		await page.getByRole( 'radio', { name: 'Chosen testers' } ).check();
		await page
			.getByRole( 'textbox', { name: /Tester ids/ } )
			.fill( `T${ testerId }` );
		await page.getByRole( 'button', { name: 'Publish message' } ).click();
		await expect( page.locator( '.notice-success' ) ).toBeVisible();

		const api = await apiSession( request, tester );
		await ok(
			await api( 'PATCH', '/users/me', { onboarding_completed: true } )
		);
		await logIn( page, tester.email, tester.password );
		await page.goto( '/my-dashboard/' );
		const dialog = page.getByRole( 'dialog', {
			name: 'Messages for you',
		} );
		const article = dialog.getByRole( 'article', { name: title } );
		await expect( article ).toBeVisible();
		await expect(
			article.getByText( 'Hello Nina, your campaign is ready.' )
		).toBeVisible();
	} );

	test( 'a tester reaches no back-office screen and no back-office route', async ( {
		page,
		request,
	} ) => {
		await logIn( page, tester.email, tester.password );
		for ( const screen of [
			'crowdscout-campaigns',
			'crowdscout-candidates',
			'crowdscout-bugs',
			'crowdscout-payouts',
			'crowdscout-testers',
			'crowdscout-fiscal',
			'crowdscout-messages',
		] ) {
			const response = await page.goto(
				`/wp-admin/admin.php?page=${ screen }&campaign=${ campaignId }`
			);
			expect( response?.status(), screen ).toBe( 403 );
			await expect(
				page.getByText(
					'Sorry, you are not allowed to access this page.'
				)
			).toBeVisible();
		}

		const api = await apiSession( request, tester );
		for ( const [ method, path, body ] of [
			[ 'GET', '/admin/campaigns' ],
			[ 'GET', `/admin/campaigns/${ campaignId }/candidates` ],
			[ 'GET', `/admin/campaigns/${ campaignId }/bugs` ],
			[ 'POST', `/admin/bugs/${ bugId }/review`, { status: 'approved' } ],
			[ 'POST', `/admin/campaigns/${ campaignId }/close` ],
			[ 'GET', '/admin/payments' ],
			[ 'POST', `/admin/payments/${ paymentId }/paid` ],
			[ 'GET', '/admin/testers' ],
			[ 'GET', '/admin/fiscal_profiles' ],
			[ 'GET', '/admin/popups' ],
			[ 'GET', '/admin/summary' ],
		] as Array< [ string, string, object? ] > ) {
			const response = await api( method, path, body );
			expect( response.status(), `${ method } ${ path }` ).toBe( 403 );
		}
	} );

	test( 'axe finds no violation in the back office’s screens', async ( {
		page,
	} ) => {
		// Eleven screens, two of them with an editor to load: a few seconds each.
		test.setTimeout( 180_000 );
		await logIn( page, ADMIN.email, ADMIN.password );
		for ( const screen of [
			'crowdscout-campaigns',
			`crowdscout-campaigns&view=edit&campaign=${ campaignId }`,
			`crowdscout-candidates&campaign=${ campaignId }`,
			`crowdscout-bugs&campaign=${ campaignId }`,
			`crowdscout-bugs&campaign=${ campaignId }&bug=${ bugId }`,
			'crowdscout-testers',
			`crowdscout-testers&tester=${ testerId }`,
			'crowdscout-fiscal',
			'crowdscout-payouts&status=paid',
			'crowdscout-messages',
			'crowdscout-messages&view=new',
		] ) {
			await page.goto( `/wp-admin/admin.php?page=${ screen }` );
			if ( screen === 'crowdscout-messages&view=new' ) {
				// The message's block editor renders after the page has loaded.
				await expect(
					page.getByRole( 'group', { name: 'Content' } )
				).toBeVisible();
			}
			// What the plugin prints: WordPress's own menu and toolbar are not ours to fix, nor the block editor's
			// text fields (WordPress 6.5 gives its role="document" paragraphs aria-multiline).
			const { violations } = await new AxeBuilder( { page } )
				.include( '#wpbody-content' )
				.exclude( '.block-editor-rich-text__editable' )
				// TinyMCE's toolbar (wp_editor, the campaign form's rich content) is WordPress's classic editor.
				.exclude( '.mce-tinymce' )
				.withTags( [ 'wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa' ] )
				.analyze();
			expect(
				violations.flatMap( ( violation ) =>
					violation.nodes.map(
						( node ) =>
							`${ violation.id }: ${ node.target.join( ' ' ) }`
					)
				),
				screen
			).toEqual( [] );
		}
	} );
} );
