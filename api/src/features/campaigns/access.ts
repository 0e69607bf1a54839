/**
 * Who may see and use one campaign: the reads and the refusals every campaign call under
 * `/users/me/campaigns/{campaignId}` starts with (spec section 6, "Roles and permissions").
 *
 * - A campaign the tester may not see is answered as a missing one (404), so its existence is not told: a
 *   public one is seen by every tester; a targeted one by the testers it targets (country, a spoken language,
 *   this month's level) and by those who applied; an internal one only by those with an application; a
 *   small-group one by those listed or with an application.
 * - The manual, the tasks and their media are for a selected tester only (403); a write also needs the contract
 *   accepted (the manual's start button), which needs the start date passed.
 */
import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { ApplicationStatus, Database } from '../../db/schema.ts';
import { queryTemplate } from '../../db/query-template.ts';
import { toInteger, toSqlDateTime } from '../../db/values.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { monthOf } from '../ranking/repository.ts';

export const CAMPAIGN_NOT_FOUND_MESSAGE = 'Campaign not found';
/** Spec section 8, "No access": the manual and every call of a selected tester. */
export const NO_PERMISSION_MESSAGE =
	'You do not have permission to access this campaign';
export const NO_ACCESS_MESSAGE = 'You do not have access to this campaign';

export interface CampaignAccess {
	tester: { id: number };
	campaign: {
		id: number;
		statusId: number;
		/** As stored (`YYYY-MM-DD HH:MM:SS`, UTC). */
		startDate: string;
		endDate: string;
		maxTesters: number | null;
		selectedCount: number;
	};
	/** The tester's application, undefined without one. */
	application?: {
		id: number;
		status: ApplicationStatus;
		contractAcceptedAt: string | null;
	};
}

/** The tester of a WordPress user with one campaign, their application, and what decides whether they see it. */
const accessRow = queryTemplate(
	( db, values: { wpUserId: number; campaignId: number; month: string } ) =>
		db
			.selectFrom( 'testers as me' )
			.leftJoin( 'campaigns as c', ( join ) =>
				join.on( 'c.id', '=', values.campaignId )
			)
			.leftJoin( 'applications as a', ( join ) =>
				join
					.onRef( 'a.tester_id', '=', 'me.id' )
					.onRef( 'a.campaign_id', '=', 'c.id' )
			)
			.leftJoin( 'campaign_targets as g', ( join ) =>
				join
					.onRef( 'g.tester_id', '=', 'me.id' )
					.onRef( 'g.campaign_id', '=', 'c.id' )
			)
			.leftJoin( 'tester_monthly_levels as ml', ( join ) =>
				join
					.onRef( 'ml.tester_id', '=', 'me.id' )
					.on( 'ml.month', '=', values.month )
			)
			.leftJoin( 'tester_languages as tl', ( join ) =>
				join
					.onRef( 'tl.tester_id', '=', 'me.id' )
					.onRef( 'tl.language_id', '=', 'c.target_language_id' )
			)
			.select( [
				'me.id as tester_id',
				'me.country',
				'c.id as campaign_id',
				'c.status_id',
				'c.start_date',
				'c.end_date',
				'c.visibility',
				'c.target_country',
				'c.target_min_level_id',
				'c.target_language_id',
				'c.max_testers',
				'c.selected_count',
				'a.id as application_id',
				'a.status as application_status',
				'a.contract_accepted_at',
				'g.id as listed',
				'ml.level_id',
				'tl.id as speaks',
			] )
			.where( 'me.wp_user_id', '=', values.wpUserId )
);

/**
 * The tester of a WordPress user with one campaign and their application of it, in one statement. Undefined
 * when the WordPress user has no tester (callers answer with `orNoTester`).
 *
 * @param db
 * @param wpUserId
 * @param campaignId
 * @throws HttpError 404 when the campaign is unknown or not one the tester may see.
 */
export async function readCampaignAccess(
	db: Kysely< Database >,
	wpUserId: number,
	campaignId: number
): Promise< CampaignAccess | undefined > {
	const row = await accessRow.first( db, {
		wpUserId,
		campaignId,
		month: monthOf( new Date() ),
	} );
	if ( ! row ) {
		return undefined;
	}
	if ( row.campaign_id === null ) {
		throw notFound( CAMPAIGN_NOT_FOUND_MESSAGE );
	}
	const applied = row.application_id !== null;
	const targeted =
		( row.target_country === null || row.target_country === row.country ) &&
		( row.target_min_level_id === null ||
			row.target_min_level_id <= ( row.level_id ?? 0 ) ) &&
		( row.target_language_id === null || row.speaks !== null );
	const visible =
		applied ||
		row.visibility === 'public' ||
		( row.visibility === 'target' && targeted ) ||
		( row.visibility === 'small-group' && row.listed !== null );
	if ( ! visible ) {
		throw notFound( CAMPAIGN_NOT_FOUND_MESSAGE );
	}
	return {
		tester: { id: toInteger( row.tester_id ) },
		campaign: {
			id: toInteger( row.campaign_id ),
			statusId: toInteger( row.status_id ?? 0 ),
			startDate: row.start_date ?? '',
			endDate: row.end_date ?? '',
			maxTesters:
				row.max_testers === null ? null : toInteger( row.max_testers ),
			selectedCount: toInteger( row.selected_count ?? 0 ),
		},
		application: applied
			? {
					id: toInteger( row.application_id ?? 0 ),
					status: row.application_status ?? 'applied',
					contractAcceptedAt: row.contract_accepted_at,
			  }
			: undefined,
	};
}

/**
 * Refuses a tester who is not selected in the campaign (applied, excluded or no application).
 *
 * @param _request The call, for the log of a refusal.
 * @param access
 * @throws HttpError 403 "You do not have permission to access this campaign".
 */
export function requireSelected(
	_request: FastifyRequest,
	access: CampaignAccess
): asserts access is CampaignAccess & {
	application: NonNullable< CampaignAccess[ 'application' ] >;
} {
	if ( access.application?.status !== 'selected' ) {
		throw forbidden( NO_PERMISSION_MESSAGE );
	}
}

/**
 * Refuses a write before the tester has started the campaign (accepted its contract on the manual).
 *
 * @param access
 * @throws HttpError 403 "You do not have permission to access this campaign".
 */
export function requireStarted( access: CampaignAccess ): void {
	if ( ! access.application?.contractAcceptedAt ) {
		throw forbidden( NO_PERMISSION_MESSAGE );
	}
}

/**
 * Whether the campaign's start date has passed (the manual is ready, the subscription is closed).
 *
 * @param access
 * @param now
 */
export const hasStarted = ( access: CampaignAccess, now = new Date() ) =>
	access.campaign.startDate <= toSqlDateTime( now );
