import { useId } from '@wordpress/element';

import { useConfig } from '../hooks/use-config';
import { useTranslation } from '../lib/use-translation';
import type { ApiError } from '../services/api-error';

/**
 * The API's 403 message for a valid token of a WordPress user without a tester profile (api/src/lib/auth.ts
 * `NO_TESTER_MESSAGE`). The status alone cannot tell this user from a visitor.
 */
export const NO_TESTER_MESSAGE = 'This account has no tester profile.';

export const isNoTesterError = ( error: unknown ): boolean =>
	typeof error === 'object' &&
	error !== null &&
	( error as Partial< ApiError > ).status === 403 &&
	( error as Partial< ApiError > ).message === NO_TESTER_MESSAGE;

/**
 * Shown in place of a tester page to someone logged in to WordPress without a tester profile (an administrator,
 * a sign-up still being repaired): the login card would only log them in again, in a loop.
 */
export function NoTesterNotice() {
	const { t } = useTranslation();
	const { user } = useConfig();
	const headingId = useId();
	return (
		<section
			className="crowdscout-notice crowdscout-notice--info"
			aria-labelledby={ headingId }
		>
			<h2 id={ headingId } className="crowdscout-notice__title">
				{ t( 'noTesterProfile.title' ) }
			</h2>
			<p>
				{ user?.displayName
					? t( 'noTesterProfile.descriptionNamed', {
							name: user.displayName,
					  } )
					: t( 'noTesterProfile.description' ) }
			</p>
		</section>
	);
}
