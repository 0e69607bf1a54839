export interface CampaignType {
	name: string;
	/** An icon name the front end maps to its icon set. */
	icon: string;
}

/**
 * Kinds of campaign the platform runs. Ids are positions (1-based); append only.
 */
export const CAMPAIGN_TYPES: readonly CampaignType[] = [
	{ name: 'Bug hunting', icon: 'bug' },
	{ name: 'Usability testing (thinking aloud)', icon: 'thinking-aloud' },
	{ name: 'Security testing', icon: 'shield' },
	{ name: 'UX research survey', icon: 'survey' },
	{ name: 'Exploratory testing', icon: 'compass' },
	{ name: 'Regression testing', icon: 'repeat' },
	{ name: 'Localization testing', icon: 'language' },
	{ name: 'Accessibility testing', icon: 'accessibility' },
	{ name: 'Payment and checkout testing', icon: 'credit-card' },
	{ name: 'Performance and load perception', icon: 'gauge' },
];
