import type { ReactNode } from 'react';
import { useId, useState } from '@wordpress/element';

import { ErrorNotice } from '../../components/error-notice';
import { MessagePage } from '../../components/message-page';
import { Spinner } from '../../components/spinner';
import { useConfig } from '../../hooks/use-config';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import type { ApiError } from '../../services/api-error';
import type { CampaignDetail } from '../../services/contract';
import { block } from './block';
import { formatLongDate } from './format';
import { useGetMyCampaignQuery } from './manual-api';
import { ManualView } from './manual-view';
import { startCampaign } from './start-campaign';

/** What the page shows, from the campaign's state (spec §4, "Manual access"). */
export type AccessState = 'no-permission' | 'not-ready' | 'starting' | 'manual';

/**
 * Spec §4: excluded or not selected → no permission; selected before the start date → not ready; started but
 * the contract not accepted → the accept-contract screen; otherwise the manual.
 *
 * @param campaign
 */
export function accessState( campaign: CampaignDetail ): AccessState {
	if (
		campaign.status !== 'selected' ||
		campaign.selectionStatus === 'excluded'
	) {
		return 'no-permission';
	}
	if ( campaign.selectionStatus === 'not-started' ) {
		return 'not-ready';
	}
	return campaign.selectionStatus === 'starting' ? 'starting' : 'manual';
}

/** The page's frame: its state for browser tests to read, and the heading "CP{id} - {type name}". */
function Frame( {
	state,
	campaign,
	children,
}: {
	state: AccessState;
	campaign?: CampaignDetail;
	children: ReactNode;
} ) {
	const { t } = useTranslation();
	return (
		<div className={ `${ block }__page` } data-manual-state={ state }>
			{ campaign && (
				<h1 className={ `${ block }__title` }>
					{ t( 'campaignManual.heading', {
						id: campaign.id,
						type: campaign.type.name,
					} ) }
				</h1>
			) }
			{ children }
		</div>
	);
}

/** Spec §6: the tester may not see this campaign's manual. */
export function NoPermission() {
	const { t } = useTranslation();
	const config = useConfig();
	return (
		<Frame state="no-permission">
			<MessagePage
				title={ t( 'campaignManual.noPermission' ) }
				lines={ [] }
				action={ {
					href: routeUrl( config, 'my-dashboard' ),
					label: t( 'campaignManual.backToDashboard' ),
				} }
			/>
		</Frame>
	);
}

function NotReady( { campaign }: { campaign: CampaignDetail } ) {
	const { t } = useTranslation();
	const config = useConfig();
	return (
		<Frame state="not-ready" campaign={ campaign }>
			<div className={ `${ block }__card ${ block }__message` }>
				<p>
					{ t( 'campaignManual.notReady', {
						startAt: formatLongDate(
							campaign.startDate,
							config.locale
						),
					} ) }
				</p>
				<a
					className="crowdscout-button crowdscout-button--secondary"
					href={ routeUrl( config, 'my-dashboard' ) }
				>
					{ t( 'campaignManual.backToDashboard' ) }
				</a>
			</div>
		</Frame>
	);
}

/**
 * The accept-contract screen: its button starts the campaign through admin-ajax and reloads the page, which
 * then shows the manual.
 *
 * @param props
 * @param props.campaign
 * @param props.reload
 */
function AcceptContract( {
	campaign,
	reload,
}: {
	campaign: CampaignDetail;
	reload: () => void;
} ) {
	const { t } = useTranslation();
	const config = useConfig();
	const titleId = useId();
	const [ starting, setStarting ] = useState( false );
	const [ failure, setFailure ] = useState< {
		message: string | null;
	} | null >( null );

	const start = async () => {
		setStarting( true );
		setFailure( null );
		const outcome = await startCampaign( config.ajaxUrl, campaign.id );
		if ( outcome.started ) {
			reload();
			return;
		}
		setFailure( { message: outcome.message } );
		setStarting( false );
	};

	return (
		<Frame state="starting" campaign={ campaign }>
			<section
				className={ `${ block }__card ${ block }__contract` }
				aria-labelledby={ titleId }
			>
				<h2 id={ titleId } className={ `${ block }__card-title` }>
					{ t( 'campaignManual.contractTitle' ) }
				</h2>
				<p>{ t( 'campaignManual.contractIntro' ) }</p>
				<ul className={ `${ block }__contract-terms` }>
					<li>{ t( 'campaignManual.contractConfidential' ) }</li>
					<li>{ t( 'campaignManual.contractDevices' ) }</li>
					<li>{ t( 'campaignManual.contractPayout' ) }</li>
				</ul>
				{ failure && (
					<ErrorNotice title={ t( 'campaignManual.startError' ) }>
						{ failure.message && <p>{ failure.message }</p> }
					</ErrorNotice>
				) }
				<button
					type="button"
					className="crowdscout-button crowdscout-button--primary"
					disabled={ starting }
					onClick={ start }
				>
					{ starting
						? t( 'campaignManual.contractStarting' )
						: t( 'campaignManual.contractAccept' ) }
				</button>
			</section>
		</Frame>
	);
}

/**
 * Reads the campaign and shows what its state allows. A campaign the API will not show (403, 404) is the same
 * answer as one the tester is not selected in.
 *
 * @param props
 * @param props.campaignId From the page's address.
 * @param props.testerId   The tester's id, for the support mail.
 * @param props.reload     Reloads the page.
 */
export function CampaignManualPage( {
	campaignId,
	testerId,
	reload,
}: {
	campaignId: number;
	testerId: number;
	reload: () => void;
} ) {
	const { t } = useTranslation();
	const { locale } = useConfig();
	const { data, error, isError, isFetching, refetch } = useGetMyCampaignQuery(
		{ campaignId, locale }
	);

	if ( isError && ! isFetching ) {
		const status = ( error as ApiError ).status;
		return status === 403 || status === 404 ? (
			<NoPermission />
		) : (
			<ErrorNotice
				title={ t( 'campaignManual.loadError' ) }
				onRetry={ refetch }
			/>
		);
	}
	if ( ! data ) {
		return <Spinner label={ t( 'campaignManual.loading' ) } />;
	}
	switch ( accessState( data ) ) {
		case 'no-permission':
			return <NoPermission />;
		case 'not-ready':
			return <NotReady campaign={ data } />;
		case 'starting':
			return <AcceptContract campaign={ data } reload={ reload } />;
		default:
			return (
				<Frame state="manual" campaign={ data }>
					<ManualView campaign={ data } testerId={ testerId } />
				</Frame>
			);
	}
}
