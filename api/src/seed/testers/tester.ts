import type { PlannedCampaigns } from '../campaigns.ts';
import type { SeedContext } from '../context.ts';
import type { DemoPlan } from '../demo.ts';
import type { PopupPlan } from '../popups.ts';
import { writeApplications } from './applications.ts';
import { writeBugs } from './bugs.ts';
import { writeDevices } from './devices.ts';
import { writeExperience } from './experience.ts';
import { writeFiscalProfile } from './fiscal.ts';
import { writeBootyAndPayments } from './payments.ts';
import { drawPerson } from './person.ts';
import { writePopupActivity } from './popups.ts';
import { writeSkills, writeTesterRow, type DemoUpdate } from './profile.ts';

/** What every tester is written against: the campaigns and popups already planned, and where tester ids start. */
export interface TesterWorld {
	planned: PlannedCampaigns;
	popups: PopupPlan[];
	/** The highest tester id before the generated ones. */
	testerBase: number;
}

/**
 * One tester with everything they own, buffered in the writer. With `demo`, the tester exists already: its rows
 * follow the demo shape, and its own columns are answered for an UPDATE instead of an INSERT.
 *
 * The parts draw from the tester's one stream in this order; changing it changes every seeded row after it.
 *
 * @param ctx
 * @param world
 * @param index
 * @param demo
 */
export function writeTester(
	ctx: SeedContext,
	world: TesterWorld,
	index: number,
	demo?: DemoPlan
): DemoUpdate | undefined {
	const person = drawPerson( ctx, world.testerBase, index, demo );
	const { shape } = person;
	const devices = writeDevices( ctx, person );
	const bugCount =
		shape?.bugs ?? ctx.countFor( index, ctx.bugsPerTester, 'bugs', 0 );
	const { applications, eligible, attended } = writeApplications(
		ctx,
		person,
		devices,
		world.planned,
		bugCount
	);
	const { bugs, approved } = writeBugs( ctx, person, eligible, bugCount );
	const { totalExp, entryTestPassedAt } = writeExperience(
		ctx,
		person,
		applications,
		bugs,
		shape?.experience ??
			ctx.countFor( index, ctx.experiencePerTester, 'experience', 1 )
	);
	const fiscal = writeFiscalProfile( ctx, person );
	const booty = writeBootyAndPayments(
		ctx,
		person,
		applications,
		bugs,
		fiscal
	);
	const update = writeTesterRow( ctx, person, world.testerBase, {
		totalExp,
		entryTestPassedAt,
		attended,
		approved,
		...booty,
	} );
	writeSkills( ctx, person );
	writePopupActivity( ctx, person, world.popups );
	return update;
}
