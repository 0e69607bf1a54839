import '@testing-library/jest-dom';
import apiFetch from '@wordpress/api-fetch';

import { takeContractViolations } from './fake-api';

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
