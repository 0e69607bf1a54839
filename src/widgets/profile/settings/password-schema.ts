import { object, ref, string } from 'yup';

import { PASSWORD_REQUIRED, PASSWORD_RULES } from '../../../lib/password-rules';

export interface PasswordChangeValues {
	oldPassword: string;
	password: string;
	confirmation: string;
}

export const EMPTY_PASSWORD_CHANGE: PasswordChangeValues = {
	oldPassword: '',
	password: '',
	confirmation: '',
};

let newPassword = string().required( PASSWORD_REQUIRED );
for ( const rule of PASSWORD_RULES ) {
	newPassword = newPassword.test(
		rule.key,
		rule.message,
		( value ) => ! value || rule.test( value )
	);
}

/** §5 "Password": the sign-up rules, the confirmation equal to it, and the current password. Messages are keys. */
export const passwordChangeSchema = object( {
	oldPassword: string().required( 'profileSettings.currentPasswordRequired' ),
	password: newPassword,
	confirmation: string()
		.required( 'profileSettings.confirmationRequired' )
		.oneOf( [ ref( 'password' ) ], 'profileSettings.confirmationMismatch' ),
} );
