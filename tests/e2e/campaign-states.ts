import type { APIRequestContext } from '@playwright/test';

import { expect, VETERAN } from './fixtures';

/**
 * The demo veteran's campaign in each state the preview and the manual show (api/src/seed/demo-campaigns.ts),
 * found through the API by what it answers for them, not by id (the seed draws them).
 */

export interface Preview {
	id: number;
	startDate: string;
	status: 'available' | 'applied' | 'excluded' | 'selected';
	cap: number | null;
	hasForm: boolean;
}

export interface Detail {
	id: number;
	selectionStatus: 'not-started' | 'excluded' | 'starting' | 'other';
	bugs: {
		refused: number;
		approved: number;
		pending: number;
		needReview: number;
	};
}

export interface Task {
	id: number;
	name: string;
	status: 'pending' | 'completed';
	can_upload_media: boolean;
}

/** The veteran's bearer token, from the API's own login. */
export async function tokenOf( request: APIRequestContext ): Promise< string > {
	const auth = await request.post( '/api/authenticate', {
		data: { username: VETERAN.email, password: VETERAN.password },
	} );
	expect( auth.status(), await auth.text() ).toBe( 200 );
	return ( ( await auth.json() ) as { token: string } ).token;
}

export async function apiGet(
	request: APIRequestContext,
	token: string,
	path: string
) {
	const response = await request.get( `/api${ path }`, {
		headers: { authorization: `Bearer ${ token }` },
	} );
	return {
		status: response.status(),
		body: ( await response.json() ) as Record< string, unknown >,
	};
}

/** The veteran's campaigns of the dashboard's active and available tables, with their preview and detail. */
export async function veteranCampaigns( request: APIRequestContext ) {
	const token = await tokenOf( request );
	const campaigns: Array< { preview: Preview; detail: Detail } > = [];
	for ( const accepted of [ '1', '0' ] ) {
		const list = await apiGet(
			request,
			token,
			`/users/me/campaigns?limit=100&filterBy[accepted]=${ accepted }&filterBy[completed]=0`
		);
		expect( list.status ).toBe( 200 );
		for ( const { id } of list.body.results as Array< { id: number } > ) {
			const preview = await apiGet(
				request,
				token,
				`/users/me/campaigns/${ id }/preview`
			);
			const detail = await apiGet(
				request,
				token,
				`/users/me/campaigns/${ id }`
			);
			expect( preview.status ).toBe( 200 );
			expect( detail.status ).toBe( 200 );
			campaigns.push( {
				preview: preview.body as unknown as Preview,
				detail: detail.body as unknown as Detail,
			} );
		}
	}
	const now = Date.now();
	const ahead = ( preview: Preview ) =>
		new Date( preview.startDate ).getTime() > now;
	const find = (
		state: string,
		match: ( preview: Preview, detail: Detail ) => boolean
	) => {
		const found = campaigns.find( ( { preview, detail } ) =>
			match( preview, detail )
		);
		expect( found, `the demo veteran's ${ state } campaign` ).toBeTruthy();
		return found!.preview.id;
	};
	return {
		token,
		open: () =>
			find(
				'open',
				( preview ) =>
					preview.status === 'available' &&
					preview.hasForm &&
					preview.cap === null &&
					ahead( preview )
			),
		full: () =>
			find(
				'full',
				( preview ) =>
					preview.status === 'available' &&
					preview.cap === 0 &&
					ahead( preview )
			),
		closed: () =>
			find(
				'subscription-closed',
				( preview ) =>
					preview.status === 'available' && ! ahead( preview )
			),
		excluded: () =>
			find( 'excluded', ( preview ) => preview.status === 'excluded' ),
		notReady: () =>
			find(
				'not-started',
				( _, detail ) => detail.selectionStatus === 'not-started'
			),
		starting: () =>
			find(
				'starting',
				( _, detail ) => detail.selectionStatus === 'starting'
			),
		started: () =>
			campaigns
				.filter(
					( { preview, detail } ) =>
						preview.status === 'selected' &&
						detail.selectionStatus === 'other'
				)
				.map( ( { detail } ) => detail ),
	};
}

interface FormCampaign {
	id: number;
	title: string;
	hasBugForm: boolean;
	titleRule: boolean;
	selectionStatus: string;
	additionalFields: Array< { slug: string } >;
}

/** The veteran's started campaign whose bug form has the title rule and the additional fields. */
export async function bugFormCampaign(
	request: APIRequestContext
): Promise< FormCampaign > {
	const token = await tokenOf( request );
	const list = await apiGet(
		request,
		token,
		'/users/me/campaigns?limit=100&filterBy[accepted]=1&filterBy[completed]=0'
	);
	expect( list.status ).toBe( 200 );
	for ( const { id } of list.body.results as Array< { id: number } > ) {
		const detail = (
			await apiGet( request, token, `/users/me/campaigns/${ id }` )
		).body as unknown as FormCampaign;
		if (
			detail.hasBugForm &&
			detail.titleRule &&
			detail.selectionStatus === 'other' &&
			detail.additionalFields.some(
				( field ) => field.slug === 'app-version'
			)
		) {
			return detail;
		}
	}
	throw new Error( "The demo veteran's bug-form campaign was not found" );
}
