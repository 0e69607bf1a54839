import type { Browser, Page } from '@playwright/test';

import { apiGet, bugFormCampaign, tokenOf } from './campaign-states';
import { test, expect, logIn, exactLabel, DEMO, VETERAN } from './fixtures';

/**
 * Reporting a bug (issue 25, "How it will be checked"), as the demo veteran on her started campaign with the full
 * bug form (api/src/seed/demo-bug-form.ts: title rule, two additional fields, at least one file, the bug parade):
 * every refusal of the form and of the upload first, a draft kept over a reload, the duplicate hint and the payout
 * estimate, then a valid bug with two images and a screen recording, whose link opens it; then its public view,
 * shown only while the setting is on. The e2e platform limits uploads to 2 MB (scripts/test-e2e.mjs), so an
 * oversize file is small enough to send.
 */

/** A 1×1 PNG, checked by its bytes on the API. */
const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
	'base64'
);
/** A Windows program's first bytes, named as an image. */
const EXE = Buffer.concat( [ Buffer.from( 'MZ' ), Buffer.alloc( 510, 0x90 ) ] );

/**
 * Headless Chromium has no screen to share: getDisplayMedia answers a canvas's stream instead, which the page's
 * own MediaRecorder records as it would a screen.
 *
 * @param page
 */
async function fakeScreen( page: Page ) {
	await page.addInitScript( () => {
		const mediaDevices = navigator.mediaDevices;
		if ( ! mediaDevices ) {
			return;
		}
		mediaDevices.getDisplayMedia = async () => {
			const canvas = document.createElement( 'canvas' );
			canvas.width = 160;
			canvas.height = 120;
			const context = canvas.getContext( '2d' )!;
			let frame = 0;
			setInterval( () => {
				context.fillStyle = `hsl(${ ( frame += 12 ) % 360 } 80% 50%)`;
				context.fillRect( 0, 0, 160, 120 );
			}, 40 );
			return canvas.captureStream( 25 );
		};
	} );
}

const form = ( page: Page ) => page.locator( '.wp-block-crowdscout-bug-form' );
const field = ( page: Page, label: string ) =>
	form( page ).getByLabel( exactLabel( label ) );
const mediaItem = ( page: Page, name: string | RegExp ) =>
	form( page ).locator( 'li' ).filter( { hasText: name } );

/** Expects a field to be invalid and to name this message among what describes it. */
async function expectError( page: Page, label: string, message: string ) {
	const control = field( page, label );
	await expect( control ).toHaveAttribute( 'aria-invalid', 'true' );
	const ids = ( ( await control.getAttribute( 'aria-describedby' ) ) ?? '' )
		.split( /\s+/ )
		.filter( Boolean );
	await expect(
		page
			.locator( ids.map( ( id ) => `[id="${ id }"]` ).join( ', ' ) )
			.filter( { hasText: message } )
	).toBeVisible();
}

const submit = ( page: Page ) =>
	form( page ).getByRole( 'button', { name: 'Submit bug' } ).click();

const VALID_TITLE = '[Checkout / Payment] - Coupon field rejects a valid code';

test.describe( 'bug form', () => {
	test( 'refuses what is wrong, keeps a draft, hints duplicates and payouts, then reports a bug with images and a screen recording', async ( {
		page,
		request,
	} ) => {
		const campaign = await bugFormCampaign( request );
		await fakeScreen( page );
		await logIn( page, VETERAN.email, VETERAN.password );
		await page.goto( `/campaign/${ campaign.id }/bugform/` );
		await expect(
			form( page ).getByRole( 'heading', { level: 1, name: 'Bug form' } )
		).toBeVisible();
		await expect(
			form( page ).getByRole( 'heading', {
				name: `[CP${ campaign.id }] - ${ campaign.title }`,
			} )
		).toBeVisible();

		// An empty submit: every required field says so, and the first one has the focus.
		await submit( page );
		for ( const label of [
			'Title',
			'Device',
			'Use case',
			'Severity',
			'Type',
			'Replicability',
			'Expected result',
			'Current result',
			'Steps to reproduce',
		] ) {
			await expectError( page, label, 'This is a required field' );
		}
		await expect( field( page, 'Title' ) ).toBeFocused();
		await expect(
			form( page ).getByText( 'Media field must have at least 1 items' )
		).toBeVisible();

		// A draft survives a reload.
		await field( page, 'Title' ).fill( 'Checkout broken' );
		await field( page, 'Expected result' ).fill( 'The coupon is applied.' );
		await page.waitForTimeout( 1500 );
		await page.reload();
		await form( page )
			.getByRole( 'button', { name: 'Restore draft' } )
			.click();
		await expect( field( page, 'Title' ) ).toHaveValue( 'Checkout broken' );
		await expect( field( page, 'Expected result' ) ).toHaveValue(
			'The coupon is applied.'
		);

		// The title rule, a future moment and the additional field's own pattern.
		const tomorrow = new Date( Date.now() + 86_400_000 );
		await field( page, 'Date last seen' ).fill(
			tomorrow.toISOString().slice( 0, 10 )
		);
		await field( page, 'App version' ).fill( 'latest' );
		await submit( page );
		await expectError(
			page,
			'Title',
			'Format should be [Phase / Section] - Briefly Issue description'
		);
		await expect(
			form( page )
				.getByText(
					"You can't upload bug with a future date or future time"
				)
				.first()
		).toBeVisible();
		await expectError(
			page,
			'App version',
			'Write the version shown under Settings → About, e.g. 4.2.1'
		);

		// The duplicate hint finds her earlier bug of the same campaign.
		await field( page, 'Title' ).fill(
			'[Checkout / Payment] - Blank page after PayPal'
		);
		const similar = form( page )
			.locator( 'section, div' )
			.filter( {
				has: page.getByRole( 'heading', {
					name: 'Similar bugs already reported',
				} ),
			} )
			.last();
		await expect(
			similar.getByText(
				'[Checkout / Payment] - Blank page after paying with PayPal'
			)
		).toBeVisible();

		// The estimate follows the chosen severity.
		await field( page, 'Severity' ).selectOption( { label: 'High' } );
		await expect(
			form( page ).getByTestId( 'payout-estimate' )
		).toContainText( /gross.*net/ );

		// Files: a program named as an image and an oversize file fail with the spec's texts; two images and a
		// screen recording are stored.
		const files = form( page ).locator( 'input[type="file"]' );
		await files.setInputFiles( [
			{ name: 'setup.png', mimeType: 'image/png', buffer: EXE },
			{
				name: 'huge.png',
				mimeType: 'image/png',
				buffer: Buffer.concat( [
					PNG,
					Buffer.alloc( 2 * 1024 * 1024 + 10 ),
				] ),
			},
		] );
		await expect( mediaItem( page, 'setup.png' ) ).toContainText(
			'File not supported'
		);
		await expect( mediaItem( page, 'huge.png' ) ).toContainText(
			'Maximum file size exceeded'
		);
		await files.setInputFiles( [
			{ name: 'first.png', mimeType: 'image/png', buffer: PNG },
			{ name: 'second.png', mimeType: 'image/png', buffer: PNG },
		] );
		await expect( mediaItem( page, 'first.png' ) ).toContainText(
			'Uploaded'
		);
		await expect( mediaItem( page, 'second.png' ) ).toContainText(
			'Uploaded'
		);
		await form( page )
			.getByRole( 'button', { name: 'Record screen' } )
			.click();
		await page.waitForTimeout( 1200 );
		await form( page )
			.getByRole( 'button', { name: 'Stop recording' } )
			.click();
		await form( page )
			.getByRole( 'button', { name: 'Attach recording' } )
			.click();
		await expect(
			mediaItem( page, /screen-recording-.*\.webm/ )
		).toContainText( 'Uploaded' );
		// A failed file goes from the list only.
		await mediaItem( page, 'setup.png' )
			.getByRole( 'button', { name: /Delete/ } )
			.click();
		await expect( mediaItem( page, 'setup.png' ) ).toHaveCount( 0 );
		await mediaItem( page, 'huge.png' )
			.getByRole( 'button', { name: /Delete/ } )
			.click();

		// Everything right now.
		const now = new Date( Date.now() - 3_600_000 );
		const pad = ( n: number ) => String( n ).padStart( 2, '0' );
		await field( page, 'Title' ).fill( VALID_TITLE );
		await field( page, 'Date last seen' ).fill(
			`${ now.getFullYear() }-${ pad( now.getMonth() + 1 ) }-${ pad(
				now.getDate()
			) }`
		);
		await field( page, 'Time last seen' ).fill(
			`${ pad( now.getHours() ) }:${ pad( now.getMinutes() ) }`
		);
		await field( page, 'Device' ).selectOption( { index: 1 } );
		await field( page, 'Use case' ).selectOption( {
			label: 'Search the shop',
		} );
		await field( page, 'Type' ).selectOption( { label: 'Malfunction' } );
		await field( page, 'Replicability' ).selectOption( {
			label: 'Always',
		} );
		await field( page, 'Steps to reproduce' ).fill(
			'1. Put a product in the cart\n2. Enter the code SPRING10\n3. Press Apply'
		);
		await field( page, 'Current result' ).fill(
			'It says the code is invalid.'
		);
		await field( page, 'App version' ).fill( '4.2.1' );
		await field( page, 'Connection' ).selectOption( { label: 'Wi-Fi' } );
		await submit( page );

		const sent = form( page ).getByRole( 'status' ).filter( {
			hasText: 'Your bug was uploaded.',
		} );
		await expect( sent ).toBeVisible();
		await expect( field( page, 'Title' ) ).toHaveValue( '' );
		await expect(
			form( page ).locator( 'li' ).filter( { hasText: 'first.png' } )
		).toHaveCount( 0 );
		await sent.getByRole( 'link', { name: /See bug \d+/ } ).click();
		await expect( page.getByText( VALID_TITLE ).first() ).toBeVisible();
	} );

	test( 'a tester who is not selected can neither report nor upload', async ( {
		request,
	} ) => {
		const campaign = await bugFormCampaign( request );
		const auth = await request.post( '/api/authenticate', {
			data: { username: DEMO.email, password: DEMO.password },
		} );
		const { token } = ( await auth.json() ) as { token: string };
		const headers = { authorization: `Bearer ${ token }` };
		const bug = await request.post(
			`/api/users/me/campaigns/${ campaign.id }/bugs`,
			{ headers, data: { title: 'x' } }
		);
		expect( [ 400, 403, 404 ] ).toContain( bug.status() );
		const upload = await request.post(
			`/api/users/me/campaigns/${ campaign.id }/media`,
			{
				headers,
				multipart: {
					media: {
						name: 'a.png',
						mimeType: 'image/png',
						buffer: PNG,
					},
				},
			}
		);
		expect( [ 403, 404 ] ).toContain( upload.status() );
	} );

	test( 'the public view shows a bug without device and use case, only while the setting is on', async ( {
		page,
		request,
		browser,
	} ) => {
		const token = await tokenOf( request );
		const bugs = await apiGet( request, token, '/users/me/bugs?limit=1' );
		const [ { id } ] = bugs.body.results as Array< { id: number } >;
		const bug = ( await apiGet( request, token, `/users/me/bugs/${ id }` ) )
			.body as { title: string; publicToken: string };
		const address = `/vdp/${ id }/${ bug.publicToken }/`;

		const visitor = await newVisitor( browser );
		await visitor.goto( address );
		await expect( visitor.getByText( bug.title ) ).toHaveCount( 0 );

		await setPublicPages( page, true );
		try {
			await visitor.goto( address );
			await expect(
				visitor.getByText( bug.title ).first()
			).toBeVisible();
			await expect(
				visitor.getByText( 'Use case', { exact: true } )
			).toHaveCount( 0 );
			await expect(
				visitor.getByText( 'Device', { exact: true } )
			).toHaveCount( 0 );
			await visitor.goto(
				`/vdp/${ id }/${ 'A'.repeat( bug.publicToken.length ) }/`
			);
			await expect( visitor.getByText( 'Bug not found' ) ).toBeVisible();
		} finally {
			await setPublicPages( page, false );
		}
		await visitor.goto( address );
		await expect(
			visitor.locator( '.crowdscout-spinner, [role="status"]' ).first()
		).toBeVisible();
		await expect( visitor.getByText( bug.title ) ).toHaveCount( 0 );
		await visitor.context().close();
	} );
} );

async function newVisitor( browser: Browser ) {
	const context = await browser.newContext( {
		baseURL: process.env.CROWDSCOUT_E2E_URL,
	} );
	return context.newPage();
}

/**
 * Settings → Crowdscout → Public user pages, as an administrator sets it.
 *
 * @param page
 * @param on
 */
async function setPublicPages( page: Page, on: boolean ) {
	await page.context().clearCookies();
	await logIn( page, 'admin@crowdscout.test', 'Admin1234!' );
	await page.goto( '/wp-admin/options-general.php?page=crowdscout' );
	await page.locator( '#crowdscout_public_user_pages' ).setChecked( on );
	await page.getByRole( 'button', { name: 'Save Changes' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
}
