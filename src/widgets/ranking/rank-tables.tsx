import { useId, useMemo } from '@wordpress/element';

import { Avatar } from '../../components/avatar';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ErrorNotice } from '../../components/error-notice';
import { Spinner } from '../../components/spinner';
import { levelName } from '../../lib/levels';
import { useTranslation } from '../../lib/use-translation';
import { useGetMyRankListQuery } from '../../services/ranking';
import type {
	RankEntry,
	RankLists,
	RankSummary,
} from '../../services/contract';
import type { Me } from '../../services/types';
import { asTableQuery, useLoggedLoadError } from './load-error';

const block = 'wp-block-crowdscout-ranking';

function useColumns( me: Me ): Array< DataTableColumn< RankEntry > > {
	const { t, i18n } = useTranslation();
	return useMemo( () => {
		const numbers = new Intl.NumberFormat( i18n.language );
		return [
			{
				id: 'position',
				header: t( 'ranking.columnPosition' ),
				cell: ( entry ) => numbers.format( entry.position ),
				className: `${ block }__cell--number`,
			},
			{
				id: 'tester',
				header: t( 'ranking.columnTester' ),
				rowHeader: true,
				cell: ( entry ) => (
					<span className={ `${ block }__tester` }>
						{ /* The name follows: the picture adds nothing to read out. */ }
						<span aria-hidden="true">
							<Avatar
								className={ `${ block }__avatar` }
								name={ entry.name }
								image={ entry.image }
							/>
						</span>
						<span>{ entry.name }</span>
						{ entry.id === me.id && (
							<strong className={ `${ block }__you` }>
								{ t( 'ranking.you' ) }
							</strong>
						) }
					</span>
				),
			},
			{
				id: 'points',
				header: t( 'ranking.columnPoints' ),
				cell: ( entry ) => numbers.format( entry.monthly_exp ),
				className: `${ block }__cell--number`,
			},
		];
	}, [ t, i18n.language, me.id ] );
}

/**
 * This month's ranking of the tester's level: the top three and the tester among their neighbours, the tester's
 * row marked by a "You" tag (and a highlight). Level 0 has no ranking, and so no tables.
 *
 * @param props
 * @param props.me      The profile: whose row to mark.
 * @param props.summary This month's ranking summary: the level.
 */
export function RankTables( {
	me,
	summary,
}: {
	me: Me;
	summary: RankSummary;
} ) {
	const { t } = useTranslation();
	const headingId = useId();
	const list = useGetMyRankListQuery();
	const columns = useColumns( me );
	const failed = list.isError && ! list.isFetching;
	useLoggedLoadError( 'GET /users/me/rank/list', failed && list.error );

	const table = (
		heading: string,
		rows: ( lists: RankLists ) => readonly RankEntry[]
	) => (
		<div className={ `${ block }__table` }>
			<h3 className={ `${ block }__table-title` }>{ heading }</h3>
			<DataTable
				caption={ heading }
				columns={ columns }
				query={ asTableQuery( list, rows ) }
				rowKey={ ( entry ) => entry.id }
				emptyText={ t( 'ranking.emptyRanking' ) }
				rowClassName={ ( entry ) =>
					entry.id === me.id ? `${ block }__row--me` : undefined
				}
			/>
		</div>
	);

	let content;
	if ( failed ) {
		content = (
			<ErrorNotice
				title={ t( 'ranking.listError' ) }
				onRetry={ list.refetch }
			/>
		);
	} else if ( ! list.data ) {
		content = <Spinner label={ t( 'ranking.listLoading' ) } />;
	} else {
		content = (
			<div className={ `${ block }__tables` }>
				{ table( t( 'ranking.topTitle' ), ( lists ) => lists.tops ) }
				{ table( t( 'ranking.peersTitle' ), ( lists ) => lists.peers ) }
			</div>
		);
	}

	return (
		<section
			className={ `${ block }__card ${ block }__ranking` }
			aria-labelledby={ headingId }
		>
			<h2 id={ headingId } className={ `${ block }__card-title` }>
				{ t( 'ranking.rankingTitle', {
					level: levelName( t, summary.level ),
				} ) }
			</h2>
			{ content }
		</section>
	);
}
