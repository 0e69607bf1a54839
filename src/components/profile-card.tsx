import type { ReactNode } from 'react';
import { useId, useMemo } from '@wordpress/element';

import { useConfig } from '../hooks/use-config';
import { useTranslation } from '../lib/use-translation';
import type { Me } from '../services/types';
import { Avatar } from './avatar';
import { FlagIcon } from './icons/flag-icon';
import { StarIcon } from './icons/star-icon';
import './profile-card.scss';

const block = 'crowdscout-profile-card';

/**
 * One row of the card's list: a label and its value.
 *
 * @param props
 * @param props.label    Already translated; may start with an icon.
 * @param props.children The value.
 */
export function ProfileCardDetail( {
	label,
	children,
}: {
	label: ReactNode;
	children: ReactNode;
} ) {
	return (
		<div className={ `${ block }__detail` }>
			<dt className={ `${ block }__label` }>{ label }</dt>
			<dd className={ `${ block }__value` }>{ children }</dd>
		</div>
	);
}

export interface ProfileCardLabels {
	testerId: string;
	experiencePoints: string;
	completedCampaigns: string;
}

/**
 * The tester's summary card (spec "Profile"): avatar, name, tester id, experience points and completed
 * campaigns, shown by the profile page and the profile-summary block.
 *
 * @param props
 * @param props.me        The profile, with the summary fields.
 * @param props.labels    The rows' labels, already translated.
 * @param props.className Added to the card's own class.
 * @param props.children  Further rows (`ProfileCardDetail`) after the campaigns.
 */
export function ProfileCard( {
	me,
	labels,
	className,
	children,
}: {
	me: Me;
	labels: ProfileCardLabels;
	className?: string;
	children?: ReactNode;
} ) {
	const { i18n } = useTranslation();
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
		<section
			className={ [ block, className ].filter( Boolean ).join( ' ' ) }
			aria-labelledby={ headingId }
		>
			<Avatar
				className={ `${ block }__avatar` }
				name={ name }
				image={ me.image }
			/>
			<h2 id={ headingId } className={ `${ block }__name` }>
				{ name }
			</h2>
			<dl className={ `${ block }__details` }>
				{ /* The tester id reads on its own ("T17"); its label is for screen readers. */ }
				<div className={ `${ block }__detail ${ block }__detail--id` }>
					<dt className="crowdscout-visually-hidden">
						{ labels.testerId }
					</dt>
					<dd className={ `${ block }__value` }>{ `T${ me.id }` }</dd>
				</div>
				<ProfileCardDetail
					label={
						<>
							<StarIcon className={ `${ block }__icon` } />
							{ labels.experiencePoints }
						</>
					}
				>
					{ numbers.format( me.total_exp_pts ?? 0 ) }
				</ProfileCardDetail>
				<ProfileCardDetail
					label={
						<>
							<FlagIcon className={ `${ block }__icon` } />
							{ labels.completedCampaigns }
						</>
					}
				>
					{ numbers.format( me.attended_cp ?? 0 ) }
				</ProfileCardDetail>
				{ children }
			</dl>
		</section>
	);
}
