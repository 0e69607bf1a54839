/**
 * Runs once the mount containers exist, whether WordPress printed the script in the head, in the footer,
 * or with `defer`.
 *
 * @param callback What to run.
 */
export function onDomReady( callback: () => void ): void {
	if ( document.readyState === 'loading' ) {
		document.addEventListener( 'DOMContentLoaded', callback, {
			once: true,
		} );
	} else {
		callback();
	}
}
