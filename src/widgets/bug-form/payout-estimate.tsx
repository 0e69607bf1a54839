import { useConfig } from '../../hooks/use-config';
import { useTranslation } from '../../lib/use-translation';
import { block } from './block';
import { useGetMyBugPayoutsQuery } from './bug-form-api';

/**
 * Beside the severity: what an approved bug of that severity pays the tester on this campaign, gross and net
 * (after the withholding of the tester's fiscal type). Nothing until a severity is chosen, nor when the payouts
 * cannot be read: the form works without it.
 *
 * @param props
 * @param props.campaignId
 * @param props.severity   The chosen severity, or ''.
 */
export function PayoutEstimate( {
	campaignId,
	severity,
}: {
	campaignId: number;
	severity: string;
} ) {
	const { t } = useTranslation();
	const { locale } = useConfig();
	const { data } = useGetMyBugPayoutsQuery( campaignId );
	const payout = data?.severities.find(
		( item ) => item.severity === severity
	);
	if ( ! data || ! payout ) {
		return null;
	}
	const money = ( value: number ) =>
		new Intl.NumberFormat( locale, {
			style: 'currency',
			currency: data.currency,
		} ).format( value );
	return (
		<p
			className={ `${ block }__payout` }
			aria-live="polite"
			data-testid="payout-estimate"
		>
			{ t( 'bugForm.payoutEstimate', {
				gross: money( payout.gross ),
				net: money( payout.net ),
			} ) }
		</p>
	);
}
