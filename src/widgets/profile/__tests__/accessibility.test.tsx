import { fireEvent, screen, waitFor } from '@testing-library/react';

import { axeViolations } from '../../../test-utils/axe';
import type { FakeApi } from '../../../test-utils/fake-api';
import {
	UNVERIFIED,
	click,
	control,
	fakeApi,
	renderProfile,
	serveProfile,
	type,
} from './helpers';

let api: FakeApi;

beforeEach( () => {
	api = fakeApi();
} );

afterEach( () => {
	jest.restoreAllMocks();
} );

describe( 'profile accessibility', () => {
	it( 'has no axe violations on the base tab, errors shown', async () => {
		serveProfile( api, { fiscal: null } );
		const { container } = await renderProfile( '?tab=base' );
		await screen.findByRole( 'option', { name: 'Student' } );
		type( 'Phone', 'abc' );
		click( 'Save' );
		await waitFor( () => expect( control( 'Phone' ) ).toHaveFocus() );

		expect( await axeViolations( container ) ).toEqual( [] );
	} );

	it( 'has no axe violations on the fiscal form, errors shown', async () => {
		serveProfile( api, { fiscal: UNVERIFIED } );
		const { container } = await renderProfile( '?tab=fiscal' );
		await screen.findByRole( 'form', { name: 'Fiscal' } );
		type( /^Tax id/, '' );
		click( 'Save' );
		await waitFor( () => expect( control( /^Tax id/ ) ).toHaveFocus() );

		expect( await axeViolations( container ) ).toEqual( [] );
	} );

	it( 'has no axe violations on the fiscal summary', async () => {
		serveProfile( api );
		const { container } = await renderProfile( '?tab=fiscal' );
		await screen.findByRole( 'button', { name: 'Edit' } );

		expect( await axeViolations( container ) ).toEqual( [] );
	} );

	it( 'moves between tabs with the arrow keys', async () => {
		serveProfile( api );
		await renderProfile();
		const base = screen.getByRole( 'tab', { name: 'Base' } );
		fireEvent.keyDown( base, { key: 'ArrowRight' } );
		fireEvent.keyDown( screen.getByRole( 'tab', { name: 'Advanced' } ), {
			key: 'ArrowRight',
		} );
		const fiscal = screen.getByRole( 'tab', { name: 'Fiscal' } );
		expect( fiscal ).toHaveFocus();
		expect( fiscal ).toHaveAttribute( 'aria-selected', 'true' );
		await waitFor( () =>
			expect( window.location.search ).toBe( '?tab=fiscal' )
		);
	} );
} );
