import { useId } from '@wordpress/element';
import { useFormikContext } from 'formik';

import { useConfig } from '../../hooks/use-config';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { bugValueName } from '../../lib/bug-values';
import { routeUrl } from '../../lib/routes';
import { withoutBackslashEscapes } from '../../lib/text';
import { useTranslation } from '../../lib/use-translation';
import { block } from './block';
import { useListMySimilarBugsQuery } from './bug-form-api';
import type { BugFormValues } from './values';

/** How long the title must stay unchanged before the search runs. */
export const SIMILAR_DELAY = 400;

/** Titles shorter than this find nothing (the API answers an empty list). */
const MINIMUM_LENGTH = 3;

/**
 * While the title is typed, up to three bugs of the campaign with similar titles (the API's full-text search),
 * so the tester can look before reporting a duplicate. The tester's own bugs link to their page.
 *
 * @param props
 * @param props.campaignId
 */
export function DuplicateHint( { campaignId }: { campaignId: number } ) {
	const { t } = useTranslation();
	const config = useConfig();
	const titleId = useId();
	const { values } = useFormikContext< BugFormValues >();
	const title = useDebouncedValue( values.title.trim(), SIMILAR_DELAY );
	const skip = title.length < MINIMUM_LENGTH;
	const { currentData } = useListMySimilarBugsQuery(
		{ campaignId, title },
		{ skip }
	);
	if ( skip || ! currentData?.length ) {
		return null;
	}
	return (
		<section
			className={ `${ block }__similar` }
			aria-labelledby={ titleId }
			aria-live="polite"
		>
			<h3 id={ titleId } className={ `${ block }__similar-title` }>
				{ t( 'bugForm.similarTitle' ) }
			</h3>
			<ul className={ `${ block }__similar-list` }>
				{ currentData.slice( 0, 3 ).map( ( bug ) => {
					const name = withoutBackslashEscapes( bug.title );
					return (
						<li key={ bug.id }>
							{ bug.mine ? (
								<a
									href={ routeUrl(
										config,
										`bugs/show/${ bug.id }`
									) }
									target="_blank"
									rel="noreferrer"
								>
									{ name }
								</a>
							) : (
								<span>{ name }</span>
							) }{ ' ' }
							<span className={ `${ block }__similar-status` }>
								({ bugValueName( t, 'status', bug.status ) })
							</span>
						</li>
					);
				} ) }
			</ul>
		</section>
	);
}
