export {
	DataTable,
	type CellContext,
	type DataTableColumn,
	type DataTablePaging,
	type DataTableProps,
	type TablePage,
	type TableQuery,
} from './data-table';
export { Pagination, type PaginationProps } from './pagination';
export { nextSort, useTableState, type Sort } from './sort';
