import type { ErrorInfo, ReactNode } from 'react';
import { Component } from '@wordpress/element';

import { useTranslation } from '../lib/use-translation';
import { ErrorNotice } from './error-notice';

function ErrorFallback( { onRetry }: { onRetry: () => void } ) {
	const { t } = useTranslation();
	return (
		<ErrorNotice title={ t( 'errorBoundary.title' ) } onRetry={ onRetry }>
			<p>{ t( 'errorBoundary.description' ) }</p>
		</ErrorNotice>
	);
}

interface ErrorBoundaryProps {
	children: ReactNode;
	/** Called before the boundary renders its children again, e.g. to retry a failed chunk download. */
	onRetry?: () => void;
	/** For monitoring; the boundary itself only shows the fallback. */
	onError?: ( error: Error, info: ErrorInfo ) => void;
}

interface ErrorBoundaryState {
	error: Error | null;
}

/**
 * Keeps one broken widget (a render bug, a chunk that failed to download) from blanking the others: each
 * container has its own boundary.
 */
export class ErrorBoundary extends Component<
	ErrorBoundaryProps,
	ErrorBoundaryState
> {
	state: ErrorBoundaryState = { error: null };

	static getDerivedStateFromError( error: Error ): ErrorBoundaryState {
		return { error };
	}

	componentDidCatch( error: Error, info: ErrorInfo ) {
		this.props.onError?.( error, info );
	}

	retry = () => {
		this.props.onRetry?.();
		this.setState( { error: null } );
	};

	render() {
		if ( this.state.error ) {
			return <ErrorFallback onRetry={ this.retry } />;
		}
		return this.props.children;
	}
}
