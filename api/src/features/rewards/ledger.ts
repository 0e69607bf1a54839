/**
 * The one way the back office pays a tester points and booty (issue 27): an experience entry with the tester's
 * total and the month's ranking points in step, and a booty entry with the tester's earned and pending amounts in
 * step. Each runs inside the caller's transaction (db/transaction.ts inTransaction), so the entry and its kept
 * totals land together or not at all; whoever calls makes sure a thing is paid once (bug_rewards,
 * campaign_completions).
 */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toSqlDateTime } from '../../db/values.ts';
import { netCentsOf } from '../fiscal/net.ts';
import { recordMonthlyPoints } from '../ranking/monthly-points.ts';
import { monthOf } from '../ranking/rank.ts';

/** Experience activities (experience_entries.activity_id). */
export const ACTIVITY = {
	campaignCompletion: 1,
	bugEvaluation: 2,
	pointsFix: 3,
	extraAward: 4,
	referral: 5,
} as const;

/** Experience points of an approved bug, by severity id (1 Low … 4 Critical). */
export const BUG_POINTS: readonly number[] = [ 0, 5, 10, 20, 40 ];

export interface ExperienceAward {
	testerId: number;
	/** Signed points. */
	amount: number;
	activityId: number;
	campaignId: number | null;
	note?: string;
	at: Date;
}

export interface BootyAward {
	testerId: number;
	campaignId: number | null;
	activityId: number;
	/** What the tester reads in the booty details, e.g. "CP12 - Bug 3456". */
	name: string;
	grossCents: number;
	at: Date;
}

/**
 * Writes an experience entry, adds it to the tester's total and to the points of its month.
 *
 * @param db    The database `trx` runs on.
 * @param trx
 * @param award
 */
export async function awardExperience(
	db: Kysely< Database >,
	trx: Transaction< Database >,
	award: ExperienceAward
): Promise< void > {
	if ( award.amount === 0 ) {
		return;
	}
	await trx
		.insertInto( 'experience_entries' )
		.values( {
			tester_id: award.testerId,
			amount: award.amount,
			activity_id: award.activityId,
			campaign_id: award.campaignId,
			note: award.note ?? '',
			created_at: toSqlDateTime( award.at ),
		} )
		.execute();
	await trx
		.updateTable( 'testers' )
		.set( {
			total_exp_pts: sql< number >`total_exp_pts + ${ award.amount }`,
		} )
		.where( 'id', '=', award.testerId )
		.execute();
	// A month without a row yet starts at the tester's latest level.
	const latest = await trx
		.selectFrom( 'tester_monthly_levels' )
		.select( 'level_id' )
		.where( 'tester_id', '=', award.testerId )
		.orderBy( 'month', 'desc' )
		.limit( 1 )
		.executeTakeFirst();
	await recordMonthlyPoints(
		db,
		trx,
		award.testerId,
		monthOf( award.at ),
		award.amount,
		latest?.level_id ?? 0
	);
}

/**
 * Writes a pending booty entry, net of the tester's fiscal type, and adds it to their earned and pending amounts.
 *
 * @param trx
 * @param award
 * @return The gross and net written, in cents.
 */
export async function awardBooty(
	trx: Transaction< Database >,
	award: BootyAward
): Promise< { grossCents: number; netCents: number } > {
	if ( award.grossCents <= 0 ) {
		return { grossCents: 0, netCents: 0 };
	}
	const fiscal = await trx
		.selectFrom( 'fiscal_profiles' )
		.select( 'type' )
		.where( 'tester_id', '=', award.testerId )
		.executeTakeFirst();
	const netCents = netCentsOf( award.grossCents, fiscal?.type );
	await trx
		.insertInto( 'booty_entries' )
		.values( {
			tester_id: award.testerId,
			campaign_id: award.campaignId,
			activity_id: award.activityId,
			name: award.name,
			gross_cents: award.grossCents,
			net_cents: netCents,
			attributed_at: toSqlDateTime( award.at ),
		} )
		.execute();
	await trx
		.updateTable( 'testers' )
		.set( {
			booty_gross_cents: sql< number >`booty_gross_cents + ${ award.grossCents }`,
			booty_net_cents: sql< number >`coalesce(booty_net_cents, 0) + ${ netCents }`,
			pending_booty_gross_cents: sql< number >`pending_booty_gross_cents + ${ award.grossCents }`,
			pending_booty_net_cents: sql< number >`coalesce(pending_booty_net_cents, 0) + ${ netCents }`,
		} )
		.where( 'id', '=', award.testerId )
		.execute();
	return { grossCents: award.grossCents, netCents };
}
