import { useId, useMemo } from '@wordpress/element';

import { Avatar } from '../../components/avatar';
import { FlagIcon } from '../../components/icons/flag-icon';
import { StarIcon } from '../../components/icons/star-icon';
import { useConfig } from '../../hooks/use-config';
import { useTranslation } from '../../lib/use-translation';
import type { Me } from '../../services/types';

const block = 'wp-block-crowdscout-profile-summary';

/**
 * The left summary card of the profile page (spec, "Profile").
 *
 * @param props
 * @param props.me The profile, with the summary fields.
 */
export function ProfileSummaryCard( { me }: { me: Me } ) {
	const { t, i18n } = useTranslation();
	const config = useConfig();
	const headingId = useId();
	const numbers = useMemo(
		() => new Intl.NumberFormat( i18n.language ),
		[ i18n.language ]
	);
	// A profile without a name yet still deserves a heading: WordPress knows the display name.
	const name =
		[ me.name, me.surname ].filter( Boolean ).join( ' ' ) ||
		config.user?.displayName ||
		'';

	return (
		<section className={ `${ block }__card` } aria-labelledby={ headingId }>
			<Avatar
				className={ `${ block }__avatar` }
				name={ name }
				image={ me.image }
			/>
			<h2 id={ headingId } className={ `${ block }__name` }>
				{ name }
			</h2>
			<dl className={ `${ block }__details` }>
				<div className={ `${ block }__detail ${ block }__detail--id` }>
					<dt className={ `${ block }__label` }>
						{ t( 'profileSummary.testerId' ) }
					</dt>
					<dd className={ `${ block }__value` }>{ `T${ me.id }` }</dd>
				</div>
				<div className={ `${ block }__detail` }>
					<dt className={ `${ block }__label` }>
						<StarIcon className={ `${ block }__icon` } />
						{ t( 'profileSummary.experiencePoints' ) }
					</dt>
					<dd className={ `${ block }__value` }>
						{ numbers.format( me.total_exp_pts ?? 0 ) }
					</dd>
				</div>
				<div className={ `${ block }__detail` }>
					<dt className={ `${ block }__label` }>
						<FlagIcon className={ `${ block }__icon` } />
						{ t( 'profileSummary.completedCampaigns' ) }
					</dt>
					<dd className={ `${ block }__value` }>
						{ numbers.format( me.attended_cp ?? 0 ) }
					</dd>
				</div>
			</dl>
		</section>
	);
}
