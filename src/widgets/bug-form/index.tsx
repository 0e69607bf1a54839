import { ErrorNotice } from '../../components/error-notice';
import { MessagePage } from '../../components/message-page';
import { RequireLogin } from '../../components/require-login';
import { Spinner } from '../../components/spinner';
import { useConfig } from '../../hooks/use-config';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import type { MeField } from '../../services/types';
import { block } from './block';
import { BugForm } from './bug-form';
import {
	useGetMyCampaignQuery,
	useListMyBugFormDevicesQuery,
} from './bug-form-api';
import './bug-form.scss';

/** The tester's id keys the draft and the remembered values in the browser. */
const FIELDS: readonly MeField[] = [ 'id' ];

/**
 * The campaign's id in the page's address: `/campaign/{id}/bugform/`, under a language prefix and the site's own
 * path. Null when the address holds no id.
 *
 * @param pathname The page's `location.pathname`.
 */
export function campaignIdFromPath( pathname: string ): number | null {
	const match = /\/campaign\/(\d{1,10})\/bugform\/?$/.exec( pathname );
	const id = match ? Number( match[ 1 ] ) : NaN;
	return Number.isSafeInteger( id ) && id > 0 ? id : null;
}

/** Spec section 8: a campaign without a bug form, or one that cannot be read. */
function NothingToSee() {
	const { t } = useTranslation();
	const config = useConfig();
	return (
		<MessagePage
			title={ t( 'bugForm.nothingTitle' ) }
			lines={ [ t( 'bugForm.nothingText' ) ] }
			action={ {
				href: routeUrl( config, 'my-dashboard' ),
				label: t( 'bugForm.backToDashboard' ),
			} }
		/>
	);
}

function NoDevices() {
	const { t } = useTranslation();
	const config = useConfig();
	return (
		<MessagePage
			title={ t( 'bugForm.noDevicesTitle' ) }
			lines={ [ t( 'bugForm.noDevices' ) ] }
			action={ {
				href: routeUrl( config, 'personal-equipment' ),
				label: t( 'bugForm.addDevice' ),
			} }
		/>
	);
}

function BugFormPage( {
	campaignId,
	testerId,
}: {
	campaignId: number;
	testerId: number;
} ) {
	const { t } = useTranslation();
	const { locale } = useConfig();
	const campaign = useGetMyCampaignQuery( { campaignId, locale } );
	const devices = useListMyBugFormDevicesQuery();

	if ( campaign.isError && ! campaign.isFetching ) {
		return <NothingToSee />;
	}
	if ( devices.isError && ! devices.isFetching ) {
		return (
			<ErrorNotice
				title={ t( 'common.somethingWentWrong' ) }
				onRetry={ devices.refetch }
			/>
		);
	}
	if ( ! campaign.data || ! devices.data ) {
		return <Spinner label={ t( 'bugForm.loading' ) } />;
	}
	// Only selected testers report bugs (spec section 6): anyone else would fill in a form the API refuses.
	if ( ! campaign.data.hasBugForm || campaign.data.status !== 'selected' ) {
		return <NothingToSee />;
	}
	if ( devices.data.length === 0 ) {
		return <NoDevices />;
	}
	return (
		<div className={ `${ block }__page` }>
			<header className={ `${ block }__header` }>
				<h1 className={ `${ block }__title` }>
					{ t( 'bugForm.pageTitle' ) }
				</h1>
				<h2 className={ `${ block }__campaign` }>
					{ t( 'bugForm.heading', {
						id: campaign.data.id,
						title: campaign.data.title,
					} ) }
				</h2>
			</header>
			<BugForm
				campaign={ campaign.data }
				devices={ devices.data }
				testerId={ testerId }
			/>
		</div>
	);
}

/**
 * The bug form page (route `campaign/{id}/bugform`, language-prefixed; spec "Bug form"): loading, the
 * nothing-to-see page, the add-a-device page, or the form. The id is in the page's address.
 */
export default function BugFormWidget() {
	const { t } = useTranslation();
	const campaignId = campaignIdFromPath( window.location.pathname );
	return (
		<RequireLogin fields={ FIELDS } loadingLabel={ t( 'bugForm.loading' ) }>
			{ ( me ) =>
				campaignId === null ? (
					<NothingToSee />
				) : (
					<BugFormPage campaignId={ campaignId } testerId={ me.id } />
				)
			}
		</RequireLogin>
	);
}
