import { useState } from '@wordpress/element';

import { ProfileCard, ProfileCardDetail } from '../../components/profile-card';
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
 * The left card of the profile page (spec "Profile"): the shared profile card, then the email status.
 *
 * @param props
 * @param props.me The profile.
 */
export function SummaryCard( { me }: { me: Me } ) {
	const { t } = useTranslation();
	return (
		<ProfileCard
			me={ me }
			className={ `${ block }__summary` }
			labels={ {
				testerId: t( 'profile.testerId' ),
				experiencePoints: t( 'profile.experiencePoints' ),
				completedCampaigns: t( 'profile.completedCampaigns' ),
			} }
		>
			<ProfileCardDetail label={ t( 'profile.emailStatus' ) }>
				{ me.email_confirmed ? (
					t( 'profile.emailConfirmed' )
				) : (
					<ConfirmEmailButton />
				) }
			</ProfileCardDetail>
		</ProfileCard>
	);
}
