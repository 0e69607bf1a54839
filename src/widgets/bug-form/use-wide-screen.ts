import { useEffect, useState } from '@wordpress/element';

/** Where the form shows video previews (spec section 9: "on wide screens"). */
export const WIDE_SCREEN = '(min-width: 782px)';

const query = () =>
	typeof window.matchMedia === 'function'
		? window.matchMedia( WIDE_SCREEN )
		: null;

/** Whether the window is wide, following its resizes. */
export function useWideScreen(): boolean {
	const [ wide, setWide ] = useState( () => query()?.matches ?? false );
	useEffect( () => {
		const list = query();
		if ( ! list ) {
			return undefined;
		}
		const onChange = () => setWide( list.matches );
		onChange();
		list.addEventListener?.( 'change', onChange );
		return () => list.removeEventListener?.( 'change', onChange );
	}, [] );
	return wide;
}
