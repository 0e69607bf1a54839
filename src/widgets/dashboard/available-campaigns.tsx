import { useId } from '@wordpress/element';

import { useTranslation } from '../../lib/use-translation';
import { CampaignTable } from './campaign-table';
import { TABLES } from './tables';

const block = 'wp-block-crowdscout-dashboard';

export function AvailableCampaigns() {
	const { t } = useTranslation();
	const headingId = useId();
	return (
		<section className={ `${ block }__card` } aria-labelledby={ headingId }>
			<h2 id={ headingId } className={ `${ block }__card-title` }>
				{ t( 'dashboard.availableTitle' ) }
			</h2>
			<p className={ `${ block }__intro` }>
				{ t( 'dashboard.availableIntro' ) }
			</p>
			<CampaignTable config={ TABLES.available } />
		</section>
	);
}
