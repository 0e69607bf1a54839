import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import type { BugInput } from '../../../services/contract';
import { axeViolations } from '../../../test-utils/axe';
import { deferred } from '../../../test-utils/fake-api';
import {
	FakeUpload,
	installFakeUpload,
	restoreXhr,
} from '../../../test-utils/fake-upload';
import { campaignIdFromPath } from '..';
import { STEPS_TEMPLATE, localIso } from '../values';
import {
	BASE,
	LAPTOP,
	PIXEL,
	apiError,
	bugFormApi,
	config,
	day,
	field,
	fillValidBug,
	renderBugForm,
	renderLoadedForm,
	select,
	submit,
	type,
} from './helpers';

const scrollTo = jest.fn();

beforeEach( () => {
	window.localStorage.clear();
	installFakeUpload( config.apiBase );
	window.scrollTo = scrollTo;
	scrollTo.mockClear();
} );

afterEach( () => restoreXhr() );

const errorOf = ( element: HTMLElement ) =>
	document.getElementById( `${ element.id }-error` )?.textContent;

/** Uploads one PNG and answers it. */
async function uploadScreenshot(
	url = '/api/media/k-1?expires=1&signature=a'
) {
	const input =
		document.querySelector< HTMLInputElement >( 'input[type="file"]' )!;
	fireEvent.change( input, {
		target: {
			files: [
				new File( [ 'png' ], 'login.png', { type: 'image/png' } ),
			],
		},
	} );
	const upload = FakeUpload.sent[ FakeUpload.sent.length - 1 ];
	await upload.respond< 'POST /users/me/campaigns/12/media' >( {
		status: 201,
		body: { url, name: 'login.png', mimeType: 'image/png' },
	} );
	return url;
}

describe( 'bug form', () => {
	it( 'reads the campaign id from the address', () => {
		expect( campaignIdFromPath( '/campaign/12/bugform/' ) ).toBe( 12 );
		expect( campaignIdFromPath( '/it/campaign/7/bugform' ) ).toBe( 7 );
		expect( campaignIdFromPath( '/campaign/abc/bugform/' ) ).toBeNull();
	} );

	it( "shows the campaign's language message, and no empty notice when it has none", async () => {
		bugFormApi( {
			language: { code: 'it', message: 'Report your bugs in Italian.' },
		} );
		const { unmount } = await renderLoadedForm();
		expect(
			screen.getByText( 'Report your bugs in Italian.' )
		).toHaveClass( 'crowdscout-notice' );
		unmount();

		bugFormApi( { language: { code: 'it', message: '' } } );
		const { container } = await renderLoadedForm();
		expect( container.querySelector( '.crowdscout-notice' ) ).toBeNull();
	} );

	it( 'shows a loading state, then the title, the heading, the three sections and the one device preselected', async () => {
		const answer = deferred< void >();
		const fake = bugFormApi().hold(
			( request ) => request.route === BASE,
			answer.promise
		);
		const { container } = await renderBugForm();
		await waitFor(
			() =>
				expect( fake.requestsTo( `GET ${ BASE }` ) ).toHaveLength( 1 ),
			{ timeout: 8000 }
		);
		expect(
			screen.getByRole( 'status', {
				name: 'Loading the bug form…',
			} )
		).toBeInTheDocument();
		answer.resolve();

		expect(
			await screen.findByRole(
				'heading',
				{ level: 1, name: 'Bug form' },
				{ timeout: 8000 }
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'heading', {
				name: '[CP12] - Banking app for Android',
			} )
		).toBeInTheDocument();
		for ( const name of [
			'Bug Details',
			'Additional fields',
			'Uploading media',
		] ) {
			expect(
				screen.getByRole( 'region', { name } )
			).toBeInTheDocument();
		}
		expect( select( 'Device' ).value ).toBe( String( PIXEL.id ) );
		expect( field( 'Steps to reproduce' ).value ).toBe( STEPS_TEMPLATE );
		// Section 5's hint: the valid values when fewer or as many as the invalid ones, else the invalid ones.
		expect(
			screen.getByText( 'Valid values: Always' )
		).toBeInTheDocument();
		expect(
			screen.getByText(
				'Not accepted in this campaign: Performance, Security'
			)
		).toBeInTheDocument();
		expect(
			Array.from( select( 'Replicability' ).options ).map(
				( option ) => option.value
			)
		).toEqual( [ '', 'ALWAYS' ] );
		type( select( 'Severity' ), 'HIGH' );
		expect(
			await screen.findByTestId( 'payout-estimate' )
		).toHaveTextContent(
			'An approved bug of this severity pays €5.50 gross, €4.40 net.'
		);
		expect( await axeViolations( container ) ).toEqual( [] );
	} );

	it( 'explains severity, type and replicability in a help dialog', async () => {
		bugFormApi();
		await renderLoadedForm();
		const help = screen.getByRole( 'button', { name: 'Help' } );
		fireEvent.click( help );
		const dialog = await screen.findByRole( 'dialog', {
			name: 'How to describe a bug',
		} );
		for ( const topic of [ 'Severity', 'Type', 'Replicability' ] ) {
			expect(
				within( dialog ).getByRole( 'heading', { name: topic } )
			).toBeInTheDocument();
		}
		fireEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Close' } )
		);
		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument()
		);
		expect( help ).toHaveFocus();
	} );

	it( 'leaves the device to choose when the tester has several', async () => {
		bugFormApi( {}, { devices: [ PIXEL, LAPTOP ] } );
		await renderLoadedForm();
		expect( select( 'Device' ).value ).toBe( '' );
		expect(
			within( select( 'Device' ) ).getByRole( 'option', {
				name: 'Notebook · Windows 11',
			} )
		).toBeInTheDocument();
	} );

	it( 'shows the nothing-to-see page when the campaign has no bug form, the tester is not selected, or it cannot be read', async () => {
		bugFormApi( { hasBugForm: false } );
		const { unmount } = await renderBugForm();
		expect(
			await screen.findByRole(
				'heading',
				{ name: 'There is nothing to see here' },
				{ timeout: 8000 }
			)
		).toBeInTheDocument();
		expect(
			screen.getByText( "We couldn't find the URL you typed" )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Back to the dashboard' } )
		).toHaveAttribute( 'href', 'http://scouts.test/my-dashboard/' );
		unmount();

		bugFormApi().on(
			`GET ${ BASE }`,
			apiError( 404, 'Campaign not found' )
		);
		await renderBugForm();
		expect(
			await screen.findByRole( 'heading', {
				name: 'There is nothing to see here',
			} )
		).toBeInTheDocument();
	} );

	it( 'asks for a device when the tester has none', async () => {
		bugFormApi( {}, { devices: [] } );
		await renderBugForm();
		expect(
			await screen.findByText(
				"You don't have any devices saved: add at least one to be able to start reporting bugs.",
				undefined,
				{ timeout: 8000 }
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Add a device' } )
		).toHaveAttribute( 'href', 'http://scouts.test/personal-equipment/' );
	} );

	it( 'validates nothing before a submit, then shows every required message and focuses the first invalid field', async () => {
		const fake = bugFormApi();
		await renderLoadedForm();
		type( field( 'Title' ), 'x' );
		fireEvent.blur( field( 'Title' ) );
		type( field( 'Title' ), '' );
		expect( screen.queryByText( 'This is a required field' ) ).toBeNull();

		await submit();
		await waitFor( () => expect( field( 'Title' ) ).toHaveFocus() );
		expect( errorOf( field( 'App build' ) ) ).toBe(
			'Write the build as 1.2'
		);
		for ( const element of [
			field( 'Title' ),
			select( 'Use case' ),
			select( 'Severity' ),
			select( 'Type' ),
			select( 'Replicability' ),
			field( 'Steps to reproduce' ),
			field( 'Expected result' ),
			field( 'Current result' ),
			select( 'Network' ),
		] ) {
			expect( { name: element.name, error: errorOf( element ) } ).toEqual(
				{ name: element.name, error: 'This is a required field' }
			);
		}
		expect( errorOf( select( 'Device' ) ) ).toBeUndefined();
		expect(
			screen.getByText( 'Media field must have at least 1 items' )
		).toBeInTheDocument();
		expect( field( 'Title' ) ).toHaveAttribute( 'aria-invalid', 'true' );
		expect( fake.requestsTo( `POST ${ BASE }/bugs` ) ).toHaveLength( 0 );

		// From now on the errors follow the typing.
		type( field( 'Title' ), '[Login] - Broken' );
		await waitFor( () =>
			expect( errorOf( field( 'Title' ) ) ).toBeUndefined()
		);
	} );

	it( 'never focuses an additional field: the first invalid one of the rest is focused', async () => {
		bugFormApi();
		await renderLoadedForm();
		fillValidBug();
		type( field( 'Current result' ), '' );
		type( field( 'App build' ), '' );
		await submit();
		await waitFor( () =>
			expect( field( 'Current result' ) ).toHaveFocus()
		);
	} );

	it( 'refuses the untouched steps template, a title breaking the rule, a future date and an additional value failing its regex', async () => {
		bugFormApi();
		await renderLoadedForm();
		fillValidBug();
		type( field( 'Title' ), 'Login broken' );
		type( field( 'Steps to reproduce' ), '1.\n2.   \n3. ' );
		type( screen.getByLabelText( /Date last seen/ ), day( 2 ) );
		type( field( 'App build' ), 'four' );
		await submit();

		await waitFor( () =>
			expect( errorOf( field( 'Title' ) ) ).toBe(
				'Format should be [Phase / Section] - Briefly Issue description'
			)
		);
		expect( errorOf( field( 'Steps to reproduce' ) ) ).toBe(
			'This is a required field'
		);
		expect( errorOf( screen.getByLabelText( /Date last seen/ ) ) ).toBe(
			"You can't upload bug with a future date or future time"
		);
		expect( errorOf( field( 'App build' ) ) ).toBe(
			'Write the build as 1.2'
		);
	} );

	it( 'refuses a time later today, and names an invalid format without the field’s own error', async () => {
		bugFormApi( {
			additionalFields: [
				{
					slug: 'build',
					name: 'App build',
					type: 'text',
					regex: '^\\d+$',
					error: null,
					options: [],
				},
			],
		} );
		await renderLoadedForm();
		const now = new Date();
		// Late in the evening there is no later time today to pick.
		const later = now.getHours() < 23;
		type( field( 'App build' ), 'x1' );
		type( screen.getByLabelText( /Date last seen/ ), day( 0 ) );
		type(
			screen.getByLabelText( /Time last seen/ ),
			later ? '23:59' : '00:00'
		);
		await submit();
		await waitFor( () =>
			expect( errorOf( field( 'App build' ) ) ).toBe(
				'This is an invalid format'
			)
		);
		expect( errorOf( screen.getByLabelText( /Time last seen/ ) ) ).toBe(
			later
				? "You can't upload bug with a future date or future time"
				: undefined
		);
	} );

	it( 'sends the bug, shows the link to it, starts again, scrolls to the top and remembers the additional values', async () => {
		const fake = bugFormApi();
		const answer = deferred< void >();
		fake.hold(
			( request ) => request.route === `${ BASE }/bugs`,
			answer.promise
		).on( `POST ${ BASE }/bugs`, {
			status: 201,
			body: { id: 99, title: 'x', publicToken: 'abc' },
		} );
		const { unmount } = await renderLoadedForm();
		fillValidBug();
		const url = await uploadScreenshot();
		await submit();

		const button = screen.getByRole( 'button', { name: 'Sending…' } );
		expect( button ).toBeDisabled();
		answer.resolve();

		const link = await screen.findByRole( 'link', { name: 'See bug 99' } );
		expect( link ).toHaveAttribute(
			'href',
			'http://scouts.test/bugs/show/99/'
		);
		expect(
			screen.getByText( 'Your bug was uploaded.' )
		).toBeInTheDocument();
		const [ sent ] = fake.requestsTo( `POST ${ BASE }/bugs` );
		const body = sent.body as BugInput;
		expect( body ).toEqual( {
			title: '[Login] - The button does nothing',
			description: '1. Open the app\n2. Tap Login\n3. Wait',
			expected: 'The home page opens',
			current: 'Nothing happens',
			severity: 'HIGH',
			replicability: 'ALWAYS',
			type: 'CRASH',
			usecase: 31,
			device: PIXEL.id,
			media: [ url ],
			additional: [
				{ slug: 'build', value: '4.2' },
				{ slug: 'network', value: '4G' },
			],
			lastSeen: expect.stringMatching(
				/^\d{4}-\d\d-\d\dT10:30:00\.000[+-]\d\d:\d\d$/
			),
		} );
		expect( body.lastSeen.slice( 0, 10 ) ).toBe( day( -1 ) );
		expect( scrollTo ).toHaveBeenCalledWith(
			expect.objectContaining( { top: 0 } )
		);
		// Reset: empty title, the template again, no media, the additional values kept for the next bug.
		expect( field( 'Title' ).value ).toBe( '' );
		expect( field( 'Steps to reproduce' ).value ).toBe( STEPS_TEMPLATE );
		expect(
			screen.queryByRole( 'list', { name: 'Your files' } )
		).not.toBeInTheDocument();
		expect( field( 'App build' ).value ).toBe( '4.2' );
		expect( screen.queryByText( 'This is a required field' ) ).toBeNull();
		unmount();

		// A new visit starts with the remembered values.
		bugFormApi();
		await renderLoadedForm();
		expect( field( 'App build' ).value ).toBe( '4.2' );
		expect( select( 'Network' ).value ).toBe( '4G' );
	} );

	it( 'keeps the form and says so when sending fails', async () => {
		bugFormApi().on(
			`POST ${ BASE }/bugs`,
			apiError( 500, 'Internal error' )
		);
		await renderLoadedForm();
		fillValidBug();
		await uploadScreenshot();
		await submit();
		expect(
			await screen.findByText(
				'Something went wrong! Try resubmitting the bug'
			)
		).toBeInTheDocument();
		expect( field( 'Title' ).value ).toBe(
			'[Login] - The button does nothing'
		);
		expect(
			screen.getByRole( 'button', { name: 'Submit bug' } )
		).toBeEnabled();
	} );

	it( 'formats lastSeen as local time with its offset and zero milliseconds', () => {
		const moment = new Date( 2026, 10, 28, 14, 5, 33, 123 );
		expect( localIso( moment ) ).toMatch(
			/^2026-11-28T14:05:00\.000[+-]\d\d:\d\d$/
		);
	} );
} );
