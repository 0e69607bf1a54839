import type { IsolationLevel, Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * MariaDB's deadlock and lock-wait errors, SQLite's busy database: the transaction may simply be run again. An
 * INSERT … SELECT that InnoDB picks as a deadlock victim can report ER_AUTOINC_READ_FAILED instead.
 */
const RETRYABLE = new Set( [
	'ER_LOCK_DEADLOCK',
	'ER_AUTOINC_READ_FAILED',
	'ER_LOCK_WAIT_TIMEOUT',
	'SQLITE_BUSY',
	'SQLITE_BUSY_SNAPSHOT',
] );

export const TRANSACTION_ATTEMPTS = 4;

/**
 * Runs `work` in a transaction, and runs it again (up to TRANSACTION_ATTEMPTS times in all, after a short random
 * pause) when the database gave it up to let a concurrent one through — InnoDB resolves deadlocks that way and
 * expects the application to retry. `work` must therefore do nothing outside the database that a second run
 * would repeat.
 *
 * `isolationLevel` is MariaDB's (SQLite's transactions hold the whole database): `read committed` for one whose
 * locking reads must lock the rows they find and no gaps, where the gap locks of REPEATABLE READ, InnoDB's
 * default, make neighbours' inserts wait or deadlock (payment requests: docs/performance.md, 2026-11-30).
 *
 * @param db
 * @param work
 * @param options
 * @param options.isolationLevel
 */
export async function inTransaction< Result >(
	db: Kysely< Database >,
	work: ( trx: Transaction< Database > ) => Promise< Result >,
	{ isolationLevel }: { isolationLevel?: IsolationLevel } = {}
): Promise< Result > {
	for ( let attempt = 1; ; attempt++ ) {
		try {
			const transaction = db.transaction();
			return await ( isolationLevel
				? transaction.setIsolationLevel( isolationLevel )
				: transaction
			).execute( work );
		} catch ( error ) {
			const code = ( error as { code?: unknown } | null )?.code;
			if (
				attempt >= TRANSACTION_ATTEMPTS ||
				typeof code !== 'string' ||
				! RETRYABLE.has( code )
			) {
				throw error;
			}
			await new Promise( ( resolve ) =>
				setTimeout( resolve, 5 + Math.random() * 20 * attempt )
			);
		}
	}
}
