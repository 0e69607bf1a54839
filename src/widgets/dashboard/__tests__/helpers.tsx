import type { Me } from '../../../services/types';
import type {
	ApiAnswer,
	FakeApi,
	RecordedRequest,
} from '../../../test-utils/fake-api';
import { DANA, LEVELS } from '../../../test-utils/fixtures';
import type { TableId } from '../tables';
import type { Campaign, RankSummary } from '../types';

type Handler< Answer > = (
	request: RecordedRequest
) => Answer | Promise< Answer >;

type PageAnswer = ApiAnswer< 'listMyCampaigns' >;

/** Dana with every field the dashboard asks for. */
export const ME = {
	...DANA,
	approved_bugs: 3,
	booty: {
		gross: { value: 15, currency: 'EUR' },
		net: { value: 12, currency: 'EUR' },
	},
	pending_booty: { gross: { value: 4.5, currency: 'EUR' } },
	onboarding_completed: true,
} satisfies Me;

export const RANK: RankSummary = {
	points: 340,
	rank: 12,
	level: { id: 40, name: 'Gold' },
	previousLevel: { id: 30, name: 'Silver' },
	prospect: { level: { id: 40, name: 'Gold' }, maintenance: 0 },
};

const noLinks = { en: null, it: null, es: null, fr: null };

export function campaign( overrides: Partial< Campaign > = {} ): Campaign {
	const id = overrides.id ?? 1;
	return {
		id,
		name: `Campaign ${ id }`,
		campaign_type: { id: 1, name: 'Bug hunting', icon: 'bug' },
		dates: {
			start: '2024-03-05T09:00:00.000Z',
			end: '2024-03-20T18:00:00.000Z',
			close: '2024-04-02T12:00:00.000Z',
		},
		manual_link: {
			...noLinks,
			en: `http://scouts.test/manual-${ id }/`,
		},
		preview_link: {
			...noLinks,
			en: `http://scouts.test/preview-${ id }/`,
		},
		visibility: { type: 'available' },
		...overrides,
	};
}

export const pageOf = (
	results: Campaign[],
	total = results.length,
	start = 0
): PageAnswer => ( {
	status: 200,
	body: {
		results,
		start,
		limit: 10,
		size: results.length,
		total,
	},
} );

/**
 * `total` campaigns served ten at a time from the request's `start`, named after their position.
 *
 * @param total How many campaigns match.
 */
export const paged =
	( total: number ) =>
	( request: RecordedRequest ): PageAnswer => {
		const start = Number( request.url.searchParams.get( 'start' ) );
		const ids = Array.from(
			{ length: Math.max( 0, Math.min( 10, total - start ) ) },
			( _, index ) => start + index + 1
		);
		return pageOf(
			ids.map( ( id ) => campaign( { id } ) ),
			total,
			start
		);
	};

const FILTERS: Record< string, TableId > = {
	'accepted=1,completed=0,statusId=': 'active',
	'accepted=1,completed=1,statusId=1': 'finished',
	'accepted=1,completed=,statusId=2': 'closed',
	'accepted=0,completed=0,statusId=': 'available',
};

/**
 * Which dashboard table a request is for, read from its filters; throws on filters no table sends.
 *
 * @param request A `GET /users/me/campaigns`.
 */
export function tableOf( request: RecordedRequest ): TableId {
	const key = [ 'accepted', 'completed', 'statusId' ]
		.map(
			( name ) =>
				`${ name }=${
					request.url.searchParams.get( `filterBy[${ name }]` ) ?? ''
				}`
		)
		.join( ',' );
	const table = FILTERS[ key ];
	if ( ! table ) {
		throw new Error( `No dashboard table filters by ${ key }` );
	}
	return table;
}

/**
 * The query a request sent, as a plain object, without the `_locale` that api-fetch adds to every call.
 *
 * @param request
 */
export function queryOf( request: RecordedRequest ) {
	const query = Object.fromEntries( request.url.searchParams );
	delete query._locale;
	return query;
}

export function campaignRequests( api: FakeApi, table: TableId ) {
	return api
		.requestsTo( 'GET /users/me/campaigns' )
		.filter( ( request ) => tableOf( request ) === table );
}

/**
 * Serves the dashboard's calls: the profile, the rank, the levels and each table (empty unless given).
 *
 * @param api
 * @param options
 * @param options.me
 * @param options.rank
 * @param options.tables An answer per table.
 */
export function serveDashboard(
	api: FakeApi,
	{
		me = ME,
		rank = { status: 200, body: RANK },
		tables = {},
	}: {
		me?: Me;
		rank?: ApiAnswer< 'getMyRank' > | Handler< ApiAnswer< 'getMyRank' > >;
		tables?: Partial<
			Record< TableId, PageAnswer | Handler< PageAnswer > >
		>;
	} = {}
): FakeApi {
	return api
		.on( 'GET /users/me', { status: 200, body: me } )
		.on( 'GET /users/me/rank', rank )
		.on( 'GET /levels', { status: 200, body: LEVELS } )
		.on( 'GET /users/me/campaigns', ( request ) => {
			const answer = tables[ tableOf( request ) ] ?? pageOf( [] );
			return typeof answer === 'function' ? answer( request ) : answer;
		} );
}
