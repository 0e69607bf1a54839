import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tester } from '../../../src/features/me/repository.ts';
import { CAMPAIGN_TYPES } from '../../../src/lookups/campaign-types.ts';
import {
	ACTIVE,
	AVAILABLE,
	AVAILABLE_VISIBILITY,
	AWAITING,
	CampaignWorld,
	CLOSED,
	HIDDEN_FROM_ME,
	VISIBILITY_ORDER,
	WORLD,
} from '../../helpers/campaign-world.ts';
import { get, idsOf } from '../../helpers/requests.ts';
import { isoAt } from '../../helpers/rows.ts';

/**
 * GET /users/me/campaigns as the dashboard reads it: what each table shows, who sees which campaign, the items'
 * fields and the requests refused. Sorting and paging: paging.test.ts.
 */

describe( 'GET /api/users/me/campaigns', () => {
	const world = new CampaignWorld();
	const { idOf, sorted, list } = world;
	before( () => world.start() );
	after( () => world.close() );

	describe( 'dashboard tables', () => {
		it( 'active: selected, not ended (accepted 1, completed 0)', async () => {
			const body = await list(
				'?filterBy[accepted]=1&filterBy[completed]=0'
			);
			assert.deepEqual( idsOf( body ), sorted( ACTIVE ) );
			assert.equal( body.total, ACTIVE.length );
			for ( const item of body.results ) {
				assert.equal( item.visibility.type, 'available' );
			}
		} );

		it( 'reads percent-encoded brackets the same way', async () => {
			const body = await list(
				'?filterBy%5Baccepted%5D=1&filterBy%5Bcompleted%5D=0'
			);
			assert.deepEqual( idsOf( body ), sorted( ACTIVE ) );
			assert.equal( body.total, ACTIVE.length );
		} );

		it( 'available: not selected, not ended (accepted 0, completed 0)', async () => {
			const body = await list(
				'?filterBy[accepted]=0&filterBy[completed]=0&limit=100'
			);
			assert.deepEqual( idsOf( body ), sorted( AVAILABLE ) );
			assert.equal( body.total, AVAILABLE.length );
			assert.equal( body.size, AVAILABLE.length );
		} );

		it( 'closed: selected, status 2 (accepted 1, statusId 2)', async () => {
			const body = await list(
				'?filterBy[accepted]=1&filterBy[statusId]=2'
			);
			assert.deepEqual( idsOf( body ), sorted( CLOSED ) );
			assert.equal( body.total, CLOSED.length );
		} );

		it( 'finished awaiting review: selected, ended, status 1', async () => {
			const body = await list(
				'?filterBy[accepted]=1&filterBy[statusId]=1&filterBy[completed]=1'
			);
			assert.deepEqual( idsOf( body ), sorted( AWAITING ) );
			assert.equal( body.total, AWAITING.length );
		} );

		it( 'without filters: every campaign the tester may see, of both statuses', async () => {
			const visible = WORLD.map( ( campaign ) => campaign.key ).filter(
				( key ) => ! HIDDEN_FROM_ME.includes( key )
			);
			const body = await list( '?limit=100' );
			// Including the internal campaigns the tester is selected for (runInternalSelected,
			// closedInternalSelected), as in the accepted 1 tables.
			assert.deepEqual( idsOf( body ), sorted( visible ) );
			assert.equal( body.total, visible.length );
		} );

		it( 'completed 1 alone: every visible campaign whose end has passed', async () => {
			const body = await list( '?filterBy[completed]=1' );
			// closedInternalSelected too, as the closed table (accepted 1, statusId 2) lists it.
			assert.deepEqual(
				idsOf( body ),
				sorted( [
					'endSelected',
					'endOpen',
					'endApplied',
					'closedSelected',
					'closedInternalSelected',
					'closedOther',
				] )
			);
		} );

		it( 'internal and foreign small-group campaigns never show to testers not applied or listed', async () => {
			const shown = idsOf( await list( '?limit=100' ) );
			for ( const key of HIDDEN_FROM_ME ) {
				assert.ok( ! shown.includes( idOf( key ) ), key );
			}
			assert.ok( shown.includes( idOf( 'upGroupMe' ) ) );
			const insiders = idsOf( await list( '?limit=100', world.insider ) );
			for ( const key of [
				'upGroupMe',
				'upGroupOther',
				'upInternal',
				'runGroupOther',
				'runInternalSelected',
				'closedInternalSelected',
			] ) {
				assert.ok( ! insiders.includes( idOf( key ) ), key );
			}
		} );

		it( 'internal campaigns show to the testers who applied or were selected', async () => {
			const typesOf = async ( query: string, tester: Tester ) =>
				new Map(
					( await list( query, tester ) ).results.map(
						( item: {
							id: number;
							visibility: { type: string };
						} ) => [ item.id, item.visibility.type ]
					)
				);
			const available =
				'?filterBy[accepted]=0&filterBy[completed]=0&limit=100';
			// Not only the accepted 1 tables, which read the applications: the other lists too.
			assert.equal(
				( await typesOf( available, world.insider ) ).get(
					idOf( 'upInternalInsider' )
				),
				'candidate'
			);
			assert.equal(
				( await typesOf( available, world.other ) ).get(
					idOf( 'upInternal' )
				),
				'candidate'
			);
			const everything = await typesOf( '?limit=100', world.me );
			assert.equal(
				everything.get( idOf( 'runInternalSelected' ) ),
				'available'
			);
			assert.equal(
				everything.get( idOf( 'closedInternalSelected' ) ),
				'available'
			);
		} );

		it( 'another tester sees their own tables, never the first tester’s', async () => {
			const active = await list(
				'?filterBy[accepted]=1&filterBy[completed]=0',
				world.other
			);
			assert.deepEqual(
				idsOf( active ),
				sorted( [ 'runOtherSelected', 'runGroupOther' ] )
			);
			const closed = await list(
				'?filterBy[accepted]=1&filterBy[statusId]=2',
				world.other
			);
			assert.deepEqual( idsOf( closed ), sorted( [ 'closedOther' ] ) );
			const available = await list(
				'?filterBy[accepted]=0&filterBy[completed]=0&limit=100',
				world.other
			);
			const types = new Map(
				available.results.map(
					( item: { id: number; visibility: { type: string } } ) => [
						item.id,
						item.visibility.type,
					]
				)
			);
			assert.equal( types.get( idOf( 'upGroupOther' ) ), 'available' );
			assert.equal( types.get( idOf( 'upOtherApplied' ) ), 'candidate' );
			// The first tester's applications: plain public campaigns for this one.
			assert.equal( types.get( idOf( 'upApplied' ) ), 'available' );
			assert.equal( types.get( idOf( 'upSelected' ) ), 'available' );
			assert.equal( types.get( idOf( 'upExcluded' ) ), 'available' );
			for ( const key of [ 'upGroupMe', 'upInternalInsider' ] ) {
				assert.ok( ! types.has( idOf( key ) ), key );
			}
		} );
	} );

	describe( 'visibility', () => {
		it( 'tells available, candidate and unavailable apart', async () => {
			const body = await list(
				'?filterBy[accepted]=0&filterBy[completed]=0&limit=100'
			);
			const actual = Object.fromEntries(
				body.results.map(
					( item: { id: number; visibility: { type: string } } ) => [
						item.id,
						item.visibility.type,
					]
				)
			);
			const expected = Object.fromEntries(
				AVAILABLE.map( ( key ) => [
					idOf( key ),
					AVAILABLE_VISIBILITY[ key ],
				] )
			);
			assert.deepEqual( actual, expected );
		} );

		it( 'sorts available, then candidate, then unavailable; ties by start date then id', async () => {
			const body = await list(
				'?filterBy[accepted]=0&filterBy[completed]=0&orderBy=visibility&order=ASC&limit=100'
			);
			const expected = VISIBILITY_ORDER.flatMap( ( type ) =>
				sorted(
					AVAILABLE.filter(
						( key ) => AVAILABLE_VISIBILITY[ key ] === type
					)
				)
			);
			assert.deepEqual( idsOf( body ), expected );
			assert.deepEqual(
				body.results.map(
					( item: { visibility: { type: string } } ) =>
						item.visibility.type
				),
				VISIBILITY_ORDER.flatMap( ( type ) =>
					AVAILABLE.filter(
						( key ) => AVAILABLE_VISIBILITY[ key ] === type
					).map( () => type )
				)
			);
		} );
		it( 'pages the visibility sort the same whatever the page size (open campaigns first, then the rest)', async () => {
			const query =
				'?filterBy[accepted]=0&filterBy[completed]=0&orderBy=visibility&order=ASC';
			const whole = await list( `${ query }&limit=100` );
			assert.ok(
				whole.results.filter(
					( item: { visibility: { type: string } } ) =>
						item.visibility.type === 'available'
				).length >= 2,
				'the world has at least two open campaigns'
			);
			for ( const limit of [ 1, 2, 3 ] ) {
				const paged: number[] = [];
				for ( let start = 0; start < whole.total; start += limit ) {
					const page = await list(
						`${ query }&start=${ start }&limit=${ limit }`
					);
					assert.equal( page.total, whole.total );
					paged.push( ...idsOf( page ) );
				}
				assert.deepEqual( paged, idsOf( whole ), `limit ${ limit }` );
			}
		} );
	} );

	describe( 'items', () => {
		const itemOf = async ( key: string, query = '' ) => {
			const body = await list(
				`?filterBy[accepted]=0&filterBy[completed]=0&limit=100${ query }`
			);
			return body.results.find(
				( item: { id: number } ) => item.id === idOf( key )
			);
		};

		it( 'answers id, name, type, ISO dates, links per language and visibility', async () => {
			const item = await itemOf( 'upOpen' );
			const itLink = 'https://manuals.test/open/it';
			assert.deepEqual( item, {
				id: idOf( 'upOpen' ),
				name: 'Campaign upOpen',
				campaign_type: {
					id: 1,
					name: CAMPAIGN_TYPES[ 0 ].name,
					icon: CAMPAIGN_TYPES[ 0 ].icon,
				},
				dates: {
					start: isoAt( 2 ),
					end: isoAt( 10 ),
					close: isoAt( 20 ),
				},
				// The only page there is stands in for every language.
				manual_link: {
					en: itLink,
					it: itLink,
					es: itLink,
					fr: itLink,
				},
				// The site's own page serves every language: each under its own prefix.
				preview_link: {
					en: `/campaigns/${ idOf( 'upOpen' ) }/preview/`,
					it: `/it/campaigns/${ idOf( 'upOpen' ) }/preview/`,
					es: `/es/campaigns/${ idOf( 'upOpen' ) }/preview/`,
					fr: `/fr/campaigns/${ idOf( 'upOpen' ) }/preview/`,
				},
				visibility: { type: 'available' },
			} );
			assert.match(
				item.dates.start,
				/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/
			);
		} );

		it( 'falls back to the page in `locale`, then the English one', async () => {
			const en = 'https://manuals.test/it-target/en';
			const fr = 'https://manuals.test/it-target/fr';
			const preview = 'https://previews.test/it-target/en';
			const byDefault = await itemOf( 'upTargetIt' );
			assert.deepEqual( byDefault.campaign_type, {
				id: 3,
				name: CAMPAIGN_TYPES[ 2 ].name,
				icon: CAMPAIGN_TYPES[ 2 ].icon,
			} );
			assert.deepEqual( byDefault.manual_link, {
				en,
				it: en,
				es: en,
				fr,
			} );
			assert.deepEqual( byDefault.preview_link, {
				en: preview,
				it: preview,
				es: preview,
				fr: preview,
			} );
			const inFrench = await itemOf( 'upTargetIt', '&locale=fr' );
			assert.deepEqual( inFrench.manual_link, {
				en,
				it: fr,
				es: fr,
				fr,
			} );
			// No French preview: English stands in.
			assert.deepEqual( inFrench.preview_link, {
				en: preview,
				it: preview,
				es: preview,
				fr: preview,
			} );
		} );

		it( 'answers null links for a campaign without pages', async () => {
			const item = await itemOf( 'upApplied' );
			const none = { en: null, it: null, es: null, fr: null };
			assert.deepEqual( item.manual_link, none );
			assert.deepEqual( item.preview_link, none );
		} );
	} );

	describe( 'refusals', () => {
		for ( const query of [
			'?filterBy[accepted]=2',
			'?filterBy[completed]=yes',
			'?filterBy[statusId]=3',
			'?filterBy[campaign]=1',
			'?orderBy=title',
			'?order=UP',
			'?limit=0',
			'?limit=101',
			'?start=-1',
			'?locale=de',
		] ) {
			it( `answers 400 to ${ query }`, async () => {
				const response = await get(
					world.ctx,
					`/users/me/campaigns${ query }`,
					world.me
				);
				assert.equal( response.statusCode, 400, response.body );
				assert.equal( response.json().status, 400 );
			} );
		}

		it( 'answers 403 without a token', async () => {
			const response = await get( world.ctx, '/users/me/campaigns' );
			assert.equal( response.statusCode, 403 );
			assert.equal( response.json().status, 403 );
		} );
	} );
} );
