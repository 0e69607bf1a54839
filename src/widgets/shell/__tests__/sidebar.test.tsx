import { screen, within } from '@testing-library/react';

import { FakeApi } from '../../../test-utils/fake-api';
import { testConfig } from '../../../test-utils/fixtures';
import { TESTER, renderShell, visit } from './helpers';

const config = testConfig();
let api: FakeApi;

beforeEach( () => {
	api = new FakeApi( { apiBase: config.apiBase, ajaxUrl: config.ajaxUrl } );
	visit( '/' );
} );

const menu = () => screen.getByRole( 'navigation', { name: 'Main menu' } );

const links = () =>
	within( menu() )
		.getAllByRole( 'link' )
		.map( ( link ) => [ link.textContent, link.getAttribute( 'href' ) ] );

describe( 'shell sidebar', () => {
	it( "lists the spec's entries in order, with the tester's name", async () => {
		await renderShell();

		expect( links() ).toEqual( [
			[ 'Dashboard', 'http://scouts.test/my-dashboard/' ],
			[ 'Profile', 'http://scouts.test/my-account/' ],
			[ 'Devices', 'http://scouts.test/personal-equipment/' ],
			[ 'Payments', 'http://scouts.test/payments/' ],
			[ 'Experience Points', 'http://scouts.test/experience-points/' ],
			[ 'Leaderboard', 'http://scouts.test/leaderboard/' ],
			[ 'Uploaded Bugs', 'http://scouts.test/my-bugs/' ],
			[ 'Courses', 'http://scouts.test/courses/' ],
			[ 'Testing University', 'http://scouts.test/testing-school/' ],
			[ 'FAQ', 'http://scouts.test/faq/' ],
		] );
		expect( within( menu() ).getByText( 'Dana Demo' ) ).toBeInTheDocument();
		expect(
			within( menu() ).getByRole( 'button', { name: 'Log out' } )
		).toBeInTheDocument();
		// The sidebar comes from the page configuration alone: no request on every page view.
		expect( api.requests ).toEqual( [] );
	} );

	it( "speaks the page's language and keeps its prefix", async () => {
		await renderShell( { locale: 'it' } );

		expect(
			screen.getByRole( 'navigation', { name: 'Menu principale' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Dispositivi' } )
		).toHaveAttribute(
			'href',
			'http://scouts.test/it/personal-equipment/'
		);
		expect(
			screen.getByRole( 'link', { name: 'Università del Testing' } )
		).toHaveAttribute( 'href', 'http://scouts.test/it/testing-school/' );
		expect( screen.getByRole( 'button', { name: 'Esci' } ) ).toBeVisible();
	} );

	it( 'uses the French slug of the testing university', async () => {
		await renderShell( { locale: 'fr' } );

		expect(
			screen.getByRole( 'link', { name: 'Université de test' } )
		).toHaveAttribute(
			'href',
			'http://scouts.test/fr/universite-de-test/'
		);
		expect(
			screen.getByRole( 'link', { name: 'Tableau de bord' } )
		).toHaveAttribute( 'href', 'http://scouts.test/fr/my-dashboard/' );
	} );

	it.each( [
		[ 'an administrator', [ 'administrator' ] ],
		[ 'a tester lead', [ 'tester_lead' ] ],
		[ 'a tester who is also a lead', [ 'tester', 'tester_lead' ] ],
	] )( 'shows Admin to a %s', async ( _, roles ) => {
		await renderShell( { user: { ...TESTER, roles } } );

		expect(
			within( menu() ).getByRole( 'link', { name: 'Admin' } )
		).toHaveAttribute( 'href', 'http://scouts.test/wp-admin/' );
	} );

	it.each( [
		[ 'a tester', [ 'tester' ] ],
		[ 'a user with no roles', [] ],
		[ 'an editor', [ 'editor' ] ],
	] )( 'hides Admin from %s', async ( _, roles ) => {
		await renderShell( { user: { ...TESTER, roles } } );

		expect( links() ).toHaveLength( 10 );
		expect(
			screen.queryByRole( 'link', { name: 'Admin' } )
		).not.toBeInTheDocument();
	} );

	it( 'marks the current page, with or without its trailing slash', async () => {
		visit( '/my-account' );
		await renderShell();

		expect(
			screen.getByRole( 'link', { name: 'Profile' } )
		).toHaveAttribute( 'aria-current', 'page' );
		expect(
			within( menu() )
				.getAllByRole( 'link' )
				.filter( ( link ) => link.hasAttribute( 'aria-current' ) )
		).toHaveLength( 1 );
	} );

	it( 'marks the current page under a language prefix', async () => {
		visit( '/it/personal-equipment/' );
		await renderShell( { locale: 'it' } );

		expect(
			screen.getByRole( 'link', { name: 'Dispositivi' } )
		).toHaveAttribute( 'aria-current', 'page' );
		expect(
			screen.getByRole( 'link', { name: 'Profilo' } )
		).not.toHaveAttribute( 'aria-current' );
	} );

	it( 'marks nothing on a page that is not in the menu', async () => {
		visit( '/some-blog-post/' );
		await renderShell();

		expect(
			within( menu() )
				.getAllByRole( 'link' )
				.filter( ( link ) => link.hasAttribute( 'aria-current' ) )
		).toEqual( [] );
	} );

	it( 'makes room for itself on the page while mounted', async () => {
		const { unmount } = await renderShell();

		expect( document.body ).toHaveClass( 'crowdscout-has-shell' );

		unmount();

		expect( document.body ).not.toHaveClass( 'crowdscout-has-shell' );
	} );

	it( 'renders nothing for a visitor', async () => {
		const { container } = await renderShell( { user: null, token: null } );

		expect( container ).toBeEmptyDOMElement();
		expect( document.body ).not.toHaveClass( 'crowdscout-has-shell' );
	} );
} );
