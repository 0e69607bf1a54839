import type { ReactNode } from 'react';
import { useId } from '@wordpress/element';

import { BugStatusBadge } from '../../components/bug-status-badge';
import { Spinner } from '../../components/spinner';
import { useConfig } from '../../hooks/use-config';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import type { CampaignDetail, Device } from '../../services/contract';
import { block } from './block';
import { deviceName, formatLongDate } from './format';
import { useListMyCampaignDevicesQuery } from './manual-api';

/** The device type codes (0 to 5) and their names. */
const DEVICE_TYPE_KEYS = [
	'campaignManual.deviceSmartphone',
	'campaignManual.deviceTablet',
	'campaignManual.devicePc',
	'campaignManual.deviceConsole',
	'campaignManual.deviceSmartwatch',
	'campaignManual.deviceSmartTv',
] as const;

/** The bugs-found rows in the spec's order, with each status's id for its colour (1 refused … 4 need review). */
const BUG_STATUSES = [
	{ id: 2, field: 'approved', name: 'Approved' },
	{ id: 4, field: 'needReview', name: 'Need review' },
	{ id: 3, field: 'pending', name: 'Pending' },
	{ id: 1, field: 'refused', name: 'Refused' },
] as const;

/** One address, nothing that would add headers or recipients to the mailto link. */
const MAIL_ADDRESS = /^[^\s@?&#,;:/]+@[^\s@?&#,;:/]+$/;

function Card( {
	title,
	name,
	children,
}: {
	title: string;
	/** For browser tests: `data-manual-card`. */
	name: string;
	children: ReactNode;
} ) {
	const titleId = useId();
	return (
		<section
			className={ `${ block }__card` }
			aria-labelledby={ titleId }
			data-manual-card={ name }
		>
			<h2 id={ titleId } className={ `${ block }__card-title` }>
				{ title }
			</h2>
			{ children }
		</section>
	);
}

/**
 * Mail to the team leader; the subject carries the campaign and the tester ("[CP12] - T17").
 *
 * @param props
 * @param props.campaign
 * @param props.testerId
 */
function SupportCard( {
	campaign,
	testerId,
}: {
	campaign: CampaignDetail;
	testerId: number;
} ) {
	const { t } = useTranslation();
	if ( ! campaign.tl || ! MAIL_ADDRESS.test( campaign.tl.email ) ) {
		return (
			<Card title={ t( 'campaignManual.supportTitle' ) } name="support">
				<p>{ t( 'campaignManual.supportNoLeader' ) }</p>
			</Card>
		);
	}
	const subject = `[CP${ campaign.id }] - T${ testerId }`;
	const href = `mailto:${ campaign.tl.email }?subject=${ encodeURIComponent(
		subject
	) }`;
	return (
		<Card title={ t( 'campaignManual.supportTitle' ) } name="support">
			<p>
				{ t( 'campaignManual.supportText', {
					name: campaign.tl.name,
				} ) }
			</p>
			<a
				className="crowdscout-button crowdscout-button--secondary"
				href={ href }
			>
				{ t( 'campaignManual.supportLink' ) }
			</a>
		</Card>
	);
}

function CampaignCard( { campaign }: { campaign: CampaignDetail } ) {
	const { t } = useTranslation();
	const config = useConfig();
	return (
		<Card title={ t( 'campaignManual.campaignTitle' ) } name="campaign">
			<dl className={ `${ block }__facts` }>
				<div>
					<dt>{ t( 'campaignManual.typeLabel' ) }</dt>
					<dd>{ campaign.type.name }</dd>
				</div>
				<div>
					<dt>{ t( 'campaignManual.deadlineLabel' ) }</dt>
					<dd>
						{ formatLongDate( campaign.endDate, config.locale ) }
					</dd>
				</div>
			</dl>
			<a
				className="crowdscout-button crowdscout-button--primary"
				href={ routeUrl( config, `campaign/${ campaign.id }/bugform` ) }
			>
				{ t( 'campaignManual.reportBug' ) }
			</a>
		</Card>
	);
}

function DeviceDescription( { device }: { device: Device } ) {
	const { t } = useTranslation();
	const typeKey = DEVICE_TYPE_KEYS[ device.type ];
	return (
		<p className={ `${ block }__device` }>
			{ typeKey && (
				<span className={ `${ block }__device-type` }>
					{ t( typeKey ) }
				</span>
			) }
			<strong>{ deviceName( device ) }</strong>
		</p>
	);
}

/** The device the tester was selected with: the first of the application's devices (the API puts it first). */
function DeviceCard( { campaignId }: { campaignId: number } ) {
	const { t } = useTranslation();
	const { data, isError, isLoading } =
		useListMyCampaignDevicesQuery( campaignId );
	// Without an application's device (a 404 "No devices") there is nothing to show.
	if ( isError || ( data && data.length === 0 ) ) {
		return null;
	}
	return (
		<Card title={ t( 'campaignManual.deviceTitle' ) } name="device">
			<p>{ t( 'campaignManual.deviceText' ) }</p>
			{ isLoading || ! data ? (
				<Spinner label={ t( 'campaignManual.deviceLoading' ) } />
			) : (
				<DeviceDescription device={ data[ 0 ] } />
			) }
		</Card>
	);
}

function BugsCard( { campaign }: { campaign: CampaignDetail } ) {
	const { t, i18n } = useTranslation();
	const numbers = new Intl.NumberFormat( i18n.language );
	return (
		<Card title={ t( 'campaignManual.bugsTitle' ) } name="bugs">
			<dl className={ `${ block }__bug-counts` }>
				{ BUG_STATUSES.map( ( status ) => (
					<div
						key={ status.field }
						className={ `${ block }__bug-count` }
						data-bug-status={ status.field }
					>
						<dt>
							<BugStatusBadge status={ status } />
						</dt>
						<dd>
							{ numbers.format( campaign.bugs[ status.field ] ) }
						</dd>
					</div>
				) ) }
			</dl>
		</Card>
	);
}

/**
 * The side column: support, the campaign's type and deadline with the report-a-bug button, the selected device
 * and the bugs found per status.
 *
 * @param props
 * @param props.campaign
 * @param props.testerId
 */
export function SideCards( {
	campaign,
	testerId,
}: {
	campaign: CampaignDetail;
	testerId: number;
} ) {
	return (
		<>
			<SupportCard campaign={ campaign } testerId={ testerId } />
			<CampaignCard campaign={ campaign } />
			<DeviceCard campaignId={ campaign.id } />
			<BugsCard campaign={ campaign } />
		</>
	);
}
