import type { ReactNode } from 'react';

import { useTranslation } from '../../lib/use-translation';
import type { CampaignPreview } from '../../services/contract';
import { formatDayMonth, formatEuros, payoutRange } from './format';
import { useGetMyCampaignPayoutDataQuery } from './preview-api';
import { CampaignTypeIcon } from './type-icon';

const block = 'wp-block-crowdscout-campaign-preview';

/** What a fact shows while the payout loads, or when it cannot be had. */
const MISSING = '-';

/**
 * The top card (spec "Campaign preview"): the campaign's type with its icon, the testing phase, the experience
 * points and the payout range.
 *
 * @param props
 * @param props.preview
 */
export function SummaryCard( { preview }: { preview: CampaignPreview } ) {
	const { t, i18n } = useTranslation();
	const { data: payout } = useGetMyCampaignPayoutDataQuery( preview.id );
	const range = payout ? payoutRange( payout ) : null;
	const euros = ( amount: number ) => formatEuros( amount, i18n.language );
	const facts: Array< [ string, string, ReactNode ] > = [
		[
			'type',
			t( 'campaignPreview.type' ),
			<>
				<CampaignTypeIcon
					icon={ preview.type.icon }
					className={ `${ block }__type-icon` }
				/>
				{ preview.type.name }
			</>,
		],
		[
			'phase',
			t( 'campaignPreview.testingPhase' ),
			t( 'campaignPreview.phaseDates', {
				start: formatDayMonth( preview.startDate ) ?? MISSING,
				end: formatDayMonth( preview.endDate ) ?? MISSING,
			} ),
		],
		[
			'points',
			t( 'campaignPreview.experience' ),
			payout
				? t( 'campaignPreview.points', { points: payout.campaign_pts } )
				: MISSING,
		],
		[
			'payout',
			t( 'campaignPreview.payout' ),
			range
				? t( 'campaignPreview.payoutRange', {
						min: euros( range.min ),
						max: euros( range.max ),
				  } )
				: MISSING,
		],
	];
	return (
		<section
			className={ `${ block }__card ${ block }__summary` }
			aria-label={ t( 'campaignPreview.summary' ) }
		>
			<dl className={ `${ block }__facts` }>
				{ facts.map( ( [ key, term, detail ] ) => (
					<div
						key={ key }
						className={ `${ block }__fact` }
						data-crowdscout-fact={ key }
					>
						<dt>{ term }</dt>
						<dd
							className={
								key === 'type' ? `${ block }__type` : undefined
							}
						>
							{ detail }
						</dd>
					</div>
				) ) }
			</dl>
		</section>
	);
}
