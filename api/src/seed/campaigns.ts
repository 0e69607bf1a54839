import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { CAMPAIGN_TYPES } from '../lookups/index.ts';
import {
	DEVICE_TYPE_WEIGHTS,
	LANGUAGE_ID,
	PLATFORMS_BY_TYPE,
} from './catalogue.ts';
import type { SeedContext } from './context.ts';
import {
	CONTENT_LANGUAGES,
	PEOPLE,
	PRODUCTS,
	SURFACES,
	TASK_NAMES,
} from './data.ts';
import { writeCampaignForm } from './preselection.ts';
import { Random } from './random.ts';
import { SEED_EMAIL_DOMAIN } from './seeded.ts';
import { ascii, DAY, escapeHtml, HOUR, sorted, sqlDateTime } from './values.ts';

/**
 * Campaigns in every lifecycle state with their contents, bug-form settings, accepted devices and tasks, drawn
 * from one stream of their own before any tester, so testers can pick among them.
 *
 * Campaign states: the first six campaigns are closed, running, awaiting close and three upcoming (the demo
 * veteran's selected, open and full ones: demo-campaigns.ts); the others are
 * drawn with shares of 10 / 20 / 12 % (upcoming / running / awaiting, closed the rest) up to 200 campaigns and,
 * above, each open state gets the larger of that share × 200 / campaigns and its time-consistent share, the
 * average days a campaign spends in the state over the days of the history window (30.5, 14 and 8.5 of 720 by
 * default), so that as many campaigns run at once as the creation rate × the duration, at any scale.
 */

export type CampaignState = 'upcoming' | 'running' | 'awaiting' | 'closed';

export interface CampaignPlan {
	id: number;
	title: string;
	state: CampaignState;
	start: number;
	end: number;
	close: number;
	maxTesters: number | null;
	selected: number;
	pts: number;
	completeBonus: number;
	/** Payout per approved bug, by severity id (index 0 unused). */
	bugPayout: number[];
	payoutLimit: number;
	severities: number[];
	types: number[];
	replicabilities: number[];
	taskIds: number[];
	accepted: Array< { type: number; platformId: number | null } >;
}

export interface PlannedCampaigns {
	/** Sorted by start date, as their ids are. */
	campaigns: CampaignPlan[];
	/** Campaigns a tester can always be selected for: started, and without a cap. */
	openEnded: CampaignPlan[];
}

type CampaignDraft = Omit< CampaignPlan, 'id' | 'taskIds' > & {
	typeId: number;
	rng: number;
};

/**
 * The date rules of planCampaigns, in whole days (bounds of rng.int): how far ahead an upcoming campaign starts,
 * how long a campaign runs, how long after its end it closes.
 */
const UPCOMING_LEAD_DAYS = [ 1, 60 ] as const;
const DURATION_DAYS = [ 7, 21 ] as const;
const CLOSE_AFTER_DAYS = [ 3, 14 ] as const;
/** Shares (%) of the open states up to SMALL_SEED_CAMPAIGNS campaigns: every dashboard table well filled. */
const SMALL_SEED_SHARES = { upcoming: 10, running: 20, awaiting: 12 } as const;
const SMALL_SEED_CAMPAIGNS = 200;
const FORCED_STATES: CampaignState[] = [
	'closed',
	'running',
	'awaiting',
	'upcoming',
	'upcoming',
	'upcoming',
];
const EXTENSIONS = [
	'jpg,png,mp4',
	'jpg,png,gif,mp4,mov',
	'png,mp4',
	'jpg,png',
];

/** A campaign's status_id: 2 once closed, else 1. */
export const campaignStatusId = ( campaign: CampaignPlan ): number =>
	campaign.state === 'closed' ? 2 : 1;

/**
 * The first campaign (sorted by start) that starts at or after `time`.
 *
 * @param campaigns
 * @param time
 */
export function lowerBound( campaigns: CampaignPlan[], time: number ): number {
	let lo = 0;
	let hi = campaigns.length;
	while ( lo < hi ) {
		const mid = Math.floor( ( lo + hi ) / 2 );
		if ( campaigns[ mid ].start < time ) {
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	return lo;
}

/**
 * Draws every campaign, gives them ids in start-date order and buffers their rows.
 *
 * @param ctx
 */
export function planCampaigns( ctx: SeedContext ): PlannedCampaigns {
	const rng = new Random( `${ ctx.seedKey }/campaigns` );
	const drafts: CampaignDraft[] = [];
	const weights = campaignStateWeights(
		ctx.campaignCount,
		( ctx.now - ctx.windowStart ) / DAY
	);
	for ( let index = 0; index < ctx.campaignCount; index++ ) {
		const state =
			index < FORCED_STATES.length
				? FORCED_STATES[ index ]
				: rng.weighted( weights );
		drafts.push( drawCampaign( ctx, rng, index, state ) );
	}
	// Ids follow the start date, like campaigns created one after the other.
	drafts.sort( ( a, b ) => a.start - b.start || a.rng - b.rng );
	const campaigns: CampaignPlan[] = [];
	for ( const draft of drafts ) {
		const { typeId, rng: roll, ...plan } = draft;
		const campaign: CampaignPlan = {
			...plan,
			id: ctx.id( 'campaigns' ),
			taskIds: [],
		};
		campaigns.push( campaign );
		writeCampaign(
			ctx,
			campaign,
			typeId,
			new Random( `${ ctx.seedKey }/campaign/${ roll }` )
		);
	}
	return {
		campaigns,
		openEnded: campaigns.filter(
			( campaign ) =>
				campaign.state !== 'upcoming' && campaign.maxTesters === null
		),
	};
}

/**
 * The weights (%) planCampaigns draws states with (this module's header, "Campaign states"): each open state the
 * larger of its small-seed share, scaled down above SMALL_SEED_CAMPAIGNS campaigns, and its time-consistent
 * share, the average days a campaign spends in it over the days campaigns are spread over; closed the rest.
 *
 * @param campaigns  How many campaigns the seed writes.
 * @param windowDays The history window, in days.
 */
function campaignStateWeights(
	campaigns: number,
	windowDays: number
): Array< [ CampaignState, number ] > {
	const mean = ( [ lo, hi ]: readonly [ number, number ] ) => ( lo + hi ) / 2;
	const days = {
		upcoming: mean( UPCOMING_LEAD_DAYS ),
		running: mean( DURATION_DAYS ),
		awaiting: mean( CLOSE_AFTER_DAYS ),
	};
	const scale = Math.min(
		1,
		SMALL_SEED_CAMPAIGNS / Math.max( 1, campaigns )
	);
	const share = ( state: keyof typeof days ) =>
		Math.max(
			( 100 * days[ state ] ) / Math.max( 1, windowDays ),
			SMALL_SEED_SHARES[ state ] * scale
		);
	const upcoming = share( 'upcoming' );
	const running = share( 'running' );
	const awaiting = share( 'awaiting' );
	return [
		[ 'upcoming', upcoming ],
		[ 'running', running ],
		[ 'awaiting', awaiting ],
		[ 'closed', Math.max( 0, 100 - upcoming - running - awaiting ) ],
	];
}

function drawCampaign(
	ctx: SeedContext,
	rng: Random,
	index: number,
	state: CampaignState
): CampaignDraft {
	const { start, end, close } = drawDates( ctx, rng, state );
	const severities = rng.chance( 0.7 )
		? [ 1, 2, 3, 4 ]
		: sorted( rng.sample( [ 1, 2, 3, 4 ], rng.int( 2, 3 ) ) );
	const types = sorted(
		rng.sample( [ 1, 2, 3, 4, 5, 6, 7, 8 ], rng.int( 3, 8 ) )
	);
	const replicabilities = rng.chance( 0.8 )
		? [ 1, 2, 3 ]
		: sorted( rng.sample( [ 1, 2, 3 ], 2 ) );
	const accepted = drawAcceptedDevices( rng );
	const typeId = rng.int( 1, CAMPAIGN_TYPES.length );
	const base = rng.pick( [ 100, 150, 200 ] );
	return {
		title: `${ rng.pick( PRODUCTS ) } ${ rng.pick( SURFACES ) } – ${
			CAMPAIGN_TYPES[ typeId - 1 ].name
		}`,
		typeId,
		state,
		start,
		end,
		close,
		maxTesters:
			index < FORCED_STATES.length || rng.chance( 0.5 )
				? null
				: rng.int( 5, 200 ),
		selected: 0,
		pts: rng.pick( [ 100, 150, 200, 250, 300, 400 ] ),
		completeBonus: rng.pick( [ 500, 1000, 1500, 2000, 2500 ] ),
		bugPayout: [ 0, base / 2, base, base * 2, base * 4 ],
		payoutLimit: rng.pick( [ 3000, 5000, 10000 ] ),
		severities,
		types,
		replicabilities,
		accepted,
		rng: rng.next(),
	};
}

function drawDates(
	ctx: SeedContext,
	rng: Random,
	state: CampaignState
): { start: number; end: number; close: number } {
	const { now, windowStart } = ctx;
	const duration = rng.int( ...DURATION_DAYS ) * DAY;
	let start: number, end: number, close: number;
	if ( state === 'upcoming' ) {
		start = now + rng.int( ...UPCOMING_LEAD_DAYS ) * DAY;
		end = start + duration;
		close = end + rng.int( ...CLOSE_AFTER_DAYS ) * DAY;
	} else if ( state === 'running' ) {
		start = now - rng.int( 1, duration / DAY - 1 ) * DAY;
		end = start + duration;
		close = end + rng.int( ...CLOSE_AFTER_DAYS ) * DAY;
	} else if ( state === 'awaiting' ) {
		end = now - rng.int( 1, 5 ) * DAY;
		start = end - duration;
		close = now + rng.int( 1, 10 ) * DAY;
	} else {
		close =
			now -
			rng.int( 1, Math.max( 2, ( now - windowStart ) / DAY - 40 ) ) * DAY;
		end = close - rng.int( ...CLOSE_AFTER_DAYS ) * DAY;
		start = end - duration;
	}
	start += rng.int( 8, 18 ) * HOUR;
	return { start, end, close };
}

function drawAcceptedDevices( rng: Random ): CampaignPlan[ 'accepted' ] {
	const accepted: CampaignPlan[ 'accepted' ] = [];
	const acceptedTypes = new Set< number >();
	const typeCount = rng.int( 1, 3 );
	while ( acceptedTypes.size < typeCount ) {
		acceptedTypes.add( rng.weighted( DEVICE_TYPE_WEIGHTS ) );
	}
	for ( const type of sorted( [ ...acceptedTypes ] ) ) {
		if ( rng.chance( 0.5 ) ) {
			accepted.push( { type, platformId: null } );
		} else {
			for ( const platformId of sorted(
				rng.sample( PLATFORMS_BY_TYPE.get( type )!, rng.int( 1, 2 ) )
			) ) {
				accepted.push( { type, platformId } );
			}
		}
	}
	return accepted;
}

function writeCampaign(
	ctx: SeedContext,
	campaign: CampaignPlan,
	typeId: number,
	rng: Random
): void {
	const language = writeCampaignRow( ctx, campaign, typeId, rng );
	for ( const { type, platformId } of campaign.accepted ) {
		ctx.writer.add( 'campaign_accepted_devices', [
			ctx.id( 'campaign_accepted_devices' ),
			campaign.id,
			type,
			platformId,
		] );
	}
	writeContents( ctx, campaign, language, rng );
	writeBugForm( ctx, campaign );
	writeTasks( ctx, campaign, rng );
	writeCampaignForm( ctx, campaign.id, rng );
}

/**
 * The campaign's own row; answers its language, which its contents start from.
 *
 * @param ctx
 * @param campaign
 * @param typeId
 * @param rng
 */
function writeCampaignRow(
	ctx: SeedContext,
	campaign: CampaignPlan,
	typeId: number,
	rng: Random
): string {
	const people = rng.weighted(
		PEOPLE.map( ( country ) => [ country.code, country.weight ] as const )
	);
	const country = PEOPLE.find( ( entry ) => entry.code === people )!;
	const leadName = rng.pick(
		rng.chance( 0.5 ) ? country.female : country.male
	);
	const leadSurname = rng.pick( country.surnames );
	const visibility = rng.weighted( [
		[ 'public', 75 ],
		[ 'target', 20 ],
		[ 'internal', 5 ],
	] );
	const target = visibility === 'target' ? rng.int( 0, 2 ) : -1;
	const language = rng.pick( CONTENT_LANGUAGES );
	const created = campaign.start - rng.int( 7, 30 ) * DAY;
	ctx.writer.add( 'campaigns', [
		campaign.id,
		typeId,
		campaign.title,
		sqlDateTime( campaign.start ),
		sqlDateTime( campaign.end ),
		sqlDateTime( campaign.close ),
		campaignStatusId( campaign ),
		visibility,
		target === 0 ? 'IT' : null,
		target === 1 ? LANGUAGE_ID.get( 'English' )! : null,
		target === 2 ? rng.pick( [ 20, 30 ] ) : null,
		campaign.maxTesters,
		`${ leadName } ${ leadSurname }`,
		`${ ascii( leadName ) }.${ ascii(
			leadSurname
		) }@${ SEED_EMAIL_DOMAIN }`,
		campaign.completeBonus,
		rng.int( 0, 3 ),
		rng.pick( [ 0, 50, 80, 100 ] ),
		campaign.payoutLimit,
		campaign.bugPayout[ 4 ],
		campaign.bugPayout[ 3 ],
		campaign.bugPayout[ 2 ],
		campaign.bugPayout[ 1 ],
		rng.pick( [ 0, 0, 1000, 2000 ] ),
		campaign.pts,
		rng.chance( 0.9 ) ? 1 : 0,
		rng.chance( 0.3 ) ? 1 : 0,
		rng.int( 0, 2 ),
		rng.chance( 0.4 ) ? 1 : 0,
		rng.pick( EXTENSIONS ),
		language,
		rng.chance( 0.3 )
			? 'Testers must write their bugs in the language of the campaign.'
			: null,
		sqlDateTime( created ),
		sqlDateTime( Math.min( ctx.now, campaign.close ) ),
	] );
	return language;
}

/**
 * A campaign page of the product as a site-relative path, language-prefixed as the product's routes are
 * (English carries no prefix); the front end resolves it against the site's address.
 *
 * @param language
 * @param campaignId
 * @param page
 */
const pageLink = (
	language: string,
	campaignId: number,
	page: 'manual' | 'preview'
) =>
	`${
		language === 'en' ? '' : `/${ language }`
	}/campaigns/${ campaignId }/${ page }/`;

function writeContents(
	ctx: SeedContext,
	campaign: CampaignPlan,
	language: string,
	rng: Random
): void {
	const { id } = campaign;
	const languages = new Set( [
		language,
		...rng.sample( CONTENT_LANGUAGES, rng.int( 0, 3 ) ),
	] );
	for ( const code of CONTENT_LANGUAGES.filter( ( item ) =>
		languages.has( item )
	) ) {
		ctx.writer.add( 'campaign_contents', [
			ctx.id( 'campaign_contents' ),
			id,
			code,
			// The product's own manual and preview pages (spec routes /campaigns/{id}/manual and /preview), in
			// the content's language; a few manuals are not published yet (the dashboard's "coming soon").
			rng.chance( 0.85 ) ? pageLink( code, id, 'manual' ) : null,
			pageLink( code, id, 'preview' ),
			`<h2>${ escapeHtml(
				campaign.title
			) } (${ code })</h2><p>Test the product as described in the tasks, report every bug with clear steps and at least one screenshot.</p><ul><li>Use only the accepted devices</li><li>One bug per report</li></ul>`,
			previewContent( campaign, code ),
		] );
	}
}

/**
 * The preview's words in each content language: what the campaign is, then the three blocks the preview widget
 * fills in (contract.md: payout, bug types, how to apply), each after its own heading.
 */
const PREVIEW_TEXT: Record<
	( typeof CONTENT_LANGUAGES )[ number ],
	{
		intro: ( days: number, pts: number ) => string;
		payout: string;
		bugs: string;
		apply: string;
	}
> = {
	en: {
		intro: ( days, pts ) =>
			`${ days } days of testing, up to ${ pts } experience points. Use the product as a real customer would and report what gets in your way.`,
		payout: 'What you earn',
		bugs: 'What we look for',
		apply: 'How to apply',
	},
	it: {
		intro: ( days, pts ) =>
			`${ days } giorni di test, fino a ${ pts } punti esperienza. Usa il prodotto come farebbe un vero cliente e segnala ciò che ti ostacola.`,
		payout: 'Quanto guadagni',
		bugs: 'Cosa cerchiamo',
		apply: 'Come candidarsi',
	},
	es: {
		intro: ( days, pts ) =>
			`${ days } días de pruebas, hasta ${ pts } puntos de experiencia. Usa el producto como lo haría un cliente real e informa de lo que te lo impide.`,
		payout: 'Lo que ganas',
		bugs: 'Lo que buscamos',
		apply: 'Cómo postularse',
	},
	fr: {
		intro: ( days, pts ) =>
			`${ days } jours de test, jusqu’à ${ pts } points d’expérience. Utilisez le produit comme un vrai client et signalez ce qui vous bloque.`,
		payout: 'Ce que vous gagnez',
		bugs: 'Ce que nous cherchons',
		apply: 'Comment postuler',
	},
};

function previewContent(
	campaign: CampaignPlan,
	language: ( typeof CONTENT_LANGUAGES )[ number ]
): string {
	const text = PREVIEW_TEXT[ language ];
	const days = Math.round( ( campaign.end - campaign.start ) / DAY );
	return [
		`<p>${ escapeHtml( text.intro( days, campaign.pts ) ) }</p>`,
		`<h3>${ escapeHtml( text.payout ) }</h3>`,
		'<div data-crowdscout-block="payout"></div>',
		`<h3>${ escapeHtml( text.bugs ) }</h3>`,
		'<div data-crowdscout-block="bug-types"></div>',
		`<h3>${ escapeHtml( text.apply ) }</h3>`,
		'<div data-crowdscout-block="how-to-apply"></div>',
	].join( '' );
}

function writeBugForm( ctx: SeedContext, campaign: CampaignPlan ): void {
	const { writer } = ctx;
	for ( const severity of campaign.severities ) {
		writer.add( 'campaign_bug_severities', [
			ctx.id( 'campaign_bug_severities' ),
			campaign.id,
			severity,
		] );
	}
	for ( const type of campaign.types ) {
		writer.add( 'campaign_bug_types', [
			ctx.id( 'campaign_bug_types' ),
			campaign.id,
			type,
		] );
	}
	for ( const replicability of campaign.replicabilities ) {
		writer.add( 'campaign_bug_replicabilities', [
			ctx.id( 'campaign_bug_replicabilities' ),
			campaign.id,
			replicability,
		] );
	}
}

function writeTasks(
	ctx: SeedContext,
	campaign: CampaignPlan,
	rng: Random
): void {
	const tasks = rng.sample( TASK_NAMES, rng.int( 1, 4 ) );
	tasks.forEach( ( name, position ) => {
		const taskId = ctx.id( 'campaign_tasks' );
		campaign.taskIds.push( taskId );
		ctx.writer.add( 'campaign_tasks', [
			taskId,
			campaign.id,
			name,
			`<p>${ name }. Note anything unexpected.</p>`,
			rng.chance( 0.5 ) ? 1 : 0,
			position,
		] );
	} );
}

/**
 * Sets the counts kept on each campaign from the rows written: applicants, selected testers, bugs per status.
 *
 * @param db
 * @param campaigns
 */
export async function updateCampaignCounters(
	db: Kysely< Database >,
	campaigns: CampaignPlan[]
): Promise< void > {
	if ( ! campaigns.length ) {
		return;
	}
	const count = ( table: 'applications' | 'bugs', where: string ) =>
		sql.raw(
			`(select count(*) from ${ table } c where c.campaign_id = campaigns.id${ where })`
		);
	const first = campaigns[ 0 ].id;
	const last = campaigns[ campaigns.length - 1 ].id;
	for ( let from = first; from <= last; from += 1000 ) {
		await db
			.updateTable( 'campaigns' )
			.set( {
				selected_count: count(
					'applications',
					` and c.status = 'selected'`
				),
			} as never )
			.where( 'id', '>=', from )
			.where( 'id', '<=', Math.min( last, from + 999 ) )
			.execute();
	}
}
