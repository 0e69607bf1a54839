import { act, fireEvent, screen, within } from '@testing-library/react';

import { FakeApi } from '../../test-utils/fake-api';
import { DANA, testConfig } from '../../test-utils/fixtures';
import { renderWithProviders } from '../../test-utils/render-with-providers';
import { serveDashboard } from '../../widgets/dashboard/__tests__/helpers';
import { startRuntime, type Runtime } from '../runtime';
import { WidgetRoot } from '../widget-root';

const config = testConfig();
let api: FakeApi;
let runtime: Runtime | undefined;

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
} );

afterEach( () => {
	act( () => runtime?.unmount() );
	runtime = undefined;
	document.body.innerHTML = '';
} );

/** The markup PHP prints for a block or shortcode (docs/contracts.md, "Mount containers"). */
const container = ( widget: string, id: string ) =>
	`<div id="${ id }" class="wp-block-crowdscout-${ widget } crowdscout-widget" data-crowdscout-widget="${ widget }" data-crowdscout-attributes="{}"></div>`;

async function start() {
	await act( async () => {
		runtime = await startRuntime( {
			root: document,
			config,
			checksWarnAfterMs: Number.POSITIVE_INFINITY,
		} );
	} );
}

describe( 'the runtime', () => {
	it( 'mounts every container on the page, sharing one store', async () => {
		api.on( 'GET /users/me', { status: 200, body: DANA } );
		document.body.innerHTML = `<main>${ container(
			'profile-summary',
			'first'
		) }</main><aside>${ container( 'profile-summary', 'second' ) }</aside>`;

		await start();

		for ( const id of [ 'first', 'second' ] ) {
			const mount = document.getElementById( id ) as HTMLElement;
			expect(
				await within( mount ).findByRole( 'heading', {
					name: 'Dana Demo',
				} )
			).toBeInTheDocument();
		}
		expect( api.requestsTo( 'GET /users/me' ) ).toHaveLength( 1 );
	} );

	it( 'shows an error in the container of an unknown widget and mounts the others', async () => {
		api.on( 'GET /users/me', { status: 200, body: DANA } );
		document.body.innerHTML =
			container( 'no-such-widget', 'unknown' ) +
			container( 'profile-summary', 'known' );

		await start();

		const unknown = document.getElementById( 'unknown' ) as HTMLElement;
		expect( within( unknown ).getByRole( 'alert' ) ).toHaveTextContent(
			'there is no widget called “no-such-widget”'
		);
		const known = document.getElementById( 'known' ) as HTMLElement;
		expect(
			await within( known ).findByRole( 'heading', { name: 'Dana Demo' } )
		).toBeInTheDocument();
		expect(
			within( known ).queryByRole( 'alert' )
		).not.toBeInTheDocument();
	} );

	it( "shares a widget's prefetch with the request it makes once mounted", async () => {
		serveDashboard( api );
		document.body.innerHTML = container( 'dashboard', 'dashboard' );

		await start();

		expect(
			await screen.findByRole( 'heading', {
				level: 1,
				name: 'Dashboard',
			} )
		).toBeInTheDocument();
		expect( api.requestsTo( 'GET /users/me' ) ).toHaveLength( 1 );
	} );

	it( 'seeds the store from the page configuration', async () => {
		document.body.innerHTML = '';

		await start();

		expect( runtime?.store.getState().auth.token ).toBe( 'token-1' );
		expect( runtime?.store.getState().config ).toEqual( config );
		expect( runtime?.i18n.language ).toBe( 'en' );
	} );
} );

describe( 'a widget root', () => {
	it( 'offers a retry when the widget chunk fails to download, and the retry downloads it again', async () => {
		const load = jest
			.fn()
			.mockRejectedValueOnce( new Error( 'Loading chunk 760 failed.' ) )
			.mockResolvedValue( { default: () => <p>Widget loaded</p> } );

		await renderWithProviders(
			<WidgetRoot
				name="profile-summary"
				attributes={ {} }
				load={ load }
			/>
		);

		const alert = await screen.findByRole( 'alert' );
		expect( alert ).toHaveTextContent(
			'This section could not be displayed.'
		);
		expect( console ).toHaveErrored();

		fireEvent.click(
			within( alert ).getByRole( 'button', { name: 'Try again' } )
		);

		expect(
			await screen.findByText( 'Widget loaded' )
		).toBeInTheDocument();
		expect( load ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'passes the block attributes to the widget', async () => {
		const Widget = ( {
			attributes,
		}: {
			attributes: Record< string, unknown >;
		} ) => <p>{ String( attributes.tab ) }</p>;

		// The chunk is already there, so it resolves before any query could wait for it: let act see it.
		await act( () =>
			renderWithProviders(
				<WidgetRoot
					name="profile-summary"
					attributes={ { tab: 'advanced' } }
					load={ () => Promise.resolve( { default: Widget } ) }
				/>
			)
		);

		expect( await screen.findByText( 'advanced' ) ).toBeInTheDocument();
	} );
} );
