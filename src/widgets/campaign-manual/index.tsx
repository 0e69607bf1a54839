import { RequireLogin } from '../../components/require-login';
import { useTranslation } from '../../lib/use-translation';
import type { WidgetProps } from '../../lib/widget';
import type { MeField } from '../../services/types';
import { campaignIdFromPath } from './format';
import { CampaignManualPage, NoPermission } from './manual-page';
import './campaign-manual.scss';

/** The tester's id (shown as T plus id) goes into the support mail's subject. */
const FIELDS: readonly MeField[] = [ 'id' ];

const reloadPage = () => window.location.reload();

/**
 * A campaign's manual (route `campaigns/{id}/manual`, language-prefixed; spec "Campaign manual"): the access
 * states, the Info and Manual tabs and the side cards. The id is in the page's address; the plugin serves the
 * page for any id and the API decides what the tester may see.
 *
 * @param props
 * @param props.reload Reloads the page once the campaign has started; replaceable for tests.
 */
export default function CampaignManual( {
	reload = reloadPage,
}: Partial< WidgetProps > & { reload?: () => void } ) {
	const { t } = useTranslation();
	const campaignId = campaignIdFromPath( window.location.pathname );
	return (
		<RequireLogin
			fields={ FIELDS }
			loadingLabel={ t( 'campaignManual.loading' ) }
		>
			{ ( me ) =>
				campaignId === null ? (
					<NoPermission />
				) : (
					<CampaignManualPage
						campaignId={ campaignId }
						testerId={ me.id }
						reload={ reload }
					/>
				)
			}
		</RequireLogin>
	);
}
