import type { ReactNode } from 'react';
import { useId } from '@wordpress/element';

import { PreselectionForm } from '../../components/campaign-apply';
import { useConfig } from '../../hooks/use-config';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import type { CampaignPreview } from '../../services/contract';
import type { ApplyState } from './format';

const block = 'wp-block-crowdscout-campaign-preview';

function Notice( {
	kind,
	children,
}: {
	kind: 'info' | 'error';
	children: ReactNode;
} ) {
	return (
		<div
			className={ `crowdscout-notice ${
				kind === 'info' ? 'crowdscout-notice--info' : ''
			} ${ block }__notice` }
		>
			{ children }
		</div>
	);
}

/**
 * The apply area (spec section 4, "Preview apply area"): the selected tester's way to the manual, the
 * already-applied warning, the closed subscription, the full campaign, the application form, or an error with
 * the support contact.
 *
 * @param props
 * @param props.preview
 * @param props.state   Which of its states to show.
 * @param props.support The support address (`mailto:`), if there is one.
 */
export function ApplyArea( {
	preview,
	state,
	support,
}: {
	preview: CampaignPreview;
	state: ApplyState;
	support: { href: string; email: string } | null;
} ) {
	const { t } = useTranslation();
	const config = useConfig();
	const titleId = useId();
	let content;
	switch ( state ) {
		case 'selected':
			content = (
				<Notice kind="info">
					<p className="crowdscout-notice__title">
						{ t( 'campaignPreview.selectedTitle' ) }
					</p>
					<p>{ t( 'campaignPreview.selectedText' ) }</p>
					<a
						className="crowdscout-button crowdscout-button--primary"
						href={ routeUrl(
							config,
							`campaigns/${ preview.id }/manual`
						) }
					>
						{ t( 'campaignPreview.goToManual' ) }
					</a>
				</Notice>
			);
			break;
		case 'applied':
			content = (
				<Notice kind="info">
					<p className="crowdscout-notice__title">
						{ t( 'campaignPreview.alreadyApplied' ) }
					</p>
				</Notice>
			);
			break;
		case 'closed':
			content = (
				<Notice kind="error">
					<p className="crowdscout-notice__title">
						{ t( 'campaignPreview.subscriptionClosed' ) }
					</p>
				</Notice>
			);
			break;
		case 'full':
			content = (
				<Notice kind="error">
					<p className="crowdscout-notice__title">
						{ t( 'campaignPreview.campaignFull' ) }
					</p>
				</Notice>
			);
			break;
		case 'available':
			content = (
				<PreselectionForm
					campaignId={ preview.id }
					headingLevel={ 3 }
				/>
			);
			break;
		default:
			content = (
				<Notice kind="error">
					<p className="crowdscout-notice__title">
						{ t( 'campaignPreview.campaignError' ) }
					</p>
					{ support && (
						<p>
							<a href={ support.href }>
								{ t( 'campaignPreview.writeTo', {
									email: support.email,
								} ) }
							</a>
						</p>
					) }
				</Notice>
			);
	}
	return (
		<section
			id="apply"
			className={ `${ block }__card ${ block }__apply` }
			aria-labelledby={ state === 'available' ? titleId : undefined }
			aria-label={
				state === 'available'
					? undefined
					: t( 'campaignPreview.applyArea' )
			}
			data-crowdscout-apply-state={ state }
		>
			{ state === 'available' && (
				<h2 id={ titleId } className={ `${ block }__card-title` }>
					{ t( 'campaignPreview.readyToStart' ) }
				</h2>
			) }
			{ content }
		</section>
	);
}
