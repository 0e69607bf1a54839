import type { RefObject } from 'react';
import { useId } from '@wordpress/element';

import { SideCard } from '../../components/list-page';
import { Spinner } from '../../components/spinner';
import { useConfig } from '../../hooks/use-config';
import { bootyText, formatMoney } from '../../lib/money';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import type { Booty } from '../../services/contract';
import { FISCAL_TAB_QUERY, FISCAL_TAB_ROUTE } from './format';
import type { RequestBlocker } from './request-rule';

const block = 'wp-block-crowdscout-wallet';

function Reason( {
	id,
	blocker,
	threshold,
}: {
	id: string;
	blocker: RequestBlocker;
	threshold: number;
} ) {
	const { t } = useTranslation();
	const config = useConfig();
	if ( blocker === 'fiscal' ) {
		return (
			<p id={ id } className={ `${ block }__reason` }>
				{ t( 'wallet.reasonFiscal' ) }{ ' ' }
				<a
					href={ `${ routeUrl(
						config,
						FISCAL_TAB_ROUTE
					) }${ FISCAL_TAB_QUERY }` }
				>
					{ t( 'wallet.fiscalLink' ) }
				</a>
			</p>
		);
	}
	return (
		<p id={ id } className={ `${ block }__reason` }>
			{ blocker === 'processing'
				? t( 'wallet.reasonProcessing' )
				: t( 'wallet.reasonThreshold', {
						threshold: formatMoney(
							{ value: threshold },
							config.locale
						),
				  } ) }
		</p>
	);
}

export interface WalletCardProps {
	/** The pending booty; none while it loads. */
	booty: Booty | undefined;
	bootyFailed: boolean;
	/** Why the request button is disabled; null when it is enabled, undefined while the rule's data loads. */
	blocker: RequestBlocker | null | undefined;
	/** The minimum request, in euros. */
	threshold: number;
	requestButtonRef: RefObject< HTMLButtonElement >;
	onRequest: () => void;
	onBootyDetails: () => void;
	onBugDetails: () => void;
}

/**
 * The wallet card (spec "Wallet"): the pending booty, net with the gross in brackets; the request button, enabled
 * only under the spec's three conditions and otherwise with the reason it is not; the booty details and the help
 * on bugs' booty.
 *
 * @param props
 * @param props.booty
 * @param props.bootyFailed
 * @param props.blocker
 * @param props.threshold
 * @param props.requestButtonRef
 * @param props.onRequest
 * @param props.onBootyDetails
 * @param props.onBugDetails
 */
export function WalletCard( {
	booty,
	bootyFailed,
	blocker,
	threshold,
	requestButtonRef,
	onRequest,
	onBootyDetails,
	onBugDetails,
}: WalletCardProps ) {
	const { t } = useTranslation();
	const { locale } = useConfig();
	const reasonId = useId();

	let amount;
	if ( booty ) {
		amount = bootyText( booty, locale );
	} else if ( bootyFailed ) {
		amount = t( 'wallet.pendingError' );
	}

	return (
		<SideCard title={ t( 'wallet.cardTitle' ) }>
			<dl className={ `${ block }__pending` }>
				<dt>{ t( 'wallet.pendingLabel' ) }</dt>
				<dd className={ `${ block }__amount` }>
					{ amount ?? (
						<Spinner label={ t( 'wallet.loadingPending' ) } />
					) }
				</dd>
			</dl>
			<div className={ `${ block }__request` }>
				<button
					ref={ requestButtonRef }
					type="button"
					className="crowdscout-button crowdscout-button--primary"
					// aria-disabled rather than disabled: the button keeps focus when a request makes it unavailable,
					// and its reason is read with it.
					aria-disabled={ blocker !== null || undefined }
					aria-describedby={ blocker ? reasonId : undefined }
					onClick={ () => blocker === null && onRequest() }
				>
					{ t( 'wallet.requestPayment' ) }
				</button>
				{ blocker && (
					<Reason
						id={ reasonId }
						blocker={ blocker }
						threshold={ threshold }
					/>
				) }
			</div>
			<ul className={ `${ block }__links` }>
				<li>
					<button
						type="button"
						className={ `${ block }__link` }
						onClick={ onBootyDetails }
					>
						{ t( 'wallet.bootyDetails' ) }
					</button>
				</li>
				<li>
					<button
						type="button"
						className={ `${ block }__link` }
						onClick={ onBugDetails }
					>
						{ t( 'wallet.bugDetailsLink' ) }
					</button>
				</li>
			</ul>
		</SideCard>
	);
}
