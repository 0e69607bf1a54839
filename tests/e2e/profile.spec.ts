import type { APIRequestContext, Locator, Page } from '@playwright/test';
import pkg from 'codice-fiscale-js';

import { test, expect, fillLogInForm, logIn, mailsTo, DEMO } from './fixtures';

// The package is CommonJS: its class comes as a property of the module, which its types call the default export.
const { CodiceFiscale } = pkg as unknown as { CodiceFiscale: typeof pkg };

const ADMIN = { email: 'admin@crowdscout.test', password: 'Admin1234!' };

interface Account {
	email: string;
	password: string;
	name: string;
	surname: string;
	/** YYYY-MM-DD */
	birthDate: string;
	country: string;
}

const uniqueEmail = ( label: string ) =>
	`${ label }-${ Date.now() }-${ Math.floor(
		Math.random() * 1e6
	) }@example.test`;

/**
 * A tester who has just signed up, through the API's sign-up call as the sign-up form makes it: the tests that
 * change data for good work on one of these, never on the demo testers other specs read.
 *
 * @param request The test's request context.
 * @param person  Name, surname, birth date and country, when they matter.
 */
async function signUp(
	request: APIRequestContext,
	person: Partial< Omit< Account, 'email' | 'password' > > & {
		label: string;
	}
): Promise< Account > {
	const account: Account = {
		email: uniqueEmail( person.label ),
		password: 'Secret123',
		name: person.name ?? 'Paola',
		surname: person.surname ?? 'Profilo',
		birthDate: person.birthDate ?? '1990-02-03',
		country: person.country ?? 'IT',
	};
	const { email, password, name, surname, birthDate, country } = account;
	const response = await request.post( '/api/users', {
		data: { email, password, name, surname, birthDate, country },
	} );
	expect( response.status(), await response.text() ).toBe( 201 );
	return account;
}

/** A bearer token for the API, as the token login gives one. */
async function tokenOf( request: APIRequestContext, account: Account ) {
	const response = await request.post( '/api/authenticate', {
		data: { username: account.email, password: account.password },
	} );
	expect( response.status(), await response.text() ).toBe( 200 );
	return ( ( await response.json() ) as { token: string } ).token;
}

/** Born in Torino: the Italian tax id codice-fiscale-js computes from the account's data. */
function taxIdOf(
	account: Account,
	gender: 'M' | 'F',
	birthDate = account.birthDate
) {
	const [ year, month, day ] = birthDate.split( '-' ).map( Number );
	return CodiceFiscale.compute( {
		name: account.name,
		surname: account.surname,
		gender,
		day,
		month,
		year,
		birthplace: 'Torino',
		birthplaceProvincia: 'TO',
	} );
}

/** A label's text, whole, with or without the required mark (" *") after it. */
const exactly = ( label: string ) =>
	new RegExp(
		`^${ label.replace( /[.*+?^${}()|[\]\\]/g, '\\$&' ) }( \\*)?$`
	);

const widget = ( page: Page ) => page.locator( '.wp-block-crowdscout-profile' );

/** The toast with this message (the page's one toast area). */
const toast = ( page: Page, message: string | RegExp ) =>
	page.locator( '.crowdscout-toast' ).filter( { hasText: message } );

/** The field wrapper around a labelled control, to read what a react-select shows. */
const fieldOf = ( scope: Locator, label: string ) =>
	scope
		.locator( '.crowdscout-field' )
		.filter( { has: scope.page().getByLabel( exactly( label ) ) } );

/** Types into a react-select search and picks the option. */
async function pick(
	scope: Locator,
	label: string,
	typed: string,
	option: string | RegExp
) {
	const input = scope.getByLabel( exactly( label ) );
	await input.click();
	await input.pressSequentially( typed );
	await scope.page().getByRole( 'option', { name: option } ).first().click();
}

async function openProfile( page: Page, account: Account, query = '' ) {
	await logIn( page, account.email, account.password );
	await page.goto( `/my-account/${ query }` );
	await expect(
		widget( page ).getByRole( 'heading', {
			name: `${ account.name } ${ account.surname }`,
		} )
	).toBeVisible();
}

const baseForm = ( page: Page ) => page.getByRole( 'form', { name: 'Base' } );
const fiscalForm = ( page: Page ) =>
	page.getByRole( 'form', { name: 'Fiscal' } );

/** Fills the fiscal form for an address in Milano, born in Torino. */
async function fillFiscalForm( form: Locator, taxId: string ) {
	await form
		.getByRole( 'radio', { name: 'Occasional work with withholding tax' } )
		.check();
	await form.getByRole( 'radio', { name: 'Male', exact: true } ).check();
	await form.getByRole( 'radio', { name: 'Yes', exact: true } ).check();
	await pick( form, 'City of birth', 'Torin', 'Torino (TO)' );
	await pick( form, 'City', 'Milan', 'Milano (MI)' );
	await expect( form.getByLabel( exactly( 'Province' ) ) ).toHaveValue(
		'MI'
	);
	await form.getByLabel( exactly( 'Street' ) ).fill( 'Via Roma' );
	await form.getByLabel( exactly( 'Street number' ) ).fill( '10' );
	await form.getByLabel( exactly( 'ZIP code' ) ).fill( '20121' );
	await form.getByLabel( exactly( 'Tax id' ) ).fill( taxId );
}

test.describe( 'profile (my-account)', () => {
	test( 'base tab: every field, a city in Italy and abroad, languages, saved and shown after a reload', async ( {
		page,
		request,
	} ) => {
		const account = await signUp( request, { label: 'base' } );
		await openProfile( page, account );
		const form = baseForm( page );
		const newEmail = uniqueEmail( 'base-new' );

		await form.getByLabel( exactly( 'Name' ) ).fill( 'Beatrice' );
		await form.getByLabel( exactly( 'Surname' ) ).fill( 'Basile' );
		await form.getByLabel( 'Gender' ).selectOption( { label: 'Female' } );
		await form.getByLabel( 'Birth date' ).fill( '1989-04-12' );
		await form.getByLabel( 'Phone' ).fill( '+393471234567' );
		await form.getByLabel( exactly( 'Email' ) ).fill( newEmail );
		await expect( form.getByLabel( 'Country' ) ).toHaveValue( 'IT' );
		await pick( form, 'City', 'Mil', 'Milano (MI)' );
		await form
			.getByLabel( 'Profession' )
			.selectOption( { label: 'Student' } );
		await form
			.getByLabel( 'Education' )
			.selectOption( { label: "Master's degree or equivalent" } );

		// Languages are saved as they are picked.
		await pick( form, 'Languages', 'Itali', 'Italian' );
		const languages = fieldOf( form, 'Languages' );
		// What the control shows as chosen (react-select also announces choices in a hidden live region).
		const chosen = languages.locator( '.crowdscout-combo__multi-value' );
		await expect( chosen ).toHaveText( [ 'Italian' ] );
		await pick( form, 'Languages', 'Span', 'Spanish' );
		await expect( chosen ).toHaveText( [ 'Italian', 'Spanish' ] );
		await languages
			.getByRole( 'button', { name: 'Remove Spanish' } )
			.click();
		await expect( chosen ).toHaveText( [ 'Italian' ] );

		await form.getByRole( 'button', { name: 'Save' } ).click();
		await expect(
			toast( page, 'Your profile has been updated.' )
		).toBeVisible();

		await page.reload();
		await expect(
			widget( page ).getByRole( 'heading', { name: 'Beatrice Basile' } )
		).toBeVisible();
		await expect( form.getByLabel( exactly( 'Name' ) ) ).toHaveValue(
			'Beatrice'
		);
		await expect( form.getByLabel( exactly( 'Surname' ) ) ).toHaveValue(
			'Basile'
		);
		await expect( form.getByLabel( 'Gender' ) ).toHaveValue( 'female' );
		await expect( form.getByLabel( 'Birth date' ) ).toHaveValue(
			'1989-04-12'
		);
		await expect( form.getByLabel( 'Phone' ) ).toHaveValue(
			'+393471234567'
		);
		await expect( form.getByLabel( exactly( 'Email' ) ) ).toHaveValue(
			newEmail
		);
		await expect(
			fieldOf( form, 'City' ).locator( '.crowdscout-combo__single-value' )
		).toHaveText( 'Milano' );
		await expect( chosen ).toHaveText( [ 'Italian' ] );
		await expect(
			form.getByLabel( 'Profession' ).locator( 'option:checked' )
		).toHaveText( 'Student' );
		await expect(
			form.getByLabel( 'Education' ).locator( 'option:checked' )
		).toHaveText( "Master's degree or equivalent" );

		// Another country empties the city; the search then looks in that country.
		await form.getByLabel( 'Country' ).selectOption( 'FR' );
		await expect(
			fieldOf( form, 'City' ).locator( '.crowdscout-combo__single-value' )
		).toHaveCount( 0 );
		await pick( form, 'City', 'Paris', 'Paris (Île-de-France)' );
		await expect(
			fieldOf( form, 'City' ).locator( '.crowdscout-combo__single-value' )
		).toHaveText( 'Paris' );
		await form.getByRole( 'button', { name: 'Save' } ).click();
		await expect(
			toast( page, 'Your profile has been updated.' ).last()
		).toBeVisible();

		await page.reload();
		await expect( form.getByLabel( 'Country' ) ).toHaveValue( 'FR' );
		await expect(
			fieldOf( form, 'City' ).locator( '.crowdscout-combo__single-value' )
		).toHaveText( 'Paris' );

		// The email changed in WordPress too: it is the new login.
		await page.context().clearCookies();
		await logIn( page, newEmail, account.password );
		await page.goto( '/my-account/' );
		await expect(
			widget( page ).getByRole( 'heading', { name: 'Beatrice Basile' } )
		).toBeVisible();
	} );

	test( 'advanced tab: a format error, then a valid value; a certification added and removed', async ( {
		page,
		request,
	} ) => {
		const account = await signUp( request, { label: 'advanced' } );
		await openProfile( page, account, '?tab=advanced' );
		const panel = page.getByRole( 'tabpanel', { name: 'Advanced' } );
		const linkedIn = panel.getByLabel( 'LinkedIn profile URL' );
		const save = panel.getByRole( 'button', { name: 'Save' } );
		await expect( save ).toBeDisabled();

		await linkedIn.fill( 'linkedin.com/me' );
		await expect(
			panel.getByText(
				'Enter your LinkedIn profile address, like https://www.linkedin.com/in/your-name'
			)
		).toBeVisible();
		await expect( save ).toBeDisabled();

		await linkedIn.fill( 'https://www.linkedin.com/in/paola-profilo' );
		await expect(
			panel.getByText( /Enter your LinkedIn profile address/ )
		).toHaveCount( 0 );
		await save.click();
		await expect(
			toast( page, 'Profile data correctly updated.' )
		).toBeVisible();
		await page.reload();
		await expect( linkedIn ).toHaveValue(
			'https://www.linkedin.com/in/paola-profilo'
		);

		// Certifications: institute, then area, then certification, and the date.
		const certifications = panel.locator(
			'.crowdscout-profile-certifications'
		);
		await expect(
			certifications.getByText(
				"You haven't added any certification yet."
			)
		).toBeVisible();
		await certifications.getByLabel( 'Institute' ).selectOption( {
			label: 'ISTQB',
		} );
		await certifications
			.getByLabel( 'Area' )
			.selectOption( { label: 'Agile' } );
		await certifications
			.getByLabel( exactly( 'Certification' ) )
			.selectOption( { label: 'Agile Tester (CTFL-AT)' } );
		await certifications
			.getByLabel( 'Achievement date' )
			.fill( '2020-06-15' );
		await certifications
			.getByRole( 'button', { name: 'Add certification' } )
			.click();
		await expect(
			toast( page, 'Certification uploaded correctly.' )
		).toBeVisible();
		const item = certifications
			.getByRole( 'listitem' )
			.filter( { hasText: 'Agile Tester (CTFL-AT)' } );
		await expect( item ).toContainText( 'ISTQB · Agile' );

		await page.reload();
		await expect( item ).toBeVisible();
		await item
			.getByRole( 'button', { name: 'Remove Agile Tester (CTFL-AT)' } )
			.click();
		await expect(
			toast( page, 'Certification successfully removed' )
		).toBeVisible();
		await expect( item ).toHaveCount( 0 );
		await page.reload();
		await expect(
			certifications.getByText(
				"You haven't added any certification yet."
			)
		).toBeVisible();
	} );

	test( 'fiscal tab: a matching Italian tax id is Verified, one that does not match is Unverified @smoke', async ( {
		page,
		request,
	} ) => {
		const account = await signUp( request, {
			label: 'fiscal',
			name: 'Fabio',
			surname: 'Fiscale',
			birthDate: '1988-07-21',
		} );
		await openProfile( page, account, '?tab=fiscal' );
		const report = widget( page ).locator(
			'.wp-block-crowdscout-profile__fiscal-report'
		);
		await expect(
			report.getByRole( 'heading', { name: 'Tax profile' } )
		).toBeVisible();
		await expect( report ).toContainText(
			'You need to fill in your tax profile data to receive your booty'
		);

		const form = fiscalForm( page );
		await expect( form.getByLabel( 'Country of residence' ) ).toHaveValue(
			'IT'
		);
		const matching = taxIdOf( account, 'M' );
		await fillFiscalForm( form, matching );
		await form.getByRole( 'button', { name: 'Save' } ).click();
		await expect( toast( page, 'Valid tax profile' ) ).toBeVisible();

		// The read-only summary, and no report card.
		const panel = page.getByRole( 'tabpanel', { name: 'Fiscal' } );
		await expect( form ).toHaveCount( 0 );
		const row = ( label: string ) =>
			panel
				.locator( 'dt' )
				.filter( { hasText: exactly( label ) } )
				.locator( '+ dd' );
		await expect( row( 'Status' ) ).toHaveText( 'Verified' );
		await expect( row( 'Tax id' ) ).toHaveText( matching );
		await expect( row( 'Place of birth' ) ).toHaveText( 'Torino (TO)' );
		await expect( row( 'Address' ) ).toContainText( 'Via Roma 10' );
		await expect( report ).toHaveCount( 0 );

		// Edit, with a real-shaped tax id for another birth date: Unverified.
		await panel.getByRole( 'button', { name: 'Edit' } ).click();
		await expect(
			form.getByRole( 'button', { name: 'Cancel' } )
		).toBeVisible();
		const other = taxIdOf( account, 'M', '1988-07-22' );
		await form.getByLabel( exactly( 'Tax id' ) ).fill( other );
		await form.getByRole( 'button', { name: 'Save' } ).click();
		await expect(
			toast(
				page,
				'Invalid tax profile. There was an error validating your tax id. Please check your name, surname, gender, date of birth or place of birth'
			)
		).toBeVisible();
		await expect(
			report.getByRole( 'heading', { name: 'Invalid fiscal profile' } )
		).toBeVisible();

		await page.reload();
		await expect(
			report.getByRole( 'heading', { name: 'Invalid fiscal profile' } )
		).toBeVisible();
		await expect(
			fiscalForm( page ).getByLabel( exactly( 'Tax id' ) )
		).toHaveValue( other );
	} );

	test( 'changing the surname on Base revalidates the fiscal profile', async ( {
		page,
		request,
	} ) => {
		const account = await signUp( request, {
			label: 'revalidate',
			name: 'Rita',
			surname: 'Rossi',
			birthDate: '1991-01-09',
		} );
		const token = await tokenOf( request, account );
		const created = await request.post( '/api/users/me/fiscal', {
			headers: { Authorization: `Bearer ${ token }` },
			data: {
				type: 'withholding',
				fiscalId: taxIdOf( account, 'F' ),
				gender: 'female',
				birthPlace: { city: 'Torino', province: 'TO' },
				address: {
					country: 'IT',
					province: 'MI',
					city: 'Milano',
					street: 'Via Roma',
					streetNumber: '1',
					cityCode: '20121',
				},
			},
		} );
		expect( created.status(), await created.text() ).toBe( 201 );
		expect( ( await created.json() ).fiscalStatus ).toBe( 'Verified' );

		await openProfile( page, account );
		const report = widget( page ).locator(
			'.wp-block-crowdscout-profile__fiscal-report'
		);
		await expect( report ).toHaveCount( 0 );
		const form = baseForm( page );
		// Another surname, with other consonants: the tax id no longer matches.
		await form.getByLabel( exactly( 'Surname' ) ).fill( 'Bianchi' );
		await form.getByRole( 'button', { name: 'Save' } ).click();
		await expect(
			toast( page, 'Your profile has been updated.' )
		).toBeVisible();
		await expect(
			toast(
				page,
				"Your profile doesn't match with your fiscal profile, please check your data"
			)
		).toBeVisible();
		await expect(
			report.getByRole( 'heading', { name: 'Invalid fiscal profile' } )
		).toBeVisible();

		// The tax id has to be typed again.
		await page.getByRole( 'tab', { name: 'Fiscal' } ).click();
		await expect(
			fiscalForm( page ).getByLabel( exactly( 'Surname' ) )
		).toHaveValue( 'Bianchi' );
		await expect(
			fiscalForm( page ).getByLabel( exactly( 'Tax id' ) )
		).toHaveValue( '' );
	} );

	test( 'confirm email once: the mail, its link, the email confirmed', async ( {
		page,
		request,
	} ) => {
		const account = await signUp( request, { label: 'confirm' } );
		await openProfile( page, account );
		const summary = widget( page ).locator(
			'.wp-block-crowdscout-profile__summary'
		);
		const confirm = summary.getByRole( 'button', {
			name: 'Confirm email',
		} );
		await confirm.click();
		await expect( confirm ).toBeDisabled();
		await expect(
			toast( page, 'An Email has been sent to the provided address' )
		).toBeVisible();

		let link = '';
		await expect
			.poll( () => {
				const found = mailsTo( account.email )
					.map(
						( mail ) =>
							/https?:\/\/\S*confirm_email=\S+/.exec(
								mail.message
							)?.[ 0 ]
					)
					.filter( Boolean );
				link = found.at( -1 ) ?? '';
				return found.length;
			} )
			.toBe( 1 );
		expect( new URL( link ).pathname ).toBe( '/my-account/' );

		await page.goto( link );
		await expect(
			toast( page, 'Your email address is confirmed.' )
		).toBeVisible();
		await expect( summary ).toContainText( 'Confirmed' );
		await expect( page ).not.toHaveURL( /confirm_email=/ );
		await page.reload();
		await expect( summary ).toContainText( 'Confirmed' );
		await expect(
			summary.getByRole( 'button', { name: 'Confirm email' } )
		).toHaveCount( 0 );
	} );

	test( 'settings: a wrong current password is refused, the right one changes it and logs out', async ( {
		page,
		request,
	} ) => {
		const account = await signUp( request, { label: 'password' } );
		await openProfile( page, account, '?tab=settings' );
		const panel = page.getByRole( 'tabpanel', { name: 'Settings' } );
		const newPassword = 'Fresh1234';
		const update = panel.getByRole( 'button', { name: 'Update password' } );

		await panel.getByLabel( 'Current password' ).fill( 'Wrong1234' );
		await panel.getByLabel( exactly( 'New password' ) ).fill( newPassword );
		await panel.getByLabel( 'Confirm new password' ).fill( newPassword );
		await update.click();
		await expect(
			toast( page, 'Your current password is not correct' )
		).toBeVisible();

		await panel.getByLabel( 'Current password' ).fill( account.password );
		await update.click();
		await expect(
			widget( page ).getByRole( 'heading', { name: 'Login to continue' } )
		).toBeVisible();

		// The old password no longer works, the new one does.
		await fillLogInForm( page, account.email, account.password );
		await page.getByRole( 'button', { name: 'Log In' } ).click();
		await expect( page.locator( '#login_error' ) ).toBeVisible();

		await logIn( page, account.email, newPassword );
		await page.goto( '/my-account/' );
		await expect(
			widget( page ).getByRole( 'heading', {
				name: `${ account.name } ${ account.surname }`,
			} )
		).toBeVisible();
	} );

	test( 'settings: a personal data request is listed in wp-admin', async ( {
		page,
		request,
	} ) => {
		const account = await signUp( request, { label: 'export' } );
		await openProfile( page, account, '?tab=settings' );
		await page
			.getByRole( 'tabpanel', { name: 'Settings' } )
			.getByRole( 'button', { name: 'Request personal data' } )
			.click();
		await expect(
			toast(
				page,
				"We've received your request. You'll get an email in a few days."
			)
		).toBeVisible();

		await page.context().clearCookies();
		await logIn( page, ADMIN.email, ADMIN.password );
		await page.goto( '/wp-admin/export-personal-data.php' );
		await expect(
			page.getByRole( 'row' ).filter( { hasText: account.email } )
		).toBeVisible();
	} );

	for ( const { language, prefix, labels } of [
		{
			language: 'English',
			prefix: '',
			labels: {
				open: 'Delete account',
				dialog: 'Why do you want to delete your account?',
				reasons: [
					'I receive too many emails',
					"I don't have time to test",
				],
				confirm: 'Delete my account',
			},
		},
		{
			language: 'Italian',
			prefix: '/it',
			labels: {
				open: 'Elimina account',
				dialog: 'Perché vuoi eliminare il tuo account?',
				reasons: [ 'Ricevo troppe email', 'Altro' ],
				confirm: 'Elimina il mio account',
			},
		},
	] ) {
		test( `settings: deleting an account with two reasons lands on goodbye (${ language }), and it cannot log in again`, async ( {
			page,
			request,
		} ) => {
			const account = await signUp( request, {
				label: `delete-${ prefix ? 'it' : 'en' }`,
			} );
			await logIn( page, account.email, account.password );
			await page.goto( `${ prefix }/my-account/?tab=settings` );
			await page.getByRole( 'button', { name: labels.open } ).click();
			const dialog = page.getByRole( 'dialog', { name: labels.dialog } );
			await expect( dialog ).toBeVisible();
			const confirm = dialog.getByRole( 'button', {
				name: labels.confirm,
			} );
			await expect( confirm ).toBeDisabled();
			for ( const reason of labels.reasons ) {
				await dialog.getByLabel( exactly( reason ) ).check();
			}
			await expect( confirm ).toBeEnabled();
			await confirm.click();
			await expect( page ).toHaveURL(
				new RegExp( `127\\.0\\.0\\.1:\\d+${ prefix }/goodbye/$` )
			);

			await fillLogInForm( page, account.email, account.password );
			await page.getByRole( 'button', { name: 'Log In' } ).click();
			await expect( page.locator( '#login_error' ) ).toBeVisible();
			await expect( page ).toHaveURL( /\/wp-login\.php/ );
		} );
	}

	test( 'the tab comes from the query, and the Base form is reachable with the keyboard @smoke', async ( {
		page,
	} ) => {
		await logIn( page );
		await page.goto( '/my-account/?tab=fiscal' );
		await expect(
			page.getByRole( 'tab', { name: 'Fiscal' } )
		).toHaveAttribute( 'aria-selected', 'true' );
		await expect(
			fiscalForm( page ).getByLabel( exactly( 'Tax id' ) )
		).toBeVisible();

		await page.goto( '/my-account/?tab=settings' );
		await expect(
			page.getByRole( 'heading', { name: 'Change password' } )
		).toBeVisible();

		// The arrow keys move between tabs; the choice lands in the address.
		await page.getByRole( 'tab', { name: 'Settings' } ).focus();
		await page.keyboard.press( 'ArrowRight' );
		await expect( page.getByRole( 'tab', { name: 'Base' } ) ).toBeFocused();
		await expect( page ).toHaveURL( /[?&]tab=base/ );
		const form = baseForm( page );
		await expect( form.getByLabel( exactly( 'Name' ) ) ).toHaveValue(
			'Dana'
		);

		// Tab from the first field to Save: every field on the way, in order.
		await form.getByLabel( exactly( 'Name' ) ).focus();
		const visited: string[] = [ 'name' ];
		for ( let press = 0; press < 40; press++ ) {
			await page.keyboard.press( 'Tab' );
			const focused = await page.evaluate( () => {
				// In the page: there is no node ref to start from.
				// eslint-disable-next-line @wordpress/no-global-active-element
				const active = document.activeElement as HTMLElement | null;
				if ( active?.getAttribute( 'type' ) === 'submit' ) {
					return `button:${ active.textContent }`;
				}
				return ( active?.id ?? '' ).replace(
					'crowdscout-profile-base-',
					''
				);
			} );
			if ( focused !== visited.at( -1 ) ) {
				visited.push( focused );
			}
			if ( focused.startsWith( 'button:' ) ) {
				break;
			}
		}
		expect( visited ).toEqual( [
			'name',
			'surname',
			'gender',
			'birth-date',
			'phone',
			'email',
			'country',
			'city',
			'languages',
			'profession',
			'education',
			'button:Save',
		] );
		await page.keyboard.press( 'Enter' );
		await expect(
			toast( page, "Nothing to save: you haven't changed anything." )
		).toBeVisible();
		await expect(
			widget( page ).getByRole( 'heading', { name: DEMO.name } )
		).toBeVisible();
	} );
} );
