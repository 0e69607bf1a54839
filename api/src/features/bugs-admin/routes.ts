import type { FastifyRequest } from 'fastify';
import { handler } from '../../contract/handler.ts';
import {
	requireBackOffice,
	requireCampaignLead,
	NOT_YOUR_CAMPAIGN_MESSAGE,
	type BackOfficeCaller,
} from '../../lib/back-office.ts';
import { forbidden, HttpError, notFound } from '../../lib/errors.ts';
import type {
	AdminBugRow,
	Payment,
	Review,
	ReviewStatus,
} from './repository.ts';

export const ADMIN_BUG_NOT_FOUND_MESSAGE = 'Bug not found';
export const COMMENT_REQUIRED_MESSAGE =
	'A comment is required to refuse a bug or ask for its review';

/**
 * The caller, when they may review bug `bugId`: an administrator, or the lead of its campaign.
 *
 * @param request
 * @param bugId
 * @throws HttpError 403 for anyone else (a lead is not told whether the bug exists), 404 for an administrator
 *                   asking for a bug that does not exist.
 */
async function requireBugLead(
	request: FastifyRequest,
	bugId: number
): Promise< BackOfficeCaller > {
	const caller = requireBackOffice( request );
	const campaignId =
		await request.server.services.bugsAdmin.campaignOf( bugId );
	if ( campaignId === undefined ) {
		throw caller.isAdministrator
			? notFound( ADMIN_BUG_NOT_FOUND_MESSAGE )
			: forbidden( NOT_YOUR_CAMPAIGN_MESSAGE );
	}
	return requireCampaignLead( request, campaignId );
}

/**
 * A bug as the contract answers it, its media as URLs signed now.
 *
 * @param request
 * @param bug
 */
function answerOf( request: FastifyRequest, bug: AdminBugRow ) {
	const { mediaUrls } = request.server.services;
	const now = Date.now();
	return {
		...bug,
		media: bug.media.map( ( { id, name, mimeType, storageKey } ) => ( {
			id,
			name,
			mimeType,
			url: mediaUrls.url( storageKey, now ),
		} ) ),
	};
}

/**
 * What a review paid, in euros.
 *
 * @param paid
 */
const paidOf = ( paid: Payment | null ) =>
	paid && { points: paid.points, gross: paid.grossCents / 100 };

/** A campaign's bugs for review. */
export const listCampaignBugs = handler< 'listCampaignBugs' >(
	async ( request ) => {
		const { campaignId } = request.params;
		await requireCampaignLead( request, campaignId );
		const { status, severity, search, start, limit, order } = request.query;
		return request.server.services.bugsAdmin.list( campaignId, {
			status,
			severity,
			search,
			start,
			limit,
			order,
		} );
	}
);

/** One bug's whole report. */
export const getAdminBug = handler< 'getAdminBug' >( async ( request ) => {
	const { bugId } = request.params;
	await requireBugLead( request, bugId );
	const bug = await request.server.services.bugsAdmin.find( bugId );
	if ( ! bug ) {
		throw notFound( ADMIN_BUG_NOT_FOUND_MESSAGE );
	}
	return answerOf( request, bug );
} );

/**
 * A review's decision from its body: the comment trimmed (null when none).
 *
 * @param body
 * @param body.status
 * @param body.comment
 * @throws HttpError 400 (field `comment`) when refusing or asking for review without a comment.
 */
function reviewOf( body: { status: ReviewStatus; comment?: string } ): Review {
	const comment = body.comment?.trim() || null;
	if ( body.status !== 'approved' && comment === null ) {
		throw new HttpError( 400, COMMENT_REQUIRED_MESSAGE, {
			fields: { field: 'comment' },
		} );
	}
	return { status: body.status, comment };
}

/** Approves, refuses or asks for review of a bug; the first approval pays it. */
export const reviewAdminBug = handler< 'reviewAdminBug' >(
	async ( request ) => {
		const { bugId } = request.params;
		const caller = await requireBugLead( request, bugId );
		const { bugsAdmin } = request.server.services;
		const reviewed = await bugsAdmin.review(
			caller,
			bugId,
			reviewOf( request.body )
		);
		// Deleted between the check and the review.
		const bug =
			reviewed.outcome === 'reviewed'
				? await bugsAdmin.find( bugId )
				: undefined;
		if ( reviewed.outcome === 'not-found' || ! bug ) {
			throw notFound( ADMIN_BUG_NOT_FOUND_MESSAGE );
		}
		return { ...answerOf( request, bug ), paid: paidOf( reviewed.paid ) };
	}
);

/**
 * Approves, refuses or asks for review of several bugs of a campaign in one transaction: all of them, or none when
 * one id is not a bug of the campaign (404) or anything fails on the way.
 */
export const reviewCampaignBugs = handler< 'reviewCampaignBugs' >(
	async ( request ) => {
		const { campaignId } = request.params;
		const caller = await requireCampaignLead( request, campaignId );
		const reviewed = await request.server.services.bugsAdmin.reviewMany(
			caller,
			campaignId,
			request.body.bugs,
			reviewOf( request.body )
		);
		if ( reviewed.outcome === 'not-found' ) {
			throw notFound( ADMIN_BUG_NOT_FOUND_MESSAGE );
		}
		return {
			reviewed: reviewed.reviewed,
			paid: {
				points: reviewed.paid.points,
				gross: reviewed.paid.grossCents / 100,
			},
		};
	}
);
