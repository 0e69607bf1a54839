import type { ReactNode } from 'react';
import { useId } from '@wordpress/element';

import type { TableQuery } from './data-table';

import './list-page.scss';

const block = 'crowdscout-list-page';

interface ListPageProps {
	/** The page's heading. */
	title: string;
	/** The heading of the card that holds the list. */
	listTitle?: string;
	/** The list, usually a DataTable. */
	children: ReactNode;
	/** The side column: the filter card and any help card. */
	side: ReactNode;
}

/**
 * The page of a tester's history list (experience points, uploaded bugs): a heading, the list in a card on
 * the left and the filters on the right, stacked when the block is narrow.
 *
 * @param props
 * @param props.title
 * @param props.listTitle
 * @param props.children
 * @param props.side
 */
export function ListPage( {
	title,
	listTitle,
	children,
	side,
}: ListPageProps ) {
	return (
		<div className={ block }>
			<h1 className={ `${ block }__title` }>{ title }</h1>
			<div className={ `${ block }__columns` }>
				{ /* Not a region of its own: the table inside is one, named like this card. */ }
				<div className={ `${ block }__card ${ block }__main` }>
					{ listTitle && (
						<h2 className={ `${ block }__card-title` }>
							{ listTitle }
						</h2>
					) }
					{ children }
				</div>
				<div className={ `${ block }__side` }>{ side }</div>
			</div>
		</div>
	);
}

/**
 * A card of the side column with a heading.
 *
 * @param props
 * @param props.title
 * @param props.children
 */
export function SideCard( {
	title,
	children,
}: {
	title: string;
	children: ReactNode;
} ) {
	const titleId = useId();
	return (
		<section className={ `${ block }__card` } aria-labelledby={ titleId }>
			<h2 id={ titleId } className={ `${ block }__card-title` }>
				{ title }
			</h2>
			{ children }
		</section>
	);
}

/**
 * A list query whose failure shows as an empty list, as the spec has it for the history lists (experience:
 * "empty table"; my bugs: "empty list", beside the toast). The page on screen stays where it is: no rows of
 * another page are shown, so the table does not take the empty answer for a page past the end.
 *
 * @param query The list hook's result.
 */
export function emptyOnError< Row >(
	query: TableQuery< Row >
): TableQuery< Row > {
	return query.isError
		? {
				...query,
				isError: false,
				data: { results: [], total: 0 },
				currentData: undefined,
		  }
		: query;
}
