import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FileStorage } from '../storage/index.ts';
import { planDemo, type DemoPlan, type DemoTester } from './demo.ts';
import { Random } from './random.ts';
import { countSeeded } from './seeded.ts';
import { DAY } from './values.ts';
import {
	BulkWriter,
	SEED_TABLES,
	type SeedTable,
	type TableStats,
} from './writer.ts';

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
	/** WordPress users (tester leads) who lead the campaigns the demo testers applied to (demo-leads.ts). */
	leadWpUserIds?: number[];
	/** Where the demo bugs' media files go (bug-reports.ts); without one, their rows are written without files. */
	storage?: FileStorage;
	onProgress?: ( progress: SeedProgress ) => void;
}

export interface SeedProgress {
	testersDone: number;
	testers: number;
	elapsedMs: number;
	tables: ReadonlyMap< SeedTable, TableStats >;
}

/**
 * One seed's settings, checked, with the writer and the next id of every table: ids are assigned here, after
 * the highest id already in each table, so child rows need no read-back.
 */
export class SeedContext {
	readonly writer: BulkWriter;
	readonly seedKey: string;
	readonly testers: number;
	readonly campaignCount: number;
	readonly bugsPerTester: number;
	readonly experiencePerTester: number;
	readonly now: number;
	readonly windowStart: number;
	readonly chunkTesters: number;
	readonly onProgress?: SeedOptions[ 'onProgress' ];
	private readonly next: Record< SeedTable, number >;

	private constructor(
		db: Kysely< Database >,
		options: SeedOptions,
		maxIds: Record< SeedTable, number >,
		demoTesters: number
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
				demoTesters > 0 )
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

	/**
	 * Refuses a database that holds seeded rows already, reads each table's highest id and the demo testers.
	 *
	 * @param db
	 * @param options
	 */
	static async create(
		db: Kysely< Database >,
		options: SeedOptions
	): Promise< { context: SeedContext; demo: DemoPlan[] } > {
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
		const demo = await planDemo( db, options.demo ?? [] );
		return {
			context: new SeedContext( db, options, maxIds, demo.length ),
			demo,
		};
	}

	id( table: SeedTable ): number {
		this.next[ table ] += 1;
		return this.next[ table ];
	}

	/** The last id taken in `table` (its highest one before the seed, when none was). */
	lastId( table: SeedTable ): number {
		return this.next[ table ];
	}

	/**
	 * Exactly `perTester` on average: pairs of testers get perTester ± d.
	 *
	 * @param index
	 * @param perTester
	 * @param stream
	 * @param minimum
	 */
	countFor(
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
}

function wholeNumber( name: string, value: number ): number {
	if ( ! Number.isSafeInteger( value ) || value < 0 ) {
		throw new Error(
			`${ name } must be a whole number ≥ 0, not ${ value }`
		);
	}
	return value;
}
