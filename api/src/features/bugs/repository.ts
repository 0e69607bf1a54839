import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { queryTemplate } from '../../db/query-template.ts';
import { fromSqlDateTime, toInteger } from '../../db/values.ts';
import { BUG_SEVERITIES, BUG_STATUSES } from '../history/repository.ts';

/** Bug type and replicability names as the payloads spell them (spec section 3; codes in 0003-domain). */
export const BUG_TYPES: Record< number, string > = {
	1: 'CRASH',
	2: 'GRAPHIC',
	3: 'PERFORMANCE',
	4: 'MALFUNCTION',
	5: 'TYPO',
	6: 'OTHER',
	7: 'SECURITY',
	8: 'USABILITY',
};
export const BUG_REPLICABILITIES: Record< number, string > = {
	1: 'ONCE',
	2: 'SOMETIMES',
	3: 'ALWAYS',
};

/** The device a bug was found on, as the tester's devices list shows one. */
export interface BugDeviceRow {
	id: number;
	type: number;
	device:
		| { id: number; manufacturer: string; model: string }
		| { pc_type: string };
	operating_system: { id: number; platform: string; version: string };
}

/** A bug of the tester, with its media as stored (the route signs their URLs). */
export interface OwnBug {
	id: number;
	title: string;
	status: { id: number; name: string };
	severity: { id: number; name: string };
	type: { id: number; name: string };
	replicability: { id: number; name: string };
	campaign: { id: number; name: string };
	useCase: { id: number; name: string } | null;
	device: BugDeviceRow | null;
	stepDescription: string;
	expected: string;
	current: string;
	notes: string | null;
	lastSeen: string | null;
	created: string;
	updated: string;
	media: Array< {
		id: number;
		name: string;
		mimeType: string | null;
		storageKey: string;
	} >;
	additional: Array< { slug: string; name: string; value: string } >;
	review: { comment: string | null };
}

/** The tester of a WordPress user and their bug with this id, with its campaign, task and device (left joined). */
const ownBugRow = queryTemplate(
	( db, values: { wpUserId: number; bugId: number } ) =>
		db
			.selectFrom( 'testers as me' )
			.leftJoin( 'bugs as b', ( join ) =>
				join
					.onRef( 'b.tester_id', '=', 'me.id' )
					.on( 'b.id', '=', values.bugId )
			)
			.leftJoin( 'campaigns as c', 'c.id', 'b.campaign_id' )
			.leftJoin( 'campaign_tasks as t', 't.id', 'b.task_id' )
			.leftJoin( 'tester_devices as d', 'd.id', 'b.tester_device_id' )
			.leftJoin( 'device_models as dm', 'dm.id', 'd.model_id' )
			.leftJoin(
				'device_manufacturers as mf',
				'mf.id',
				'dm.manufacturer_id'
			)
			.leftJoin( 'pc_types as pc', 'pc.id', 'd.pc_type_id' )
			.leftJoin( 'os_versions as ov', 'ov.id', 'd.os_version_id' )
			.leftJoin( 'os_platforms as op', 'op.id', 'ov.platform_id' )
			.select( [
				'b.id',
				'b.title',
				'b.status_id',
				'b.severity_id',
				'b.type_id',
				'b.replicability_id',
				'b.campaign_id',
				'c.title as campaign_title',
				'b.task_id',
				't.name as task_name',
				'b.steps',
				'b.expected',
				'b.current',
				'b.notes',
				'b.occurred_at',
				'b.created_at',
				'b.updated_at',
				'b.review_comment',
				'd.id as device_id',
				'd.device_type',
				'dm.id as model_id',
				'dm.name as model_name',
				'mf.name as manufacturer_name',
				'pc.name as pc_type_name',
				'ov.id as os_version_id',
				'ov.name as os_version_name',
				'op.name as platform_name',
			] )
			.where( 'me.wp_user_id', '=', values.wpUserId )
);

/** The media of a bug of a WordPress user's tester, in their order. */
const ownBugMedia = queryTemplate(
	( db, values: { wpUserId: number; bugId: number } ) =>
		db
			.selectFrom( 'bug_media as m' )
			.innerJoin( 'bugs as b', 'b.id', 'm.bug_id' )
			.innerJoin( 'testers as me', 'me.id', 'b.tester_id' )
			.select( [ 'm.id', 'm.file_name', 'm.mime_type', 'm.storage_key' ] )
			.where( 'm.bug_id', '=', values.bugId )
			.where( 'me.wp_user_id', '=', values.wpUserId )
			.orderBy( 'm.id' )
);

/** The additional values of a bug of a WordPress user's tester, in their fields' order. */
const ownBugAdditional = queryTemplate(
	( db, values: { wpUserId: number; bugId: number } ) =>
		db
			.selectFrom( 'bug_additional_values as v' )
			.innerJoin( 'bugs as b', 'b.id', 'v.bug_id' )
			.innerJoin( 'testers as me', 'me.id', 'b.tester_id' )
			.innerJoin(
				'campaign_additional_fields as f',
				'f.id',
				'v.field_id'
			)
			.select( [ 'f.slug', 'f.name', 'v.value' ] )
			.where( 'v.bug_id', '=', values.bugId )
			.where( 'me.wp_user_id', '=', values.wpUserId )
			.orderBy( 'f.position' )
			.orderBy( 'f.id' )
);

/** The WordPress user of a bug's tester. */
const bugOwner = queryTemplate( ( db, values: { bugId: number } ) =>
	db
		.selectFrom( 'bugs as b' )
		.innerJoin( 'testers as t', 't.id', 'b.tester_id' )
		.select( 't.wp_user_id' )
		.where( 'b.id', '=', values.bugId )
);

export type BugsRepository = ReturnType< typeof createBugsRepository >;

/**
 * A tester's own bug, whole. The tester is the token's WordPress user, found inside each statement through
 * `testers`' unique key, so another tester's bug is never read, and the bug, its media and its additional values
 * are three statements sent together (one round trip on MariaDB), each through the bug's primary key.
 *
 * @param db
 */
export function createBugsRepository( db: Kysely< Database > ) {
	const reads = {
		/**
		 * @param wpUserId The tester's WordPress user.
		 * @param bugId
		 * @return The bug; null when the tester has no bug with that id; undefined when the user has no tester.
		 */
		async findOwn(
			wpUserId: number,
			bugId: number
		): Promise< OwnBug | null | undefined > {
			// A left join from the tester: no row is no tester, a row without a bug is someone else's or no bug.
			const bugRead = ownBugRow.first( db, { wpUserId, bugId } );
			const mediaRead = ownBugMedia.all( db, { wpUserId, bugId } );
			const additionalRead = ownBugAdditional.all( db, {
				wpUserId,
				bugId,
			} );
			const [ row, media, additional ] = await Promise.all( [
				bugRead,
				mediaRead,
				additionalRead,
			] );
			if ( ! row ) {
				return undefined;
			}
			if (
				row.id === null ||
				row.title === null ||
				row.campaign_id === null
			) {
				return null;
			}
			const statusId = row.status_id!;
			const severityId = row.severity_id!;
			const typeId = row.type_id!;
			const replicabilityId = row.replicability_id!;
			return {
				id: row.id,
				title: row.title,
				status: { id: statusId, name: BUG_STATUSES[ statusId ] },
				severity: {
					id: severityId,
					name: BUG_SEVERITIES[ severityId ],
				},
				type: { id: typeId, name: BUG_TYPES[ typeId ] },
				replicability: {
					id: replicabilityId,
					name: BUG_REPLICABILITIES[ replicabilityId ],
				},
				campaign: {
					id: row.campaign_id,
					name: row.campaign_title ?? '',
				},
				useCase:
					row.task_id !== null && row.task_name !== null
						? { id: row.task_id, name: row.task_name }
						: null,
				device: deviceOf( row ),
				stepDescription: row.steps ?? '',
				expected: row.expected ?? '',
				current: row.current ?? '',
				notes: row.notes,
				lastSeen:
					row.occurred_at === null
						? null
						: fromSqlDateTime( row.occurred_at ),
				created: fromSqlDateTime( row.created_at! ),
				updated: fromSqlDateTime( row.updated_at! ),
				media: media.map( ( item ) => ( {
					id: item.id,
					name: item.file_name,
					mimeType: item.mime_type,
					storageKey: item.storage_key,
				} ) ),
				additional: additional.map( ( { slug, name, value } ) => ( {
					slug,
					name,
					value,
				} ) ),
				review: { comment: row.review_comment },
			};
		},
	};
	return {
		...reads,

		/**
		 * Any tester's bug, whole (the public view): read as its own tester's, whoever that is.
		 *
		 * @param bugId
		 * @return The bug; undefined when there is none.
		 */
		async findAny( bugId: number ): Promise< OwnBug | undefined > {
			const owner = await bugOwner.first( db, { bugId } );
			if ( ! owner ) {
				return undefined;
			}
			return (
				( await reads.findOwn(
					toInteger( owner.wp_user_id ),
					bugId
				) ) ?? undefined
			);
		},
	};
}

/**
 * The device of a bug's row, or null when none was recorded (or its catalogue entry is gone).
 *
 * @param row
 * @param row.device_id
 * @param row.device_type
 * @param row.model_id
 * @param row.model_name
 * @param row.manufacturer_name
 * @param row.pc_type_name
 * @param row.os_version_id
 * @param row.os_version_name
 * @param row.platform_name
 */
function deviceOf( row: {
	device_id: number | null;
	device_type: number | null;
	model_id: number | null;
	model_name: string | null;
	manufacturer_name: string | null;
	pc_type_name: string | null;
	os_version_id: number | null;
	os_version_name: string | null;
	platform_name: string | null;
} ): BugDeviceRow | null {
	if (
		row.device_id === null ||
		row.device_type === null ||
		row.os_version_id === null ||
		row.os_version_name === null ||
		row.platform_name === null
	) {
		return null;
	}
	let device: BugDeviceRow[ 'device' ];
	if ( row.pc_type_name !== null ) {
		device = { pc_type: row.pc_type_name };
	} else if (
		row.model_id !== null &&
		row.model_name !== null &&
		row.manufacturer_name !== null
	) {
		device = {
			id: row.model_id,
			manufacturer: row.manufacturer_name,
			model: row.model_name,
		};
	} else {
		return null;
	}
	return {
		id: row.device_id,
		type: toInteger( row.device_type ),
		device,
		operating_system: {
			id: row.os_version_id,
			platform: row.platform_name,
			version: row.os_version_name,
		},
	};
}
