import { readConfig, type CrowdscoutConfig } from '../lib/config';
import type { LevelItem, UserMe } from '../services/contract';

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

/** `GET /levels` as the API publishes the rules (api/README.md "Levels"). */
export const LEVELS = [
	{ id: 0, name: 'None', reach_exp_pts: 0, hold_exp_pts: 0 },
	{ id: 10, name: 'Basic', reach_exp_pts: 200, hold_exp_pts: 0 },
	{ id: 20, name: 'Bronze', reach_exp_pts: 500, hold_exp_pts: 250 },
	{ id: 30, name: 'Silver', reach_exp_pts: 1000, hold_exp_pts: 500 },
	{ id: 40, name: 'Gold', reach_exp_pts: 2000, hold_exp_pts: 1000 },
	{ id: 50, name: 'Platinum', reach_exp_pts: 3500, hold_exp_pts: 1750 },
	{ id: 60, name: 'Diamond', reach_exp_pts: 5000, hold_exp_pts: 2500 },
	{ id: 100, name: 'Legendary', reach_exp_pts: 100000, hold_exp_pts: 0 },
] satisfies LevelItem[];
