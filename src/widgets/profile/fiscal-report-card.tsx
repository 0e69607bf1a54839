import { useId } from '@wordpress/element';

import { useTranslation } from '../../lib/use-translation';
import { useGetMyFiscalQuery } from './profile-api';

const block = 'wp-block-crowdscout-profile';

/**
 * The right card of the profile page (spec §4 "Fiscal profile"): tells a tester without a fiscal profile to fill
 * it in and one whose tax id did not validate that it is invalid; a verified profile needs no card.
 */
export function FiscalReportCard() {
	const { t } = useTranslation();
	const headingId = useId();
	const { data: fiscal, isSuccess } = useGetMyFiscalQuery();
	if ( ! isSuccess || fiscal?.fiscalStatus === 'Verified' ) {
		return null;
	}
	const empty = fiscal === null;
	return (
		<section
			className={ `${ block }__card ${ block }__fiscal-report ${ block }__fiscal-report--${
				empty ? 'empty' : 'invalid'
			}` }
			aria-labelledby={ headingId }
		>
			<h2 id={ headingId } className={ `${ block }__card-title` }>
				{ empty
					? t( 'profile.fiscalReportTitle' )
					: t( 'profile.fiscalInvalidTitle' ) }
			</h2>
			<p>
				{ empty
					? t( 'profile.fiscalEmpty' )
					: t( 'profile.fiscalInvalid' ) }
			</p>
			{ fiscal?.refusalReason && (
				<>
					<p>{ t( 'profile.fiscalRefused' ) }</p>
					<blockquote className={ `${ block }__refusal` }>
						{ fiscal.refusalReason }
					</blockquote>
					<p>{ t( 'profile.fiscalRefusedHelp' ) }</p>
				</>
			) }
		</section>
	);
}
