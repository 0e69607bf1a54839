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
			<Suspense fallback={ <Spinner label={ t( 'common.loading' ) } /> }>
				<Widget name={ name } attributes={ attributes } />
			</Suspense>
		</ErrorBoundary>
	);
}
