import type { CampaignPlan, CampaignState } from '../campaigns.ts';
import type { SeedContext } from '../context.ts';
import { BUG_PROBLEMS, SCREENS } from '../data.ts';
import { capitalise, DAY, HOUR, MINUTE, sqlDateTime } from '../values.ts';
import type { Application } from './applications.ts';
import type { Person } from './person.ts';

export interface Bug {
	campaign: CampaignPlan;
	severity: number;
	status: number;
	updated: number;
}

const BUG_STATUS: Record<
	CampaignState,
	ReadonlyArray< readonly [ number, number ] >
> = {
	upcoming: [ [ 3, 1 ] ],
	running: [
		[ 1, 10 ],
		[ 2, 15 ],
		[ 3, 55 ],
		[ 4, 20 ],
	],
	awaiting: [
		[ 1, 20 ],
		[ 2, 30 ],
		[ 3, 35 ],
		[ 4, 15 ],
	],
	closed: [
		[ 1, 40 ],
		[ 2, 60 ],
	],
};

/**
 * `bugCount` bugs on the campaigns the tester is selected in, dated within the campaign, statuses drawn by the
 * campaign's state. Answers them and how many are approved (testers.approved_bugs).
 *
 * @param ctx
 * @param person
 * @param eligible
 * @param bugCount
 */
export function writeBugs(
	ctx: SeedContext,
	person: Person,
	eligible: Application[],
	bugCount: number
): { bugs: Bug[]; approved: number } {
	const { rng, shape } = person;
	const { now } = ctx;
	const bugs: Bug[] = [];
	let approved = 0;
	// A demo tester's first four bugs, on campaigns still in evaluation, show the four statuses.
	const evaluating = shape?.applyToAll
		? eligible.filter( ( item ) =>
				[ 'running', 'awaiting' ].includes( item.campaign.state )
		  )
		: [];
	for ( let b = 0; b < bugCount; b++ ) {
		const forced = b < 4 && evaluating.length > 0;
		const application = rng.pick( forced ? evaluating : eligible );
		const { campaign } = application;
		const status = forced
			? b + 1
			: rng.weighted( BUG_STATUS[ campaign.state ] );
		const severity = rng.pick( campaign.severities );
		const lo = Math.max( campaign.start, application.applied );
		const hi = Math.min( campaign.end, now - HOUR );
		const at =
			hi > lo
				? lo + Math.floor( ( rng.next() * ( hi - lo ) ) / 1000 ) * 1000
				: lo;
		const updated =
			status <= 2
				? Math.min( now - MINUTE, at + rng.int( 1, 5 ) * DAY )
				: at;
		const screen = rng.pick( SCREENS );
		if ( status === 2 ) {
			approved += 1;
		}
		bugs.push( { campaign, severity, status, updated } );
		ctx.writer.add( 'bugs', [
			ctx.id( 'bugs' ),
			person.id,
			campaign.id,
			rng.chance( 0.6 ) ? rng.pick( campaign.taskIds ) : null,
			application.deviceId,
			`${ capitalise( rng.pick( BUG_PROBLEMS ) ) } ${ screen }`,
			severity,
			rng.pick( campaign.types ),
			rng.pick( campaign.replicabilities ),
			status,
			`1. Open the ${ screen }\n2. Fill in the form with valid data\n3. Tap the main button`,
			`The ${ screen } works and moves to the next step.`,
			rng.pick( [
				'Nothing happens.',
				'The app closes.',
				'An error is shown.',
				'The layout breaks.',
			] ),
			sqlDateTime( at - rng.int( 1, 120 ) * MINUTE ),
			sqlDateTime( at ),
			sqlDateTime( updated ),
		] );
	}
	return { bugs, approved };
}
