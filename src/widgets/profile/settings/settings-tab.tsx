import { ChangePassword } from './change-password';
import { DeleteAccount } from './delete-account';
import { PersonalDataRequest } from './personal-data-request';
import './settings.scss';

export interface SettingsTabProps {
	/** Reloads the page after the password change (the browser's own by default). */
	reload?: () => void;
	/** Goes to an address, the goodbye page after a deletion (the browser's own by default). */
	navigate?: ( url: string ) => void;
}

/**
 * The profile's Settings tab (spec "Profile (my-account)"): change password, request personal data, delete
 * account.
 *
 * @param props
 * @param props.reload
 * @param props.navigate
 */
export function SettingsTab( { reload, navigate }: SettingsTabProps ) {
	return (
		<div className="crowdscout-profile-settings">
			<ChangePassword reload={ reload } />
			<PersonalDataRequest />
			<DeleteAccount navigate={ navigate } />
		</div>
	);
}
