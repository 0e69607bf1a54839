import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { queryTemplate } from '../../db/query-template.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toBoolean, toInteger, toSqlDateTime } from '../../db/values.ts';
import {
	campaignBugForm,
	type CampaignAdditionalField,
} from '../campaigns/bug-values.ts';

/**
 * The bug form's writes and the reads its checks need: the campaign's rules, the tester's uploads, and the bug
 * written with its media and additional values in one transaction. Scoped by tester and campaign throughout, so
 * another tester's upload or another campaign's task is never reached; whether the tester may report in the
 * campaign at all is the access read's business (features/campaigns/access.ts), checked first by the routes.
 */

/** One of the campaign's additional fields, as its checks need it. */
export type AdditionalFieldRule = CampaignAdditionalField;

/** What a bug of the campaign must satisfy (spec section 5, "Bug form"). */
export interface BugFormRules {
	titleRule: boolean;
	minimumMedia: number;
	hasBugParade: boolean;
	severities: Set< number >;
	types: Set< number >;
	replicabilities: Set< number >;
	taskIds: Set< number >;
	additional: AdditionalFieldRule[];
}

/** A file uploaded for the bug form, as stored. */
export interface BugUploadRow {
	id: number;
	storageKey: string;
	fileName: string;
	mimeType: string;
}

/** A bug as the checks made it, ready to be written. */
export interface NewBug {
	testerId: number;
	campaignId: number;
	taskId: number | null;
	deviceId: number;
	title: string;
	severityId: number;
	typeId: number;
	replicabilityId: number;
	steps: string;
	expected: string;
	current: string;
	notes: string | null;
	/** UTC, as stored. */
	occurredAt: string;
	uploads: BugUploadRow[];
	additional: Array< { fieldId: number; value: string } >;
}

/** Thrown inside the transaction when an upload was attached by a concurrent submit: the whole bug is undone. */
export class UploadTakenError extends Error {
	constructor() {
		super( 'An upload of the bug was attached to another bug meanwhile' );
		this.name = 'UploadTakenError';
	}
}

/** The campaign's bug form settings kept on its row. */
const campaignFormRules = queryTemplate(
	( db, values: { campaignId: number } ) =>
		db
			.selectFrom( 'campaigns' )
			.select( [ 'title_rule', 'minimum_media', 'has_bug_parade' ] )
			.where( 'id', '=', values.campaignId )
);

/** The campaign's valid file extensions of a bug's media. */
const campaignFileExtensions = queryTemplate(
	( db, values: { campaignId: number } ) =>
		db
			.selectFrom( 'campaigns' )
			.select( 'valid_file_extensions' )
			.where( 'id', '=', values.campaignId )
);

/** The tester's device with this id, unless removed. */
const ownDevice = queryTemplate(
	( db, values: { testerId: number; deviceId: number } ) =>
		db
			.selectFrom( 'tester_devices' )
			.select( 'id' )
			.where( 'id', '=', values.deviceId )
			.where( 'tester_id', '=', values.testerId )
			.where( 'disabled_at', 'is', null )
);

/** Adds the row of a file stored for the bug form. */
const insertUpload = queryTemplate(
	(
		db,
		values: {
			testerId: number;
			campaignId: number;
			key: string;
			name: string;
			mimeType: string;
			size: number;
		}
	) =>
		db.insertInto( 'bug_uploads' ).values( {
			tester_id: values.testerId,
			campaign_id: values.campaignId,
			storage_key: values.key,
			file_name: values.name,
			mime_type: values.mimeType,
			size: values.size,
		} )
);

/** Deletes the tester's upload with this key if no bug has attached it. */
const deleteFreeUpload = queryTemplate(
	( db, values: { testerId: number; key: string } ) =>
		db
			.deleteFrom( 'bug_uploads' )
			.where( 'storage_key', '=', values.key )
			.where( 'tester_id', '=', values.testerId )
			.where( 'bug_id', 'is', null )
);

/** Adds a bug's row, pending. */
const insertBug = queryTemplate(
	(
		db,
		values: Omit< NewBug, 'uploads' | 'additional' > & { now: string }
	) =>
		db.insertInto( 'bugs' ).values( {
			tester_id: values.testerId,
			campaign_id: values.campaignId,
			task_id: values.taskId,
			tester_device_id: values.deviceId,
			title: values.title,
			severity_id: values.severityId,
			type_id: values.typeId,
			replicability_id: values.replicabilityId,
			status_id: 3,
			steps: values.steps,
			expected: values.expected,
			current: values.current,
			notes: values.notes,
			occurred_at: values.occurredAt,
			created_at: values.now,
			updated_at: values.now,
		} )
);

/** The campaign's payout of an approved bug per severity, and the tester's fiscal type. */
const campaignPayouts = queryTemplate(
	( db, values: { testerId: number; campaignId: number } ) =>
		db
			.selectFrom( 'campaigns as c' )
			.leftJoin( 'fiscal_profiles as f', ( join ) =>
				join.on( 'f.tester_id', '=', values.testerId )
			)
			.select( [
				'c.low_bug_payout_cents',
				'c.medium_bug_payout_cents',
				'c.high_bug_payout_cents',
				'c.critical_bug_payout_cents',
				'f.type as fiscal_type',
			] )
			.where( 'c.id', '=', values.campaignId )
);

export type BugReportsRepository = ReturnType<
	typeof createBugReportsRepository
>;

export function createBugReportsRepository( db: Kysely< Database > ) {
	return {
		/**
		 * The campaign's bug form rules, in statements sent together.
		 *
		 * @param campaignId
		 */
		async rules( campaignId: number ): Promise< BugFormRules > {
			const [ campaign, { values, tasks, fields } ] = await Promise.all( [
				campaignFormRules.firstOrThrow( db, { campaignId } ),
				campaignBugForm( db, campaignId ),
			] );
			const codes = ( list: string ) =>
				new Set(
					values
						.filter( ( value ) => value.list === list )
						.map( ( value ) => toInteger( value.code ) )
				);
			return {
				titleRule: toBoolean( campaign.title_rule ),
				minimumMedia: toInteger( campaign.minimum_media ),
				hasBugParade: toBoolean( campaign.has_bug_parade ),
				severities: codes( 'severity' ),
				types: codes( 'type' ),
				replicabilities: codes( 'replicability' ),
				taskIds: new Set(
					tasks.map( ( task ) => toInteger( task.id ) )
				),
				additional: fields.map( ( field ) => ( {
					...field,
					regex: field.regex || null,
					error: field.error || null,
				} ) ),
			};
		},

		/**
		 * Whether the campaign shows its testers each other's bugs (the bug parade), read alone: the duplicate hint
		 * needs nothing else of the rules.
		 *
		 * @param campaignId
		 */
		async hasBugParade( campaignId: number ): Promise< boolean > {
			const campaign = await campaignFormRules.firstOrThrow( db, {
				campaignId,
			} );
			return toBoolean( campaign.has_bug_parade );
		},

		/**
		 * The campaign's `valid_file_extensions` as stored (comma-separated; empty = the default list).
		 *
		 * @param campaignId
		 */
		async validFileExtensions( campaignId: number ): Promise< string > {
			const row = await campaignFileExtensions.firstOrThrow( db, {
				campaignId,
			} );
			return row.valid_file_extensions;
		},

		/**
		 * Whether the device is one of the tester's, not removed.
		 *
		 * @param testerId
		 * @param deviceId
		 */
		async ownsDevice( testerId: number, deviceId: number ) {
			const row = await ownDevice.first( db, { testerId, deviceId } );
			return row !== undefined;
		},

		/**
		 * The tester's uploads of the campaign with these keys that no bug has attached.
		 *
		 * @param testerId
		 * @param campaignId
		 * @param keys
		 */
		async freeUploads(
			testerId: number,
			campaignId: number,
			keys: string[]
		): Promise< BugUploadRow[] > {
			if ( ! keys.length ) {
				return [];
			}
			const rows = await db
				.selectFrom( 'bug_uploads' )
				.select( [ 'id', 'storage_key', 'file_name', 'mime_type' ] )
				.where( 'storage_key', 'in', keys )
				.where( 'tester_id', '=', testerId )
				.where( 'campaign_id', '=', campaignId )
				.where( 'bug_id', 'is', null )
				.execute();
			return rows.map( ( row ) => ( {
				id: toInteger( row.id ),
				storageKey: row.storage_key,
				fileName: row.file_name,
				mimeType: row.mime_type,
			} ) );
		},

		/**
		 * Keeps the row of a file stored for the bug form.
		 *
		 * @param testerId
		 * @param campaignId
		 * @param file
		 * @param file.key
		 * @param file.name
		 * @param file.mimeType
		 * @param file.size
		 */
		async addUpload(
			testerId: number,
			campaignId: number,
			file: { key: string; name: string; mimeType: string; size: number }
		): Promise< void > {
			await insertUpload.run( db, {
				testerId,
				campaignId,
				key: file.key,
				name: file.name,
				mimeType: file.mimeType,
				size: file.size,
			} );
		},

		/**
		 * Removes the tester's upload with this key if no bug has attached it; answers whether it did.
		 *
		 * @param testerId
		 * @param key
		 */
		async removeUpload(
			testerId: number,
			key: string
		): Promise< boolean > {
			const { numAffectedRows } = await deleteFreeUpload.run( db, {
				testerId,
				key,
			} );
			return ( numAffectedRows ?? 0n ) > 0n;
		},

		/**
		 * Writes the bug, its media (copies of its uploads, which it then owns) and its additional values: all or
		 * nothing. An upload attached meanwhile by another submit undoes it all (UploadTakenError).
		 *
		 * @param bug
		 * @return The new bug's id.
		 */
		create( bug: NewBug ): Promise< number > {
			return inTransaction( db, async ( trx ) => {
				const now = toSqlDateTime();
				// Nothing of the campaign's row is written (its bugs are counted from the bugs, 0024): the bugs of one
				// campaign share its row's lock (their foreign key) and none waits for another.
				const { insertId } = await insertBug.run( trx, {
					testerId: bug.testerId,
					campaignId: bug.campaignId,
					taskId: bug.taskId ?? null,
					deviceId: bug.deviceId,
					title: bug.title,
					severityId: bug.severityId,
					typeId: bug.typeId,
					replicabilityId: bug.replicabilityId,
					steps: bug.steps,
					expected: bug.expected,
					current: bug.current,
					notes: bug.notes ?? null,
					occurredAt: bug.occurredAt,
					now,
				} );
				const bugId = toInteger( insertId as bigint );
				if ( bug.uploads.length ) {
					const { numUpdatedRows } = await trx
						.updateTable( 'bug_uploads' )
						.set( { bug_id: bugId } )
						.where(
							'id',
							'in',
							bug.uploads.map( ( upload ) => upload.id )
						)
						.where( 'tester_id', '=', bug.testerId )
						.where( 'bug_id', 'is', null )
						.executeTakeFirstOrThrow();
					if ( Number( numUpdatedRows ) !== bug.uploads.length ) {
						throw new UploadTakenError();
					}
					await trx
						.insertInto( 'bug_media' )
						.values(
							bug.uploads.map( ( upload ) => ( {
								bug_id: bugId,
								file_name: upload.fileName,
								mime_type: upload.mimeType,
								storage_key: upload.storageKey,
								created_at: now,
							} ) )
						)
						.execute();
				}
				if ( bug.additional.length ) {
					await trx
						.insertInto( 'bug_additional_values' )
						.values(
							bug.additional.map( ( { fieldId, value } ) => ( {
								bug_id: bugId,
								field_id: fieldId,
								value,
							} ) )
						)
						.execute();
				}
				return bugId;
			} );
		},

		/**
		 * What an approved bug of each severity pays on the campaign (cents), and the tester's fiscal type.
		 *
		 * @param testerId
		 * @param campaignId
		 */
		async payouts( testerId: number, campaignId: number ) {
			const row = await campaignPayouts.firstOrThrow( db, {
				testerId,
				campaignId,
			} );
			return {
				fiscalType: row.fiscal_type ?? null,
				cents: {
					LOW: toInteger( row.low_bug_payout_cents ),
					MEDIUM: toInteger( row.medium_bug_payout_cents ),
					HIGH: toInteger( row.high_bug_payout_cents ),
					CRITICAL: toInteger( row.critical_bug_payout_cents ),
				},
			};
		},
	};
}
