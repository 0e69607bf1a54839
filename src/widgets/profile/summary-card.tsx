import { useId, useMemo, useState } from '@wordpress/element';

import { Avatar } from '../../components/avatar';
import { FlagIcon } from '../../components/icons/flag-icon';
import { StarIcon } from '../../components/icons/star-icon';
import { useConfig } from '../../hooks/use-config';
import { useTranslation } from '../../lib/use-translation';
import { showToast } from '../../services/toasts';
import type { Me } from '../../services/types';
import { useAppDispatch } from '../../store/hooks';
import { requestEmailConfirmation } from './email-confirmation';

const block = 'wp-block-crowdscout-profile';

/**
 * "Confirm email": asks WordPress to mail a confirmation link. It disables itself after one click whatever the
 * outcome (spec §4), so a tester cannot flood their own inbox.
 */
function ConfirmEmailButton() {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const [ clicked, setClicked ] = useState( false );

	const confirm = async () => {
		setClicked( true );
		const outcome = await dispatch( requestEmailConfirmation() ).unwrap();
		if ( outcome.kind === 'sent' ) {
			dispatch(
				showToast( {
					kind: 'success',
					message: t( 'profile.confirmationSent' ),
				} )
			);
			return;
		}
		dispatch(
			showToast( {
				kind: 'danger',
				message:
					outcome.kind === 'nonceNotFound'
						? t( 'profile.nonceNotFound' )
						: outcome.message ?? t( 'profile.confirmationFailed' ),
			} )
		);
	};

	return (
		<button
			type="button"
			className="crowdscout-button crowdscout-button--secondary"
			onClick={ confirm }
			disabled={ clicked }
		>
			{ t( 'profile.confirmEmail' ) }
		</button>
	);
}

/**
 * The left card of the profile page (spec "Profile"): avatar, name, tester id, experience points, completed
 * campaigns and the email status.
 *
 * @param props
 * @param props.me The profile.
 */
export function SummaryCard( { me }: { me: Me } ) {
	const { t, i18n } = useTranslation();
	const config = useConfig();
	const headingId = useId();
	const numbers = useMemo(
		() => new Intl.NumberFormat( i18n.language ),
		[ i18n.language ]
	);
	const name =
		[ me.name, me.surname ].filter( Boolean ).join( ' ' ) ||
		config.user?.displayName ||
		'';

	return (
		<section
			className={ `${ block }__card ${ block }__summary` }
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
				<div className={ `${ block }__detail ${ block }__detail--id` }>
					<dt className="crowdscout-visually-hidden">
						{ t( 'profile.testerId' ) }
					</dt>
					<dd className={ `${ block }__value` }>{ `T${ me.id }` }</dd>
				</div>
				<div className={ `${ block }__detail` }>
					<dt className={ `${ block }__label` }>
						<StarIcon className={ `${ block }__icon` } />
						{ t( 'profile.experiencePoints' ) }
					</dt>
					<dd className={ `${ block }__value` }>
						{ numbers.format( me.total_exp_pts ?? 0 ) }
					</dd>
				</div>
				<div className={ `${ block }__detail` }>
					<dt className={ `${ block }__label` }>
						<FlagIcon className={ `${ block }__icon` } />
						{ t( 'profile.completedCampaigns' ) }
					</dt>
					<dd className={ `${ block }__value` }>
						{ numbers.format( me.attended_cp ?? 0 ) }
					</dd>
				</div>
				<div className={ `${ block }__detail` }>
					<dt className={ `${ block }__label` }>
						{ t( 'profile.emailStatus' ) }
					</dt>
					<dd className={ `${ block }__value` }>
						{ me.email_confirmed ? (
							t( 'profile.emailConfirmed' )
						) : (
							<ConfirmEmailButton />
						) }
					</dd>
				</div>
			</dl>
		</section>
	);
}
