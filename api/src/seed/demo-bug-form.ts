import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { sqlDateTime } from './values.ts';

const HOUR = 3_600_000;

/**
 * The bug form of the demo veteran's started campaign (the manual with tasks, demo-campaigns.ts): every setting the
 * form reads is on, so each of its parts shows —
 * - the title rule, one media at least, the file types of screenshots, recordings and logs;
 * - a subset of the severities, types and replicabilities, so the form's valid-value hints show;
 * - a text field with its pattern and error message, and a select;
 * - payout data for every severity (the estimator);
 * - the bug parade, with earlier bugs of hers and of two other testers whose titles a tester would type again
 *   (the duplicate hint): blank page, payment, cart, search.
 */

/** Comma-separated, lowercase, without dots (0003-domain). */
export const DEMO_BUG_FORM_EXTENSIONS = 'jpg,jpeg,png,gif,mp4,webm,txt';

/** 1 Low, 2 Medium, 3 High: Critical is not valid in this campaign. */
const SEVERITIES = [ 1, 2, 3 ];
/** Crash, Graphic, Malfunction, Typo, Usability. */
const TYPES = [ 1, 2, 4, 5, 8 ];
/** Sometimes, Always. */
const REPLICABILITIES = [ 2, 3 ];

/** Cents by severity, Low to Critical. */
const PAYOUT_CENTS = { low: 250, medium: 500, high: 1000, critical: 2000 };

export const DEMO_ADDITIONAL_FIELDS = [
	{
		slug: 'app-version',
		name: 'App version',
		type: 'text' as const,
		regex: '^[0-9]+\\.[0-9]+(\\.[0-9]+)?$',
		error_message:
			'Write the version shown under Settings → About, e.g. 4.2.1',
		options: null,
	},
	{
		slug: 'connection',
		name: 'Connection',
		type: 'select' as const,
		regex: null,
		error_message: null,
		options: JSON.stringify( [ 'Wi-Fi', '4G', '5G', 'Wired' ] ),
	},
];

/** Tasks after the manual's two (demo-campaigns.ts, giveTasks): use cases a bug can name. */
const MORE_TASKS = [
	{
		name: 'Pay for an order',
		content:
			'<p>Put two products in the cart and pay with a card, then with PayPal.</p>',
	},
	{
		name: 'Search the shop',
		content:
			'<p>Search for three products, one with an accented letter (caffè).</p>',
	},
];

interface EarlierBug {
	/** Whose: the veteran, or the first or second other tester. */
	by: 'veteran' | 0 | 1;
	title: string;
	severity: number;
	type: number;
	replicability: number;
	/** 1 refused, 3 pending, 4 need review: none moves booty or approved counts. */
	status: number;
	/** Index into the campaign's tasks; null: not a specific use case. */
	task: number | null;
	steps: string;
	expected: string;
	current: string;
	hoursAgo: number;
	additional?: Record< string, string >;
	comment?: string;
}

const EARLIER_BUGS: EarlierBug[] = [
	{
		by: 'veteran',
		title: '[Checkout / Payment] - Blank page after paying with PayPal',
		severity: 3,
		type: 1,
		replicability: 3,
		status: 3,
		task: 2,
		steps: '1. Put a product in the cart\n2. Choose PayPal at checkout\n3. Confirm the payment on PayPal',
		expected: 'The order confirmation page opens.',
		current:
			'A blank white page; the order shows up in my account only an hour later.',
		hoursAgo: 20,
		additional: { 'app-version': '4.2.1', connection: 'Wi-Fi' },
	},
	{
		by: 'veteran',
		title: '[Cart] - Remove button overlaps the price on small screens',
		severity: 1,
		type: 2,
		replicability: 3,
		status: 4,
		task: 1,
		steps: '1. Open the shop on a 5-inch phone\n2. Put a product with a long name in the cart\n3. Open the cart',
		expected: 'The price and the Remove button side by side.',
		current: 'The Remove button covers the last digits of the price.',
		hoursAgo: 9,
		additional: { 'app-version': '4.2.1', connection: '4G' },
		comment: 'Please add a screenshot taken on the small screen.',
	},
	{
		by: 0,
		title: '[Checkout / Payment] - Pay button stays disabled after entering the card',
		severity: 3,
		type: 4,
		replicability: 2,
		status: 3,
		task: 2,
		steps: '1. Put a product in the cart\n2. Choose card at checkout\n3. Enter a valid card',
		expected: 'The Pay button becomes active.',
		current: 'It stays grey until the page is reloaded.',
		hoursAgo: 16,
	},
	{
		by: 0,
		title: '[Cart] - Quantity resets to 1 after reopening the cart',
		severity: 2,
		type: 4,
		replicability: 3,
		status: 3,
		task: 1,
		steps: '1. Put a product in the cart\n2. Set the quantity to 3\n3. Close and reopen the cart',
		expected: 'The quantity is still 3.',
		current: 'The quantity is back to 1.',
		hoursAgo: 12,
	},
	{
		by: 1,
		title: '[Search] - Blank results page for words with accents',
		severity: 2,
		type: 4,
		replicability: 3,
		status: 3,
		task: 3,
		steps: '1. Open the search\n2. Type "caffè"\n3. Press Enter',
		expected: 'The coffee products are listed.',
		current: 'A blank page without the "no results" message.',
		hoursAgo: 6,
	},
	{
		by: 1,
		title: '[Home] - Typo in the newsletter banner',
		severity: 1,
		type: 5,
		replicability: 3,
		status: 1,
		task: 0,
		steps: '1. Open the home page\n2. Scroll to the newsletter banner\n3. Read its title',
		expected: '"Subscribe to our newsletter"',
		current: '"Subscibe to our newsletter"',
		hoursAgo: 22,
		comment: 'Out of scope: the newsletter is not part of the campaign.',
	},
];

/**
 * @param trx
 * @param campaignId The veteran's started campaign with tasks.
 * @param testerId   The veteran.
 * @param now        The seed's reference time (ms).
 */
export async function giveBugForm(
	trx: Transaction< Database >,
	campaignId: number,
	testerId: number,
	now: number
): Promise< void > {
	await trx
		.updateTable( 'campaigns' )
		.set( {
			has_bug_form: 1,
			has_bug_parade: 1,
			title_rule: 1,
			minimum_media: 1,
			valid_file_extensions: DEMO_BUG_FORM_EXTENSIONS,
			low_bug_payout_cents: PAYOUT_CENTS.low,
			medium_bug_payout_cents: PAYOUT_CENTS.medium,
			high_bug_payout_cents: PAYOUT_CENTS.high,
			critical_bug_payout_cents: PAYOUT_CENTS.critical,
		} )
		.where( 'id', '=', campaignId )
		.execute();
	await replaceValues( trx, campaignId );
	await trx
		.deleteFrom( 'campaign_additional_fields' )
		.where( 'campaign_id', '=', campaignId )
		.execute();
	await trx
		.insertInto( 'campaign_additional_fields' )
		.values(
			DEMO_ADDITIONAL_FIELDS.map( ( field, position ) => ( {
				...field,
				campaign_id: campaignId,
				position,
			} ) )
		)
		.execute();
	const tasks = await moreTasks( trx, campaignId );
	await writeEarlierBugs( trx, campaignId, testerId, tasks, now );
}

async function replaceValues(
	trx: Transaction< Database >,
	campaignId: number
): Promise< void > {
	await trx
		.deleteFrom( 'campaign_bug_severities' )
		.where( 'campaign_id', '=', campaignId )
		.execute();
	await trx
		.insertInto( 'campaign_bug_severities' )
		.values(
			SEVERITIES.map( ( id ) => ( {
				campaign_id: campaignId,
				severity_id: id,
			} ) )
		)
		.execute();
	await trx
		.deleteFrom( 'campaign_bug_types' )
		.where( 'campaign_id', '=', campaignId )
		.execute();
	await trx
		.insertInto( 'campaign_bug_types' )
		.values(
			TYPES.map( ( id ) => ( { campaign_id: campaignId, type_id: id } ) )
		)
		.execute();
	await trx
		.deleteFrom( 'campaign_bug_replicabilities' )
		.where( 'campaign_id', '=', campaignId )
		.execute();
	await trx
		.insertInto( 'campaign_bug_replicabilities' )
		.values(
			REPLICABILITIES.map( ( id ) => ( {
				campaign_id: campaignId,
				replicability_id: id,
			} ) )
		)
		.execute();
}

/**
 * At least four tasks: the manual's two, then payment and search. Answers the task ids by position.
 *
 * @param trx
 * @param campaignId
 */
async function moreTasks(
	trx: Transaction< Database >,
	campaignId: number
): Promise< number[] > {
	const existing = await taskIds( trx, campaignId );
	const missing = MORE_TASKS.slice( Math.max( 0, existing.length - 2 ) );
	for ( const [ index, task ] of missing.entries() ) {
		await trx
			.insertInto( 'campaign_tasks' )
			.values( {
				campaign_id: campaignId,
				name: task.name,
				content: task.content,
				can_upload_media: 0,
				position: existing.length + index,
			} )
			.execute();
	}
	return taskIds( trx, campaignId );
}

async function taskIds(
	trx: Transaction< Database >,
	campaignId: number
): Promise< number[] > {
	return (
		await trx
			.selectFrom( 'campaign_tasks' )
			.select( 'id' )
			.where( 'campaign_id', '=', campaignId )
			.orderBy( 'position' )
			.orderBy( 'id' )
			.execute()
	).map( ( row ) => Number( row.id ) );
}

/**
 * The earlier bugs, each by its tester with the device they were selected with. The other testers are two
 * selected in the campaign besides her; without them (a tiny seed) only hers are written.
 *
 * @param trx
 * @param campaignId
 * @param testerId
 * @param tasks
 * @param now
 */
async function writeEarlierBugs(
	trx: Transaction< Database >,
	campaignId: number,
	testerId: number,
	tasks: number[],
	now: number
): Promise< void > {
	const selected = await trx
		.selectFrom( 'applications' )
		.select( [ 'tester_id', 'selected_device_id' ] )
		.where( 'campaign_id', '=', campaignId )
		.where( 'status', '=', 'selected' )
		.orderBy( 'id' )
		.execute();
	const veteran = selected.find(
		( row ) => Number( row.tester_id ) === testerId
	);
	const others = selected
		.filter( ( row ) => Number( row.tester_id ) !== testerId )
		.slice( 0, 2 );
	const fields = new Map(
		(
			await trx
				.selectFrom( 'campaign_additional_fields' )
				.select( [ 'id', 'slug' ] )
				.where( 'campaign_id', '=', campaignId )
				.execute()
		).map( ( row ) => [ row.slug, Number( row.id ) ] )
	);
	for ( const bug of EARLIER_BUGS ) {
		const by = bug.by === 'veteran' ? veteran : others[ bug.by ];
		if ( ! by ) {
			continue;
		}
		// Within the last day: every running campaign started a day ago at least (campaigns.ts).
		const at = sqlDateTime( now - bug.hoursAgo * HOUR );
		const { insertId } = await trx
			.insertInto( 'bugs' )
			.values( {
				tester_id: Number( by.tester_id ),
				campaign_id: campaignId,
				task_id: bug.task === null ? null : tasks[ bug.task ] ?? null,
				tester_device_id: by.selected_device_id,
				title: bug.title,
				severity_id: bug.severity,
				type_id: bug.type,
				replicability_id: bug.replicability,
				status_id: bug.status,
				steps: bug.steps,
				expected: bug.expected,
				current: bug.current,
				notes: null,
				occurred_at: at,
				review_comment: bug.comment ?? null,
				created_at: at,
				updated_at: at,
			} )
			.executeTakeFirstOrThrow();
		const values = Object.entries( bug.additional ?? {} )
			.filter( ( [ slug ] ) => fields.has( slug ) )
			.map( ( [ slug, value ] ) => ( {
				bug_id: Number( insertId ),
				field_id: fields.get( slug )!,
				value,
			} ) );
		if ( values.length ) {
			await trx
				.insertInto( 'bug_additional_values' )
				.values( values )
				.execute();
		}
	}
}
