import type { i18n as I18n } from 'i18next';
import { createRoot } from '@wordpress/element';

import { Toaster } from '../components/toaster';
import { UnknownWidget } from '../components/unknown-widget';
import type { CrowdscoutConfig } from '../lib/config';
import { createI18n } from '../lib/i18n';
import { bindTransport } from '../services/transport';
import { findWidget } from '../widgets';
import { AppProviders } from './providers';
import { makeStore, stateFromConfig, type AppStore } from '../store/store';
import { WidgetRoot } from './widget-root';

export const CONTAINER_SELECTOR = '[data-crowdscout-widget]';

export interface Runtime {
	store: AppStore;
	i18n: I18n;
	unmount: () => void;
}

function readAttributes( container: HTMLElement ): Record< string, unknown > {
	try {
		const parsed: unknown = JSON.parse(
			container.dataset.crowdscoutAttributes || '{}'
		);
		return parsed && typeof parsed === 'object' && ! Array.isArray( parsed )
			? ( parsed as Record< string, unknown > )
			: {};
	} catch {
		return {};
	}
}

const mounted = new WeakSet< Element >();

/**
 * Mounts every widget container under `root`: one store, one RTK Query cache and one i18next instance for
 * all of them, one React root per container so each stays independent.
 *
 * @param options
 * @param options.root              Where to look for containers.
 * @param options.config            The page configuration.
 * @param options.checksWarnAfterMs Passed to `makeStore` (the tests pass Infinity, as with every store they make).
 */
export async function startRuntime( {
	root,
	config,
	checksWarnAfterMs,
}: {
	root: ParentNode;
	config: CrowdscoutConfig;
	checksWarnAfterMs?: number;
} ): Promise< Runtime > {
	const store = makeStore( stateFromConfig( config ), { checksWarnAfterMs } );
	bindTransport( store );

	const containers = Array.from(
		root.querySelectorAll< HTMLElement >( CONTAINER_SELECTOR )
	).filter( ( container ) => ! mounted.has( container ) );
	containers.forEach( ( container ) => mounted.add( container ) );

	// Widget chunks start downloading now, in parallel with the language chunk.
	const plans = containers.map( ( container ) => {
		const name = container.dataset.crowdscoutWidget ?? '';
		const load = findWidget( name );
		const pending = load?.();
		// React reports a failure when it renders; this only keeps the browser from calling it unhandled.
		pending?.then(
			( module ) => module.prefetch?.( store ),
			() => undefined
		);
		return { container, name, load, pending };
	} );

	const i18n = await createI18n( config.locale, config.productName );

	const roots = plans.map( ( { container, name, load, pending } ) => {
		const reactRoot = createRoot( container );
		reactRoot.render(
			<AppProviders store={ store } i18n={ i18n }>
				{ load ? (
					<WidgetRoot
						name={ name }
						attributes={ readAttributes( container ) }
						load={ load }
						pending={ pending }
					/>
				) : (
					<UnknownWidget name={ name } />
				) }
			</AppProviders>
		);
		return reactRoot;
	} );

	// One toast area per page, whichever widgets raise toasts.
	const toasterHost = document.createElement( 'div' );
	toasterHost.className = 'crowdscout-toaster-host';
	document.body.prepend( toasterHost );
	const toasterRoot = createRoot( toasterHost );
	toasterRoot.render(
		<AppProviders store={ store } i18n={ i18n }>
			<Toaster />
		</AppProviders>
	);

	return {
		store,
		i18n,
		unmount: () => {
			toasterRoot.unmount();
			toasterHost.remove();
			roots.forEach( ( reactRoot ) => reactRoot.unmount() );
			plans.forEach( ( { container } ) => mounted.delete( container ) );
		},
	};
}
