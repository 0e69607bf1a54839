import '@testing-library/jest-dom';
import apiFetch from '@wordpress/api-fetch';

afterEach( () => {
	apiFetch.setFetchHandler( apiFetch.defaultFetchHandler );
} );
