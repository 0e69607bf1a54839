import { useTranslation } from '../../lib/use-translation';

const block = 'crowdscout-data-table';

export interface PaginationProps {
	/** 1-based. */
	page: number;
	pages: number;
	onChange: ( page: number ) => void;
	/** Names the navigation landmark after the table it pages. */
	label: string;
}

/**
 * Previous and Next around "Page x / y" (the spec's wording). The ends are aria-disabled rather than disabled so that focus
 * stays on the button that was just used when it reaches the first or last page.
 *
 * @param props
 * @param props.page
 * @param props.pages
 * @param props.onChange
 * @param props.label
 */
export function Pagination( {
	page,
	pages,
	onChange,
	label,
}: PaginationProps ) {
	const { t } = useTranslation();
	const step = ( to: number ) => () => {
		if ( to >= 1 && to <= pages ) {
			onChange( to );
		}
	};
	return (
		<nav className={ `${ block }__pagination` } aria-label={ label }>
			<button
				type="button"
				className="crowdscout-button crowdscout-button--secondary"
				aria-disabled={ page <= 1 || undefined }
				onClick={ step( page - 1 ) }
			>
				{ t( 'dataTable.previousPage' ) }
			</button>
			<p className={ `${ block }__page-status` } aria-live="polite">
				{ t( 'dataTable.pageOf', { page, pages } ) }
			</p>
			<button
				type="button"
				className="crowdscout-button crowdscout-button--secondary"
				aria-disabled={ page >= pages || undefined }
				onClick={ step( page + 1 ) }
			>
				{ t( 'dataTable.nextPage' ) }
			</button>
		</nav>
	);
}
