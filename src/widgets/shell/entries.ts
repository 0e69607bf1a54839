import type { ComponentType } from 'react';

import { PersonIcon } from '../../components/icons/person-icon';
import { StarIcon } from '../../components/icons/star-icon';
import type { IconProps } from '../../components/icons/svg-icon';
import type { CrowdscoutConfig } from '../../lib/config';
import type { Locale } from '../../lib/locale';
import { routeUrl } from '../../lib/routes';
import type en from '../../../languages/en.json';
import {
	BookIcon,
	BugIcon,
	DashboardIcon,
	DevicesIcon,
	HelpIcon,
	LeaderboardIcon,
	SchoolIcon,
	WalletIcon,
} from './icons';

export type ShellMessage = keyof ( typeof en )[ 'shell' ];

export interface SidebarEntry {
	label: ShellMessage;
	/** The English route. */
	route: string;
	/** Routes whose slug is translated in some languages (spec §2, "Fixed link paths"). */
	translatedRoutes?: Partial< Record< Locale, string > >;
	Icon: ComponentType< IconProps >;
}

/** The spec's sidebar, in its order ("Shell"). */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
	{ label: 'dashboard', route: 'my-dashboard', Icon: DashboardIcon },
	{ label: 'profile', route: 'my-account', Icon: PersonIcon },
	{ label: 'devices', route: 'personal-equipment', Icon: DevicesIcon },
	{ label: 'payments', route: 'payments', Icon: WalletIcon },
	{ label: 'experiencePoints', route: 'experience-points', Icon: StarIcon },
	{ label: 'leaderboard', route: 'leaderboard', Icon: LeaderboardIcon },
	{ label: 'uploadedBugs', route: 'my-bugs', Icon: BugIcon },
	{ label: 'courses', route: 'courses', Icon: BookIcon },
	{
		label: 'testingUniversity',
		route: 'testing-school',
		translatedRoutes: { fr: 'universite-de-test' },
		Icon: SchoolIcon,
	},
	{ label: 'faq', route: 'faq', Icon: HelpIcon },
];

/** Roles that see the Admin entry (spec §6). */
export const ADMIN_ROLES: readonly string[] = [
	'administrator',
	'tester_lead',
];

export function entryUrl(
	config: Pick< CrowdscoutConfig, 'siteUrl' | 'locale' >,
	entry: SidebarEntry
): string {
	return routeUrl(
		config,
		entry.translatedRoutes?.[ config.locale ] ?? entry.route
	);
}

const withoutTrailingSlash = ( path: string ) =>
	path.replace( /\/+$/, '' ) || '/';

/**
 * Whether a link leads to the page being shown; `/my-account` and `/my-account/` are the same page.
 *
 * @param href        The link.
 * @param currentPath The page's path, `window.location.pathname`.
 */
export function isCurrentPage( href: string, currentPath: string ): boolean {
	return (
		withoutTrailingSlash( new URL( href ).pathname ) ===
		withoutTrailingSlash( currentPath )
	);
}
