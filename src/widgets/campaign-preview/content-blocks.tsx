import type { ReactNode } from 'react';
import { useId } from '@wordpress/element';

import { ErrorNotice } from '../../components/error-notice';
import { Spinner } from '../../components/spinner';
import { useConfig } from '../../hooks/use-config';
import { useTranslation } from '../../lib/use-translation';
import type { CampaignPreview, PayoutData } from '../../services/contract';
import { formatEuros } from './format';
import {
	useGetMyCampaignPayoutDataQuery,
	useGetMyCampaignQuery,
} from './preview-api';
import { CampaignTypeIcon } from './type-icon';

const block = 'wp-block-crowdscout-campaign-preview';

function ContentBlock( {
	name,
	title,
	children,
}: {
	name: string;
	title: string;
	children: ReactNode;
} ) {
	const titleId = useId();
	return (
		<section
			className={ `${ block }__block ${ block }__block--${ name }` }
			aria-labelledby={ titleId }
		>
			<h2 id={ titleId } className={ `${ block }__block-title` }>
				{ title }
			</h2>
			{ children }
		</section>
	);
}

function Amounts( { rows }: { rows: Array< [ string, string ] > } ) {
	return (
		<dl className={ `${ block }__amounts` }>
			{ rows.map( ( [ term, amount ] ) => (
				<div key={ term } className={ `${ block }__amount` }>
					<dt>{ term }</dt>
					<dd>{ amount }</dd>
				</div>
			) ) }
		</dl>
	);
}

function PayoutDetails( { payout }: { payout: PayoutData } ) {
	const { t, i18n } = useTranslation();
	const euros = ( amount: number ) => formatEuros( amount, i18n.language );
	const conditions: string[] = [];
	if ( payout.minimum_bugs > 0 ) {
		conditions.push(
			t( 'campaignPreview.conditionMinimumBugs', {
				count: payout.minimum_bugs,
			} )
		);
	}
	if ( payout.percent_usecases >= 100 ) {
		conditions.push( t( 'campaignPreview.conditionAllActivities' ) );
	} else if ( payout.percent_usecases > 0 ) {
		conditions.push(
			t( 'campaignPreview.conditionActivities', {
				percent: payout.percent_usecases,
			} )
		);
	}
	return (
		<>
			<Amounts
				rows={ [
					[
						t( 'campaignPreview.completionBonus' ),
						euros( payout.campaign_complete_bonus_eur ),
					],
				] }
			/>
			{ conditions.length > 0 && (
				<ul className={ `${ block }__conditions` }>
					{ conditions.map( ( condition ) => (
						<li key={ condition }>{ condition }</li>
					) ) }
				</ul>
			) }
			<h3 className={ `${ block }__block-subtitle` }>
				{ t( 'campaignPreview.bugPayouts' ) }
			</h3>
			<Amounts
				rows={ [
					[
						t( 'bugValues.severityCritical' ),
						euros( payout.critical_bug_payout ),
					],
					[
						t( 'bugValues.severityHigh' ),
						euros( payout.high_bug_payout ),
					],
					[
						t( 'bugValues.severityMedium' ),
						euros( payout.medium_bug_payout ),
					],
					[
						t( 'bugValues.severityLow' ),
						euros( payout.low_bug_payout ),
					],
				] }
			/>
			<p className={ `${ block }__note` }>
				{ t( 'campaignPreview.payoutLimit', {
					amount: euros( payout.payout_limit ),
				} ) }
			</p>
			<Amounts
				rows={ [
					[
						t( 'campaignPreview.topTesterBonus' ),
						euros( payout.top_tester_bonus ),
					],
				] }
			/>
		</>
	);
}

/**
 * The payout block: the completion bonus and its conditions, what each approved bug pays by severity, and the
 * top tester bonus (spec section 9, "Payout display").
 *
 * @param props
 * @param props.campaignId
 */
export function PayoutBlock( { campaignId }: { campaignId: number } ) {
	const { t } = useTranslation();
	const payout = useGetMyCampaignPayoutDataQuery( campaignId );
	let details;
	if ( payout.data ) {
		details = <PayoutDetails payout={ payout.data } />;
	} else if ( payout.isError && ! payout.isFetching ) {
		details = (
			<ErrorNotice
				title={ t( 'campaignPreview.payoutUnavailable' ) }
				onRetry={ payout.refetch }
			/>
		);
	} else {
		details = <Spinner label={ t( 'campaignPreview.payoutLoading' ) } />;
	}
	return (
		<ContentBlock
			name="payout"
			title={ t( 'campaignPreview.payoutTitle' ) }
		>
			{ details }
		</ContentBlock>
	);
}

/** Bug type names as the API sends them (CRASH) → the catalogue's keys (bugValues.typeCrash). */
const BUG_TYPE_KEYS = {
	CRASH: 'bugValues.typeCrash',
	GRAPHIC: 'bugValues.typeGraphic',
	PERFORMANCE: 'bugValues.typePerformance',
	MALFUNCTION: 'bugValues.typeMalfunction',
	TYPO: 'bugValues.typeTypo',
	OTHER: 'bugValues.typeOther',
	SECURITY: 'bugValues.typeSecurity',
	USABILITY: 'bugValues.typeUsability',
} as const;

/**
 * The bug-type and methodology block: the campaign's type (its methodology) and the bug types it wants reported.
 * The types come with the campaign's details; without them the methodology stands alone.
 *
 * @param props
 * @param props.preview
 */
export function BugTypesBlock( { preview }: { preview: CampaignPreview } ) {
	const { t } = useTranslation();
	const { locale } = useConfig();
	const { data } = useGetMyCampaignQuery( {
		campaignId: preview.id,
		locale,
	} );
	const types = data?.bugTypes.valid ?? [];
	return (
		<ContentBlock
			name="bug-types"
			title={ t( 'campaignPreview.bugTypesTitle' ) }
		>
			<dl className={ `${ block }__amounts` }>
				<div className={ `${ block }__amount` }>
					<dt>{ t( 'campaignPreview.methodology' ) }</dt>
					<dd className={ `${ block }__type` }>
						<CampaignTypeIcon
							icon={ preview.type.icon }
							className={ `${ block }__type-icon` }
						/>
						{ preview.type.name }
					</dd>
				</div>
			</dl>
			{ types.length > 0 && (
				<>
					<h3 className={ `${ block }__block-subtitle` }>
						{ t( 'campaignPreview.bugTypes' ) }
					</h3>
					<ul className={ `${ block }__bug-types` }>
						{ types.map( ( type ) => (
							<li key={ type }>
								{ type in BUG_TYPE_KEYS
									? t(
											BUG_TYPE_KEYS[
												type as keyof typeof BUG_TYPE_KEYS
											]
									  )
									: type }
							</li>
						) ) }
					</ul>
				</>
			) }
		</ContentBlock>
	);
}

/** The how-to-apply block: the steps from reading the preview to being selected. */
export function HowToApplyBlock() {
	const { t } = useTranslation();
	return (
		<ContentBlock
			name="how-to-apply"
			title={ t( 'campaignPreview.howToApplyTitle' ) }
		>
			<ol className={ `${ block }__steps` }>
				<li>{ t( 'campaignPreview.howToApplyDevices' ) }</li>
				<li>{ t( 'campaignPreview.howToApplyForm' ) }</li>
				<li>{ t( 'campaignPreview.howToApplyWait' ) }</li>
			</ol>
		</ContentBlock>
	);
}
