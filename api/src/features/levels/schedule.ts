import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
	LEASE_TTL_MS,
	currentMonth,
	isMonthDone,
	runLevelChange,
	type LevelChangeResult,
} from './change.ts';
import { createLease, processHolder } from './lease.ts';

/** The lease's name in `leases`. */
export const LEVEL_CHANGE_LEASE = 'level-change';

/** How often a running API looks whether this month's change is done: the first look after a month begins. */
export const CHECK_INTERVAL_MS = 60 * 60_000;

type Log = Pick< FastifyBaseLogger, 'info' | 'warn' | 'error' >;

export interface LevelChangeOptions {
	/** This process in the lease; a fresh processHolder() by default. */
	holder?: string;
	/** The clock (tests move it). */
	now?: () => Date;
}

/**
 * The change of `month` unless it is done, by whoever gets the lease: with several API instances on one database,
 * the first takes the lease and runs it, the others find the lease held (or, after it, the month done) and leave
 * it. The lease is taken before looking at level_changes, so a run that finished meanwhile is seen.
 *
 * @param db
 * @param month          `YYYY-MM`.
 * @param log
 * @param options
 * @param options.holder
 * @param options.now
 * @return The run's counts, or undefined when this process did not run it.
 */
export async function changeLevelsIfDue(
	db: Kysely< Database >,
	month: string,
	log: Log,
	{
		holder = processHolder(),
		now = () => new Date(),
	}: LevelChangeOptions = {}
): Promise< LevelChangeResult | undefined > {
	if ( await isMonthDone( db, month ) ) {
		return undefined;
	}
	const lease = createLease( db, LEVEL_CHANGE_LEASE, holder );
	if ( ! ( await lease.acquire( LEASE_TTL_MS, now() ) ) ) {
		log.info(
			{ month },
			'levels: another instance holds the level change lease'
		);
		return undefined;
	}
	try {
		if ( await isMonthDone( db, month ) ) {
			return undefined;
		}
		const result = await runLevelChange( db, month, lease );
		logResult( log, result );
		return result;
	} finally {
		await lease.release();
	}
}

/**
 * One log line for a run: the counts and the time.
 *
 * @param log
 * @param result
 */
export function logResult( log: Log, result: LevelChangeResult ): void {
	log.info(
		{
			month: result.month,
			testers: result.testers,
			raised: result.raised,
			lowered: result.lowered,
			held: result.held,
			written: result.written,
			byLevel: result.byLevel,
			ms: result.ms,
		},
		'levels: monthly level change done'
	);
}

/**
 * The API's schedule: looks at once, then every `intervalMs` (a timer that does not keep the process alive),
 * whether the current month's change is done, and runs it if not (changeLevelsIfDue). A failed look is logged
 * and tried again at the next one.
 *
 * @param db
 * @param log
 * @param options
 * @param options.intervalMs
 * @param options.holder
 * @param options.now
 * @return `first`: the first look; `stop()`: no more looks, and waits for one under way (before closing the
 *         database).
 */
export function scheduleLevelChanges(
	db: Kysely< Database >,
	log: Log,
	{
		intervalMs = CHECK_INTERVAL_MS,
		holder = processHolder(),
		now = () => new Date(),
	}: LevelChangeOptions & { intervalMs?: number } = {}
) {
	let stopped = false;
	let current: Promise< LevelChangeResult | undefined > | undefined;
	const look = () => {
		if ( stopped || current ) {
			return current;
		}
		current = changeLevelsIfDue( db, currentMonth( now() ), log, {
			holder,
			now,
		} )
			.catch( ( error ) => {
				log.error(
					{ err: error },
					'levels: the monthly level change failed; it is tried again at the next check'
				);
				return undefined;
			} )
			.finally( () => {
				current = undefined;
			} );
		return current;
	};
	const timer = setInterval( look, intervalMs );
	timer.unref();
	const first = look();
	return {
		first,
		async stop(): Promise< void > {
			stopped = true;
			clearInterval( timer );
			await current;
		},
	};
}
