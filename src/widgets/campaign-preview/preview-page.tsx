import { useState } from '@wordpress/element';

import { useTranslation } from '../../lib/use-translation';
import type { CampaignPreview } from '../../services/contract';
import { ApplyArea } from './apply-area';
import { BugTypesBlock, HowToApplyBlock, PayoutBlock } from './content-blocks';
import { applyState, mailtoLink } from './format';
import { RichContent } from './rich-content';
import { AcceptedDevicesCard, QuestionsCard } from './side-cards';
import { SummaryCard } from './summary-card';

const block = 'wp-block-crowdscout-campaign-preview';

/**
 * The preview of one campaign (spec "Campaign preview"): the heading and the top card, then the rich content with
 * its special blocks and the apply area, beside the accepted devices and the "Any questions?" card.
 *
 * @param props
 * @param props.preview
 * @param props.supportEmail The site's support address, for a campaign without a team leader.
 */
export function PreviewPage( {
	preview,
	supportEmail,
}: {
	preview: CampaignPreview;
	supportEmail: string | null;
} ) {
	const { t } = useTranslation();
	// One clock for the page: the apply area does not change state while the tester reads.
	const [ now ] = useState( () => new Date() );
	const email = preview.tl?.email ?? supportEmail;
	const href = mailtoLink( email, `[CP${ preview.id }] ${ preview.title }` );
	const support = href && email ? { href, email: email.trim() } : null;
	const blocks = {
		payout: <PayoutBlock campaignId={ preview.id } />,
		'bug-types': <BugTypesBlock preview={ preview } />,
		'how-to-apply': <HowToApplyBlock />,
	};
	return (
		<div className={ `${ block }__page` }>
			<header className={ `${ block }__header` }>
				<h1 className={ `${ block }__title` }>
					{ t( 'campaignPreview.heading', {
						id: preview.id,
						type: preview.type.name,
					} ) }
				</h1>
				<p className={ `${ block }__name` }>{ preview.title }</p>
			</header>
			<SummaryCard preview={ preview } />
			<div className={ `${ block }__columns` }>
				<div className={ `${ block }__main` }>
					<section
						className={ `${ block }__card` }
						aria-label={ t( 'campaignPreview.content' ) }
					>
						{ preview.content.trim() === '' ? (
							// A campaign without a description still says what it pays and how to take part.
							<div className={ `${ block }__content` }>
								{ blocks.payout }
								{ blocks[ 'how-to-apply' ] }
							</div>
						) : (
							<RichContent
								html={ preview.content }
								blocks={ blocks }
								className={ `${ block }__content` }
							/>
						) }
					</section>
					<ApplyArea
						preview={ preview }
						state={ applyState( preview, now ) }
						support={ support }
					/>
				</div>
				<div className={ `${ block }__side` }>
					<AcceptedDevicesCard accepted={ preview.acceptedDevices } />
					<QuestionsCard support={ support } />
				</div>
			</div>
		</div>
	);
}
