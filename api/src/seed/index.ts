import { deflateRawSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import { isMysql } from '../db/engine.ts';
import type { Database } from '../db/schema.ts';
import { CAMPAIGN_TYPES, LOOKUP_ROWS } from '../lookups/index.ts';
import { levelAfterMonth } from '../lookups/levels.ts';
import {
	BUG_PROBLEMS,
	CONTENT_LANGUAGES,
	PEOPLE,
	POPUPS,
	PRODUCTS,
	SCREENS,
	SPOKEN_LANGUAGES,
	SURFACES,
	TASK_NAMES,
	type CountryPeople,
} from './data.ts';
import { Random } from './random.ts';
import {
	BulkWriter,
	COLUMNS,
	SEED_TABLES,
	type SeedTable,
	type TableStats,
	type Value,
} from './writer.ts';

/**
 * Demo data at any scale, written straight into the API database: testers with profiles, devices, fiscal
 * profiles, applications, bugs, experience, monthly levels, booty and payments; campaigns in every lifecycle
 * state with their contents, bug-form settings, accepted devices and tasks; popups and their reads.
 *
 * Deterministic: every value comes from a seeded PRNG (one stream for the campaigns, one per tester, so a
 * tester's rows do not depend on the chunk size) and every date from `referenceDate`, never the clock. Ids
 * are assigned here, after the highest id already in each table, so child rows need no read-back; on an empty
 * database the same seed gives the same rows, byte for byte.
 *
 * How the seeded rows are recognised (for --reset and the "already seeded" guard): testers by
 * `wp_user_id >= SEED_WP_USER_ID_BASE` (real WordPress users never get there), campaigns by their team
 * leader's address at SEED_EMAIL_DOMAIN, popups by their titles (POPUPS in data.ts).
 *
 * The counters kept alongside the rows (0003) are written consistent with them:
 * - testers.total_exp_pts = SUM(experience_entries.amount) = SUM(tester_monthly_levels.points);
 * - testers.attended_cp = applications selected and completed; testers.approved_bugs = bugs with status 2;
 * - testers.booty_* = SUM of all booty entries, pending_booty_* = SUM of those with no payment request;
 * - campaigns.applicants_count = applications, selected_count = selected ones, bugs_*_count = bugs per status
 *   (set from the rows by one UPDATE at the end);
 * - applications.campaign_status_id, campaign_start_date, campaign_end_date, campaign_close_date = their
 *   campaign's status_id and dates (0005);
 * - monthly_rank_counts = tester_monthly_levels counted per month, level and points, real testers' rows
 *   included (0005; rebuilt from the rows at the end of seed() and of resetSeed()).
 *
 * Campaign states: the first four campaigns are closed, running, awaiting close and upcoming; the others are
 * drawn with shares of 10 / 20 / 12 % (upcoming / running / awaiting, closed the rest) up to 200 campaigns and,
 * above, each open state gets the larger of that share × 200 / campaigns and its time-consistent share, the
 * average days a campaign spends in the state over the days of the history window (30.5, 14 and 8.5 of 720 by
 * default), so that as many campaigns run at once as the creation rate × the duration, at any scale.
 *
 * Popup content (spec: "compressed, base64 encoded"): base64 of the raw DEFLATE stream (RFC 1951, no zlib or
 * gzip header; node's zlib.inflateRawSync or fflate's inflateSync decode it) of UTF-8 HTML, with the
 * placeholders {{name}}, {{surname}} and {{id}} filled in at display time.
 */

export const SEED_WP_USER_ID_BASE = 1_000_000;
export const SEED_EMAIL_DOMAIN = 'seed.crowdscout.test';

export interface SeedOptions {
	/** Any number or text; the same seed gives the same rows. */
	seed?: number | string;
	testers: number;
	campaigns: number;
	/** Average per tester; the total is exactly testers × this. Default 10. */
	bugsPerTester?: number;
	/** Average per tester; the total is exactly testers × this. Default 50. */
	experiencePerTester?: number;
	/** "Now" for the demo data (`YYYY-MM-DD`, UTC midnight). Default 2026-11-01. */
	referenceDate?: string;
	/** How far back the history goes. Default 24 months. */
	months?: number;
	/** Testers per transaction. Default 1,000. */
	chunkTesters?: number;
	/**
	 * Rows for testers that already exist (the demo sign-ups of `npm start`), one profile each (DEMO_PROFILES).
	 * Written before the generated testers, so they get their pick of the campaigns.
	 */
	demo?: DemoTester[];
	onProgress?: ( progress: SeedProgress ) => void;
}

export const DEMO_PROFILES = [
	'newcomer',
	'veteran',
	'unverified',
	'heavy',
] as const;

export type DemoProfile = ( typeof DEMO_PROFILES )[ number ];

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

export interface DemoTester {
	testerId: number;
	profile: DemoProfile;
}

/**
 * What each demo profile shows (README "Two commands"). A newcomer gets no rows at all: no onboarding, no
 * devices, no fiscal profile, every counter zero. The others complete onboarding and apply by DEMO_APPLY, which
 * leaves every dashboard table (active, available, finished awaiting review, closed) non-empty.
 */
interface DemoShape {
	monthsAgo: number;
	deviceTypes: number[];
	applyToAll: boolean;
	/** Whether closed campaigns end completed, with their experience and booty. */
	completes: boolean;
	bugs: number;
	experience: number;
	fiscal: 'verified' | 'unverified';
	/** Paid requests, one processing, and pending booty above the threshold on top. */
	payments: boolean;
	readsPopups: boolean;
}

const DEMO_SHAPES: Record< Exclude< DemoProfile, 'newcomer' >, DemoShape > = {
	veteran: {
		monthsAgo: 24,
		deviceTypes: [ 0, 2, 1, 4 ],
		applyToAll: true,
		completes: true,
		bugs: 80,
		experience: 400,
		fiscal: 'verified',
		payments: true,
		readsPopups: false,
	},
	// Below the threshold: a referral bonus is all the booty there is.
	unverified: {
		monthsAgo: 4,
		deviceTypes: [ 0, 3 ],
		applyToAll: false,
		completes: false,
		bugs: 6,
		experience: 25,
		fiscal: 'unverified',
		payments: false,
		readsPopups: true,
	},
	heavy: {
		monthsAgo: 24,
		deviceTypes: [ 0, 1, 2, 3, 4, 5 ],
		applyToAll: true,
		completes: true,
		bugs: 1200,
		experience: 3200,
		fiscal: 'verified',
		payments: true,
		readsPopups: true,
	},
};

interface DemoPlan {
	id: number;
	key: string;
	shape: DemoShape;
	existing: {
		email: string;
		name: string;
		surname: string;
		country: string | null;
	};
}

export interface SeedProgress {
	testersDone: number;
	testers: number;
	elapsedMs: number;
	tables: ReadonlyMap< SeedTable, TableStats >;
}

export interface SeedResult {
	tables: Record< SeedTable, TableStats >;
	totalRows: number;
	ms: number;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

type CampaignState = 'upcoming' | 'running' | 'awaiting' | 'closed';

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

interface CampaignPlan {
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

interface PopupPlan {
	id: number;
	created: number;
	listEvery: number | null;
}

/** Refuses to run twice on the same data: how many seeded testers and campaigns there are. */
export async function countSeeded( db: Kysely< Database > ): Promise< number > {
	const [ testers, campaigns ] = await Promise.all( [
		db
			.selectFrom( 'testers' )
			.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
			.where( 'wp_user_id', '>=', SEED_WP_USER_ID_BASE )
			.executeTakeFirstOrThrow(),
		db
			.selectFrom( 'campaigns' )
			.select( ( eb ) => eb.fn.countAll().as( 'n' ) )
			.where( 'tl_email', 'like', `%@${ SEED_EMAIL_DOMAIN }` )
			.executeTakeFirstOrThrow(),
	] );
	return Number( testers.n ) + Number( campaigns.n );
}

/**
 * Deletes the seeded rows: the seeded testers with everything they own, the seeded campaigns with everything
 * that hangs off them (other testers' bugs on them included), the seeded popups. Real testers stay.
 *
 * @param db
 */
export async function resetSeed( db: Kysely< Database > ): Promise< void > {
	const seededTesters = db
		.selectFrom( 'testers' )
		.select( 'id' )
		.where( 'wp_user_id', '>=', SEED_WP_USER_ID_BASE );
	const seededCampaigns = db
		.selectFrom( 'campaigns' )
		.select( 'id' )
		.where( 'tl_email', 'like', `%@${ SEED_EMAIL_DOMAIN }` );
	// Booty points at payment requests without a cascade, and MariaDB may cascade a tester's requests first.
	await db
		.deleteFrom( 'booty_entries' )
		.where( 'tester_id', 'in', seededTesters )
		.execute();
	await db
		.deleteFrom( 'payment_requests' )
		.where( 'tester_id', 'in', seededTesters )
		.execute();
	// Bugs keep their campaign (no cascade): they go first, whoever wrote them.
	await db
		.deleteFrom( 'bugs' )
		.where( ( eb ) =>
			eb.or( [
				eb( 'tester_id', 'in', seededTesters ),
				eb( 'campaign_id', 'in', seededCampaigns ),
			] )
		)
		.execute();
	for ( const table of [
		'experience_entries',
		'tester_monthly_levels',
		'application_devices',
		'applications',
	] as const ) {
		if ( table === 'application_devices' ) {
			await db
				.deleteFrom( table )
				.where( 'application_id', 'in', ( eb ) =>
					eb
						.selectFrom( 'applications' )
						.select( 'id' )
						.where( 'tester_id', 'in', seededTesters )
				)
				.execute();
		} else {
			await db
				.deleteFrom( table )
				.where( 'tester_id', 'in', seededTesters )
				.execute();
		}
	}
	await db
		.deleteFrom( 'testers' )
		.where( 'wp_user_id', '>=', SEED_WP_USER_ID_BASE )
		.execute();
	await db
		.deleteFrom( 'campaigns' )
		.where( 'tl_email', 'like', `%@${ SEED_EMAIL_DOMAIN }` )
		.execute();
	await db
		.deleteFrom( 'popups' )
		.where(
			'title',
			'in',
			POPUPS.map( ( popup ) => popup.title )
		)
		.execute();
	await rebuildMonthlyRankCounts( db );
	// Triggers keep the per-tester counts (0006), but MariaDB fires none for the applications and bugs the
	// campaigns' deletion cascaded to: the remaining testers are recounted.
	const remaining = db
		.selectFrom( 'testers' )
		.select( 'id' )
		.where( 'wp_user_id', '<', SEED_WP_USER_ID_BASE );
	await db.transaction().execute( async ( trx ) => {
		await sql`update tester_counts set
			experience_entries = (select count(*) from experience_entries e where e.tester_id = tester_counts.tester_id),
			bugs = (select count(*) from bugs b where b.tester_id = tester_counts.tester_id)
			where tester_id in (select id from testers where wp_user_id < ${ SEED_WP_USER_ID_BASE })`.execute(
			trx
		);
		await trx
			.deleteFrom( 'application_counts' )
			.where( 'tester_id', 'in', remaining )
			.execute();
		await trx
			.insertInto( 'application_counts' )
			.columns( [
				'tester_id',
				'status',
				'campaign_status_id',
				'applications',
			] )
			.expression(
				trx
					.selectFrom( 'applications' )
					.select( [
						'tester_id',
						'status',
						'campaign_status_id',
						( eb ) =>
							eb.fn.countAll< number >().as( 'applications' ),
					] )
					.where( 'tester_id', 'in', remaining )
					.groupBy( [ 'tester_id', 'status', 'campaign_status_id' ] )
			)
			.execute();
	} );
}

/**
 * Sets monthly_rank_counts from tester_monthly_levels, all of it (real testers' rows included), in one
 * transaction: one grouped scan, whatever the seed wrote or deleted (its triggers set monthly_rank_buckets).
 *
 * @param db
 */
export async function rebuildMonthlyRankCounts(
	db: Kysely< Database >
): Promise< void > {
	await db.transaction().execute( async ( trx ) => {
		await trx.deleteFrom( 'monthly_rank_counts' ).execute();
		// Emptied by the triggers of the delete above (0007); the inserts below fill them again.
		await trx.deleteFrom( 'monthly_rank_buckets' ).execute();
		await trx
			.insertInto( 'monthly_rank_counts' )
			.columns( [ 'month', 'level_id', 'points', 'testers' ] )
			.expression(
				trx
					.selectFrom( 'tester_monthly_levels' )
					.select( [
						'month',
						'level_id',
						'points',
						( eb ) => eb.fn.countAll< number >().as( 'testers' ),
					] )
					.groupBy( [ 'month', 'level_id', 'points' ] )
			)
			.execute();
	} );
}

export async function seed(
	db: Kysely< Database >,
	options: SeedOptions
): Promise< SeedResult > {
	const started = performance.now();
	const generator = await Generator.create( db, options );
	const mysql = isMysql( db );
	if ( ! mysql ) {
		// A crash mid-seed loses a demo database, not data: skip the fsyncs and give the index builds memory.
		await sql`pragma synchronous = OFF`.execute( db );
		await sql`pragma cache_size = -262144`.execute( db );
	}
	try {
		await generator.run();
		await rebuildMonthlyRankCounts( db );
	} finally {
		if ( ! mysql ) {
			await sql`pragma synchronous = NORMAL`.execute( db );
			await sql`pragma cache_size = -2000`.execute( db );
		}
	}
	const tables = Object.fromEntries( generator.writer.stats ) as Record<
		SeedTable,
		TableStats
	>;
	return {
		tables,
		totalRows: Object.values( tables ).reduce(
			( sum, stats ) => sum + stats.rows,
			0
		),
		ms: performance.now() - started,
	};
}

/* -------------------------------------------------------------------- lookups the generator draws from */

const MODELS_BY_TYPE = groupIds( LOOKUP_ROWS.device_models, 'device_type' );
const PLATFORMS_BY_TYPE = groupIds( LOOKUP_ROWS.os_platforms, 'device_type' );
const VERSIONS_BY_PLATFORM = groupIds( LOOKUP_ROWS.os_versions, 'platform_id' );
const PC_TYPE_IDS = LOOKUP_ROWS.pc_types.map( ( row ) => row.id );
const CERTIFICATION_IDS = LOOKUP_ROWS.certifications.map( ( row ) => row.id );
const LANGUAGE_ID = new Map(
	LOOKUP_ROWS.languages.map( ( row ) => [ row.name, row.id ] )
);
const EMPLOYMENT_COUNT = LOOKUP_ROWS.employments.length;
const EDUCATION_COUNT = LOOKUP_ROWS.education_levels.length;

const DEVICE_TYPE_WEIGHTS: ReadonlyArray< readonly [ number, number ] > = [
	[ 0, 40 ],
	[ 2, 25 ],
	[ 1, 15 ],
	[ 4, 8 ],
	[ 5, 7 ],
	[ 3, 5 ],
];
/** The first device of tester i: mostly smartphones, and every type within any ten testers. */
const FIRST_DEVICE_TYPES = [ 0, 2, 0, 1, 0, 2, 3, 0, 4, 5 ];
const MOTHER_TONGUE: Record< string, string > = {
	IT: 'Italian',
	ES: 'Spanish',
	FR: 'French',
	GB: 'English',
	US: 'English',
	DE: 'German',
	CH: 'German',
	PT: 'Portuguese',
};
const FISCAL_TYPES: ReadonlyArray< readonly [ string, number ] > = [
	[ 'withholding', 45 ],
	[ 'non-italian', 25 ],
	[ 'vat', 12 ],
	[ 'witholding-extra', 8 ],
	[ 'company', 5 ],
	[ 'internal', 5 ],
];
const WITHHOLDING = new Set( [ 'withholding', 'witholding-extra' ] );
const APPLICATION_STATUS: Record<
	CampaignState,
	ReadonlyArray< readonly [ string, number ] >
> = {
	upcoming: [
		[ 'applied', 70 ],
		[ 'selected', 20 ],
		[ 'excluded', 10 ],
	],
	running: [
		[ 'applied', 25 ],
		[ 'selected', 55 ],
		[ 'excluded', 20 ],
	],
	awaiting: [
		[ 'applied', 10 ],
		[ 'selected', 65 ],
		[ 'excluded', 25 ],
	],
	closed: [
		[ 'selected', 70 ],
		[ 'excluded', 30 ],
	],
};
/**
 * How a demo tester who applies everywhere stands in the k-th campaign of each state (null: not applied, so the
 * campaign stays available): the first of each state fills one dashboard table.
 */
const DEMO_APPLY: Record<
	CampaignState,
	( k: number ) => { status: string; completed: boolean } | null
> = {
	upcoming: ( k ) =>
		k % 2 === 0 ? null : { status: 'selected', completed: false },
	running: ( k ) =>
		[
			{ status: 'selected', completed: false },
			null,
			{ status: 'applied', completed: false },
		][ k % 3 ],
	awaiting: ( k ) => ( { status: 'selected', completed: k % 3 !== 2 } ),
	closed: ( k ) =>
		k % 6 === 5
			? { status: 'excluded', completed: false }
			: { status: 'selected', completed: true },
};
const COMPLETED_CHANCE: Record< CampaignState, number > = {
	upcoming: 0,
	running: 0.4,
	awaiting: 0.7,
	closed: 0.75,
};
const BUG_STATUS: Record<
	CampaignState,
	ReadonlyArray< readonly [ number, number ] >
> = {
	upcoming: [ [ 3, 1 ] ],
	running: [
		[ 1, 10 ],
		[ 2, 15 ],
		[ 3, 55 ],
		[ 4, 20 ],
	],
	awaiting: [
		[ 1, 20 ],
		[ 2, 30 ],
		[ 3, 35 ],
		[ 4, 15 ],
	],
	closed: [
		[ 1, 40 ],
		[ 2, 60 ],
	],
};
/** Experience for an approved bug, by severity id. */
const BUG_POINTS = [ 0, 5, 10, 20, 40 ];
const AWARD_NOTES = [
	'Top tester of the week',
	'Survey answered',
	'Bug parade winner',
	'Great bug report',
];
const FIX_NOTES = [
	'Points fix: duplicate bug',
	'Points fix: late evaluation',
	'Points fix: severity changed',
];
const EXTENSIONS = [
	'jpg,png,mp4',
	'jpg,png,gif,mp4,mov',
	'png,mp4',
	'jpg,png',
];

/* -------------------------------------------------------------------- the generator */

class Generator {
	readonly writer: BulkWriter;
	private readonly seedKey: string;
	private readonly testers: number;
	private readonly campaignCount: number;
	private readonly bugsPerTester: number;
	private readonly experiencePerTester: number;
	private readonly now: number;
	private readonly windowStart: number;
	private readonly chunkTesters: number;
	private readonly onProgress?: SeedOptions[ 'onProgress' ];
	private readonly next: Record< SeedTable, number >;
	private campaigns: CampaignPlan[] = [];
	/** Campaigns a tester can always be selected for: started, and without a cap. */
	private openEnded: CampaignPlan[] = [];
	private popups: PopupPlan[] = [];
	private testerBase = 0;
	/** The demo testers' own columns, written by UPDATE once their rows are in. */
	private demoUpdates: Array< {
		id: number;
		values: Record< string, Value >;
	} > = [];

	private constructor(
		private readonly db: Kysely< Database >,
		options: SeedOptions,
		maxIds: Record< SeedTable, number >,
		private readonly demo: DemoPlan[]
	) {
		this.writer = new BulkWriter( db );
		this.seedKey = String( options.seed ?? 1 );
		this.testers = wholeNumber( 'testers', options.testers );
		this.campaignCount = wholeNumber( 'campaigns', options.campaigns );
		this.bugsPerTester = wholeNumber(
			'bugsPerTester',
			options.bugsPerTester ?? 10
		);
		this.experiencePerTester = wholeNumber(
			'experiencePerTester',
			options.experiencePerTester ?? 50
		);
		if (
			! this.campaignCount &&
			( ( this.bugsPerTester > 0 && this.testers > 0 ) ||
				demo.length > 0 )
		) {
			throw new Error( 'Bugs need campaigns: pass campaigns ≥ 1' );
		}
		const reference = options.referenceDate ?? '2026-11-01';
		this.now = Date.parse( `${ reference }T00:00:00Z` );
		if ( ! /^\d{4}-\d{2}-\d{2}$/.test( reference ) || isNaN( this.now ) ) {
			throw new Error(
				`referenceDate must be YYYY-MM-DD, not "${ reference }"`
			);
		}
		this.windowStart =
			this.now - wholeNumber( 'months', options.months ?? 24 ) * 30 * DAY;
		this.chunkTesters = Math.max( 1, options.chunkTesters ?? 1000 );
		this.onProgress = options.onProgress;
		this.next = { ...maxIds };
	}

	static async create(
		db: Kysely< Database >,
		options: SeedOptions
	): Promise< Generator > {
		if ( ( await countSeeded( db ) ) > 0 ) {
			throw new Error(
				'The database already holds seeded testers or campaigns; reset them first'
			);
		}
		const maxIds = {} as Record< SeedTable, number >;
		for ( const table of SEED_TABLES ) {
			const row = await db
				.selectFrom( table )
				.select( ( eb ) => eb.fn.max( 'id' ).as( 'max' ) )
				.executeTakeFirst();
			maxIds[ table ] = Number( row?.max ?? 0 );
		}
		return new Generator(
			db,
			options,
			maxIds,
			await planDemo( db, options.demo ?? [] )
		);
	}

	private id( table: SeedTable ): number {
		this.next[ table ] += 1;
		return this.next[ table ];
	}

	async run(): Promise< void > {
		const started = performance.now();
		this.planCampaigns();
		this.writePopups();
		await this.writer.flush();
		for ( const plan of this.demo ) {
			this.tester( -1, plan );
			await this.writer.flush();
		}
		for ( const { id, values } of this.demoUpdates ) {
			await this.db
				.updateTable( 'testers' )
				.set( values as never )
				.where( 'id', '=', id )
				.execute();
		}
		this.testerBase = this.next.testers;
		for ( let index = 0; index < this.testers; index++ ) {
			this.tester( index );
			if (
				( index + 1 ) % this.chunkTesters === 0 ||
				index + 1 === this.testers
			) {
				await this.writer.flush();
				this.onProgress?.( {
					testersDone: index + 1,
					testers: this.testers,
					elapsedMs: performance.now() - started,
					tables: this.writer.stats,
				} );
			}
		}
		await this.updateCampaignCounters();
	}

	/* ---------------------------------------------------------------- campaigns */

	private planCampaigns(): void {
		const rng = new Random( `${ this.seedKey }/campaigns` );
		const drafts: Array<
			Omit< CampaignPlan, 'id' | 'taskIds' > & {
				typeId: number;
				rng: number;
			}
		> = [];
		const forced: CampaignState[] = [
			'closed',
			'running',
			'awaiting',
			'upcoming',
		];
		const weights = campaignStateWeights(
			this.campaignCount,
			( this.now - this.windowStart ) / DAY
		);
		for ( let index = 0; index < this.campaignCount; index++ ) {
			const state =
				index < forced.length
					? forced[ index ]
					: rng.weighted( weights );
			const duration = rng.int( ...DURATION_DAYS ) * DAY;
			let start: number, end: number, close: number;
			if ( state === 'upcoming' ) {
				start = this.now + rng.int( ...UPCOMING_LEAD_DAYS ) * DAY;
				end = start + duration;
				close = end + rng.int( ...CLOSE_AFTER_DAYS ) * DAY;
			} else if ( state === 'running' ) {
				start = this.now - rng.int( 1, duration / DAY - 1 ) * DAY;
				end = start + duration;
				close = end + rng.int( ...CLOSE_AFTER_DAYS ) * DAY;
			} else if ( state === 'awaiting' ) {
				end = this.now - rng.int( 1, 5 ) * DAY;
				start = end - duration;
				close = this.now + rng.int( 1, 10 ) * DAY;
			} else {
				close =
					this.now -
					rng.int(
						1,
						Math.max(
							2,
							( this.now - this.windowStart ) / DAY - 40
						)
					) *
						DAY;
				end = close - rng.int( ...CLOSE_AFTER_DAYS ) * DAY;
				start = end - duration;
			}
			start += rng.int( 8, 18 ) * HOUR;
			const severities = rng.chance( 0.7 )
				? [ 1, 2, 3, 4 ]
				: sorted( rng.sample( [ 1, 2, 3, 4 ], rng.int( 2, 3 ) ) );
			const types = sorted(
				rng.sample( [ 1, 2, 3, 4, 5, 6, 7, 8 ], rng.int( 3, 8 ) )
			);
			const replicabilities = rng.chance( 0.8 )
				? [ 1, 2, 3 ]
				: sorted( rng.sample( [ 1, 2, 3 ], 2 ) );
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
						rng.sample(
							PLATFORMS_BY_TYPE.get( type )!,
							rng.int( 1, 2 )
						)
					) ) {
						accepted.push( { type, platformId } );
					}
				}
			}
			const typeId = rng.int( 1, CAMPAIGN_TYPES.length );
			const base = rng.pick( [ 100, 150, 200 ] );
			drafts.push( {
				title: `${ rng.pick( PRODUCTS ) } ${ rng.pick( SURFACES ) } – ${
					CAMPAIGN_TYPES[ typeId - 1 ].name
				}`,
				typeId,
				state,
				start,
				end,
				close,
				maxTesters:
					index < forced.length || rng.chance( 0.5 )
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
			} );
		}
		// Ids follow the start date, like campaigns created one after the other.
		drafts.sort( ( a, b ) => a.start - b.start || a.rng - b.rng );
		for ( const draft of drafts ) {
			const { typeId, rng: roll, ...plan } = draft;
			const campaign: CampaignPlan = {
				...plan,
				id: this.id( 'campaigns' ),
				taskIds: [],
			};
			this.campaigns.push( campaign );
			this.writeCampaign(
				campaign,
				typeId,
				new Random( `${ this.seedKey }/campaign/${ roll }` )
			);
		}
		this.openEnded = this.campaigns.filter(
			( campaign ) =>
				campaign.state !== 'upcoming' && campaign.maxTesters === null
		);
	}

	private writeCampaign(
		campaign: CampaignPlan,
		typeId: number,
		rng: Random
	): void {
		const { id } = campaign;
		const people = rng.weighted(
			PEOPLE.map(
				( country ) => [ country.code, country.weight ] as const
			)
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
		this.writer.add( 'campaigns', [
			id,
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
			sqlDateTime( Math.min( this.now, campaign.close ) ),
		] );
		for ( const { type, platformId } of campaign.accepted ) {
			this.writer.add( 'campaign_accepted_devices', [
				this.id( 'campaign_accepted_devices' ),
				id,
				type,
				platformId,
			] );
		}
		const languages = new Set( [
			language,
			...rng.sample( CONTENT_LANGUAGES, rng.int( 0, 3 ) ),
		] );
		for ( const code of CONTENT_LANGUAGES.filter( ( item ) =>
			languages.has( item )
		) ) {
			this.writer.add( 'campaign_contents', [
				this.id( 'campaign_contents' ),
				id,
				code,
				// The product's own manual and preview pages (spec routes /campaigns/{id}/manual and /preview), in
				// the content's language; a few manuals are not published yet (the dashboard's "coming soon").
				rng.chance( 0.85 ) ? pageLink( code, id, 'manual' ) : null,
				pageLink( code, id, 'preview' ),
				`<h2>${ escapeHtml(
					campaign.title
				) } (${ code })</h2><p>Test the product as described in the tasks, report every bug with clear steps and at least one screenshot.</p><ul><li>Use only the accepted devices</li><li>One bug per report</li></ul>`,
				`<p>${ escapeHtml( campaign.title ) }: ${ Math.round(
					( campaign.end - campaign.start ) / DAY
				) } days, up to ${ campaign.pts } experience points.</p>`,
			] );
		}
		for ( const severity of campaign.severities ) {
			this.writer.add( 'campaign_bug_severities', [
				this.id( 'campaign_bug_severities' ),
				id,
				severity,
			] );
		}
		for ( const type of campaign.types ) {
			this.writer.add( 'campaign_bug_types', [
				this.id( 'campaign_bug_types' ),
				id,
				type,
			] );
		}
		for ( const replicability of campaign.replicabilities ) {
			this.writer.add( 'campaign_bug_replicabilities', [
				this.id( 'campaign_bug_replicabilities' ),
				id,
				replicability,
			] );
		}
		const tasks = rng.sample( TASK_NAMES, rng.int( 1, 4 ) );
		tasks.forEach( ( name, position ) => {
			const taskId = this.id( 'campaign_tasks' );
			campaign.taskIds.push( taskId );
			this.writer.add( 'campaign_tasks', [
				taskId,
				id,
				name,
				`<p>${ name }. Note anything unexpected.</p>`,
				rng.chance( 0.5 ) ? 1 : 0,
				position,
			] );
		} );
	}

	private writePopups(): void {
		const rng = new Random( `${ this.seedKey }/popups` );
		POPUPS.forEach( ( popup, index ) => {
			const id = this.id( 'popups' );
			const created = this.now - rng.int( 5, 360 ) * DAY;
			// Two popups go to a list of testers; a few have expired, which the inbox still shows on request.
			const listEvery = index === 2 || index === 6 ? 5 : null;
			let expires: number | null = null;
			if ( index % 3 === 1 ) {
				expires = created + rng.int( 2, 4 ) * DAY;
			} else if ( index % 3 === 2 ) {
				expires = this.now + rng.int( 10, 90 ) * DAY;
			}
			this.popups.push( { id, created, listEvery } );
			this.writer.add( 'popups', [
				id,
				popup.title,
				deflateRawSync( Buffer.from( popup.body, 'utf8' ) ).toString(
					'base64'
				),
				index % 2 === 0 ? 1 : 0,
				listEvery ? 'list' : 'all',
				expires === null ? null : sqlDateTime( expires ),
				sqlDateTime( created ),
			] );
		} );
	}

	private async updateCampaignCounters(): Promise< void > {
		if ( ! this.campaigns.length ) {
			return;
		}
		const count = ( table: 'applications' | 'bugs', where: string ) =>
			sql.raw(
				`(select count(*) from ${ table } c where c.campaign_id = campaigns.id${ where })`
			);
		const first = this.campaigns[ 0 ].id;
		const last = this.campaigns[ this.campaigns.length - 1 ].id;
		for ( let from = first; from <= last; from += 1000 ) {
			await this.db
				.updateTable( 'campaigns' )
				.set( {
					applicants_count: count( 'applications', '' ),
					selected_count: count(
						'applications',
						` and c.status = 'selected'`
					),
					bugs_refused_count: count( 'bugs', ' and c.status_id = 1' ),
					bugs_approved_count: count(
						'bugs',
						' and c.status_id = 2'
					),
					bugs_pending_count: count( 'bugs', ' and c.status_id = 3' ),
					bugs_need_review_count: count(
						'bugs',
						' and c.status_id = 4'
					),
				} as never )
				.where( 'id', '>=', from )
				.where( 'id', '<=', Math.min( last, from + 999 ) )
				.execute();
		}
	}

	/* ---------------------------------------------------------------- testers */

	/** Exactly `perTester` on average: pairs of testers get perTester ± d. */
	private countFor(
		index: number,
		perTester: number,
		stream: string,
		minimum: number
	): number {
		if (
			perTester <= minimum ||
			( index === this.testers - 1 && index % 2 === 0 )
		) {
			return perTester;
		}
		const spread = new Random(
			`${ this.seedKey }/${ stream }/${ Math.floor( index / 2 ) }`
		).int( 0, perTester - minimum );
		return index % 2 === 0 ? perTester + spread : perTester - spread;
	}

	/**
	 * One tester with everything they own. With `demo`, the tester exists already: its rows follow the demo
	 * shape, and its own columns go to demoUpdates instead of an INSERT.
	 *
	 * @param index
	 * @param demo
	 */
	private tester( index: number, demo?: DemoPlan ): void {
		const rng = new Random(
			demo
				? `${ this.seedKey }/demo/${ demo.key }`
				: `${ this.seedKey }/tester/${ index }`
		);
		const { writer, now } = this;
		const shape = demo?.shape;
		const id = demo ? demo.id : this.testerBase + index + 1;
		const drawn: CountryPeople =
			PEOPLE[
				rng.weighted(
					PEOPLE.map(
						( entry, position ) =>
							[ position, entry.weight ] as const
					)
				)
			];
		const country =
			PEOPLE.find( ( entry ) => entry.code === demo?.existing.country ) ??
			drawn;
		const gender = rng.weighted( [
			[ 'female', 45 ],
			[ 'male', 45 ],
			[ 'not-specified', 7 ],
			[ 'other', 3 ],
		] );
		const name =
			demo?.existing.name ??
			rng.pick(
				gender === 'female' ||
					( gender !== 'male' && rng.chance( 0.5 ) )
					? country.female
					: country.male
			);
		const surname = demo?.existing.surname ?? rng.pick( country.surnames );
		const email =
			demo?.existing.email ??
			`${ ascii( name ) }.${ ascii( surname ) }.${
				index + 1
			}@${ SEED_EMAIL_DOMAIN }`;
		const created = shape
			? Math.max( this.windowStart, now - shape.monthsAgo * 30 * DAY ) +
			  DAY
			: this.windowStart +
			  Math.floor(
					( rng.next() * ( now - 30 * DAY - this.windowStart ) ) /
						MINUTE
			  ) *
					MINUTE;
		const birth =
			now - ( rng.int( 19, 70 ) * 365 + rng.int( 0, 364 ) ) * DAY;
		const city = rng.pick( country.cities );

		/* devices */
		const devices: Array< {
			id: number;
			type: number;
			platformId: number;
		} > = [];
		const deviceCount =
			shape?.deviceTypes.length ??
			rng.weighted( [
				[ 1, 40 ],
				[ 2, 35 ],
				[ 3, 18 ],
				[ 4, 7 ],
			] );
		for ( let d = 0; d < deviceCount; d++ ) {
			let type: number;
			if ( shape ) {
				type = shape.deviceTypes[ d ];
			} else {
				type =
					d === 0
						? FIRST_DEVICE_TYPES[
								index % FIRST_DEVICE_TYPES.length
						  ]
						: rng.weighted( DEVICE_TYPE_WEIGHTS );
			}
			const platformId = rng.pick( PLATFORMS_BY_TYPE.get( type )! );
			const versions = VERSIONS_BY_PLATFORM.get( platformId )!;
			// Newer versions are more common.
			const version =
				versions[
					Math.min(
						rng.int( 0, versions.length - 1 ),
						rng.int( 0, versions.length - 1 )
					)
				];
			const deviceId = this.id( 'tester_devices' );
			const added =
				created + Math.floor( rng.next() * ( now - created ) * 0.3 );
			devices.push( { id: deviceId, type, platformId } );
			writer.add( 'tester_devices', [
				deviceId,
				id,
				type,
				type === 2 ? null : rng.pick( MODELS_BY_TYPE.get( type )! ),
				type === 2 ? rng.pick( PC_TYPE_IDS ) : null,
				version,
				sqlDateTime( added ),
				! shape && d > 0 && rng.chance( 0.1 )
					? sqlDateTime( added + rng.int( 1, 20 ) * DAY )
					: null,
			] );
		}

		/* applications */
		interface Application {
			id: number;
			campaign: CampaignPlan;
			status: string;
			completed: boolean;
			deviceId: number;
			applied: number;
		}
		const applications: Application[] = [];
		const applied = new Map< number, Application >();
		const apply = (
			campaign: CampaignPlan,
			forcedSelected: boolean,
			demoStatus?: { status: string; completed: boolean }
		) => {
			let status =
				demoStatus?.status ??
				( forcedSelected
					? 'selected'
					: rng.weighted( APPLICATION_STATUS[ campaign.state ] ) );
			if (
				status === 'selected' &&
				campaign.maxTesters !== null &&
				campaign.selected >= campaign.maxTesters
			) {
				status = campaign.state === 'closed' ? 'excluded' : 'applied';
			}
			if ( status === 'selected' ) {
				campaign.selected += 1;
			}
			const device =
				devices.find( ( item ) =>
					campaign.accepted.some(
						( accepted ) =>
							accepted.type === item.type &&
							( accepted.platformId === null ||
								accepted.platformId === item.platformId )
					)
				) ?? devices[ 0 ];
			const appliedAt =
				campaign.state === 'upcoming'
					? now - rng.int( 1, 20 ) * DAY - rng.int( 2, 12 ) * HOUR
					: Math.min(
							now - 2 * HOUR,
							Math.max(
								created + HOUR,
								campaign.start - rng.int( 1, 10 ) * DAY
							)
					  );
			const application: Application = {
				id: this.id( 'applications' ),
				campaign,
				status,
				completed: demoStatus
					? status === 'selected' && demoStatus.completed
					: status === 'selected' &&
					  rng.chance( COMPLETED_CHANCE[ campaign.state ] ) &&
					  ( shape?.completes ?? true ),
				deviceId: device.id,
				applied: appliedAt,
			};
			applications.push( application );
			applied.set( campaign.id, application );
		};
		if ( shape?.applyToAll ) {
			const seen: Record< CampaignState, number > = {
				upcoming: 0,
				running: 0,
				awaiting: 0,
				closed: 0,
			};
			for ( const campaign of this.campaigns.slice(
				lowerBound( this.campaigns, created - 7 * DAY )
			) ) {
				const status = DEMO_APPLY[ campaign.state ](
					seen[ campaign.state ]++
				);
				if ( status ) {
					apply( campaign, false, status );
				}
			}
		} else if ( this.campaigns.length ) {
			const first = lowerBound( this.campaigns, created - 7 * DAY );
			const available = this.campaigns.length - first;
			const wanted = Math.min( available, rng.int( 1, 10 ) );
			const picked = new Set< number >();
			while ( picked.size < wanted ) {
				picked.add( first + Math.floor( rng.next() * available ) );
			}
			for ( const position of sorted( [ ...picked ] ) ) {
				apply( this.campaigns[ position ], false );
			}
		}
		const bugCount =
			shape?.bugs ??
			this.countFor( index, this.bugsPerTester, 'bugs', 0 );
		let eligible = applications.filter(
			( item ) =>
				item.status === 'selected' && item.campaign.state !== 'upcoming'
		);
		if ( bugCount > 0 && ! eligible.length ) {
			const campaign = rng.pick(
				this.openEnded.length
					? this.openEnded
					: this.campaigns.filter(
							( item ) => item.state !== 'upcoming'
					  )
			);
			const existing = applied.get( campaign.id );
			if ( existing ) {
				if ( existing.status !== 'selected' ) {
					campaign.selected += 1;
				}
				existing.status = 'selected';
			} else {
				apply( campaign, true );
			}
			eligible = applications.filter(
				( item ) =>
					item.status === 'selected' &&
					item.campaign.state !== 'upcoming'
			);
		}
		// Ids were taken in order; rows are written in id order.
		applications.sort( ( a, b ) => a.id - b.id );
		let attended = 0;
		for ( const application of applications ) {
			const selected = application.status === 'selected';
			if ( selected && application.completed ) {
				attended += 1;
			}
			writer.add( 'applications', [
				application.id,
				id,
				application.campaign.id,
				application.status,
				application.completed ? 1 : 0,
				selected ? application.deviceId : null,
				sqlDateTime( application.applied ),
				selected
					? sqlDateTime(
							Math.min( now - HOUR, application.applied + DAY )
					  )
					: null,
				sqlDateTime(
					application.status === 'applied'
						? application.applied
						: Math.min( now - HOUR, application.applied + 2 * DAY )
				),
				// Kept alongside (0005): the campaign's status and dates, as its own row has them.
				campaignStatusId( application.campaign ),
				sqlDateTime( application.campaign.start ),
				sqlDateTime( application.campaign.end ),
				sqlDateTime( application.campaign.close ),
			] );
			writer.add( 'application_devices', [
				this.id( 'application_devices' ),
				application.id,
				application.deviceId,
			] );
		}

		/* bugs */
		interface Bug {
			campaign: CampaignPlan;
			severity: number;
			status: number;
			updated: number;
		}
		const bugs: Bug[] = [];
		let approved = 0;
		// A demo tester's first four bugs, on campaigns still in evaluation, show the four statuses.
		const evaluating = shape?.applyToAll
			? eligible.filter( ( item ) =>
					[ 'running', 'awaiting' ].includes( item.campaign.state )
			  )
			: [];
		for ( let b = 0; b < bugCount; b++ ) {
			const forced = b < 4 && evaluating.length > 0;
			const application = rng.pick( forced ? evaluating : eligible );
			const { campaign } = application;
			const status = forced
				? b + 1
				: rng.weighted( BUG_STATUS[ campaign.state ] );
			const severity = rng.pick( campaign.severities );
			const lo = Math.max( campaign.start, application.applied );
			const hi = Math.min( campaign.end, now - HOUR );
			const at =
				hi > lo
					? lo +
					  Math.floor( ( rng.next() * ( hi - lo ) ) / 1000 ) * 1000
					: lo;
			const updated =
				status <= 2
					? Math.min( now - MINUTE, at + rng.int( 1, 5 ) * DAY )
					: at;
			const screen = rng.pick( SCREENS );
			if ( status === 2 ) {
				approved += 1;
			}
			bugs.push( { campaign, severity, status, updated } );
			writer.add( 'bugs', [
				this.id( 'bugs' ),
				id,
				campaign.id,
				rng.chance( 0.6 ) ? rng.pick( campaign.taskIds ) : null,
				application.deviceId,
				`${ capitalise( rng.pick( BUG_PROBLEMS ) ) } ${ screen }`,
				severity,
				rng.pick( campaign.types ),
				rng.pick( campaign.replicabilities ),
				status,
				`1. Open the ${ screen }\n2. Fill in the form with valid data\n3. Tap the main button`,
				`The ${ screen } works and moves to the next step.`,
				rng.pick( [
					'Nothing happens.',
					'The app closes.',
					'An error is shown.',
					'The layout breaks.',
				] ),
				sqlDateTime( at - rng.int( 1, 120 ) * MINUTE ),
				sqlDateTime( at ),
				sqlDateTime( updated ),
			] );
		}

		/* experience and monthly levels */
		const experienceCount =
			shape?.experience ??
			this.countFor( index, this.experiencePerTester, 'experience', 1 );
		const monthly = new Map< number, number >();
		let totalExp = 0;
		const addExperience = (
			amount: number,
			activity: number,
			campaignId: number | null,
			note: string,
			at: number
		) => {
			totalExp += amount;
			const month = monthIndex( at );
			monthly.set( month, ( monthly.get( month ) ?? 0 ) + amount );
			writer.add( 'experience_entries', [
				this.id( 'experience_entries' ),
				id,
				amount,
				activity,
				campaignId,
				note,
				sqlDateTime( at ),
			] );
		};
		if ( experienceCount > 0 ) {
			addExperience(
				200,
				4,
				null,
				'Basic Course completed',
				created + DAY
			);
		}
		const earned: Array<
			[ number, number, number | null, string, number ]
		> = [];
		for ( const application of applications ) {
			if (
				application.completed &&
				application.campaign.state === 'closed'
			) {
				earned.push( [
					application.campaign.pts,
					1,
					application.campaign.id,
					'',
					application.campaign.close,
				] );
			}
		}
		for ( const bug of bugs ) {
			if ( bug.status === 2 ) {
				earned.push( [
					BUG_POINTS[ bug.severity ],
					2,
					bug.campaign.id,
					'',
					bug.updated,
				] );
			}
		}
		for ( const entry of earned.slice(
			0,
			Math.max( 0, experienceCount - 1 )
		) ) {
			addExperience( ...entry );
		}
		for ( let e = 1 + earned.length; e < experienceCount; e++ ) {
			const at =
				created +
				DAY +
				Math.floor(
					( rng.next() * ( now - created - DAY - MINUTE ) ) / 1000
				) *
					1000;
			const activity = rng.weighted( [
				[ 3, 30 ],
				[ 4, 50 ],
				[ 5, 20 ],
			] );
			if ( activity === 3 ) {
				const amount =
					rng.int( 5, 50 ) * ( rng.chance( 0.4 ) ? -1 : 1 );
				const campaign =
					applications.length && rng.chance( 0.5 )
						? rng.pick( applications ).campaign.id
						: null;
				addExperience( amount, 3, campaign, rng.pick( FIX_NOTES ), at );
			} else if ( activity === 4 ) {
				addExperience(
					rng.int( 2, 30 ) * 10,
					4,
					null,
					rng.pick( AWARD_NOTES ),
					at
				);
			} else {
				addExperience(
					100,
					5,
					null,
					'Referral: a friend completed the Basic Course',
					at
				);
			}
		}
		let level = 0;
		let cumulative = 0;
		for (
			let month = monthIndex( created );
			month <= monthIndex( now );
			month++
		) {
			const points = monthly.get( month ) ?? 0;
			writer.add( 'tester_monthly_levels', [
				this.id( 'tester_monthly_levels' ),
				id,
				monthStart( month ),
				level,
				points,
			] );
			cumulative += points;
			level = levelAfterMonth( level, points, cumulative );
		}

		/* fiscal profile */
		let fiscalType: string | null = null;
		if ( shape ) {
			fiscalType = 'withholding';
		} else if ( rng.chance( 0.6 ) ) {
			fiscalType = rng.weighted( FISCAL_TYPES );
		}
		const verified = shape
			? shape.fiscal === 'verified'
			: fiscalType !== null && rng.chance( 0.7 );
		if ( fiscalType ) {
			writer.add( 'fiscal_profiles', [
				this.id( 'fiscal_profiles' ),
				id,
				fiscalType,
				fiscalType === 'non-italian' ? null : fiscalCode( rng ),
				gender === 'female' ? 'female' : 'male',
				city,
				country.code,
				city,
				`Via ${ rng.pick( [
					'Roma',
					'Garibaldi',
					'Mazzini',
					'Verdi',
					'Dante',
				] ) }`,
				String( rng.int( 1, 200 ) ),
				String( rng.int( 10000, 99999 ) ),
				verified ? 'verified' : 'unverified',
				sqlDateTime( created + 2 * DAY ),
				sqlDateTime( created + ( verified ? 5 : 2 ) * DAY ),
			] );
		}

		/* booty and payments */
		const booty: Array< {
			campaignId: number | null;
			activity: number;
			name: string;
			gross: number;
			at: number;
		} > = [];
		for ( const application of applications ) {
			const { campaign } = application;
			if ( application.completed && campaign.state === 'closed' ) {
				let gross = campaign.completeBonus;
				for ( const bug of bugs ) {
					if ( bug.campaign === campaign && bug.status === 2 ) {
						gross += campaign.bugPayout[ bug.severity ];
					}
				}
				booty.push( {
					campaignId: campaign.id,
					activity: 1,
					name: campaign.title,
					gross: Math.min( gross, campaign.payoutLimit ),
					at: campaign.close + HOUR,
				} );
			}
		}
		if ( shape ? ! shape.completes : rng.chance( 0.25 ) ) {
			booty.push( {
				campaignId: null,
				activity: 5,
				name: 'Referral bonus',
				gross: rng.int( 10, 25 ) * 10,
				at:
					created +
					Math.floor( rng.next() * ( now - created - DAY ) ),
			} );
		}
		if ( ! shape && rng.chance( 0.1 ) ) {
			booty.push( {
				campaignId: null,
				activity: 4,
				name: 'Top tester bonus',
				gross: rng.int( 5, 20 ) * 100,
				at:
					created +
					Math.floor( rng.next() * ( now - created - DAY ) ),
			} );
		}
		if ( shape?.payments ) {
			// Recent bonuses: the older one goes into the processing request, the newer one stays available.
			booty.push(
				{
					campaignId: null,
					activity: 4,
					name: 'Top tester bonus',
					gross: 2000,
					at: now - 12 * DAY,
				},
				{
					campaignId: null,
					activity: 4,
					name: 'Bug parade bonus',
					gross: 1000,
					at: now - 3 * DAY,
				}
			);
		}
		booty.sort( ( a, b ) => a.at - b.at );
		const threshold = 300;
		const net = ( gross: number ) =>
			fiscalType && WITHHOLDING.has( fiscalType )
				? Math.round( gross * 0.8 )
				: gross;
		const requestOf: Array< number | null > = booty.map( () => null );
		const requests: Array< {
			id: number;
			status: string;
			from: number;
			to: number;
		} > = [];
		if ( verified ) {
			// A tester with a request in progress keeps at least their latest entry out of the paid ones.
			const processing = shape ? shape.payments : rng.chance( 0.35 );
			// Entries a demo tester keeps available after the request in progress.
			const end = booty.length - ( shape?.payments ? 1 : 0 );
			let from = 0;
			let sum = 0;
			for ( let b = 0; b < end - ( processing ? 1 : 0 ); b++ ) {
				sum += booty[ b ].gross;
				if (
					sum >= threshold &&
					booty[ b ].at < now - 30 * DAY &&
					( shape !== undefined || rng.chance( 0.7 ) )
				) {
					requests.push( {
						id: this.id( 'payment_requests' ),
						status: 'paid',
						from,
						to: b,
					} );
					from = b + 1;
					sum = 0;
				}
			}
			let open = 0;
			for ( let b = from; b < end; b++ ) {
				open += booty[ b ].gross;
			}
			if ( processing && open >= threshold ) {
				requests.push( {
					id: this.id( 'payment_requests' ),
					status: 'processing',
					from,
					to: end - 1,
				} );
			}
		}
		const paypal = rng.chance( 0.6 );
		const iban = `IT${ rng.int( 10, 99 ) }X0542811101${ String(
			rng.int( 0, 999999999 )
		).padStart( 12, '0' ) }`;
		for ( const request of requests ) {
			let gross = 0;
			let netSum = 0;
			for ( let b = request.from; b <= request.to; b++ ) {
				gross += booty[ b ].gross;
				netSum += net( booty[ b ].gross );
				requestOf[ b ] = request.id;
			}
			const last = booty[ request.to ].at;
			const paid = request.status === 'paid';
			const requested = paid
				? last + rng.int( 1, 5 ) * DAY
				: Math.min(
						now - MINUTE,
						Math.max( last + HOUR, now - rng.int( 1, 10 ) * DAY )
				  );
			writer.add( 'payment_requests', [
				request.id,
				id,
				paypal ? 'paypal' : 'iban',
				paypal ? email : null,
				paypal ? null : `${ name } ${ surname }`,
				paypal ? null : iban,
				request.status,
				gross,
				netSum,
				'EUR',
				sqlDateTime( requested ),
				paid ? sqlDateTime( requested + rng.int( 3, 20 ) * DAY ) : null,
				paid ? `receipts/${ request.id }.pdf` : null,
			] );
		}
		let bootyGross = 0;
		let bootyNet = 0;
		let pendingGross = 0;
		let pendingNet = 0;
		booty.forEach( ( entry, b ) => {
			bootyGross += entry.gross;
			bootyNet += net( entry.gross );
			if ( requestOf[ b ] === null ) {
				pendingGross += entry.gross;
				pendingNet += net( entry.gross );
			}
			writer.add( 'booty_entries', [
				this.id( 'booty_entries' ),
				id,
				entry.campaignId,
				entry.activity,
				entry.name,
				entry.gross,
				net( entry.gross ),
				'EUR',
				sqlDateTime( entry.at ),
				requestOf[ b ],
			] );
		} );

		/* the tester row itself, now that its counters are known */
		const referrer =
			index > 0 && rng.chance( 0.08 ) ? rng.int( 0, index - 1 ) : null;
		const isVerified = shape !== undefined || rng.chance( 0.85 );
		const row: Value[] = [
			id,
			SEED_WP_USER_ID_BASE + index,
			email,
			name,
			surname,
			sqlDate( birth ),
			country.code,
			shape !== undefined || rng.chance( 0.9 ) ? 1 : 0,
			isVerified ? 1 : 0,
			totalExp,
			attended,
			approved,
			bootyGross,
			bootyNet,
			pendingGross,
			pendingNet,
			threshold,
			referrer === null ? null : referralCode( referrer ),
			sqlDateTime( created ),
			sqlDateTime( created + 3 * DAY ),
			gender,
			`${ country.phonePrefix }${ String(
				rng.int( 10000000, 99999999 )
			) }`,
			city,
			rng.chance( 0.95 ) ? 1 : 0,
			isVerified ? sqlDateTime( created + HOUR ) : null,
			referralCode( index ),
			rng.chance( 0.9 ) ? rng.int( 1, EMPLOYMENT_COUNT ) : null,
			rng.chance( 0.9 ) ? rng.int( 1, EDUCATION_COUNT ) : null,
			referrer === null ? null : this.testerBase + referrer + 1,
		];
		if ( demo ) {
			// Who they are stays as signed up; the rest catches up with the rows above.
			const kept = new Set< string >( [
				'id',
				'wp_user_id',
				'email',
				'name',
				'surname',
				'birth_date',
				'country',
				'referral_code',
				'own_referral_code',
				'referred_by_tester_id',
			] );
			this.demoUpdates.push( {
				id,
				values: Object.fromEntries(
					COLUMNS.testers
						.map(
							( column, position ) =>
								[ column, row[ position ] ] as const
						)
						.filter( ( [ column ] ) => ! kept.has( column ) )
				),
			} );
		} else {
			writer.add( 'testers', row );
		}
		const spoken = new Set( [
			MOTHER_TONGUE[ country.code ] ?? 'English',
			...rng.sample( SPOKEN_LANGUAGES, rng.int( 0, 2 ) ),
		] );
		for ( const language of SPOKEN_LANGUAGES.filter( ( item ) =>
			spoken.has( item )
		) ) {
			writer.add( 'tester_languages', [
				this.id( 'tester_languages' ),
				id,
				LANGUAGE_ID.get( language )!,
			] );
		}
		if ( rng.chance( 0.25 ) ) {
			for ( const certification of sorted(
				rng.sample( CERTIFICATION_IDS, rng.int( 1, 2 ) )
			) ) {
				writer.add( 'tester_certifications', [
					this.id( 'tester_certifications' ),
					id,
					certification,
					sqlDate( created - rng.int( 30, 3000 ) * DAY ),
				] );
			}
		}

		/* popups */
		for ( const popup of this.popups ) {
			const recipient =
				popup.listEvery !== null &&
				( demo !== undefined || index % popup.listEvery === 0 );
			if ( recipient ) {
				writer.add( 'popup_recipients', [
					this.id( 'popup_recipients' ),
					id,
					popup.id,
				] );
			}
			if (
				( popup.listEvery === null || recipient ) &&
				( shape?.readsPopups ?? true ) &&
				rng.chance( 0.4 )
			) {
				const from = Math.max( popup.created, created );
				writer.add( 'popup_reads', [
					this.id( 'popup_reads' ),
					id,
					popup.id,
					sqlDateTime(
						from +
							Math.floor(
								( rng.next() * ( now - from - MINUTE ) ) / 1000
							) *
								1000
					),
				] );
			}
		}
	}
}

/* -------------------------------------------------------------------- helpers */

/** The existing testers behind the demo options; a newcomer stays as signed up, so it needs no plan. */
async function planDemo(
	db: Kysely< Database >,
	demo: DemoTester[]
): Promise< DemoPlan[] > {
	const seen = new Set< number >();
	const plans: DemoPlan[] = [];
	for ( const { testerId, profile } of demo ) {
		if ( ! DEMO_PROFILES.includes( profile ) ) {
			throw new Error(
				`Unknown demo profile "${ profile }": use ${ DEMO_PROFILES.join(
					', '
				) }`
			);
		}
		if ( seen.has( testerId ) ) {
			throw new Error(
				`Tester ${ testerId } is given more than one demo profile`
			);
		}
		seen.add( testerId );
		const existing = await db
			.selectFrom( 'testers' )
			.select( [ 'email', 'name', 'surname', 'country' ] )
			.where( 'id', '=', testerId )
			.executeTakeFirst();
		if ( ! existing ) {
			throw new Error( `Demo tester ${ testerId } does not exist` );
		}
		const history = await db
			.selectFrom( 'experience_entries' )
			.select( 'id' )
			.where( 'tester_id', '=', testerId )
			.limit( 1 )
			.executeTakeFirst();
		if ( history && profile !== 'newcomer' ) {
			// Their rows would be added to, not replaced (resetSeed keeps real testers' rows).
			throw new Error(
				`Demo tester ${ testerId } already has a history; give the profile to a fresh sign-up`
			);
		}
		if ( profile !== 'newcomer' ) {
			plans.push( {
				id: testerId,
				// The profile and its position among its kind, not the id: the same rows on any database.
				key: `${ profile }/${
					plans.filter( ( plan ) =>
						plan.key.startsWith( `${ profile }/` )
					).length
				}`,
				shape: DEMO_SHAPES[ profile ],
				existing,
			} );
		}
	}
	return plans;
}

/**
 * The level of next month (README "Levels"): up to the highest level whose reach the month's points meet; else
 * kept if they meet its hold; else one level down. Legendary, once the total reaches it, is for good.
 */
/**
 * The weights (%) planCampaigns draws states with (index.ts header, "Campaign states"): each open state the
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

/** A campaign's status_id: 2 once closed, else 1. */
const campaignStatusId = ( campaign: CampaignPlan ): number =>
	campaign.state === 'closed' ? 2 : 1;

function groupIds< Row extends { id: number } >(
	rows: readonly Row[],
	key: keyof Row
): Map< number, number[] > {
	const groups = new Map< number, number[] >();
	for ( const row of rows ) {
		const group = Number( row[ key ] );
		groups.set( group, [ ...( groups.get( group ) ?? [] ), row.id ] );
	}
	return groups;
}

/** The first campaign (sorted by start) that starts at or after `time`. */
function lowerBound( campaigns: CampaignPlan[], time: number ): number {
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

function wholeNumber( name: string, value: number ): number {
	if ( ! Number.isSafeInteger( value ) || value < 0 ) {
		throw new Error(
			`${ name } must be a whole number ≥ 0, not ${ value }`
		);
	}
	return value;
}

const sorted = ( values: number[] ): number[] =>
	values.sort( ( a, b ) => a - b );

const sqlDateTime = ( ms: number ): string =>
	new Date( ms ).toISOString().slice( 0, 19 ).replace( 'T', ' ' );

const sqlDate = ( ms: number ): string =>
	new Date( ms ).toISOString().slice( 0, 10 );

const monthIndex = ( ms: number ): number => {
	const date = new Date( ms );
	return date.getUTCFullYear() * 12 + date.getUTCMonth();
};

const monthStart = ( month: number ): string =>
	`${ Math.floor( month / 12 ) }-${ String( ( month % 12 ) + 1 ).padStart(
		2,
		'0'
	) }-01`;

const ascii = ( text: string ): string =>
	text
		.normalize( 'NFD' )
		.replace( /[^A-Za-z]/g, '' )
		.toLowerCase();

const capitalise = ( text: string ): string =>
	text[ 0 ].toUpperCase() + text.slice( 1 );

const escapeHtml = ( text: string ): string =>
	text
		.replace( /&/g, '&amp;' )
		.replace( /</g, '&lt;' )
		.replace( />/g, '&gt;' );

const referralCode = ( index: number ): string =>
	`SEED${ index.toString( 36 ).toUpperCase().padStart( 5, '0' ) }`;

/** Shaped like an Italian tax code (16 characters); not a valid one. */
function fiscalCode( rng: Random ): string {
	const letters = 'ABCDEFGHILMNOPRSTUVZ';
	const letter = () => letters[ rng.int( 0, letters.length - 1 ) ];
	const digits = ( count: number ) =>
		String( rng.int( 0, 10 ** count - 1 ) ).padStart( count, '0' );
	return `${ letter() }${ letter() }${ letter() }${ letter() }${ letter() }${ letter() }${ digits(
		2
	) }${ letter() }${ digits( 2 ) }${ letter() }${ digits( 3 ) }${ letter() }`;
}
