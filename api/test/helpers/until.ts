import assert from 'node:assert/strict';

/**
 * Waits until `check` holds, for what the API does after its answer (a mail sent once the request is answered):
 * asked every 10 ms, failing with `what` after `ms`.
 *
 * @param check
 * @param what  Said when it never holds.
 * @param ms
 */
export async function until(
	check: () => boolean,
	what: string,
	ms = 2000
): Promise< void > {
	const giveUpAt = Date.now() + ms;
	while ( ! check() ) {
		assert.ok( Date.now() < giveUpAt, `Never happened: ${ what }` );
		await new Promise( ( resolve ) => setTimeout( resolve, 10 ) );
	}
}
