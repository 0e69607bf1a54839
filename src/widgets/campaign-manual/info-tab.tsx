import { useId, useMemo } from '@wordpress/element';

import { ErrorNotice } from '../../components/error-notice';
import { Spinner } from '../../components/spinner';
import { useConfig } from '../../hooks/use-config';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import type { CampaignDetail, PayoutData } from '../../services/contract';
import { block } from './block';
import { sanitizeContent } from './content';
import { formatEuros } from './format';
import { useGetMyCampaignPayoutDataQuery } from './manual-api';

/** The severities, most severe first, with the payout field of each. */
const SEVERITIES = [
	[ 'bugValues.severityCritical', 'critical_bug_payout' ],
	[ 'bugValues.severityHigh', 'high_bug_payout' ],
	[ 'bugValues.severityMedium', 'medium_bug_payout' ],
	[ 'bugValues.severityLow', 'low_bug_payout' ],
] as const;

/**
 * The spec's maximum payout: the completion bonus, plus the most the approved bugs pay, plus the top tester
 * bonus. Summed in cents, so two-decimal amounts add up exactly.
 *
 * @param payout
 */
export function maximumPayout( payout: PayoutData ): number {
	const cents = [
		payout.campaign_complete_bonus_eur,
		payout.payout_limit,
		payout.top_tester_bonus,
	].reduce( ( sum, euros ) => sum + Math.round( euros * 100 ), 0 );
	return cents / 100;
}

/**
 * The payout block, expanded: the completion bonus with its conditions, what each approved bug pays by
 * severity, the top tester bonus, the maximum payout sentence and the FAQ link.
 *
 * @param props
 * @param props.payout
 */
function Payout( { payout }: { payout: PayoutData } ) {
	const { t } = useTranslation();
	const config = useConfig();
	const titleId = useId();
	const euros = ( value: number ) => formatEuros( value, config.locale );
	const conditions: string[] = [];
	if ( payout.minimum_bugs > 0 ) {
		conditions.push(
			t( 'campaignManual.conditionBugs', {
				count: payout.minimum_bugs,
			} )
		);
	}
	if ( payout.percent_usecases >= 100 ) {
		conditions.push( t( 'campaignManual.conditionAllTasks' ) );
	} else if ( payout.percent_usecases > 0 ) {
		conditions.push(
			t( 'campaignManual.conditionTasks', {
				percent: payout.percent_usecases,
			} )
		);
	}
	return (
		<section
			className={ `${ block }__payout` }
			aria-labelledby={ titleId }
			data-manual-section="payout"
		>
			<h2 id={ titleId } className={ `${ block }__section-title` }>
				{ t( 'campaignManual.payoutTitle' ) }
			</h2>
			<dl className={ `${ block }__payout-list` }>
				<div className={ `${ block }__payout-row` }>
					<dt>{ t( 'campaignManual.completionBonus' ) }</dt>
					<dd>
						{ euros( payout.campaign_complete_bonus_eur ) }
						{ conditions.length > 0 && (
							<>
								<span className={ `${ block }__payout-note` }>
									{ t( 'campaignManual.conditionsIntro' ) }
								</span>
								<ul
									className={ `${ block }__payout-conditions` }
								>
									{ conditions.map( ( condition ) => (
										<li key={ condition }>{ condition }</li>
									) ) }
								</ul>
							</>
						) }
					</dd>
				</div>
				<div className={ `${ block }__payout-row` }>
					<dt>{ t( 'campaignManual.bugPayoutTitle' ) }</dt>
					<dd>
						<ul className={ `${ block }__severities` }>
							{ SEVERITIES.map( ( [ label, field ] ) => (
								<li
									key={ field }
									className={ `${ block }__severity` }
								>
									<span>{ t( label ) }</span>{ ' ' }
									<strong>
										{ euros( payout[ field ] ) }
									</strong>
								</li>
							) ) }
						</ul>
					</dd>
				</div>
				<div className={ `${ block }__payout-row` }>
					<dt>{ t( 'campaignManual.topTesterTitle' ) }</dt>
					<dd>
						{ t( 'campaignManual.topTesterText', {
							amount: euros( payout.top_tester_bonus ),
						} ) }
					</dd>
				</div>
				<div className={ `${ block }__payout-row` }>
					<dt>{ t( 'campaignManual.experiencePoints' ) }</dt>
					<dd>
						{ t( 'campaignManual.points', {
							points: payout.campaign_pts,
						} ) }
					</dd>
				</div>
			</dl>
			<p className={ `${ block }__payout-max` }>
				{ t( 'campaignManual.maxPayout', {
					amount: euros( maximumPayout( payout ) ),
					limit: euros( payout.payout_limit ),
				} ) }
			</p>
			<p className={ `${ block }__faq` }>
				{ t( 'campaignManual.faqText' ) }{ ' ' }
				<a href={ routeUrl( config, 'faq' ) }>
					{ t( 'campaignManual.faqLink' ) }
				</a>
			</p>
		</section>
	);
}

function PayoutSection( { campaignId }: { campaignId: number } ) {
	const { t } = useTranslation();
	const { data, isError, isFetching, refetch } =
		useGetMyCampaignPayoutDataQuery( campaignId );
	if ( isError && ! isFetching ) {
		return (
			<ErrorNotice
				title={ t( 'campaignManual.payoutError' ) }
				onRetry={ refetch }
			/>
		);
	}
	return data ? (
		<Payout payout={ data } />
	) : (
		<Spinner label={ t( 'campaignManual.payoutLoading' ) } />
	);
}

/**
 * The Info tab: the manual's text, sanitised, then the payout block.
 *
 * @param props
 * @param props.campaign
 */
export function InfoTab( { campaign }: { campaign: CampaignDetail } ) {
	const { t } = useTranslation();
	const html = useMemo(
		() => sanitizeContent( campaign.manual ),
		[ campaign.manual ]
	);
	return (
		<div className={ `${ block }__info` }>
			{ html.trim() ? (
				<div
					className={ `${ block }__content` }
					data-manual-section="content"
					// Sanitised by sanitizeContent (DOMPurify, rich text only).
					dangerouslySetInnerHTML={ { __html: html } }
				/>
			) : (
				<p className={ `${ block }__empty` }>
					{ t( 'campaignManual.manualEmpty' ) }
				</p>
			) }
			<PayoutSection campaignId={ campaign.id } />
		</div>
	);
}
