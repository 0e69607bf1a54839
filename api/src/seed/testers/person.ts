import type { SeedContext } from '../context.ts';
import { PEOPLE, type CountryPeople } from '../data.ts';
import type { DemoPlan, DemoShape } from '../demo.ts';
import { Random } from '../random.ts';
import { SEED_EMAIL_DOMAIN } from '../seeded.ts';
import { ascii, DAY, MINUTE } from '../values.ts';

/**
 * Who a tester is, and the stream every other row of theirs is drawn from: one stream per tester, so a tester's
 * rows do not depend on the chunk size, and the parts of a tester draw from it in a fixed order.
 */
export interface Person {
	/** Position among the generated testers; -1 for a demo tester. */
	index: number;
	id: number;
	rng: Random;
	demo?: DemoPlan;
	shape?: DemoShape;
	country: CountryPeople;
	gender: 'female' | 'male' | 'not-specified' | 'other';
	name: string;
	surname: string;
	email: string;
	created: number;
	birth: number;
	city: string;
}

/**
 * A generated tester, or with `demo` an existing one: its name, email and country stay as signed up.
 *
 * @param ctx
 * @param testerBase The highest tester id before the generated ones.
 * @param index
 * @param demo
 */
export function drawPerson(
	ctx: SeedContext,
	testerBase: number,
	index: number,
	demo?: DemoPlan
): Person {
	const rng = new Random(
		demo
			? `${ ctx.seedKey }/demo/${ demo.key }`
			: `${ ctx.seedKey }/tester/${ index }`
	);
	const { now, windowStart } = ctx;
	const shape = demo?.shape;
	const id = demo ? demo.id : testerBase + index + 1;
	const drawn: CountryPeople =
		PEOPLE[
			rng.weighted(
				PEOPLE.map(
					( entry, position ) => [ position, entry.weight ] as const
				)
			)
		];
	const country =
		PEOPLE.find( ( entry ) => entry.code === demo?.existing.country ) ??
		drawn;
	const gender = rng.weighted( [
		[ 'female', 45 ],
		[ 'male', 45 ],
		[ 'not-specified', 7 ],
		[ 'other', 3 ],
	] );
	const name =
		demo?.existing.name ??
		rng.pick(
			gender === 'female' || ( gender !== 'male' && rng.chance( 0.5 ) )
				? country.female
				: country.male
		);
	const surname = demo?.existing.surname ?? rng.pick( country.surnames );
	const email =
		demo?.existing.email ??
		`${ ascii( name ) }.${ ascii( surname ) }.${
			index + 1
		}@${ SEED_EMAIL_DOMAIN }`;
	const created = shape
		? Math.max( windowStart, now - shape.monthsAgo * 30 * DAY ) + DAY
		: windowStart +
		  Math.floor(
				( rng.next() * ( now - 30 * DAY - windowStart ) ) / MINUTE
		  ) *
				MINUTE;
	const birth = now - ( rng.int( 19, 70 ) * 365 + rng.int( 0, 364 ) ) * DAY;
	const city = rng.pick( country.cities );
	return {
		index,
		id,
		rng,
		demo,
		shape,
		country,
		gender,
		name,
		surname,
		email,
		created,
		birth,
		city,
	};
}
