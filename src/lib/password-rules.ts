/** The spec's password rules (section 5), shared by sign-up and the password change of the profile. */
export const PASSWORD_MIN_LENGTH = 6;

/**
 * The rules in the order the spec lists their messages. `message` is a translation key: the sentences are the
 * same on every form that asks for a password.
 */
export const PASSWORD_RULES = [
	{
		key: 'length',
		test: ( value: string ) => value.length >= PASSWORD_MIN_LENGTH,
		message: 'signup.passwordTooShort',
	},
	{
		key: 'number',
		test: ( value: string ) => /[0-9]/.test( value ),
		message: 'signup.passwordNumber',
	},
	{
		key: 'uppercase',
		test: ( value: string ) => /[A-Z]/.test( value ),
		message: 'signup.passwordUppercase',
	},
	{
		key: 'lowercase',
		test: ( value: string ) => /[a-z]/.test( value ),
		message: 'signup.passwordLowercase',
	},
] as const;

export type PasswordRule = ( typeof PASSWORD_RULES )[ number ][ 'key' ];

/** The key of "Password is a required field". */
export const PASSWORD_REQUIRED = 'signup.passwordRequired';
