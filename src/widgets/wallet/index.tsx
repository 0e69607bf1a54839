import { RequireLogin } from '../../components/require-login';
import { useTranslation } from '../../lib/use-translation';
import type { MeField } from '../../services/types';
import { WalletPage } from './wallet-page';
import './wallet.scss';

/** The request button's rule reads the threshold from the profile (spec section 4). */
const FIELDS: readonly MeField[] = [ 'id', 'booty_threshold' ];

/** The tester's wallet (route `payments`, spec "Wallet (payments)"). */
export default function Wallet() {
	const { t } = useTranslation();
	return (
		<RequireLogin fields={ FIELDS } loadingLabel={ t( 'wallet.loading' ) }>
			{ ( me ) => <WalletPage me={ me } /> }
		</RequireLogin>
	);
}
