import Shell from '..';
import type { CrowdscoutConfig } from '../../../lib/config';
import { renderWithProviders } from '../../../test-utils/render-with-providers';

export const TESTER = { id: 2, displayName: 'Dana Demo', roles: [ 'tester' ] };

/**
 * The shell as a page mounts it, with the reload after logging out replaced by a mock.
 *
 * @param config Page configuration overrides.
 */
export async function renderShell( config: Partial< CrowdscoutConfig > = {} ) {
	const reload = jest.fn();
	const rendered = await renderWithProviders( <Shell reload={ reload } />, {
		config,
	} );
	return { ...rendered, reload };
}

/**
 * Where the browser is; the shell reads `window.location.pathname`.
 *
 * @param path The page's path.
 */
export function visit( path: string ) {
	window.history.pushState( {}, '', path );
}

export function resizeWindow( width: number ) {
	Object.defineProperty( window, 'innerWidth', {
		configurable: true,
		writable: true,
		value: width,
	} );
	window.dispatchEvent( new Event( 'resize' ) );
}
