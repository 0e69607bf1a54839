import type { SeedContext } from '../context.ts';
import type { PopupPlan } from '../popups.ts';
import { MINUTE, sqlDateTime } from '../values.ts';
import type { Person } from './person.ts';

/**
 * The listed popups' recipients (every `listEvery`-th tester, and the demo testers), and the reads of the popups the
 * tester receives, some time after both the popup and the tester existed.
 *
 * @param ctx
 * @param person
 * @param popups
 */
export function writePopupActivity(
	ctx: SeedContext,
	person: Person,
	popups: PopupPlan[]
): void {
	const { rng, demo, shape, index, created } = person;
	for ( const popup of popups ) {
		const recipient =
			popup.listEvery !== null &&
			( demo !== undefined || index % popup.listEvery === 0 );
		if ( recipient ) {
			ctx.writer.add( 'popup_recipients', [
				ctx.id( 'popup_recipients' ),
				person.id,
				popup.id,
			] );
		}
		if (
			( popup.listEvery === null || recipient ) &&
			( shape?.readsPopups ?? true ) &&
			rng.chance( 0.4 )
		) {
			const from = Math.max( popup.created, created );
			ctx.writer.add( 'popup_reads', [
				ctx.id( 'popup_reads' ),
				person.id,
				popup.id,
				sqlDateTime(
					from +
						Math.floor(
							( rng.next() * ( ctx.now - from - MINUTE ) ) / 1000
						) *
							1000
				),
			] );
		}
	}
}
