import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { axeViolations } from '../../../test-utils/axe';
import { FakeApi, apiError, deferred } from '../../../test-utils/fake-api';
import { testConfig } from '../../../test-utils/fixtures';
import { renderWithProviders } from '../../../test-utils/render-with-providers';
import PreselectionFormPage from '..';
import {
	CAMPAIGN_ID,
	FORM_ROUTE,
	QUESTIONS,
	check,
	control,
	errorOf,
	search,
	serveForm,
	submit,
	type,
} from './helpers';

const config = testConfig();
let api: FakeApi;
let reload: jest.Mock;
let top: PropertyDescriptor | undefined;

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
	window.history.replaceState(
		{},
		'',
		`/campaign/${ CAMPAIGN_ID }/preview-selection-form/`
	);
	// The page may be framed: a sent application reloads the top window.
	reload = jest.fn();
	top = Object.getOwnPropertyDescriptor( window, 'top' );
	Object.defineProperty( window, 'top', {
		configurable: true,
		value: { location: { reload } },
	} );
} );

afterEach( () => {
	Object.defineProperty( window, 'top', top! );
} );

async function renderForm() {
	const rendered = await renderWithProviders( <PreselectionFormPage /> );
	await screen.findByRole( 'button', { name: 'Apply' } );
	return rendered;
}

const posts = () => api.requestsTo( `POST ${ FORM_ROUTE }` );

/** Answers every question validly, the prefilled custom fields as they are. */
async function fillEverything() {
	type( /^Your favourite browser/, 'Firefox' );
	type( /^Postcode/, '20100' );
	type( /^Your phone number/, '+393331234567' );
	fireEvent.change( control( /^Country/ ), { target: { value: 'IT' } } );
	search( /^City/, 'Mil' );
	fireEvent.click( await screen.findByText( 'Milano (MI)' ) );
	fireEvent.change( control( /^Your employment/ ), {
		target: { value: '52' },
	} );
	fireEvent.change( control( /^Your gender/ ), {
		target: { value: 'not-specified' },
	} );
	check( 'Prime Video' );
	fireEvent.click( screen.getByRole( 'radio', { name: 'Monthly' } ) );
	fireEvent.change( control( /^Your bank/ ), { target: { value: '122' } } );
	check( /Pixel 8/ );
}

describe( 'the pre-selection form page', () => {
	it( 'asks every question of the campaign, with the compatible devices, under its title', async () => {
		serveForm( api );
		await renderForm();

		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: "It's your time, apply now",
			} )
		).toBeInTheDocument();
		expect(
			screen.getByText(
				'Fill in all the fields for more chances of being selected. Your answers are saved in your profile for future campaigns.'
			)
		).toBeInTheDocument();
		expect( control( /^Your favourite browser/ ) ).toHaveAttribute(
			'type',
			'text'
		);
		expect( control( /^Your phone number/ ) ).toHaveAttribute(
			'type',
			'tel'
		);
		expect(
			screen.getByRole( 'group', { name: /^Where do you live\?/ } )
		).toBeInTheDocument();
		expect(
			within( control( /^Your employment/ ) )
				.getAllByRole( 'option' )
				.map( ( option ) => option.textContent )
		).toEqual( [ 'Choose…', 'Student', 'Employee' ] );
		expect(
			within( control( /^Your gender/ ) )
				.getAllByRole( 'option' )
				.map( ( option ) => ( option as HTMLOptionElement ).value )
		).toEqual( [ '', 'female', 'male', 'not-specified', 'other' ] );
		expect(
			within(
				screen.getByRole( 'group', {
					name: /^Which streaming services/,
				} )
			)
				.getAllByRole( 'checkbox' )
				.map( ( box ) => box.getAttribute( 'value' ) )
		).toEqual( [ '71', '72', '-1' ] );
		expect(
			screen.getByRole( 'radiogroup', {
				name: /^How often do you shop online\?/,
			} )
		).toBeInTheDocument();
		// Custom fields come prefilled from the profile.
		expect( screen.getByRole( 'checkbox', { name: 'Cat' } ) ).toBeChecked();
		expect( control( /^Your lucky number/ ) ).toHaveValue( '7' );
		expect(
			within(
				screen.getByRole( 'group', {
					name: /^Devices you will test with/,
				} )
			)
				.getAllByRole( 'checkbox' )
				.map( ( box ) => box.parentElement?.textContent )
		).toEqual( [ 'Google Pixel 8 (Android 14)', 'Notebook (Windows 11)' ] );
		expect(
			api
				.requestsTo( `GET ${ FORM_ROUTE }` )[ 0 ]
				.url.searchParams.get( 'locale' )
		).toBe( 'en' );
		expect( await axeViolations() ).toEqual( [] );
	} );

	it( 'requires every field, shows "This is a required field" and focuses the first', async () => {
		serveForm( api );
		await renderForm();
		submit();

		await waitFor( () =>
			expect( control( /^Your favourite browser/ ) ).toHaveFocus()
		);
		for ( const input of [
			control( /^Your favourite browser/ ),
			control( /^Postcode/ ),
			control( /^Your phone number/ ),
			control( /^Country/ ),
			// Disabled until there is a country, but it says what is missing.
			control( /^City/ ),
			control( /^Your employment/ ),
			control( /^Your gender/ ),
			screen.getByRole( 'checkbox', { name: 'Netflix' } ),
			screen.getByRole( 'radio', { name: 'Weekly' } ),
			control( /^Your bank/ ),
			screen.getByRole( 'checkbox', { name: /Pixel 8/ } ),
		] ) {
			expect( errorOf( input ) ).toBe( 'This is a required field' );
		}
		// Prefilled answers are valid as they are.
		expect( errorOf( control( /^Your lucky number/ ) ) ).toBeUndefined();
		expect(
			errorOf( screen.getByRole( 'checkbox', { name: 'Cat' } ) )
		).toBeUndefined();
		expect( posts() ).toHaveLength( 0 );
		expect( await axeViolations() ).toEqual( [] );
	} );

	it( "checks texts against the question's regex, with its message or the default", async () => {
		serveForm( api );
		await renderForm();
		type( /^Your favourite browser/, 'Firefox 120' );
		type( /^Postcode/, '2010' );
		type( /^Your lucky number/, 'seven' );
		submit();

		await waitFor( () =>
			expect( errorOf( control( /^Your favourite browser/ ) ) ).toBe(
				'Letters only, please'
			)
		);
		expect( errorOf( control( /^Postcode/ ) ) ).toBe(
			'This is an invalid format'
		);
		expect( errorOf( control( /^Your lucky number/ ) ) ).toBe(
			'Digits only'
		);

		// Errors follow the typing once a submit was refused.
		type( /^Postcode/, '20100' );
		await waitFor( () =>
			expect( errorOf( control( /^Postcode/ ) ) ).toBeUndefined()
		);
	} );

	it( 'refuses a malformed phone number with "This is an invalid format"', async () => {
		serveForm( api );
		await renderForm();
		type( /^Your phone number/, '12ab' );
		submit();

		await waitFor( () =>
			expect( errorOf( control( /^Your phone number/ ) ) ).toBe(
				'This is an invalid format'
			)
		);
		type( /^Your phone number/, '0039 333' );
		await waitFor( () =>
			expect( errorOf( control( /^Your phone number/ ) ) ).toBe(
				'This is an invalid format'
			)
		);
		type( /^Your phone number/, '00393331234567' );
		await waitFor( () =>
			expect( errorOf( control( /^Your phone number/ ) ) ).toBeUndefined()
		);
	} );

	it( '"None of the above" clears the other choices, and another choice clears it', async () => {
		serveForm( api );
		await renderForm();
		const box = ( name: string ) =>
			screen.getByRole( 'checkbox', { name } );
		const services = screen.getByRole( 'group', {
			name: /^Which streaming services/,
		} );
		check( 'Netflix' );
		check( 'Prime Video' );
		expect( box( 'Netflix' ) ).toBeChecked();
		expect( box( 'Prime Video' ) ).toBeChecked();

		fireEvent.click(
			within( services ).getByRole( 'checkbox', {
				name: 'None of the above',
			} )
		);
		expect( box( 'Netflix' ) ).not.toBeChecked();
		expect( box( 'Prime Video' ) ).not.toBeChecked();
		expect(
			within( services ).getByRole( 'checkbox', {
				name: 'None of the above',
			} )
		).toBeChecked();

		check( 'Netflix' );
		expect( box( 'Netflix' ) ).toBeChecked();
		expect(
			within( services ).getByRole( 'checkbox', {
				name: 'None of the above',
			} )
		).not.toBeChecked();

		// The custom multiselect too: its prefilled Cat goes with "None of the above".
		const pets = screen.getByRole( 'group', { name: /^Your pets/ } );
		fireEvent.click(
			within( pets ).getByRole( 'checkbox', {
				name: 'None of the above',
			} )
		);
		expect( box( 'Cat' ) ).not.toBeChecked();
	} );

	it( 'sends every answer in its shape with the chosen devices, then reloads the top window', async () => {
		serveForm( api )
			.on( 'GET /places', {
				status: 200,
				body: [
					{
						id: 'IT:F205',
						name: 'Milano',
						province: 'MI',
						country: 'IT',
					},
				],
			} )
			.on( `POST ${ FORM_ROUTE }`, {
				status: 201,
				body: { id: 900, status: 'applied' },
			} );
		await renderForm();
		await fillEverything();
		const pets = screen.getByRole( 'group', { name: /^Your pets/ } );
		fireEvent.click(
			within( pets ).getByRole( 'checkbox', {
				name: 'None of the above',
			} )
		);
		submit();

		await waitFor( () => expect( reload ).toHaveBeenCalledTimes( 1 ) );
		expect( posts() ).toHaveLength( 1 );
		expect( posts()[ 0 ].body ).toEqual( {
			form: [
				{ question: 1, value: { serialized: 'Firefox' } },
				{ question: 2, value: { serialized: '20100' } },
				{ question: 3, value: { serialized: '+393331234567' } },
				{ question: 4, value: { country: 'IT', city: 'Milano' } },
				{ question: 5, value: { id: 52 } },
				{ question: 6, value: { serialized: 'not-specified' } },
				{ question: 7, value: { id: [ 72 ] } },
				{ question: 8, value: { id: 82 } },
				{ question: 9, value: { id: 122 } },
				{ question: 10, value: { id: [ -1 ] } },
				{ question: 11, value: { serialized: '7' } },
			],
			device: [ 31 ],
		} );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Your application has been sent.'
		);
		expect(
			screen.getByRole( 'button', { name: 'Apply' } )
		).toBeDisabled();
		const places = api.requestsTo( 'GET /places' )[ 0 ].url.searchParams;
		expect( places.get( 'country' ) ).toBe( 'IT' );
		expect( places.get( 'search' ) ).toBe( 'Mil' );
	} );

	it( 'keeps submit disabled while the application is being sent', async () => {
		const answer = deferred< void >();
		serveForm( api, {
			questions: { status: 200, body: [ QUESTIONS[ 5 ] ] },
		} )
			.hold( ( request ) => request.method === 'POST', answer.promise )
			.on( `POST ${ FORM_ROUTE }`, {
				status: 201,
				body: { id: 900, status: 'applied' },
			} );
		await renderForm();
		fireEvent.change( control( /^Your gender/ ), {
			target: { value: 'female' },
		} );
		check( /Notebook/ );
		submit();

		const busy = await screen.findByRole( 'button', { name: 'Sending…' } );
		expect( busy ).toBeDisabled();
		fireEvent.click( busy );
		answer.resolve();
		await waitFor( () => expect( reload ).toHaveBeenCalledTimes( 1 ) );
		expect( posts() ).toHaveLength( 1 );
		expect( posts()[ 0 ].body ).toEqual( {
			form: [ { question: 6, value: { serialized: 'female' } } ],
			device: [ 32 ],
		} );
	} );

	it( "offers Other on a custom select that allows it, and sends the tester's own text", async () => {
		serveForm( api, {
			questions: { status: 200, body: [ QUESTIONS[ 8 ] ] },
		} ).on( `POST ${ FORM_ROUTE }`, {
			status: 201,
			body: { id: 900, status: 'applied' },
		} );
		await renderForm();
		fireEvent.change( control( /^Your bank/ ), {
			target: { value: 'other' },
		} );
		check( /Pixel 8/ );
		submit();
		const own = await screen.findByLabelText(
			/^Your answer to "Your bank"/
		);
		await waitFor( () =>
			expect( errorOf( own ) ).toBe( 'This is a required field' )
		);
		type( /^Your answer to "Your bank"/, '  Banca Etica ' );
		submit();

		await waitFor( () => expect( reload ).toHaveBeenCalled() );
		expect( posts()[ 0 ].body ).toEqual( {
			form: [ { question: 9, value: { serialized: 'Banca Etica' } } ],
			device: [ 31 ],
		} );
	} );

	it( 'asks for at least one device', async () => {
		serveForm( api, { questions: { status: 200, body: [] } } );
		await renderForm();
		submit();
		await waitFor( () =>
			expect(
				errorOf( screen.getByRole( 'checkbox', { name: /Pixel 8/ } ) )
			).toBe( 'This is a required field' )
		);
		expect( posts() ).toHaveLength( 0 );
	} );

	it( 'empties the city when another country is chosen', async () => {
		serveForm( api, {
			questions: {
				status: 200,
				body: [
					{
						...QUESTIONS[ 3 ],
						value: { country: 'IT', city: 'Milano' },
					},
				],
			},
		} );
		await renderForm();
		const address = screen.getByRole( 'group', {
			name: /^Where do you live\?/,
		} );
		expect( address ).toHaveTextContent( 'Milano' );
		fireEvent.change( control( /^Country/ ), { target: { value: 'FR' } } );
		await waitFor( () =>
			expect( address ).not.toHaveTextContent( 'Milano' )
		);
	} );

	it( 'without a compatible device, links to the equipment page instead and cannot be sent', async () => {
		serveForm( api, { devices: { status: 200, body: [] } } );
		await renderForm();
		expect(
			screen.getByText(
				'None of your devices is accepted by this campaign: add one to apply.'
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Add a device' } )
		).toHaveAttribute( 'href', 'http://scouts.test/personal-equipment/' );
		expect(
			screen.queryByRole( 'group', { name: /^Devices/ } )
		).toBeNull();
		expect(
			screen.getByRole( 'button', { name: 'Apply' } )
		).toBeDisabled();
	} );

	it( 'says "An error occurred while loading the form." when the questions cannot be loaded, and retries', async () => {
		serveForm( api, { questions: apiError( 500, 'Boom' ) } );
		await renderWithProviders( <PreselectionFormPage /> );
		const alert = await screen.findByRole( 'alert' );
		expect( alert ).toHaveTextContent(
			'An error occurred while loading the form.'
		);
		expect( screen.queryByRole( 'button', { name: 'Apply' } ) ).toBeNull();

		serveForm( api );
		fireEvent.click(
			within( alert ).getByRole( 'button', { name: 'Try again' } )
		);
		await screen.findByRole( 'button', { name: 'Apply' } );
	} );

	it( 'says the form cannot be loaded when the devices cannot', async () => {
		serveForm( api, { devices: apiError( 500, 'Boom' ) } );
		await renderWithProviders( <PreselectionFormPage /> );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'An error occurred while loading the form.'
		);
	} );

	it( 'says "An error occurred while submitting the form. Try sending it again." when sending fails', async () => {
		serveForm( api, { questions: { status: 200, body: [] } } ).on(
			`POST ${ FORM_ROUTE }`,
			apiError( 500, 'Boom' )
		);
		await renderForm();
		check( /Pixel 8/ );
		submit();

		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'An error occurred while submitting the form. Try sending it again.'
		);
		expect( reload ).not.toHaveBeenCalled();
		// The form stays, to send again.
		expect( screen.getByRole( 'button', { name: 'Apply' } ) ).toBeEnabled();
	} );

	it( 'shows the reason of a refused application (409)', async () => {
		serveForm( api, { questions: { status: 200, body: [] } } ).on(
			`POST ${ FORM_ROUTE }`,
			apiError( 409, 'The campaign has reached its maximum capacity.' )
		);
		await renderForm();
		check( /Pixel 8/ );
		submit();

		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			/^The campaign has reached its maximum capacity\.$/
		);
		expect( reload ).not.toHaveBeenCalled();
	} );

	it( 'shows the 409 message in the page language', async () => {
		serveForm( api, { questions: { status: 200, body: [] } } ).on(
			`POST ${ FORM_ROUTE }`,
			apiError( 409, 'You have already applied to this campaign' )
		);
		await renderWithProviders( <PreselectionFormPage />, {
			config: { locale: 'it' },
		} );
		await screen.findByRole( 'button', { name: 'Candidati' } );
		check( /Pixel 8/ );
		fireEvent.click( screen.getByRole( 'button', { name: 'Candidati' } ) );

		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Ti sei già candidato a questa campagna'
		);
	} );
} );
