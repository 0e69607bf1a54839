import type { TFunction } from 'i18next';

import type { SelectOption } from '../../components/form-field/form-field';
import { activityName } from '../../lib/activities';
import { formatDay } from '../../lib/dates';
import type {
	ExperienceFilters,
	ExperienceItem,
} from '../../services/contract';

/** What a cell shows where an entry has no value. */
export const MISSING = '-';

/**
 * CP plus the id when the campaign has a title and a real id, otherwise a dash (spec, "Experience entry").
 *
 * @param campaign
 */
export const campaignCode = ( campaign: ExperienceItem[ 'campaign' ] ) =>
	campaign && campaign.title && campaign.id > 0
		? `CP${ campaign.id }`
		: MISSING;

export interface ExperienceOptions {
	campaign: SelectOption[];
	activity: SelectOption[];
	date: SelectOption[];
}

/**
 * The choices of the Campaign, Activity and Date selects: the values the history holds, each once, in the API's
 * order (newest campaigns and days first, activities in id order). Campaigns read CP+id, as the table's column.
 *
 * @param filters The history's values (GET /users/me/experience/filters); none while they are asked.
 * @param t
 */
export function filterOptions(
	filters: ExperienceFilters | undefined,
	t: TFunction
): ExperienceOptions {
	return {
		campaign: ( filters?.campaigns ?? [] ).map( ( id ) => ( {
			value: String( id ),
			label: `CP${ id }`,
		} ) ),
		activity: ( filters?.activities ?? [] ).map( ( id ) => ( {
			value: String( id ),
			label: activityName( id, t ),
		} ) ),
		date: ( filters?.dates ?? [] ).map( ( day ) => ( {
			value: day,
			label: formatDay( day ) ?? day,
		} ) ),
	};
}
