import { useEffect } from '@wordpress/element';

/** `$breakpoint-md` in src/styles/_tokens.scss: wider windows show the sidebar as a column, not a drawer. */
export const BREAKPOINT_MD = 782;

/** The spec's resize debounce ("Shell"). */
export const RESIZE_DEBOUNCE_MS = 300;

/**
 * Closes the drawer once the window has grown past the medium breakpoint, where there is no drawer any more;
 * resizes are debounced so that dragging a window edge does not close it half-way.
 *
 * @param open  Whether the drawer is open.
 * @param close Closes it.
 */
export function useCloseOnWideWindow( open: boolean, close: () => void ) {
	useEffect( () => {
		if ( ! open ) {
			return undefined;
		}
		let timer: ReturnType< typeof setTimeout > | undefined;
		const onResize = () => {
			clearTimeout( timer );
			timer = setTimeout( () => {
				if ( window.innerWidth > BREAKPOINT_MD ) {
					close();
				}
			}, RESIZE_DEBOUNCE_MS );
		};
		window.addEventListener( 'resize', onResize );
		return () => {
			window.removeEventListener( 'resize', onResize );
			clearTimeout( timer );
		};
	}, [ open, close ] );
}
