import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page, Response } from '@playwright/test';

import { apiGet, bugFormCampaign, tokenOf } from './campaign-states';
import { test, expect, logIn, VETERAN } from './fixtures';

/**
 * Every page of the product, whole (header, footer and theme around our widgets included), as a visitor in each
 * language and as the demo veteran: no axe-core violation of WCAG 2.2 AA, `<html lang>` in the page's language,
 * and no link of ours that is "#", empty or answers 404. One page load each, no screenshots: the list is long
 * and CI time is short.
 */

/** Ids of the veteran's pages about one thing, read from the API (the seed draws them). */
interface Ids {
	bug: number;
	campaign: number;
	preselection: number;
	started: number;
}

interface Row {
	/** Who opens the page: a visitor (in each language) or the demo veteran (in English). */
	who: 'visitor' | 'tester';
	/**
	 * Path in English; a visitor page is opened under /it/, /es/ and /fr/ too. "{bug}" and the like stand for
	 * one of the veteran's ids.
	 */
	path: string;
	/** What to wait for, or do, once the widgets have rendered and before the page is checked. */
	ready?: ( page: Page ) => Promise< void >;
	/** The status the page answers, when it is not 200. */
	status?: number;
}

/** The pages, one line each. */
const PAGES: Row[] = [
	{ who: 'visitor', path: '/' },
	{ who: 'visitor', path: '/getting-started/' },
	{ who: 'visitor', path: '/getting-started/signup/' },
	{ who: 'visitor', path: '/getting-started/confirmation/' },
	{ who: 'visitor', path: '/login/' },
	{ who: 'visitor', path: '/goodbye/' },
	{ who: 'visitor', path: '/thank-you/' },
	{ who: 'visitor', path: '/terms-and-conditions/' },
	{ who: 'visitor', path: '/privacy-policy/' },
	{ who: 'visitor', path: '/ethical-code/' },
	{ who: 'visitor', path: '/faq/' },
	{ who: 'visitor', path: '/discover-experience-points/' },
	{ who: 'visitor', path: '/testing-school/' },
	{ who: 'visitor', path: '/courses/' },
	{ who: 'visitor', path: '/courses/16/' },
	{ who: 'visitor', path: '/payment_conditions/' },
	{ who: 'visitor', path: '/aq-instructions-for-use/' },
	{ who: 'visitor', path: '/no-such-page/', status: 404 },
	{
		who: 'tester',
		path: '/my-dashboard/',
		// The veteran's unread messages open with the page and hide the rest of it from axe: closed first (the
		// accessibility spec checks the dialog).
		ready: async ( page ) => {
			const messages = page.getByRole( 'dialog', {
				name: 'Messages for you',
			} );
			await expect( messages ).toBeVisible();
			await page.keyboard.press( 'Escape' );
			await expect( messages ).toHaveCount( 0 );
		},
	},
	{ who: 'tester', path: '/my-account/' },
	{ who: 'tester', path: '/personal-equipment/' },
	{ who: 'tester', path: '/experience-points/' },
	{ who: 'tester', path: '/leaderboard/' },
	{ who: 'tester', path: '/payments/' },
	{ who: 'tester', path: '/my-bugs/' },
	{ who: 'tester', path: '/bugs/show/{bug}/' },
	{ who: 'tester', path: '/campaigns/{campaign}/preview/' },
	{ who: 'tester', path: '/campaigns/{started}/manual/' },
	{ who: 'tester', path: '/campaign/{started}/bugform/' },
	{ who: 'tester', path: '/campaign/{preselection}/preview-selection-form/' },
];

const LANGUAGES = [ 'en', 'it', 'es', 'fr' ] as const;

/** The whole page against WCAG 2.2 AA: one line per rule and element, so a failure says what to fix. */
async function violationsOf( page: Page ) {
	const { violations } = await new AxeBuilder( { page } )
		// Before the tags: options() replaces whatever was set, the tags included.
		.options( { resultTypes: [ 'violations' ] } )
		.withTags( [ 'wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa' ] )
		// Every frame is ours: axe runs in the page itself, not in the blank page it opens otherwise to put the
		// frames' results together (three times slower).
		.setLegacyMode( true )
		.analyze();
	return violations.flatMap( ( violation ) =>
		violation.nodes.map(
			( node ) => `${ violation.id }: ${ node.target.join( ' ' ) }`
		)
	);
}

/**
 * Waits until every widget has rendered and nothing loads any more (no spinner, nothing busy); a page that does
 * not get there is a failure of its own, and is checked as it is.
 *
 * @param page
 * @param row
 * @param address
 */
async function settle( page: Page, row: Row, address: string ) {
	const settled = await page
		.waitForFunction(
			() =>
				Array.from(
					document.querySelectorAll( '[data-crowdscout-widget]' )
				).every( ( widget ) => widget.childElementCount > 0 ) &&
				! document.querySelector(
					'.crowdscout-spinner, [aria-busy="true"]'
				),
			undefined,
			{ timeout: 15_000 }
		)
		.then(
			() => true,
			() => false
		);
	expect.soft( settled, `${ address }: every widget rendered` ).toBe( true );
	await row.ready?.( page );
}

/** Status of each link target asked so far, by who asked (a page may answer a visitor and a tester apart). */
const answered = new Map< string, Promise< number > >();

/**
 * The status a link target answers, asked once per target and role: HEAD, for which WordPress skips the
 * rendering, and GET when HEAD is refused.
 *
 * @param page
 * @param who
 * @param href
 */
function statusOf( page: Page, who: Row[ 'who' ], href: string ) {
	const key = `${ who } ${ href }`;
	if ( ! answered.has( key ) ) {
		answered.set(
			key,
			( async () => {
				const head = await page.request.head( href );
				return head.status() < 400
					? head.status()
					: ( await page.request.get( href ) ).status();
			} )()
		);
	}
	return answered.get( key )!;
}

/**
 * The page's links to our own site that are wrong: "#" or empty, a fragment naming no element of the page, or an
 * address that answers 404.
 *
 * @param page
 * @param who
 */
async function brokenLinksOf( page: Page, who: Row[ 'who' ] ) {
	const links = await page.$$eval( 'a[href]', ( anchors ) =>
		anchors.map( ( anchor ) => ( {
			raw: anchor.getAttribute( 'href' )!.trim(),
			href: ( anchor as HTMLAnchorElement ).href,
			text: ( anchor.textContent ?? '' ).trim().slice( 0, 40 ),
			target: ( anchor as HTMLAnchorElement ).hash.slice( 1 ),
		} ) )
	);
	const here = new URL( page.url() );
	here.hash = '';
	const ids = new Set(
		await page.$$eval( '[id]', ( elements ) =>
			elements.map( ( element ) => element.id )
		)
	);
	const broken: string[] = [];
	const asked: Array< Promise< void > > = [];
	for ( const { raw, href, text, target } of links ) {
		const url = new URL( href );
		url.hash = '';
		if ( url.origin !== here.origin ) {
			continue;
		}
		if ( raw === '' || raw === '#' ) {
			broken.push( `"${ raw }": ${ text }` );
		} else if ( url.href === here.href ) {
			if ( target !== '' && ! ids.has( decodeURIComponent( target ) ) ) {
				broken.push( `${ raw }: no element with this id (${ text })` );
			}
		} else if ( ! /action=logout/.test( url.search ) ) {
			// Leaving is not a check: a logout link would end the session the next pages need.
			asked.push(
				statusOf( page, who, url.href ).then( ( status ) => {
					if ( status === 404 ) {
						broken.push( `${ raw }: 404 (${ text })` );
					}
				} )
			);
		}
	}
	await Promise.all( asked );
	return broken;
}

/**
 * Opens a page, waits for it, and checks it whole. Every check is soft: one run lists what is wrong on every
 * page.
 *
 * @param page
 * @param row
 * @param address
 * @param language
 */
async function checkPage(
	page: Page,
	row: Row,
	address: string,
	language: ( typeof LANGUAGES )[ number ]
) {
	// A visitor's page asks nothing that fails: a request answered 4xx/5xx is a red line in the console.
	const failed: string[] = [];
	const onResponse = ( answer: Response ) => {
		if (
			answer.status() >= 400 &&
			! answer.request().isNavigationRequest()
		) {
			failed.push( `${ answer.status() } ${ answer.url() }` );
		}
	};
	page.on( 'response', onResponse );
	const response = await page.goto( address );
	expect
		.soft( response?.status(), `${ address } answers` )
		.toBe( row.status ?? 200 );
	await settle( page, row, address );
	page.off( 'response', onResponse );
	if ( row.who === 'visitor' ) {
		expect.soft( failed, `${ address }: failed requests` ).toEqual( [] );
	}
	expect
		.soft(
			await page.locator( 'html' ).getAttribute( 'lang' ),
			`${ address }: <html lang>`
		)
		.toMatch( new RegExp( `^${ language }(-|$)` ) );
	// The links are asked of the server while axe works in the browser.
	const broken = brokenLinksOf( page, row.who );
	expect
		.soft( await violationsOf( page ), `${ address }: axe` )
		.toEqual( [] );
	expect.soft( await broken, `${ address }: links` ).toEqual( [] );
}

/** A few seconds a page on an idle machine, many more on a loaded one. */
const timeoutFor = ( pages: number ) => pages * 20_000;

// The messages name the rule, element and link: a trace or screenshot of each page would only cost time.
test.use( { trace: 'off', screenshot: 'off' } );

test.describe( 'every page, whole', () => {
	const visitorPages = PAGES.filter( ( { who } ) => who === 'visitor' );
	for ( const language of LANGUAGES ) {
		test( `a visitor, in ${ language }`, async ( { page } ) => {
			test.setTimeout( timeoutFor( visitorPages.length ) );
			for ( const row of visitorPages ) {
				const address = `${
					language === 'en' ? '' : `/${ language }`
				}${ row.path }`;
				await test.step( address, () =>
					checkPage( page, row, address, language )
				);
			}
		} );
	}

	test( 'the demo veteran', async ( { page } ) => {
		const testerPages = PAGES.filter( ( { who } ) => who === 'tester' );
		test.setTimeout( timeoutFor( testerPages.length + 1 ) );
		const ids = await veteranIds( page.request );
		await logIn( page, VETERAN.email, VETERAN.password );
		for ( const row of testerPages ) {
			const address = row.path.replace(
				/\{(\w+)\}/g,
				( _, key: keyof Ids ) => String( ids[ key ] )
			);
			await test.step( row.path, () =>
				checkPage( page, row, address, 'en' )
			);
		}
	} );
} );

/**
 * The veteran's bug, a campaign open to apply for (one with a pre-selection form for the form's page) and the
 * started campaign whose bug form has every field, read only.
 *
 * @param request
 */
async function veteranIds( request: APIRequestContext ): Promise< Ids > {
	const token = await tokenOf( request );
	const bugs = await apiGet( request, token, '/users/me/bugs?limit=1' );
	const [ bug ] = bugs.body.results as Array< { id: number } >;
	const available = await apiGet(
		request,
		token,
		'/users/me/campaigns?limit=100&filterBy[accepted]=0&filterBy[completed]=0'
	);
	const campaigns = available.body.results as Array< { id: number } >;
	let preselection = 0;
	for ( const { id } of campaigns ) {
		const preview = await apiGet(
			request,
			token,
			`/users/me/campaigns/${ id }/preview`
		);
		if ( preview.body.hasForm ) {
			preselection = id;
			break;
		}
	}
	expect( bug, "the veteran's bug" ).toBeTruthy();
	expect( preselection, 'a campaign with a pre-selection form' ).not.toBe(
		0
	);
	const started = await bugFormCampaign( request );
	return {
		bug: bug.id,
		campaign: campaigns[ 0 ].id,
		preselection,
		started: started.id,
	};
}
