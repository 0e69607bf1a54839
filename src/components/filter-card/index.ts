export {
	FilterCard,
	type Filter,
	type FilterCardProps,
	type FilterValues,
	type SearchFilter,
	type SelectFilter,
} from './filter-card';
