import { waitFor } from '@testing-library/react';

import { FakeApi } from '../../test-utils/fake-api';
import { testConfig } from '../../test-utils/fixtures';
import { serveDashboard } from '../../widgets/dashboard/__tests__/helpers';
import { startRuntime } from '../runtime';

// Translations that never come: nothing renders, so any request is the widget's prefetch.
jest.mock( '../../lib/i18n', () => ( {
	createI18n: () => new Promise( () => {} ),
} ) );

const config = testConfig();

afterEach( () => {
	document.body.innerHTML = '';
} );

it( "starts a widget's first request as soon as its code arrives, before anything renders", async () => {
	const api = new FakeApi( {
		apiBase: config.apiBase,
		ajaxUrl: config.ajaxUrl,
	} );
	serveDashboard( api );
	document.body.innerHTML =
		'<div class="crowdscout-widget" data-crowdscout-widget="dashboard" data-crowdscout-attributes="{}"></div>';

	startRuntime( {
		root: document,
		config,
		checksWarnAfterMs: Number.POSITIVE_INFINITY,
	} );

	await waitFor( () =>
		expect( api.requestsTo( 'GET /users/me' ) ).toHaveLength( 1 )
	);
	const [ request ] = api.requestsTo( 'GET /users/me' );
	expect( request.url.searchParams.get( 'fields' ) ).toBe(
		'approved_bugs,attended_cp,booty,id,name,onboarding_completed,pending_booty,surname,total_exp_pts'
	);
	expect(
		document.querySelector( '[data-crowdscout-widget]' )
	).toBeEmptyDOMElement();
} );
