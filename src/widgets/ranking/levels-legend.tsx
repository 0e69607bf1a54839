import { useId, useMemo } from '@wordpress/element';

import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ShieldIcon } from '../../components/icons/shield-icon';
import { TrendingUpIcon } from '../../components/icons/trending-up-icon';
import { useConfig } from '../../hooks/use-config';
import { BASIC, LEGENDARY, NO_LEVEL } from '../../lib/levels';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import type { LevelItem } from '../../services/contract';
import { useListLevelsQuery } from '../../services/ranking';
import { LevelBadge } from './level-badge';
import { asTableQuery, useLoggedLoadError } from './load-error';

const block = 'wp-block-crowdscout-ranking';

/** The page that explains experience points and the levels in full (the experience page's Learn More too). */
export const RULES_ROUTE = 'discover-experience-points';

function useColumns(): Array< DataTableColumn< LevelItem > > {
	const { t, i18n } = useTranslation();
	return useMemo( () => {
		const numbers = new Intl.NumberFormat( i18n.language );
		const points = ( value: number ) => numbers.format( value );
		return [
			{
				id: 'level',
				header: t( 'ranking.legendLevel' ),
				rowHeader: true,
				cell: ( level ) => <LevelBadge level={ level } />,
			},
			{
				id: 'hold',
				header: t( 'ranking.legendMaintenance' ),
				className: `${ block }__cell--points`,
				cell: ( level ) => {
					if ( level.id === NO_LEVEL ) {
						return '—';
					}
					return level.id === LEGENDARY
						? t( 'ranking.legendPermanent' )
						: points( level.hold_exp_pts );
				},
			},
			{
				id: 'reach',
				header: t( 'ranking.legendAdvancement' ),
				className: `${ block }__cell--points`,
				cell: ( level ) => {
					// Level 0 is where everyone starts; Basic is the entry test's, Legendary a lifetime's total.
					if ( level.id === NO_LEVEL ) {
						return '—';
					}
					if ( level.id === LEGENDARY ) {
						return t( 'ranking.legendInTotal', {
							points: points( level.reach_exp_pts ),
						} );
					}
					return level.id === BASIC
						? t( 'ranking.legendEntryTest', {
								points: points( level.reach_exp_pts ),
						  } )
						: points( level.reach_exp_pts );
				},
			},
		];
	}, [ t, i18n.language ] );
}

/**
 * The levels legend, "How to level up": what the Maintenance and Advancement icons mean, every level with its
 * monthly hold and reach points as GET /levels publishes them, and a link to the rules page.
 */
export function LevelsLegend() {
	const { t } = useTranslation();
	const config = useConfig();
	const headingId = useId();
	const levels = useListLevelsQuery();
	const columns = useColumns();
	useLoggedLoadError(
		'GET /levels',
		levels.isError && ! levels.isFetching && levels.error
	);
	return (
		<section
			className={ `${ block }__card ${ block }__legend` }
			aria-labelledby={ headingId }
		>
			<h2 id={ headingId } className={ `${ block }__card-title` }>
				{ t( 'ranking.legendTitle' ) }
			</h2>
			<p>{ t( 'ranking.legendIntro' ) }</p>
			<dl className={ `${ block }__keys` }>
				<div className={ `${ block }__key` }>
					<dt>
						<ShieldIcon className={ `${ block }__key-icon` } />
						{ t( 'ranking.legendMaintenance' ) }
					</dt>
					<dd>{ t( 'ranking.legendMaintenanceText' ) }</dd>
				</div>
				<div className={ `${ block }__key` }>
					<dt>
						<TrendingUpIcon className={ `${ block }__key-icon` } />
						{ t( 'ranking.legendAdvancement' ) }
					</dt>
					<dd>{ t( 'ranking.legendAdvancementText' ) }</dd>
				</div>
			</dl>
			<DataTable
				className={ `${ block }__legend-table` }
				caption={ t( 'ranking.legendTable' ) }
				columns={ columns }
				query={ asTableQuery( levels, ( list ) =>
					[ ...list ].sort( ( a, b ) => a.id - b.id )
				) }
				rowKey={ ( level ) => level.id }
				emptyText={ t( 'ranking.legendEmpty' ) }
				loadingLabel={ t( 'ranking.legendLoading' ) }
			/>
			<a
				className={ `${ block }__link` }
				href={ routeUrl( config, RULES_ROUTE ) }
			>
				{ t( 'ranking.readRules' ) }
			</a>
		</section>
	);
}
