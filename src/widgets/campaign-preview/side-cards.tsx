import { useId } from '@wordpress/element';

import { useTranslation } from '../../lib/use-translation';
import type { AcceptedDevices } from '../../services/contract';

const block = 'wp-block-crowdscout-campaign-preview';

/** The device kinds in the spec's order, with their names' keys. */
const KINDS = [
	[ 'smartphone', 'campaignPreview.kindSmartphone' ],
	[ 'tablet', 'campaignPreview.kindTablet' ],
	[ 'pc', 'campaignPreview.kindPc' ],
	[ 'smartwatch', 'campaignPreview.kindSmartwatch' ],
	[ 'console', 'campaignPreview.kindConsole' ],
	[ 'smartTv', 'campaignPreview.kindSmartTv' ],
] as const;

/**
 * The devices the campaign accepts, per kind: "Any Device" or the accepted platforms. A campaign that lists
 * none takes any device.
 *
 * @param props
 * @param props.accepted
 */
export function AcceptedDevicesCard( {
	accepted,
}: {
	accepted: AcceptedDevices;
} ) {
	const { t } = useTranslation();
	const titleId = useId();
	const kinds = KINDS.filter( ( [ kind ] ) => accepted[ kind ] );
	return (
		<section
			className={ `${ block }__card ${ block }__devices` }
			aria-labelledby={ titleId }
		>
			<h2 id={ titleId } className={ `${ block }__card-title` }>
				{ t( 'campaignPreview.devicesTitle' ) }
			</h2>
			{ kinds.length === 0 ? (
				<p className={ `${ block }__any` }>
					{ t( 'campaignPreview.anyDevice' ) }
				</p>
			) : (
				<dl className={ `${ block }__kinds` }>
					{ kinds.map( ( [ kind, name ] ) => {
						const platforms = accepted[ kind ];
						return (
							<div
								key={ kind }
								className={ `${ block }__kind` }
								data-crowdscout-device-kind={ kind }
							>
								<dt>{ t( name ) }</dt>
								<dd>
									{ platforms === 'all' || ! platforms ? (
										t( 'campaignPreview.anyDevice' )
									) : (
										<ul>
											{ platforms.map( ( platform ) => (
												<li key={ platform }>
													{ platform }
												</li>
											) ) }
										</ul>
									) }
								</dd>
							</div>
						);
					} ) }
				</dl>
			) }
		</section>
	);
}

/**
 * The "Any questions?" card: a mail link to the campaign's team leader, or to the site's support address.
 *
 * @param props
 * @param props.support The address and its `mailto:` link, if there is one.
 */
export function QuestionsCard( {
	support,
}: {
	support: { href: string; email: string } | null;
} ) {
	const { t } = useTranslation();
	const titleId = useId();
	return (
		<section
			className={ `${ block }__card ${ block }__questions` }
			aria-labelledby={ titleId }
		>
			<h2 id={ titleId } className={ `${ block }__card-title` }>
				{ t( 'campaignPreview.questionsTitle' ) }
			</h2>
			{ support ? (
				<>
					<p>{ t( 'campaignPreview.questionsText' ) }</p>
					<a className={ `${ block }__mail` } href={ support.href }>
						{ support.email }
					</a>
				</>
			) : (
				<p>{ t( 'campaignPreview.questionsNoContact' ) }</p>
			) }
		</section>
	);
}
