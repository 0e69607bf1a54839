import type { Locale } from '../../lib/locale';

/** A URL per interface language, null where the campaign has none (api/openapi.yaml `PerLanguage`). */
export type PerLanguage = Record< Locale, string | null >;

export type Visibility = 'available' | 'candidate' | 'unavailable';

/** One row of the dashboard tables (`CampaignItem`). */
export interface Campaign {
	id: number;
	name: string;
	campaign_type: { id: number; name: string; icon: string | null };
	dates: { start: string; end: string; close: string };
	manual_link: PerLanguage;
	preview_link: PerLanguage;
	visibility: { type: Visibility };
}

export interface CampaignPage {
	results: Campaign[];
	start: number;
	limit: number;
	size: number;
	total: number;
}

export type SortKey = 'start_date' | 'end_date' | 'close_date' | 'visibility';

export type SortOrder = 'ASC' | 'DESC';

export interface Sort {
	orderBy: SortKey;
	order: SortOrder;
}

// A type alias, not an interface, so that it fits the base query's `params` record.
export type CampaignFilter = {
	accepted?: 0 | 1;
	completed?: 0 | 1;
	statusId?: 1 | 2;
};

export interface CampaignQuery extends Sort {
	filterBy: CampaignFilter;
	start: number;
	limit: number;
	/** The page language: the API picks the links of a language without its own page from it. */
	locale: Locale;
}

export interface IdName {
	id: number;
	name: string;
}

/** `GET /users/me/rank` (`RankSummary`). */
export interface RankSummary {
	/** Experience points earned this month. */
	points: number;
	/** Position in this month's ranking of the level; null at level 0. */
	rank: number | null;
	level: IdName;
	previousLevel: IdName;
	prospect: {
		level: IdName;
		maintenance: number;
		next?: { points: number; level: IdName };
	};
}
