import { campaignIdFromPath } from '../../components/campaign-apply';
import { ErrorNotice } from '../../components/error-notice';
import { MessagePage } from '../../components/message-page';
import { RequireLogin } from '../../components/require-login';
import { Spinner } from '../../components/spinner';
import { useConfig } from '../../hooks/use-config';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import type { WidgetProps } from '../../lib/widget';
import type { ApiError } from '../../services/api-error';
import type { MeField } from '../../services/types';
import { useGetMyCampaignPreviewQuery } from './preview-api';
import { PreviewPage } from './preview-page';
import './campaign-preview.scss';

/** The page needs only to know the tester is logged in: the rest is its own call. */
const FIELDS: readonly MeField[] = [ 'id' ];

/** A campaign that does not exist or that the tester may not see, or no id at all: the same answer. */
function CampaignNotFound() {
	const { t } = useTranslation();
	const config = useConfig();
	return (
		<MessagePage
			title={ t( 'campaignPreview.notFoundTitle' ) }
			lines={ [ t( 'campaignPreview.notFoundText' ) ] }
			action={ {
				href: routeUrl( config, 'my-dashboard' ),
				label: t( 'campaignPreview.backToDashboard' ),
			} }
		/>
	);
}

function Preview( {
	campaignId,
	supportEmail,
}: {
	campaignId: number;
	supportEmail: string | null;
} ) {
	const { t } = useTranslation();
	const { locale } = useConfig();
	const { data, error, isError, isFetching, refetch } =
		useGetMyCampaignPreviewQuery( { campaignId, locale } );
	if ( isError && ! isFetching ) {
		return ( error as ApiError ).status === 404 ? (
			<CampaignNotFound />
		) : (
			<ErrorNotice
				title={ t( 'campaignPreview.loadError' ) }
				onRetry={ refetch }
			/>
		);
	}
	return data ? (
		<PreviewPage preview={ data } supportEmail={ supportEmail } />
	) : (
		<Spinner label={ t( 'campaignPreview.loading' ) } />
	);
}

/**
 * A campaign's preview page (route `campaigns/{id}/preview`, language-prefixed). The id is in the page's
 * address; the plugin serves the page for any id. The block's `supportEmail` attribute, when set, is the address
 * of the "Any questions?" card for campaigns without a team leader.
 *
 * @param props
 * @param props.attributes The block's attributes.
 */
export default function CampaignPreviewWidget( { attributes }: WidgetProps ) {
	const { t } = useTranslation();
	const campaignId = campaignIdFromPath(
		window.location.pathname,
		'preview'
	);
	const supportEmail =
		typeof attributes?.supportEmail === 'string' &&
		attributes.supportEmail.trim() !== ''
			? attributes.supportEmail
			: null;
	return (
		<RequireLogin
			fields={ FIELDS }
			loadingLabel={ t( 'campaignPreview.loading' ) }
		>
			{ () =>
				campaignId === null ? (
					<CampaignNotFound />
				) : (
					<Preview
						campaignId={ campaignId }
						supportEmail={ supportEmail }
					/>
				)
			}
		</RequireLogin>
	);
}
