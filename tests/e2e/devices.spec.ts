import type { Locator, Page } from '@playwright/test';

import {
	test,
	expect,
	logIn,
	signUp,
	toast,
	exactLabel,
	scrollsSideways,
	VETERAN,
	type Login,
} from './fixtures';

/**
 * The devices page (personal-equipment) as a tester uses it: adding a smartphone and a PC through the wizard,
 * editing the OS version, saving with no change, removing, and the refusal for a device a campaign uses. The
 * changes are made by a tester who signs up for this file (other specs read the demo testers as seeded); the
 * refusal is the veteran's, whose first devices are used in campaigns, and changes nothing.
 */

const devicesPage = ( page: Page ) =>
	page.locator( '.wp-block-crowdscout-devices' );

const devicesTable = ( page: Page ) =>
	devicesPage( page ).getByRole( 'table', { name: 'Your devices' } );

/** The table's row of a device, by what its Model column says. */
const rowOf = ( page: Page, model: string | RegExp ) =>
	devicesTable( page ).getByRole( 'row' ).filter( { hasText: model } );

/** A row's Version cell (the Model is the row's header, not a cell). */
const versionOf = ( row: Locator ) => row.getByRole( 'cell' ).nth( 2 );

async function openDevices( page: Page, login: Login ) {
	await logIn( page, login.email, login.password );
	await page.goto( '/personal-equipment/' );
	await expect(
		devicesPage( page ).getByRole( 'heading', {
			level: 1,
			name: 'Devices',
		} )
	).toBeVisible();
}

/** The field around a labelled control, to read what a searchable select shows. */
const fieldOf = ( dialog: Locator, label: string ) =>
	dialog
		.locator( '.crowdscout-field' )
		.filter( { has: dialog.page().getByLabel( exactLabel( label ) ) } );

/** What a searchable select shows as chosen; nothing (no element) when it is empty. */
const chosen = ( dialog: Locator, label: string ) =>
	fieldOf( dialog, label ).locator( '.crowdscout-combo__single-value' );

/** Picks an option of a searchable select (from 768 px) by typing its name, as a tester would. */
async function pick( dialog: Locator, label: string, option: string ) {
	const input = dialog.getByLabel( exactLabel( label ) );
	await input.click();
	await input.pressSequentially( option );
	await dialog
		.page()
		.getByRole( 'option', { name: option, exact: true } )
		.click();
	await expect( chosen( dialog, label ) ).toHaveText( option );
}

/** The wizard's step, as its description says it. */
const step = ( dialog: Locator, text: string ) =>
	expect( dialog.getByText( text, { exact: true } ) ).toBeVisible();

/**
 * Waits for the answer to a call of the devices API. WordPress's api-fetch sends PATCH and DELETE as POST with
 * the method in X-HTTP-Method-Override.
 *
 * @param page
 * @param method
 */
const answerTo = ( page: Page, method: 'PATCH' | 'DELETE' ) =>
	page.waitForResponse( ( response ) => {
		const sent = response.request();
		return (
			/\/api\/users\/me\/devices\/\d+/.test( sent.url() ) &&
			( sent.headers()[ 'x-http-method-override' ] ?? sent.method() ) ===
				method
		);
	} );

/** The recap's value for a term. */
const recap = ( dialog: Locator, term: string ) =>
	dialog
		.locator( 'dt', { hasText: new RegExp( `^${ term }$` ) } )
		.locator( '+ dd' );

test.describe( 'devices: a new tester adds, edits and removes', () => {
	// One tester for the file (sign-ups are limited); each test goes on from what the one before left.
	test.describe.configure( { mode: 'serial' } );

	let tester: Login;
	test.beforeAll( async ( { playwright } ) => {
		const request = await playwright.request.newContext( {
			baseURL: process.env.CROWDSCOUT_E2E_URL,
		} );
		tester = await signUp( request, 'devices' );
		await request.dispose();
	} );

	test( 'adds a smartphone: manufacturer, model, OS, version, each choice clearing what depends on it', async ( {
		page,
	} ) => {
		await openDevices( page, tester );
		await expect(
			devicesPage( page ).getByText(
				"You don't have any devices yet. Add one to participate in the tests!"
			)
		).toBeVisible();

		await devicesPage( page )
			.getByRole( 'button', { name: 'Add device' } )
			.click();
		const dialog = page.getByRole( 'dialog', { name: 'Add a device' } );
		await step( dialog, 'Step 1 of 3: Device type' );
		const next = dialog.getByRole( 'button', { name: 'Next' } );
		await expect( next ).toBeDisabled();

		// A click outside the wizard would lose the choices: it does not close it.
		await page.mouse.click( 5, 5 );
		await expect( dialog ).toBeVisible();

		await dialog.getByRole( 'radio', { name: 'Smartphone' } ).check();
		await next.click();
		await step( dialog, 'Step 2 of 3: Device details' );

		// Each select waits for the choice before it.
		const model = dialog.getByLabel( exactLabel( 'Model' ) );
		const os = dialog.getByLabel( exactLabel( 'Operating system' ) );
		const version = dialog.getByLabel( exactLabel( 'Version' ) );
		await expect( model ).toBeDisabled();
		await expect( os ).toBeDisabled();
		await expect( version ).toBeDisabled();
		await expect(
			dialog.getByText( 'Choose the manufacturer first.' )
		).toBeVisible();

		await pick( dialog, 'Manufacturer', 'Apple' );
		await expect( model ).toBeEnabled();
		await expect( os ).toBeDisabled();
		await pick( dialog, 'Model', 'iPhone 15' );
		await expect( os ).toBeEnabled();
		await expect( version ).toBeDisabled();
		// An iPhone runs iOS only: no Android among its systems.
		await os.click();
		await expect(
			page.getByRole( 'option', { name: 'Android', exact: true } )
		).toHaveCount( 0 );
		await page.keyboard.press( 'Escape' );
		await expect( dialog ).toBeVisible();
		await pick( dialog, 'Operating system', 'iOS' );
		await expect( version ).toBeEnabled();
		await pick( dialog, 'Version', '17' );
		await expect( next ).toBeEnabled();

		// Another manufacturer clears the model, the OS and the version.
		await pick( dialog, 'Manufacturer', 'Samsung' );
		await expect( chosen( dialog, 'Model' ) ).toHaveCount( 0 );
		await expect( chosen( dialog, 'Operating system' ) ).toHaveCount( 0 );
		await expect( chosen( dialog, 'Version' ) ).toHaveCount( 0 );
		await expect( os ).toBeDisabled();
		await expect( version ).toBeDisabled();
		await expect( next ).toBeDisabled();

		await pick( dialog, 'Model', 'Galaxy S24 Ultra' );
		await pick( dialog, 'Operating system', 'Android' );
		await pick( dialog, 'Version', '14' );
		// Another model clears the OS and the version.
		await pick( dialog, 'Model', 'Galaxy S24' );
		await expect( chosen( dialog, 'Operating system' ) ).toHaveCount( 0 );
		await expect( chosen( dialog, 'Version' ) ).toHaveCount( 0 );
		await expect( version ).toBeDisabled();
		await pick( dialog, 'Operating system', 'Android' );
		await pick( dialog, 'Version', '15' );
		// Another OS version is just another version.
		await pick( dialog, 'Version', '14' );
		await expect( chosen( dialog, 'Operating system' ) ).toHaveText(
			'Android'
		);

		await next.click();
		await step( dialog, 'Step 3 of 3: Device recap' );
		await expect( recap( dialog, 'Type' ) ).toHaveText( 'Smartphone' );
		await expect( recap( dialog, 'Manufacturer' ) ).toHaveText( 'Samsung' );
		await expect( recap( dialog, 'Model' ) ).toHaveText( 'Galaxy S24' );
		await expect( recap( dialog, 'Operating system' ) ).toHaveText(
			'Android'
		);
		await expect( recap( dialog, 'Version' ) ).toHaveText( '14' );
		await dialog.getByRole( 'button', { name: 'Add device' } ).click();

		await expect( toast( page, 'Device added' ) ).toBeVisible();
		await expect( dialog ).toHaveCount( 0 );
		const row = rowOf( page, 'Samsung Galaxy S24' );
		await expect( row ).toHaveCount( 1 );
		await expect(
			row.getByRole( 'img', { name: 'Smartphone' } )
		).toBeVisible();
		await expect( row.getByRole( 'cell' ) ).toContainText( [
			'Android',
			'14',
		] );
	} );

	test( 'adds a PC by its type on a phone: plain selects, nothing scrolls sideways', async ( {
		page,
	} ) => {
		await page.setViewportSize( { width: 375, height: 812 } );
		await openDevices( page, tester );
		await expect( rowOf( page, 'Galaxy S24' ) ).toHaveCount( 1 );
		expect( await scrollsSideways( page ) ).toBe( false );

		await devicesPage( page )
			.getByRole( 'button', { name: 'Add device' } )
			.click();
		const dialog = page.getByRole( 'dialog', { name: 'Add a device' } );
		await dialog.getByRole( 'radio', { name: 'Computer' } ).check();
		await dialog.getByRole( 'button', { name: 'Next' } ).click();
		await step( dialog, 'Step 2 of 3: Device details' );

		// Below 768 px the selects are the browser's own, whose picker suits a phone.
		const pcType = dialog.getByRole( 'combobox', {
			name: exactLabel( 'PC type' ),
		} );
		const os = dialog.getByRole( 'combobox', {
			name: exactLabel( 'Operating system' ),
		} );
		const version = dialog.getByRole( 'combobox', {
			name: exactLabel( 'Version' ),
		} );
		for ( const select of [ pcType, os, version ] ) {
			expect( await select.evaluate( ( node ) => node.tagName ) ).toBe(
				'SELECT'
			);
		}
		// A PC has no manufacturer nor model: its type stands for them.
		await expect(
			dialog.getByLabel( exactLabel( 'Manufacturer' ) )
		).toHaveCount( 0 );
		await expect( os ).toBeDisabled();
		await expect(
			dialog.getByText( 'Choose the PC type first.' )
		).toBeVisible();
		expect( await scrollsSideways( page ) ).toBe( false );

		await pcType.selectOption( { label: 'Ultrabook' } );
		await expect( os ).toBeEnabled();
		await expect(
			os.getByRole( 'option', { name: 'Windows' } )
		).toHaveCount( 1 );
		await os.selectOption( { label: 'Linux' } );
		await expect( version ).toBeEnabled();
		await expect(
			version.getByRole( 'option', { name: /Ubuntu/ } ).first()
		).toBeAttached();
		await version.selectOption( { index: 1 } );
		const versionName = (
			await version.locator( 'option:checked' ).innerText()
		).trim();
		// Another PC type clears the OS and its version.
		await pcType.selectOption( { label: 'Notebook' } );
		await expect( os ).toHaveValue( '' );
		await expect( version ).toHaveValue( '' );
		await expect( version ).toBeDisabled();
		await os.selectOption( { label: 'Linux' } );
		await version.selectOption( { label: versionName } );

		await dialog.getByRole( 'button', { name: 'Next' } ).click();
		await step( dialog, 'Step 3 of 3: Device recap' );
		await expect( recap( dialog, 'PC type' ) ).toHaveText( 'Notebook' );
		expect( await scrollsSideways( page ) ).toBe( false );
		await dialog.getByRole( 'button', { name: 'Add device' } ).click();

		await expect( toast( page, 'Device added' ) ).toBeVisible();
		const row = rowOf( page, 'Notebook' );
		await expect( row ).toHaveCount( 1 );
		await expect(
			row.getByRole( 'img', { name: 'Computer' } )
		).toBeVisible();
		await expect( row ).toContainText( versionName );
		expect( await scrollsSideways( page ) ).toBe( false );
	} );

	test( 'edits the OS version, then saves with no change and is told so', async ( {
		page,
	} ) => {
		await openDevices( page, tester );
		const row = rowOf( page, 'Galaxy S24' );
		await row.getByRole( 'button', { name: 'Edit' } ).click();

		const dialog = page.getByRole( 'dialog', { name: 'Edit your device' } );
		await step( dialog, 'Step 1 of 2: Device details' );
		// Only the version can change.
		await expect( recap( dialog, 'Device' ) ).toHaveText(
			'Samsung Galaxy S24'
		);
		await expect( chosen( dialog, 'Version' ) ).toHaveText( '14' );
		await expect(
			dialog.getByLabel( exactLabel( 'Manufacturer' ) )
		).toHaveCount( 0 );
		await pick( dialog, 'Version', '15' );
		await dialog.getByRole( 'button', { name: 'Next' } ).click();
		await step( dialog, 'Step 2 of 2: Device recap' );
		await expect( recap( dialog, 'Version' ) ).toHaveText( '15' );
		await dialog.getByRole( 'button', { name: 'Save changes' } ).click();

		await expect( toast( page, 'Device modified' ) ).toBeVisible();
		await expect( dialog ).toHaveCount( 0 );
		await expect( versionOf( row ) ).toHaveText( '15' );

		// The same version again: the API answers 304, and the page says nothing changed.
		await row.getByRole( 'button', { name: 'Edit' } ).click();
		await expect( chosen( dialog, 'Version' ) ).toHaveText( '15' );
		await dialog.getByRole( 'button', { name: 'Next' } ).click();
		const saved = answerTo( page, 'PATCH' );
		await dialog.getByRole( 'button', { name: 'Save changes' } ).click();
		expect( ( await saved ).status() ).toBe( 304 );
		const notModified = toast( page, 'Your device was not modified' );
		await expect( notModified ).toBeVisible();
		await expect( notModified ).toContainText(
			"You didn't change anything on your device"
		);
		await expect( dialog ).toHaveCount( 0 );
		await expect( versionOf( row ) ).toHaveText( '15' );
	} );

	test( 'removes a device after confirming', async ( { page } ) => {
		await openDevices( page, tester );
		const row = rowOf( page, 'Notebook' );
		await row.getByRole( 'button', { name: 'Delete' } ).click();
		const dialog = page.getByRole( 'dialog', {
			name: 'Remove this device?',
		} );
		await expect( dialog ).toContainText(
			'Notebook will no longer be among your devices.'
		);
		// Cancel keeps it.
		await dialog.getByRole( 'button', { name: 'Cancel' } ).click();
		await expect( dialog ).toHaveCount( 0 );
		await expect( row ).toHaveCount( 1 );

		await row.getByRole( 'button', { name: 'Delete' } ).click();
		await dialog.getByRole( 'button', { name: 'Remove' } ).click();
		await expect( toast( page, 'Device removed' ) ).toBeVisible();
		await expect( row ).toHaveCount( 0 );
		await expect( rowOf( page, 'Galaxy S24' ) ).toHaveCount( 1 );

		// Gone for good, not only from the page on screen.
		await page.reload();
		await expect( rowOf( page, 'Galaxy S24' ) ).toHaveCount( 1 );
		await expect( rowOf( page, 'Notebook' ) ).toHaveCount( 0 );
	} );
} );

test( 'a device used in a campaign cannot be removed', async ( { page } ) => {
	await openDevices( page, VETERAN );
	// The veteran's first devices are used in campaigns (the demo data).
	const row = rowOf( page, 'Motorola razr 60' );
	await row.getByRole( 'button', { name: 'Delete' } ).click();
	const dialog = page.getByRole( 'dialog', { name: 'Remove this device?' } );
	const removed = answerTo( page, 'DELETE' );
	await dialog.getByRole( 'button', { name: 'Remove' } ).click();
	expect( ( await removed ).status() ).toBe( 406 );

	const refused = toast(
		page,
		"You can't delete this device, you are using it in a campaign!"
	);
	await expect( refused ).toBeVisible();
	await expect( refused ).toContainText( 'Oh no!' );
	await expect( dialog ).toHaveCount( 0 );
	await expect( row ).toHaveCount( 1 );
	await page.reload();
	await expect( row ).toHaveCount( 1 );
} );

test( 'the Italian and Spanish aliases open the page in their language', async ( {
	page,
} ) => {
	await logIn( page, VETERAN.email, VETERAN.password );
	for ( const [ alias, path, title, table ] of [
		[
			'/it/i-miei-device/',
			'/it/personal-equipment/',
			'Dispositivi',
			'I tuoi dispositivi',
		],
		[
			'/es/dispositivos/',
			'/es/personal-equipment/',
			'Dispositivos',
			'Tus dispositivos',
		],
	] ) {
		await page.goto( alias );
		await expect( page ).toHaveURL( new RegExp( `${ path }$` ) );
		await expect(
			devicesPage( page ).getByRole( 'heading', {
				level: 1,
				name: title,
			} )
		).toBeVisible();
		await expect(
			devicesPage( page ).getByRole( 'table', { name: table } )
		).toContainText( 'Motorola razr 60' );
	}
} );
