/**
 * The campaign pages and start_tester_activities over HTTP, against the real platform with the demo data: the
 * preview, manual and pre-selection form pages in every language (the form without header or shell), and starting
 * a campaign through admin-ajax, which WordPress forwards to the API with a token of its own minting. Runs its own
 * platform on its own port and data directory; run by scripts/test-php.mjs.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_TESTERS } from '../../scripts/lib/demo.mjs';
import { Browser, pageConfig, platformForTests } from './helpers.mjs';

const port = Number( process.env.CROWDSCOUT_CAMPAIGNS_TEST_PORT ?? 18980 );
const VERA = DEMO_TESTERS.find( ( tester ) => tester.profile === 'veteran' );
const running = platformForTests( { name: 'campaigns', port } );

/** A logged-in browser of Vera, with the nonce appq_get_nonce hands it and the bearer token of her pages. */
async function loggedIn() {
	const browser = new Browser( running.platform.url );
	await browser.logIn( VERA.email, VERA.password );
	const nonce = (
		await ( await browser.ajax( { action: 'appq_get_nonce' } ) ).json()
	).data;
	const config = pageConfig(
		await ( await browser.fetch( '/my-dashboard/' ) ).text()
	);
	return { browser, nonce, token: config.token };
}

async function api( token, route ) {
	const response = await fetch( `${ running.platform.url }/api${ route }`, {
		headers: { authorization: `Bearer ${ token }` },
	} );
	return { status: response.status, body: await response.json() };
}

async function start( browser, fields ) {
	const response = await browser.ajax( {
		action: 'start_tester_activities',
		...fields,
	} );
	const text = await response.text();
	let body = text;
	try {
		body = JSON.parse( text );
	} catch {}
	return { status: response.status, body };
}

/** Vera's campaigns of a dashboard table (listMyCampaigns filters), with their detail. */
async function campaigns( token, filters ) {
	const query = new URLSearchParams( { limit: '100' } );
	for ( const [ key, value ] of Object.entries( filters ) ) {
		query.set( `filterBy[${ key }]`, value );
	}
	const list = await api( token, `/users/me/campaigns?${ query }` );
	assert.equal( list.status, 200 );
	const details = [];
	for ( const { id } of list.body.results ) {
		details.push(
			( await api( token, `/users/me/campaigns/${ id }` ) ).body
		);
	}
	return details;
}

describe( 'campaign pages', () => {
	let vera;
	before( async () => {
		vera = await loggedIn();
	} );

	test( 'the preview, the manual and the pre-selection form answer at their address in every language', async () => {
		const pages = {
			'campaigns/12/preview': 'campaign-preview',
			'campaigns/12/manual': 'campaign-manual',
			'campaign/12/preview-selection-form': 'preselection-form',
		};
		for ( const [ address, widget ] of Object.entries( pages ) ) {
			for ( const prefix of [ '', 'it/', 'es/', 'fr/' ] ) {
				const response = await vera.browser.fetch(
					`/${ prefix }${ address }/`
				);
				assert.equal( response.status, 200, `${ prefix }${ address }` );
				const html = await response.text();
				assert.match(
					html,
					new RegExp( `data-crowdscout-widget="${ widget }"` ),
					`${ prefix }${ address }`
				);
				const bare = widget === 'preselection-form';
				assert.equal(
					/data-crowdscout-widget="shell"/.test( html ),
					! bare,
					`${ prefix }${ address }: the shell`
				);
				assert.equal(
					/<header[\s>]/.test( html ),
					! bare,
					`${ prefix }${ address }: the theme's header`
				);
			}
		}
		for ( const address of [
			'/campaigns/',
			'/campaigns/preview/',
			'/it/campaigns/12/',
			'/campaign/abc/preview-selection-form/',
		] ) {
			assert.equal(
				( await vera.browser.fetch( address ) ).status,
				404,
				address
			);
		}
	} );

	test( "the dashboard's links to the preview and the manual resolve", async () => {
		const [ active ] = await campaigns( vera.token, {
			accepted: '1',
			completed: '0',
		} );
		for ( const page of [ 'preview', 'manual' ] ) {
			const response = await vera.browser.fetch(
				`/it/campaigns/${ active.id }/${ page }/`
			);
			assert.equal( response.status, 200, page );
		}
	} );
} );

describe( 'start_tester_activities', () => {
	let vera;
	before( async () => {
		vera = await loggedIn();
	} );

	test( 'refuses a bad nonce with a 403 and a visitor with admin-ajax’s own 400', async () => {
		const refused = await start( vera.browser, {
			security: 'nope',
			cp_id: '1',
		} );
		assert.equal( refused.status, 403 );
		assert.deepEqual( refused.body, {
			success: false,
			data: {
				message:
					'Your session has expired. Please reload the page and try again.',
			},
		} );

		const visitor = new Browser( running.platform.url );
		const nonce = (
			await ( await visitor.ajax( { action: 'appq_get_nonce' } ) ).json()
		).data;
		const anonymous = await start( visitor, {
			security: nonce,
			cp_id: '1',
		} );
		assert.equal( anonymous.status, 400 );
		assert.equal( anonymous.body, 0 );
	} );

	test( 'starts a campaign Vera is selected in, once, and passes on the API’s refusals', async () => {
		const active = await campaigns( vera.token, {
			accepted: '1',
			completed: '0',
		} );
		const starting = active.find(
			( campaign ) => campaign.selectionStatus === 'starting'
		);
		assert.ok( starting, 'the demo gives Vera a contract to accept' );

		const started = await start( vera.browser, {
			security: vera.nonce,
			cp_id: String( starting.id ),
		} );
		assert.equal( started.status, 200 );
		assert.equal( started.body.success, true );
		assert.match(
			started.body.data.startedAt,
			/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/
		);
		const after = await api(
			vera.token,
			`/users/me/campaigns/${ starting.id }`
		);
		assert.equal( after.body.selectionStatus, 'other' );
		const again = await start( vera.browser, {
			security: vera.nonce,
			cp_id: String( starting.id ),
		} );
		assert.deepEqual( again.body, started.body, 'the first start is kept' );

		const notReady = active.find(
			( campaign ) => campaign.selectionStatus === 'not-started'
		);
		assert.ok( notReady, 'the demo gives Vera a campaign starting later' );
		const early = await start( vera.browser, {
			security: vera.nonce,
			cp_id: String( notReady.id ),
		} );
		assert.equal( early.status, 409 );
		assert.match(
			early.body.data.message,
			/^The manual is not ready yet, the activity will start on \d{4}-\d{2}-\d{2}$/
		);

		const [ available ] = await campaigns( vera.token, {
			accepted: '0',
			completed: '0',
		} );
		const refused = await start( vera.browser, {
			security: vera.nonce,
			cp_id: String( available.id ),
		} );
		assert.equal( refused.status, 403 );
		assert.deepEqual( refused.body, {
			success: false,
			data: {
				message: 'You do not have permission to access this campaign',
			},
		} );

		const unknown = await start( vera.browser, {
			security: vera.nonce,
			cp_id: '99999999',
		} );
		assert.equal( unknown.status, 404 );
		assert.equal( unknown.body.data.message, 'Campaign not found' );
	} );
} );
