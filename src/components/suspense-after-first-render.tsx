import type { ReactNode } from 'react';
import { Suspense, useEffect, useState } from '@wordpress/element';

/**
 * Suspense for lazy code that follows a widget's first render. A widget often shows its content in the render
 * that comes with its own download (its data already there), and a lazy part suspending in that very render
 * holds the whole of it back, first content included, for up to half a second: React keeps a new fallback
 * from following the page's spinner too closely. Here the lazy part joins in the next render, and the fallback
 * shows until it is there.
 *
 * @param props
 * @param props.fallback What shows until the lazy part is there.
 * @param props.children The lazy part.
 */
export function SuspenseAfterFirstRender( {
	fallback,
	children,
}: {
	fallback: ReactNode;
	children: ReactNode;
} ) {
	const [ rendered, setRendered ] = useState( false );
	useEffect( () => setRendered( true ), [] );
	return rendered ? (
		<Suspense fallback={ fallback }>{ children }</Suspense>
	) : (
		<>{ fallback }</>
	);
}
