import { MedalIcon } from '../../components/icons/medal-icon';
import { isKnownLevel, levelName } from '../../lib/levels';
import { useTranslation } from '../../lib/use-translation';
import type { IdName } from '../../services/contract';

const block = 'wp-block-crowdscout-ranking';

/**
 * A level's medal, in the level's colour, and its name: the name says it, the colour only adds to it.
 *
 * @param props
 * @param props.level
 */
export function LevelBadge( { level }: { level: IdName } ) {
	const { t } = useTranslation();
	return (
		<span className={ `${ block }__level` }>
			<MedalIcon
				className={ `${ block }__level-icon ${ block }__level-icon--${
					isKnownLevel( level.id ) ? level.id : 0
				}` }
			/>
			<span>{ levelName( t, level ) }</span>
		</span>
	);
}
