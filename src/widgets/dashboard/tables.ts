import type { DashboardKey } from './translation-keys';
import type { CampaignFilter, Sort, SortKey } from './types';

export type ColumnId =
	| 'campaign'
	| 'type'
	| 'start'
	| 'end'
	| 'close'
	| 'actions'
	| 'availability';

export interface Column {
	header: DashboardKey;
	/** The API's sort key; columns without one do not sort. */
	sortKey?: SortKey;
}

export const COLUMNS: Record< ColumnId, Column > = {
	campaign: { header: 'columnCampaign' },
	type: { header: 'columnType' },
	start: { header: 'columnStart', sortKey: 'start_date' },
	end: { header: 'columnEnd', sortKey: 'end_date' },
	close: { header: 'columnClose', sortKey: 'close_date' },
	actions: { header: 'columnActions' },
	availability: { header: 'columnAvailability', sortKey: 'visibility' },
};

export type TableId = 'active' | 'finished' | 'closed' | 'available';

export interface TableConfig {
	id: TableId;
	/** The table's accessible name. */
	caption: DashboardKey;
	filterBy: CampaignFilter;
	defaultSort: Sort;
	columns: readonly ColumnId[];
	empty: DashboardKey;
}

/** Spec section 2 "Dashboard", section 7 "Dashboard filters" and section 9 "Default sorts". */
export const TABLES: Record< TableId, TableConfig > = {
	active: {
		id: 'active',
		caption: 'activeTable',
		filterBy: { accepted: 1, completed: 0 },
		defaultSort: { orderBy: 'start_date', order: 'ASC' },
		columns: [ 'campaign', 'type', 'start', 'end', 'actions' ],
		empty: 'emptyActive',
	},
	finished: {
		id: 'finished',
		caption: 'finishedTable',
		filterBy: { accepted: 1, statusId: 1, completed: 1 },
		defaultSort: { orderBy: 'end_date', order: 'DESC' },
		columns: [ 'campaign', 'type', 'end', 'close' ],
		empty: 'emptyFinished',
	},
	closed: {
		id: 'closed',
		caption: 'closedTable',
		filterBy: { accepted: 1, statusId: 2 },
		defaultSort: { orderBy: 'close_date', order: 'DESC' },
		columns: [ 'campaign', 'type', 'end', 'close' ],
		empty: 'emptyClosed',
	},
	available: {
		id: 'available',
		caption: 'availableTitle',
		// `completed: 0` alone would offer again the campaigns the tester is already selected for.
		filterBy: { accepted: 0, completed: 0 },
		defaultSort: { orderBy: 'visibility', order: 'ASC' },
		columns: [ 'campaign', 'type', 'start', 'end', 'availability' ],
		empty: 'emptyAvailable',
	},
};

/** Spec section 9: ten rows a page, pagination only past ten. */
export const PAGE_SIZE = 10;
