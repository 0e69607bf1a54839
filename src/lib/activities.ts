import type { TFunction } from 'i18next';

import type en from '../../languages/en.json';

type ActivityKey = Extract<
	keyof ( typeof en )[ 'experience' ],
	`activity${ string }`
>;

/**
 * The activities with a name (spec, "Experience entry"), which booty entries share: experience points and booty
 * are earned by the same activities.
 */
const NAMED_ACTIVITIES: Record< number, ActivityKey > = {
	1: 'activityCampaignCompletion',
	2: 'activityBugEvaluation',
	3: 'activityPointsFix',
	4: 'activityExtraAward',
	5: 'activityReferral',
};

/**
 * An activity's name in the page's language; any id without a name is "Other".
 *
 * @param id The activity's id.
 * @param t
 */
export const activityName = ( id: number, t: TFunction ): string =>
	t( `experience.${ NAMED_ACTIVITIES[ id ] ?? 'activityOther' }` );
