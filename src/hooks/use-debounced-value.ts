import { useEffect, useState } from '@wordpress/element';

/**
 * `value`, once it has stopped changing for `delay` milliseconds: a search box asks the API when the tester
 * pauses, not at every keystroke.
 *
 * @param value
 * @param delay Milliseconds.
 */
export function useDebouncedValue< Value >(
	value: Value,
	delay: number
): Value {
	const [ settled, setSettled ] = useState( value );
	useEffect( () => {
		if ( Object.is( value, settled ) ) {
			return;
		}
		const timer = setTimeout( () => setSettled( value ), delay );
		return () => clearTimeout( timer );
	}, [ value, delay, settled ] );
	return settled;
}
