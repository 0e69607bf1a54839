import { useState } from '@wordpress/element';

import { useTranslation } from '../../../lib/use-translation';
import { showToast } from '../../../services/toasts';
import { useAppDispatch } from '../../../store/hooks';
import { requestPersonalData } from './settings-api';

/**
 * Request personal data (spec "Profile (my-account)", Settings; §8 "Data request"): WordPress files an export
 * request that the site owner handles; the tester gets an email in a few days.
 */
export function PersonalDataRequest() {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const [ pending, setPending ] = useState( false );

	const onRequest = async () => {
		setPending( true );
		const outcome = await dispatch( requestPersonalData() ).unwrap();
		setPending( false );
		switch ( outcome.kind ) {
			case 'sent':
				dispatch(
					showToast( {
						kind: 'success',
						message: t( 'profileSettings.dataRequested' ),
					} )
				);
				return;
			case 'genericError':
				dispatch(
					showToast( {
						kind: 'danger',
						message: t( 'profileSettings.dataRequestError' ),
					} )
				);
				return;
			case 'nonceNotFound':
				dispatch(
					showToast( {
						kind: 'danger',
						message: t( 'profileSettings.nonceNotFound' ),
					} )
				);
				return;
			case 'failed':
				dispatch(
					showToast( { kind: 'danger', message: outcome.message } )
				);
		}
	};

	return (
		<section
			className="crowdscout-profile-settings__section"
			aria-labelledby="crowdscout-data-request-title"
		>
			<h3 id="crowdscout-data-request-title">
				{ t( 'profileSettings.dataTitle' ) }
			</h3>
			<p>{ t( 'profileSettings.dataText' ) }</p>
			<div className="crowdscout-profile-settings__actions">
				<button
					type="button"
					className="crowdscout-button crowdscout-button--secondary"
					disabled={ pending }
					onClick={ onRequest }
				>
					{ t( 'profileSettings.dataButton' ) }
				</button>
			</div>
		</section>
	);
}
