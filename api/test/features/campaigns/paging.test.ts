import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
	ACTIVE,
	AVAILABLE,
	CampaignWorld,
} from '../../helpers/campaign-world.ts';
import { compare, idsOf } from '../../helpers/requests.ts';

/** GET /users/me/campaigns sorted by each date and paged, with and without a date filter. */

/** Each orderBy of a date, and the campaign's date it sorts by. */
const DATE_SORTS = [
	[ 'start_date', 'start' ],
	[ 'end_date', 'end' ],
	[ 'close_date', 'close' ],
] as const;

describe( 'GET /api/users/me/campaigns', () => {
	const world = new CampaignWorld();
	const { sorted, list } = world;
	before( () => world.start() );
	after( () => world.close() );

	describe( 'sorting and paging', () => {
		for ( const [ orderBy, column ] of DATE_SORTS ) {
			for ( const order of [ 'ASC', 'DESC' ] as const ) {
				it( `orders by ${ orderBy } ${ order }`, async () => {
					const body = await list(
						`?filterBy[accepted]=0&filterBy[completed]=0&orderBy=${ orderBy }&order=${ order }&limit=100`
					);
					assert.deepEqual(
						idsOf( body ),
						sorted( AVAILABLE, column, order )
					);
					const active = await list(
						`?filterBy[accepted]=1&filterBy[completed]=0&orderBy=${ orderBy }&order=${ order }`
					);
					assert.deepEqual(
						idsOf( active ),
						sorted( ACTIVE, column, order )
					);
				} );
			}
		}

		it( 'defaults to start date ascending, ten a page', async () => {
			const body = await list(
				'?filterBy[accepted]=0&filterBy[completed]=0'
			);
			assert.deepEqual(
				idsOf( body ),
				sorted( AVAILABLE ).slice( 0, 10 )
			);
			assert.equal( body.start, 0 );
			assert.equal( body.limit, 10 );
			assert.equal( body.size, 10 );
			assert.equal( body.total, AVAILABLE.length );
		} );

		it( 'pages with start and limit: disjoint pages that add up to the list', async () => {
			const pages = [];
			for ( const start of [ 0, 5, 10 ] ) {
				const body = await list(
					`?filterBy[accepted]=0&filterBy[completed]=0&start=${ start }&limit=5`
				);
				assert.equal( body.start, start );
				assert.equal( body.limit, 5 );
				assert.equal( body.total, AVAILABLE.length );
				assert.equal( body.size, body.results.length );
				pages.push( idsOf( body ) );
			}
			assert.deepEqual(
				pages.map( ( page ) => page.length ),
				[ 5, 5, AVAILABLE.length - 10 ]
			);
			assert.deepEqual( pages.flat(), sorted( AVAILABLE ) );
			assert.equal( new Set( pages.flat() ).size, AVAILABLE.length );

			const beyond = await list(
				'?filterBy[accepted]=0&filterBy[completed]=0&start=50&limit=5'
			);
			assert.deepEqual( beyond.results, [] );
			assert.equal( beyond.size, 0 );
			assert.equal( beyond.total, AVAILABLE.length );
			// A selected table past its end still tells how many there are.
			const activeBeyond = await list(
				'?filterBy[accepted]=1&filterBy[completed]=0&start=50&limit=5'
			);
			assert.deepEqual( activeBeyond.results, [] );
			assert.equal( activeBeyond.total, ACTIVE.length );

			// The selected tables page too.
			const first = await list(
				'?filterBy[accepted]=1&filterBy[completed]=0&limit=2'
			);
			const second = await list(
				'?filterBy[accepted]=1&filterBy[completed]=0&limit=2&start=2'
			);
			assert.deepEqual(
				[ ...idsOf( first ), ...idsOf( second ) ],
				sorted( ACTIVE )
			);
			assert.equal( first.total, 3 );
			assert.equal( second.size, 1 );
		} );
		it( 'without a date filter, pages every date sort as the dated lists merged, whatever the filter', async () => {
			type Item = {
				id: number;
				dates: Record< 'start' | 'end' | 'close', string >;
				visibility: { type: string };
			};
			for ( const filter of [
				'',
				'&filterBy[accepted]=0',
				'&filterBy[statusId]=1',
				'&filterBy[statusId]=2',
				'&filterBy[accepted]=0&filterBy[statusId]=1',
			] ) {
				// Not ended plus ended: the same campaigns, each with the visibility the dated lists give it.
				const dated: Item[] = [];
				for ( const completed of [ 0, 1 ] ) {
					const body = await list(
						`?filterBy[completed]=${ completed }${ filter }&limit=100`
					);
					dated.push( ...body.results );
				}
				assert.ok( dated.length >= 3, filter );
				for ( const [ orderBy, column ] of DATE_SORTS ) {
					for ( const order of [ 'ASC', 'DESC' ] as const ) {
						const expected = [ ...dated ]
							.sort(
								( a, b ) =>
									( order === 'ASC' ? 1 : -1 ) *
									( compare(
										a.dates[ column ],
										b.dates[ column ]
									) || compare( a.id, b.id ) )
							)
							.map(
								( item ) =>
									`${ item.id } ${ item.visibility.type }`
							);
						const paged: string[] = [];
						for (
							let start = 0;
							start <= expected.length;
							start += 3
						) {
							const body = await list(
								`?orderBy=${ orderBy }&order=${ order }&start=${ start }&limit=3${ filter }`
							);
							assert.equal(
								body.total,
								expected.length,
								`${ filter } ${ orderBy } ${ order }`
							);
							paged.push(
								...body.results.map(
									( item: Item ) =>
										`${ item.id } ${ item.visibility.type }`
								)
							);
						}
						assert.deepEqual(
							paged,
							expected,
							`${ filter } ${ orderBy } ${ order }`
						);
					}
				}
			}
		} );
	} );
} );
