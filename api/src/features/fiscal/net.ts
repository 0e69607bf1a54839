import type { FiscalType } from '../../db/schema.ts';

/**
 * What a tester is paid net of a gross amount, by fiscal type: the one rule the bug form's payout estimator and the
 * wallet share. Italian occasional workers (withholding, under 5,000 euro a year, and witholding-extra, over it)
 * have 20% withheld at source; every other type (VAT holders, companies, foreign testers, employees), and a
 * tester without a fiscal profile, is paid the gross and settles their own taxes.
 */

export const WITHHOLDING_PERCENT = 20;

const WITHHELD: ReadonlySet< string > = new Set< FiscalType >( [
	'withholding',
	'witholding-extra',
] );

/**
 * The percentage withheld at source for a fiscal type (null: no fiscal profile).
 *
 * @param type
 */
export const withheldPercentOf = ( type: string | null | undefined ) =>
	type && WITHHELD.has( type ) ? WITHHOLDING_PERCENT : 0;

/**
 * The net of a gross amount in cents, rounded to the cent.
 *
 * @param grossCents
 * @param type
 */
export const netCentsOf = (
	grossCents: number,
	type: string | null | undefined
) => Math.round( ( grossCents * ( 100 - withheldPercentOf( type ) ) ) / 100 );
