import { useRef, useState } from '@wordpress/element';

/**
 * Wraps an async action so that it never runs twice at once: a second call while the first is pending does
 * nothing (the ref stops it at once, before React re-renders). Returns whether it is running, for the button.
 *
 * @param action What to run.
 */
export function useSingleFlight< Args extends unknown[] >(
	action: ( ...args: Args ) => Promise< unknown >
): [ boolean, ( ...args: Args ) => Promise< void > ] {
	const busy = useRef( false );
	const [ running, setRunning ] = useState( false );
	async function run( ...args: Args ) {
		if ( busy.current ) {
			return;
		}
		busy.current = true;
		setRunning( true );
		try {
			await action( ...args );
		} finally {
			busy.current = false;
			setRunning( false );
		}
	}
	return [ running, run ];
}
