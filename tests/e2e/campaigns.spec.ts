import type { Locator, Page } from '@playwright/test';

import {
	apiGet,
	veteranCampaigns,
	type Detail,
	type Task,
} from './campaign-states';
import { test, expect, logIn, exactLabel, VETERAN } from './fixtures';

/**
 * A campaign from the tester's side (issue 24, "How it will be checked"), with the demo veteran's campaigns
 * (api/src/seed/demo-campaigns.ts): the preview of an open campaign reached from the dashboard, its pre-selection
 * form with every kind of question (a bad phone and a bad postcode first), the application and the
 * already-applied note on return; a full campaign, a closed subscription and an exclusion; the manual not ready
 * yet, the contract accepted, a task's image uploaded and deleted, the task completed, the bugs found; and a
 * tester who is not selected kept out of the manual and the tasks, by URL and by API. The demo's campaigns are
 * found through the API by what it answers for them, not by id (the seed draws them).
 */

/** A 1×1 PNG: what the task upload sends, checked by its bytes on the API. */
const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
	'base64'
);

const preview = ( page: Page ) =>
	page.locator( '.wp-block-crowdscout-campaign-preview' );
const manual = ( page: Page ) =>
	page.locator( '.wp-block-crowdscout-campaign-manual' );
const applyArea = ( page: Page ) =>
	preview( page ).locator( '[data-crowdscout-apply-state]' );

/** Types into a react-select search and picks the option. */
async function pick(
	scope: Locator,
	label: string,
	typed: string,
	option: string | RegExp
) {
	const input = scope.getByLabel( exactLabel( label ) );
	await input.click();
	await input.pressSequentially( typed );
	await scope.page().getByRole( 'option', { name: option } ).first().click();
}

/** Expects a field to name, among what describes it (aria-describedby), this error message. */
async function expectError( field: Locator, message: string ) {
	await expect( field ).toHaveAttribute( 'aria-invalid', 'true' );
	const described = ( await field.getAttribute( 'aria-describedby' ) ) ?? '';
	const ids = described.split( /\s+/ ).filter( Boolean );
	expect( ids.length, 'the field names its error' ).toBeGreaterThan( 0 );
	await expect(
		field
			.page()
			.locator( ids.map( ( id ) => `[id="${ id }"]` ).join( ', ' ) )
			.filter( { hasText: message } )
	).toBeVisible();
}

/** A group of choices (a fieldset), by the words of its legend. */
const group = ( form: Locator, legend: string ) =>
	form.locator( 'fieldset' ).filter( {
		has: form.page().locator( 'legend', { hasText: legend } ),
	} );

test.describe( 'campaigns', () => {
	test( 'applies to an open campaign from the dashboard, with every kind of question, and sees it applied on return', async ( {
		page,
		request,
	} ) => {
		const campaigns = await veteranCampaigns( request );
		const id = campaigns.open();
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( '/my-dashboard/' );
		const link = page
			.locator( `a[href*="/campaigns/${ id }/preview"]` )
			.first();
		// The dashboard pages its available table: the campaign is on it, if not always on the first page.
		if ( await link.count() ) {
			await link.click();
			await page.waitForURL( `**/campaigns/${ id }/preview/**` );
		} else {
			await page.goto( `/campaigns/${ id }/preview/` );
		}

		await expect(
			preview( page ).getByRole( 'heading', {
				level: 1,
				name: new RegExp( `^CP${ id } - ` ),
			} )
		).toBeVisible();
		for ( const block of [
			'Payout',
			'Methodology and bug types',
			'How to apply',
		] ) {
			await expect(
				preview( page ).getByRole( 'heading', { name: block } ).first()
			).toBeVisible();
		}
		await expect(
			preview( page ).getByRole( 'heading', { name: 'Ready to start?' } )
		).toBeVisible();
		await expect(
			preview( page ).getByRole( 'heading', { name: 'Any questions?' } )
		).toBeVisible();

		const form = preview( page ).locator(
			'[data-crowdscout-preselection-form]'
		);
		await expect(
			form.getByRole( 'heading', { name: "It's your time, apply now" } )
		).toBeVisible();
		const field = ( label: string ) =>
			form.getByLabel( exactLabel( label ) );
		const submit = form.getByRole( 'button', { name: 'Apply' } );
		await expect( submit ).toBeEnabled();

		// Every field is required.
		await submit.click();
		const appShop = field( 'Which app do you use most to shop online?' );
		await expectError( appShop, 'This is a required field' );

		// A bad postcode (the question's own message) and a bad phone first.
		await appShop.fill( 'Zalando' );
		const postcode = field( 'The postcode where you live (5 digits)' );
		await postcode.fill( '20A' );
		const phone = field( 'Your mobile phone number' );
		await phone.fill( '12' );
		await submit.click();
		await expectError( postcode, 'Write the 5 digits of your postcode' );
		await expectError( phone, 'This is an invalid format' );
		await postcode.fill( '20121' );
		await phone.fill( '+393471234567' );

		await form.getByLabel( exactLabel( 'Country' ) ).selectOption( 'IT' );
		await pick( form, 'City', 'Mil', /^Milano/ );
		await field( 'Which browser do you use most?' ).selectOption( {
			label: 'Firefox',
		} );
		await field( 'Your gender' ).selectOption( { label: 'Female' } );

		// "None of the above" clears the other choices, and a choice clears it.
		const shops = group(
			form,
			'Which of these shops have you bought from this year?'
		);
		await shops.getByLabel( 'Amazon' ).check();
		await shops.getByLabel( 'None of the above' ).check();
		await expect( shops.getByLabel( 'Amazon' ) ).not.toBeChecked();
		await shops.getByLabel( 'eBay' ).check();
		await expect(
			shops.getByLabel( 'None of the above' )
		).not.toBeChecked();
		await expect( shops.getByLabel( 'eBay' ) ).toBeChecked();

		await group( form, 'How many hours a week do you spend online?' )
			.getByLabel( '5 to 20' )
			.check();

		// The custom user fields come filled in from the profile (api/src/seed/custom-fields.ts, VETERAN_PROFILE).
		await expect( field( 'Your job title' ) ).toHaveValue( 'QA analyst' );
		await expect(
			field( 'Operating system you use most' )
		).not.toHaveValue( '' );
		await field( 'Do you own a smart home device?' ).selectOption( {
			label: 'No',
		} );

		await group( form, 'Devices you will test with' )
			.getByRole( 'checkbox' )
			.first()
			.check();

		await submit.click();
		// The top window reloads, and the campaign is applied.
		await expect( applyArea( page ) ).toHaveAttribute(
			'data-crowdscout-apply-state',
			'applied',
			{ timeout: 20_000 }
		);
		await page.goto( `/campaigns/${ id }/preview/` );
		await expect( applyArea( page ) ).toContainText(
			'You have already applied to this campaign.'
		);
		const again = await apiGet(
			request,
			campaigns.token,
			`/users/me/campaigns/${ id }/preview`
		);
		expect( again.body.status ).toBe( 'applied' );
	} );

	test( 'a full campaign, a closed subscription and an exclusion each say so', async ( {
		page,
		request,
	} ) => {
		const campaigns = await veteranCampaigns( request );
		await logIn( page, VETERAN.email, VETERAN.password );
		const cases = [
			[
				campaigns.full(),
				'full',
				'The campaign has reached its maximum capacity.',
			],
			[
				campaigns.closed(),
				'closed',
				"Oh no, It's too late! The subscription phase is closed now.",
			],
			[
				campaigns.excluded(),
				'applied',
				'You have already applied to this campaign.',
			],
		] as const;
		for ( const [ id, state, message ] of cases ) {
			await page.goto( `/campaigns/${ id }/preview/` );
			await expect( applyArea( page ) ).toHaveAttribute(
				'data-crowdscout-apply-state',
				state
			);
			await expect( applyArea( page ) ).toContainText( message );
			await expect(
				preview( page ).locator( '[data-crowdscout-preselection-form]' )
			).toHaveCount( 0 );
		}
	} );

	test( 'the pre-selection form page stands alone: no header, no sidebar', async ( {
		page,
		request,
	} ) => {
		const id = ( await veteranCampaigns( request ) ).full();
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( `/it/campaign/${ id }/preview-selection-form/` );
		await expect(
			page.getByRole( 'heading', { level: 1, name: /./ } ).first()
		).toBeVisible();
		await expect(
			page.locator( '.wp-block-crowdscout-preselection-form' )
		).toBeVisible();
		await expect(
			page.locator( '[data-crowdscout-widget="shell"]' )
		).toHaveCount( 0 );
		await expect(
			page.locator( 'header.wp-block-template-part' )
		).toHaveCount( 0 );
		await expect( page.locator( 'body' ) ).toHaveClass(
			/crowdscout-bare-page/
		);
	} );

	test( 'the manual: not ready before the start date, the contract, a task image uploaded and deleted, the task completed, the bugs found', async ( {
		page,
		request,
	} ) => {
		const campaigns = await veteranCampaigns( request );
		await logIn( page, VETERAN.email, VETERAN.password );

		await page.goto( `/campaigns/${ campaigns.notReady() }/manual/` );
		await expect(
			manual( page ).getByText(
				/^The manual is not ready yet, the activity will start on .+/
			)
		).toBeVisible();

		const starting = campaigns.starting();
		await page.goto( `/campaigns/${ starting }/manual/` );
		await expect(
			manual( page ).getByRole( 'heading', { name: 'Before you start' } )
		).toBeVisible();
		await manual( page )
			.getByRole( 'button', { name: 'Accept and start' } )
			.click();
		// The page reloads on the manual itself.
		await expect(
			manual( page ).getByRole( 'tab', { name: 'Info' } )
		).toBeVisible( { timeout: 20_000 } );
		const detail = await apiGet(
			request,
			campaigns.token,
			`/users/me/campaigns/${ starting }`
		);
		expect( detail.body.selectionStatus ).toBe( 'other' );

		// The started campaign whose first task takes media.
		let withMedia: { detail: Detail; task: Task } | undefined;
		for ( const candidate of campaigns.started() ) {
			const tasks = await apiGet(
				request,
				campaigns.token,
				`/users/me/campaigns/${ candidate.id }/tasks`
			);
			const list = tasks.body as unknown as Task[];
			const task = list.find(
				( item ) => item.can_upload_media && item.status === 'pending'
			);
			if ( task ) {
				withMedia = { detail: candidate, task };
				break;
			}
		}
		expect(
			withMedia,
			'a started campaign with a media task'
		).toBeTruthy();
		const { detail: campaign, task } = withMedia!;
		await page.goto( `/campaigns/${ campaign.id }/manual/` );

		for ( const [ status, count ] of Object.entries( campaign.bugs ) ) {
			await expect(
				manual( page ).locator( `[data-bug-status="${ status }"] dd` )
			).toHaveText( String( count ) );
		}

		await manual( page ).getByRole( 'tab', { name: 'Manual' } ).click();
		const item = manual( page ).locator( `[data-task-id="${ task.id }"]` );
		await expect( item ).toHaveAttribute( 'data-task-status', 'pending' );
		await expect( item ).toContainText( 'TODO' );
		await item.getByRole( 'button', { name: task.name } ).click();
		const body = item.getByRole( 'region' );

		await body.locator( 'input[type="file"]' ).setInputFiles( {
			name: 'e2e-home.png',
			mimeType: 'image/png',
			buffer: PNG,
		} );
		const files = body.getByRole( 'list', {
			name: `Your files for ${ task.name }`,
		} );
		await expect( files ).toContainText( 'e2e-home.png', {
			timeout: 20_000,
		} );
		await files
			.getByRole( 'button', { name: 'Delete e2e-home.png' } )
			.click();
		await expect(
			body.getByText(
				"You haven't uploaded any files for this task yet."
			)
		).toBeVisible();

		const complete = body.getByRole( 'button', {
			name: 'Mark as completed',
		} );
		await complete.click();
		await expect( item ).toHaveAttribute( 'data-task-status', 'completed' );
		await expect( complete ).toBeDisabled();
		const tasks = await apiGet(
			request,
			campaigns.token,
			`/users/me/campaigns/${ campaign.id }/tasks`
		);
		expect(
			( tasks.body as unknown as Task[] ).find(
				( entry ) => entry.id === task.id
			)?.status
		).toBe( 'completed' );
	} );

	test( 'a tester who is not selected reaches neither the manual nor the tasks, by URL or by API', async ( {
		page,
		request,
	} ) => {
		const campaigns = await veteranCampaigns( request );
		await logIn( page, VETERAN.email, VETERAN.password );
		for ( const id of [ campaigns.closed(), campaigns.excluded() ] ) {
			await page.goto( `/campaigns/${ id }/manual/` );
			await expect(
				manual( page ).getByText(
					'You do not have permission to access this campaign'
				)
			).toBeVisible();
			await expect(
				manual( page ).getByRole( 'tab', { name: 'Manual' } )
			).toHaveCount( 0 );
			const tasks = await apiGet(
				request,
				campaigns.token,
				`/users/me/campaigns/${ id }/tasks`
			);
			expect( tasks.status ).toBe( 403 );
			expect( tasks.body.message ).toBe(
				'You do not have permission to access this campaign'
			);
		}
	} );
} );
