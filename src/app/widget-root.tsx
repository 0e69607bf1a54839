import { Suspense, lazy, useMemo, useState } from '@wordpress/element';

import { ErrorBoundary } from '../components/error-boundary';
import { Spinner } from '../components/spinner';
import { useTranslation } from '../lib/use-translation';
import type { WidgetLoader, WidgetModule } from '../lib/widget';

interface WidgetRootProps {
	name: string;
	attributes: Record< string, unknown >;
	load: WidgetLoader;
	/** The download the runtime started before translations were ready. */
	pending?: Promise< WidgetModule >;
}

/**
 * Widgets that frame the page rather than fill a place in it: a spinner would flash at the top of every page
 * while their chunk downloads, so they appear when ready instead.
 */
const WITHOUT_SPINNER = new Set( [ 'shell' ] );

/**
 * One container's tree: boundary, spinner while the chunk downloads, then the widget. Retrying after an
 * error builds a fresh lazy component, because React remembers a failed lazy load forever and a chunk
 * that failed on a flaky connection deserves a second download.
 */
export function WidgetRoot( {
	name,
	attributes,
	load,
	pending,
}: WidgetRootProps ) {
	const { t } = useTranslation();
	const [ attempt, setAttempt ] = useState( 0 );
	const Widget = useMemo(
		() => lazy( attempt === 0 && pending ? () => pending : load ),
		[ attempt, load, pending ]
	);
	return (
		<ErrorBoundary onRetry={ () => setAttempt( ( n ) => n + 1 ) }>
			<Suspense
				fallback={
					WITHOUT_SPINNER.has( name ) ? null : (
						<Spinner label={ t( 'common.loading' ) } />
					)
				}
			>
				<Widget name={ name } attributes={ attributes } />
			</Suspense>
		</ErrorBoundary>
	);
}
