import { useEffect } from '@wordpress/element';

/**
 * Puts a class on `<body>` while `active`: the shell styles the theme's page around it (room for the sidebar,
 * no scrolling under an open drawer) without touching the theme's markup.
 *
 * @param className The class.
 * @param active    Whether it applies now.
 */
export function useBodyClass( className: string, active = true ): void {
	useEffect( () => {
		if ( ! active ) {
			return undefined;
		}
		document.body.classList.add( className );
		return () => document.body.classList.remove( className );
	}, [ className, active ] );
}
