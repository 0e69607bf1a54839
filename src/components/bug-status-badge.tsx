import { bugValueName } from '../lib/bug-values';
import { useTranslation } from '../lib/use-translation';
import './bug-status-badge.scss';

const block = 'crowdscout-bug-status';

/** Spec, "Bug statuses": the colour class of each status id. */
const TONES: Record< number, 'danger' | 'success' | 'info' | 'warning' > = {
	1: 'danger',
	2: 'success',
	3: 'info',
	4: 'warning',
};

/**
 * A bug's status as a coloured badge (refused, approved, pending, need review), named in the page's language.
 * The colour only repeats the text, so nothing is lost without it.
 *
 * @param props
 * @param props.status      The bug's status as the API sends it; an unknown id shows the API's name, uncoloured.
 * @param props.status.id
 * @param props.status.name
 */
export function BugStatusBadge( {
	status,
}: {
	status: { id: number; name: string };
} ) {
	const { t } = useTranslation();
	const tone = TONES[ status.id ];
	return (
		<span className={ `${ block } ${ block }--${ tone ?? 'other' }` }>
			{ bugValueName( t, 'status', status ) }
		</span>
	);
}
