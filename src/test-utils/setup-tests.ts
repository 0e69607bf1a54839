import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';

import { takeContractViolations } from './fake-api';

// findBy… and waitFor give up after 5 s instead of 1 s: on a loaded two-core machine a lazy form chunk can take
// longer than a second to render, which is slowness, not a failure of the widget.
configure( { asyncUtilTimeout: 5000 } );

afterEach( () => {
	apiFetch.setFetchHandler( apiFetch.defaultFetchHandler );
	const violations = takeContractViolations();
	if ( violations.length ) {
		throw new Error(
			`The fake API sent answers api/openapi.yaml does not allow:\n${ violations.join(
				'\n'
			) }`
		);
	}
} );
