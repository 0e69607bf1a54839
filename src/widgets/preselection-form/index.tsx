import {
	campaignIdFromPath,
	PreselectionForm,
} from '../../components/campaign-apply';
import { ErrorNotice } from '../../components/error-notice';
import { RequireLogin } from '../../components/require-login';
import { useTranslation } from '../../lib/use-translation';
import type { MeField } from '../../services/types';
import './preselection-form.scss';

/** The page needs only to know the tester is logged in: the form is its own call. */
const FIELDS: readonly MeField[] = [ 'id' ];

const block = 'wp-block-crowdscout-preselection-form';

/**
 * The pre-selection form's own page (route `campaign/{id}/preview-selection-form`, no header or sidebar, spec
 * "Pre-selection form page"). The campaign id is in the page's address; the plugin serves the page for any id.
 */
export default function PreselectionFormPage() {
	const { t } = useTranslation();
	const campaignId = campaignIdFromPath(
		window.location.pathname,
		'preview-selection-form',
		'campaign'
	);
	return (
		<RequireLogin
			fields={ FIELDS }
			loadingLabel={ t( 'preselectionForm.loading' ) }
		>
			{ () => (
				<div className={ `${ block }__page` }>
					{ campaignId === null ? (
						<ErrorNotice
							title={ t( 'preselectionForm.loadError' ) }
						/>
					) : (
						<PreselectionForm campaignId={ campaignId } />
					) }
				</div>
			) }
		</RequireLogin>
	);
}
