/**
 * Resolves at the browser's next idle moment: after what is being rendered now has been painted, so code that
 * the first paint does not need (a dialog that opens by itself, a form behind a button) loads without delaying
 * it. `timeout` bounds the wait on a page that never goes idle. Safari has no requestIdleCallback: there, a
 * moment after this task.
 *
 * @param timeout Milliseconds after which it resolves anyway.
 */
export function whenIdle( timeout = 1000 ): Promise< void > {
	return new Promise( ( resolve ) => {
		if ( typeof window.requestIdleCallback === 'function' ) {
			window.requestIdleCallback( () => resolve(), { timeout } );
		} else {
			window.setTimeout( resolve, 50 );
		}
	} );
}

/**
 * A dynamic import that starts at the next idle moment, or at once when something asks for it first
 * (`load()`); it downloads once.
 *
 * @param importer The `import()` of the module.
 */
export function loadWhenIdle< Module >( importer: () => Promise< Module > ): {
	/** The module, downloaded now if it was not already. */
	load: () => Promise< Module >;
	/** The module, at the next idle moment or the first `load()`, whichever comes first. */
	loadWhenIdle: () => Promise< Module >;
} {
	let pending: Promise< Module > | undefined;
	let asked = () => {};
	const askedFor = new Promise< void >( ( resolve ) => ( asked = resolve ) );
	const load = () => {
		asked();
		pending ??= importer();
		return pending;
	};
	return {
		load,
		loadWhenIdle: () =>
			Promise.race( [ whenIdle(), askedFor ] ).then( load ),
	};
}
