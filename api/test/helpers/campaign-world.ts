import type { ApplicationStatus } from '../../src/db/schema.ts';
import type { Tester } from '../../src/features/me/repository.ts';
import { startTestContext, type TestContext } from './context.ts';
import { compare, getOk } from './requests.ts';
import {
	insertApplication,
	insertCampaign,
	type CampaignValues,
} from './rows.ts';

/**
 * The campaign lists' world: three testers and campaigns in every state, visibility and relation to them, with
 * what each dashboard table must show the tester "me". The lists only read it, so each test file starts its own.
 */

export type Visibility = 'available' | 'candidate' | 'unavailable';

export interface CampaignSpec extends Omit< CampaignValues, 'title' > {
	key: string;
	/** Small-group members (campaign_targets). */
	listed?: Array< 'me' | 'other' >;
	/** The applications of the testers. */
	me?: ApplicationStatus;
	other?: ApplicationStatus;
	insider?: ApplicationStatus;
}

/**
 * A campaign of the world: days from now for its start, end and close dates.
 *
 * @param key
 * @param visibility
 * @param dates      Start, end and close.
 * @param more
 */
const planned = (
	key: string,
	visibility: CampaignSpec[ 'visibility' ],
	dates: [ number, number, number ],
	more: Partial< CampaignSpec > = {}
): CampaignSpec => {
	const [ start, end, close ] = dates;
	return { key, visibility, start, end, close, ...more };
};

/** Inserted in this order, so ids grow down the list. Both testers are from IT. */
export const WORLD: CampaignSpec[] = [
	// Upcoming: the start date is ahead.
	planned( 'upOpen', 'public', [ 2, 10, 20 ] ),
	planned( 'upApplied', 'public', [ 3, 9, 12 ], { me: 'applied' } ),
	planned( 'upFull', 'public', [ 4, 8, 14 ], {
		maxTesters: 2,
		selectedCount: 2,
	} ),
	planned( 'upTargetFr', 'target', [ 5, 7.5, 13 ], {
		targetCountry: 'FR',
	} ),
	// Starts with upGroupMe: the id breaks the tie.
	planned( 'upTargetIt', 'target', [ 7, 16, 18 ], {
		targetCountry: 'IT',
		type: 3,
	} ),
	// The tester has no level this month.
	planned( 'upTargetLevel', 'target', [ 6.5, 17, 19 ], {
		targetMinLevel: 20,
	} ),
	planned( 'upGroupMe', 'small-group', [ 7, 15, 25 ], { listed: [ 'me' ] } ),
	planned( 'upGroupOther', 'small-group', [ 8, 14, 16 ], {
		listed: [ 'other' ],
	} ),
	planned( 'upInternal', 'internal', [ 9, 13, 21 ], { other: 'applied' } ),
	planned( 'upInternalInsider', 'internal', [ 1, 11, 22 ], {
		insider: 'applied',
	} ),
	planned( 'upSelected', 'public', [ 2.5, 12.5, 23 ], {
		maxTesters: 5,
		selectedCount: 1,
		me: 'selected',
	} ),
	planned( 'upExcluded', 'public', [ 3.5, 6, 11 ], { me: 'excluded' } ),
	planned( 'upOtherApplied', 'public', [ 4.5, 5, 10 ], {
		other: 'applied',
	} ),
	// Running: started, the end is ahead.
	planned( 'runOpen', 'public', [ -3, 5.5, 9 ] ),
	planned( 'runSelected', 'public', [ -4, 4, 8 ], { me: 'selected' } ),
	planned( 'runInternalSelected', 'internal', [ -2, 6.5, 7 ], {
		me: 'selected',
	} ),
	planned( 'runOtherSelected', 'public', [ -5, 3, 6 ], {
		other: 'selected',
	} ),
	planned( 'runGroupOther', 'small-group', [ -1, 2, 4 ], {
		listed: [ 'other' ],
		other: 'selected',
	} ),
	// Ended, not closed yet (status 1).
	planned( 'endSelected', 'public', [ -10, -2, 5 ], { me: 'selected' } ),
	planned( 'endOpen', 'public', [ -9, -1, 3 ] ),
	planned( 'endApplied', 'public', [ -8, -3, 2 ], { me: 'applied' } ),
	// Closed (status 2).
	planned( 'closedSelected', 'public', [ -30, -20, -10 ], {
		status: 2,
		me: 'selected',
	} ),
	planned( 'closedInternalSelected', 'internal', [ -25, -15, -5 ], {
		status: 2,
		me: 'selected',
	} ),
	planned( 'closedOther', 'public', [ -28, -18, -8 ], {
		status: 2,
		other: 'selected',
	} ),
];

/**
 * What the tester "me" must see in each dashboard table. Its only internal campaigns are ones it is selected
 * for; the internal campaigns applied to belong to "other" and "insider", so the available table's checks do
 * not hang on the internal rule, which has tests of its own.
 */
export const ACTIVE = [ 'runSelected', 'runInternalSelected', 'upSelected' ];
export const AVAILABLE_VISIBILITY: Record< string, Visibility > = {
	upOpen: 'available',
	upApplied: 'candidate',
	upFull: 'unavailable',
	upTargetFr: 'unavailable',
	upTargetIt: 'available',
	upTargetLevel: 'unavailable',
	upGroupMe: 'available',
	upExcluded: 'unavailable',
	upOtherApplied: 'available',
	runOpen: 'unavailable',
	runOtherSelected: 'unavailable',
};
export const AVAILABLE = Object.keys( AVAILABLE_VISIBILITY );
export const CLOSED = [ 'closedSelected', 'closedInternalSelected' ];
export const AWAITING = [ 'endSelected' ];
export const HIDDEN_FROM_ME = [
	'upGroupOther',
	'upInternal',
	'upInternalInsider',
	'runGroupOther',
];

export const VISIBILITY_ORDER: Visibility[] = [
	'available',
	'candidate',
	'unavailable',
];

/**
 * The world in a fresh app and database (`start()` in a `before`); its helpers can be taken apart when the
 * describe is declared.
 */
export class CampaignWorld {
	ctx!: TestContext;
	me!: Tester;
	other!: Tester;
	insider!: Tester;
	private readonly ids = new Map< string, number >();
	private readonly spec = new Map< string, CampaignSpec >();

	readonly idOf = ( key: string ) => this.ids.get( key )!;

	/**
	 * The ids of `keys` sorted by a date column, ties by id, in `order`.
	 *
	 * @param keys
	 * @param column
	 * @param order
	 */
	readonly sorted = (
		keys: readonly string[],
		column: 'start' | 'end' | 'close' = 'start',
		order: 'ASC' | 'DESC' = 'ASC'
	) =>
		[ ...keys ]
			.sort(
				( a, b ) =>
					( order === 'ASC' ? 1 : -1 ) *
					( compare(
						this.spec.get( a )![ column ],
						this.spec.get( b )![ column ]
					) || compare( this.idOf( a ), this.idOf( b ) ) )
			)
			.map( this.idOf );

	/**
	 * GET /users/me/campaigns as `tester` ("me" by default), asserting a 200: the answer's body.
	 *
	 * @param query
	 * @param tester
	 */
	readonly list = ( query: string, tester?: Tester ) =>
		getOk( this.ctx, `/users/me/campaigns${ query }`, tester ?? this.me );

	async start(): Promise< void > {
		const ctx = await startTestContext();
		this.ctx = ctx;
		this.me = await ctx.createTester( { name: 'Mia', surname: 'Me' } );
		this.other = await ctx.createTester( {
			name: 'Otto',
			surname: 'Other',
		} );
		this.insider = await ctx.createTester( {
			name: 'Ines',
			surname: 'Insider',
		} );
		for ( const campaign of WORLD ) {
			await this.insert( campaign );
		}
		// One language only: every language falls back to it (the site's own preview page under each
		// language's prefix, the external manual as it is).
		await ctx.database.db
			.insertInto( 'campaign_contents' )
			.values( {
				campaign_id: this.idOf( 'upOpen' ),
				language_code: 'it',
				manual_link: 'https://manuals.test/open/it',
				preview_link: `/it/campaigns/${ this.idOf(
					'upOpen'
				) }/preview/`,
			} )
			.execute();
		// English and French pages: the others follow `locale`, then English.
		await ctx.database.db
			.insertInto( 'campaign_contents' )
			.values( [
				{
					campaign_id: this.idOf( 'upTargetIt' ),
					language_code: 'en',
					manual_link: 'https://manuals.test/it-target/en',
					preview_link: 'https://previews.test/it-target/en',
				},
				{
					campaign_id: this.idOf( 'upTargetIt' ),
					language_code: 'fr',
					manual_link: 'https://manuals.test/it-target/fr',
					preview_link: null,
				},
			] )
			.execute();
	}

	close(): Promise< void > {
		return this.ctx.close();
	}

	/** A campaign of the world, its small-group listings and the testers' applications. */
	private async insert( campaign: CampaignSpec ): Promise< void > {
		const { ctx } = this;
		const id = await insertCampaign( ctx, {
			...campaign,
			title: `Campaign ${ campaign.key }`,
		} );
		this.ids.set( campaign.key, id );
		this.spec.set( campaign.key, campaign );
		for ( const who of campaign.listed ?? [] ) {
			await ctx.database.db
				.insertInto( 'campaign_targets' )
				.values( { campaign_id: id, tester_id: this[ who ].id } )
				.execute();
		}
		for ( const who of [ 'me', 'other', 'insider' ] as const ) {
			const status: ApplicationStatus | undefined = campaign[ who ];
			if ( status ) {
				await insertApplication( ctx, this[ who ].id, id, status );
			}
		}
	}
}
