import { useTranslation } from '../../../lib/use-translation';
import { Certifications } from './certifications';
import { CustomFieldsForm } from './custom-fields-form';
import './advanced.scss';

/**
 * The profile's Advanced tab (spec "Profile (my-account)"): the custom user fields, then the certifications.
 */
export function AdvancedTab() {
	const { t } = useTranslation();
	return (
		<div className="crowdscout-profile-advanced">
			<section aria-labelledby="crowdscout-custom-fields-title">
				<h3 id="crowdscout-custom-fields-title">
					{ t( 'profileAdvanced.title' ) }
				</h3>
				<CustomFieldsForm />
			</section>
			<Certifications />
		</div>
	);
}
