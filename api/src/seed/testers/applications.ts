import {
	campaignStatusId,
	lowerBound,
	type CampaignPlan,
	type CampaignState,
	type PlannedCampaigns,
} from '../campaigns.ts';
import type { SeedContext } from '../context.ts';
import { DAY, HOUR, sorted, sqlDateTime } from '../values.ts';
import type { Device } from './devices.ts';
import type { Person } from './person.ts';

export interface Application {
	id: number;
	campaign: CampaignPlan;
	status: string;
	completed: boolean;
	deviceId: number;
	applied: number;
}

export interface Applications {
	/** In id order. */
	applications: Application[];
	/** Selected in a campaign already started: where the tester's bugs go. */
	eligible: Application[];
	/** Selected and completed (testers.attended_cp). */
	attended: number;
}

type DemoStatus = { status: string; completed: boolean };

const APPLICATION_STATUS: Record<
	CampaignState,
	ReadonlyArray< readonly [ string, number ] >
> = {
	upcoming: [
		[ 'applied', 70 ],
		[ 'selected', 20 ],
		[ 'excluded', 10 ],
	],
	running: [
		[ 'applied', 25 ],
		[ 'selected', 55 ],
		[ 'excluded', 20 ],
	],
	awaiting: [
		[ 'applied', 10 ],
		[ 'selected', 65 ],
		[ 'excluded', 25 ],
	],
	closed: [
		[ 'selected', 70 ],
		[ 'excluded', 30 ],
	],
};
/**
 * How a demo tester who applies everywhere stands in the k-th campaign of each state (null: not applied, so the
 * campaign stays available): the first of each state fills one dashboard table.
 */
const DEMO_APPLY: Record< CampaignState, ( k: number ) => DemoStatus | null > =
	{
		upcoming: ( k ) =>
			k % 2 === 0 ? null : { status: 'selected', completed: false },
		running: ( k ) =>
			[
				{ status: 'selected', completed: false },
				null,
				{ status: 'applied', completed: false },
			][ k % 3 ],
		awaiting: ( k ) => ( { status: 'selected', completed: k % 3 !== 2 } ),
		closed: ( k ) =>
			k % 6 === 5
				? { status: 'excluded', completed: false }
				: { status: 'selected', completed: true },
	};
const COMPLETED_CHANCE: Record< CampaignState, number > = {
	upcoming: 0,
	running: 0.4,
	awaiting: 0.7,
	closed: 0.75,
};

const selectedAndStarted = ( item: Application ) =>
	item.status === 'selected' && item.campaign.state !== 'upcoming';

/**
 * The tester's applications, never above a campaign's max_testers; a tester with bugs to write is selected in
 * at least one started campaign.
 *
 * @param ctx
 * @param person
 * @param devices
 * @param planned
 * @param bugCount
 */
export function writeApplications(
	ctx: SeedContext,
	person: Person,
	devices: Device[],
	planned: PlannedCampaigns,
	bugCount: number
): Applications {
	const { applications, applied, apply } = applier( ctx, person, devices );
	chooseCampaigns( person, planned.campaigns, apply );
	let eligible = applications.filter( selectedAndStarted );
	if ( bugCount > 0 && ! eligible.length ) {
		// Among the campaigns the tester was there for (as chooseCampaigns), so that their experience falls in
		// the months they have a level row for.
		const since = ( item: CampaignPlan ) =>
			item.start >= person.created - 7 * DAY;
		const started = planned.campaigns.filter(
			( item ) => item.state !== 'upcoming'
		);
		const campaign = person.rng.pick(
			[
				planned.openEnded.filter( since ),
				started.filter( since ),
				planned.openEnded,
				started,
			].find( ( pool ) => pool.length )!
		);
		const existing = applied.get( campaign.id );
		if ( existing ) {
			if ( existing.status !== 'selected' ) {
				campaign.selected += 1;
			}
			existing.status = 'selected';
		} else {
			apply( campaign, true );
		}
		eligible = applications.filter( selectedAndStarted );
	}
	// Ids were taken in order; rows are written in id order.
	applications.sort( ( a, b ) => a.id - b.id );
	return {
		applications,
		eligible,
		attended: writeApplicationRows( ctx, person, applications ),
	};
}

/**
 * The tester's applications so far, by list and by campaign, and how to add one: its status (the demo's, or
 * drawn by the campaign's state), its device (the first the campaign accepts) and its date.
 *
 * @param ctx
 * @param person
 * @param devices
 */
function applier( ctx: SeedContext, person: Person, devices: Device[] ) {
	const { rng, shape, created } = person;
	const { now } = ctx;
	const applications: Application[] = [];
	const applied = new Map< number, Application >();
	const apply = (
		campaign: CampaignPlan,
		forcedSelected: boolean,
		demoStatus?: DemoStatus
	) => {
		let status =
			demoStatus?.status ??
			( forcedSelected
				? 'selected'
				: rng.weighted( APPLICATION_STATUS[ campaign.state ] ) );
		if (
			status === 'selected' &&
			campaign.maxTesters !== null &&
			campaign.selected >= campaign.maxTesters
		) {
			status = campaign.state === 'closed' ? 'excluded' : 'applied';
		}
		if ( status === 'selected' ) {
			campaign.selected += 1;
		}
		const device =
			devices.find( ( item ) =>
				campaign.accepted.some(
					( accepted ) =>
						accepted.type === item.type &&
						( accepted.platformId === null ||
							accepted.platformId === item.platformId )
				)
			) ?? devices[ 0 ];
		const appliedAt =
			campaign.state === 'upcoming'
				? now - rng.int( 1, 20 ) * DAY - rng.int( 2, 12 ) * HOUR
				: Math.min(
						now - 2 * HOUR,
						Math.max(
							created + HOUR,
							campaign.start - rng.int( 1, 10 ) * DAY
						)
				  );
		const application: Application = {
			id: ctx.id( 'applications' ),
			campaign,
			status,
			completed: demoStatus
				? status === 'selected' && demoStatus.completed
				: status === 'selected' &&
				  rng.chance( COMPLETED_CHANCE[ campaign.state ] ) &&
				  ( shape?.completes ?? true ),
			deviceId: device.id,
			applied: appliedAt,
		};
		applications.push( application );
		applied.set( campaign.id, application );
	};
	return { applications, applied, apply };
}

/**
 * A demo tester who applies everywhere follows DEMO_APPLY through the campaigns started since a week before
 * they joined; any other tester applies to one to ten of them, drawn.
 *
 * @param person
 * @param campaigns
 * @param apply
 */
function chooseCampaigns(
	person: Person,
	campaigns: CampaignPlan[],
	apply: (
		campaign: CampaignPlan,
		forcedSelected: boolean,
		demoStatus?: DemoStatus
	) => void
): void {
	const { rng, shape, created } = person;
	if ( shape?.applyToAll ) {
		const seen: Record< CampaignState, number > = {
			upcoming: 0,
			running: 0,
			awaiting: 0,
			closed: 0,
		};
		for ( const campaign of campaigns.slice(
			lowerBound( campaigns, created - 7 * DAY )
		) ) {
			const status = DEMO_APPLY[ campaign.state ](
				seen[ campaign.state ]++
			);
			if ( status ) {
				apply( campaign, false, status );
			}
		}
	} else if ( campaigns.length ) {
		const first = lowerBound( campaigns, created - 7 * DAY );
		const available = campaigns.length - first;
		const wanted = Math.min( available, rng.int( 1, 10 ) );
		const picked = new Set< number >();
		while ( picked.size < wanted ) {
			picked.add( first + Math.floor( rng.next() * available ) );
		}
		for ( const position of sorted( [ ...picked ] ) ) {
			apply( campaigns[ position ], false );
		}
	}
}

/** Answers how many the tester attended: selected and completed. */
function writeApplicationRows(
	ctx: SeedContext,
	person: Person,
	applications: Application[]
): number {
	const { now } = ctx;
	let attended = 0;
	for ( const application of applications ) {
		const selected = application.status === 'selected';
		if ( selected && application.completed ) {
			attended += 1;
		}
		ctx.writer.add( 'applications', [
			application.id,
			person.id,
			application.campaign.id,
			application.status,
			application.completed ? 1 : 0,
			selected ? application.deviceId : null,
			sqlDateTime( application.applied ),
			// The contract is accepted on the manual, which opens with the start date.
			selected && application.campaign.state !== 'upcoming'
				? sqlDateTime(
						Math.min(
							now - HOUR,
							Math.max(
								application.campaign.start,
								application.applied + DAY
							)
						)
				  )
				: null,
			sqlDateTime(
				application.status === 'applied'
					? application.applied
					: Math.min( now - HOUR, application.applied + 2 * DAY )
			),
			// Kept alongside (0005): the campaign's status and dates, as its own row has them.
			campaignStatusId( application.campaign ),
			sqlDateTime( application.campaign.start ),
			sqlDateTime( application.campaign.end ),
			sqlDateTime( application.campaign.close ),
		] );
		ctx.writer.add( 'application_devices', [
			ctx.id( 'application_devices' ),
			application.id,
			application.deviceId,
		] );
	}
	return attended;
}
