import { startRuntime } from './app/runtime';
import { readConfig } from './lib/config';
import { onDomReady } from './lib/dom-ready';

// The shared styles (spinner, notices, buttons) travel as a chunk of their own, like every widget's
// styles, so WordPress only has to enqueue this one script.
import( /* webpackChunkName: "runtime" */ './styles/runtime.scss' ).catch(
	() => undefined
);

onDomReady( () => {
	void startRuntime( {
		root: document,
		config: readConfig( window.crowdscoutConfig, window.location.origin ),
	} );
} );
