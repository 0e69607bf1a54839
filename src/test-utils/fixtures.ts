import { readConfig, type CrowdscoutConfig } from '../lib/config';
import type { UserMe } from '../services/contract';

export const SITE = 'http://scouts.test';

/** A logged-in tester's page, as WordPress prints it. */
export function testConfig(
	overrides: Partial< CrowdscoutConfig > = {}
): CrowdscoutConfig {
	return {
		...readConfig(
			{
				apiBase: `${ SITE }/api`,
				token: 'token-1',
				tokenExpiresAt: '2030-01-01T00:15:00Z',
				ajaxUrl: `${ SITE }/wp-admin/admin-ajax.php`,
				nonces: { token: 'nonce-1', logout: 'logout-nonce-1' },
				locale: 'en',
				productName: 'Scout',
				siteUrl: `${ SITE }/`,
				loginUrl: `${ SITE }/wp-login.php?redirect_to=${ encodeURIComponent(
					`${ SITE }/my-account/`
				) }`,
				user: { id: 2, displayName: 'Dana Demo', roles: [ 'tester' ] },
				features: { publicUserPages: false },
			},
			SITE
		),
		...overrides,
	};
}

/** Dana, the demo tester, as `/users/me` returns her. */
export const DANA = {
	id: 17,
	name: 'Dana',
	surname: 'Demo',
	image: null,
	total_exp_pts: 1250,
	attended_cp: 7,
} satisfies UserMe;
