import { sql, type Kysely } from 'kysely';
import { isMysql } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import { toBoolean, toInteger, toSqlDateTime } from '../../db/values.ts';

/** A campaign task with the tester's progress, as the tasks list answers it. */
export interface CampaignTask {
	id: number;
	name: string;
	content: string;
	status: 'pending' | 'completed';
	can_upload_media: boolean;
}

/** A task looked up for a write: the task and what an upload to it must satisfy. */
export interface TaskOfCampaign {
	task: CampaignTask;
	/** The campaign's `valid_file_extensions` as stored (comma-separated, no dots; empty = the default list). */
	validFileExtensions: string;
}

/** A file a tester uploaded to a task, as stored (the route signs its URL). */
export interface TaskMediaRow {
	id: number;
	name: string;
	mimeType: string | null;
	storageKey: string;
}

export type TasksRepository = ReturnType< typeof createTasksRepository >;

/**
 * Task progress and task media of testers. Every method is scoped by the tester (and the task by its campaign), so
 * another tester's rows or another campaign's task are never reached; whether the tester may use the campaign at
 * all is the access read's business (features/campaigns/access.ts), checked first by the routes.
 *
 * @param db
 */
export function createTasksRepository( db: Kysely< Database > ) {
	const mysql = isMysql( db );

	return {
		/**
		 * One task of the campaign with the tester's status (pending without a row), in one statement.
		 *
		 * @param testerId
		 * @param campaignId
		 * @param taskId
		 */
		async find(
			testerId: number,
			campaignId: number,
			taskId: number
		): Promise< TaskOfCampaign | undefined > {
			const row = await db
				.selectFrom( 'campaign_tasks as t' )
				.innerJoin( 'campaigns as c', 'c.id', 't.campaign_id' )
				.leftJoin( 'tester_tasks as p', ( join ) =>
					join
						.onRef( 'p.task_id', '=', 't.id' )
						.on( 'p.tester_id', '=', testerId )
				)
				.select( [
					't.id',
					't.name',
					't.content',
					't.can_upload_media',
					'p.status',
					'c.valid_file_extensions',
				] )
				.where( 't.id', '=', taskId )
				.where( 't.campaign_id', '=', campaignId )
				.executeTakeFirst();
			if ( ! row ) {
				return undefined;
			}
			return {
				task: {
					id: toInteger( row.id ),
					name: row.name,
					content: row.content ?? '',
					status: row.status ?? 'pending',
					can_upload_media: toBoolean( row.can_upload_media ),
				},
				validFileExtensions: row.valid_file_extensions,
			};
		},

		/**
		 * Marks the task completed for the tester, in one statement whether or not a row exists; a task completed
		 * before keeps its first completion time.
		 *
		 * @param testerId
		 * @param taskId
		 */
		async complete( testerId: number, taskId: number ): Promise< void > {
			const insert = db.insertInto( 'tester_tasks' ).values( {
				tester_id: testerId,
				task_id: taskId,
				status: 'completed',
				completed_at: toSqlDateTime(),
			} );
			await ( mysql
				? insert.onDuplicateKeyUpdate( {
						status: 'completed',
						completed_at: sql`coalesce(completed_at, values(completed_at))`,
				  } )
				: insert.onConflict( ( conflict ) =>
						conflict
							.columns( [ 'tester_id', 'task_id' ] )
							.doUpdateSet( {
								status: 'completed',
								completed_at: sql`coalesce(tester_tasks.completed_at, excluded.completed_at)`,
							} )
				  )
			).execute();
		},

		/**
		 * The tester's files of a task, oldest first.
		 *
		 * @param testerId
		 * @param taskId
		 */
		async listMedia(
			testerId: number,
			taskId: number
		): Promise< TaskMediaRow[] > {
			const rows = await db
				.selectFrom( 'task_media' )
				.select( [ 'id', 'name', 'mime_type', 'storage_key' ] )
				.where( 'tester_id', '=', testerId )
				.where( 'task_id', '=', taskId )
				.orderBy( 'id' )
				.execute();
			return rows.map( ( row ) => ( {
				id: toInteger( row.id ),
				name: row.name,
				mimeType: row.mime_type,
				storageKey: row.storage_key,
			} ) );
		},

		/**
		 * Keeps the row of a stored file; answers its id.
		 *
		 * @param testerId
		 * @param taskId
		 * @param file
		 */
		async addMedia(
			testerId: number,
			taskId: number,
			file: Omit< TaskMediaRow, 'id' >
		): Promise< number > {
			const { insertId } = await db
				.insertInto( 'task_media' )
				.values( {
					tester_id: testerId,
					task_id: taskId,
					name: file.name,
					mime_type: file.mimeType,
					storage_key: file.storageKey,
				} )
				.executeTakeFirstOrThrow();
			return toInteger( insertId as bigint );
		},

		/**
		 * Removes one of the tester's files of the task; answers its storage key, or undefined when the tester has
		 * no such file (another tester's, another task's, or none).
		 *
		 * @param testerId
		 * @param taskId
		 * @param mediaId
		 */
		async removeMedia(
			testerId: number,
			taskId: number,
			mediaId: number
		): Promise< string | undefined > {
			const row = await db
				.selectFrom( 'task_media' )
				.select( 'storage_key' )
				.where( 'id', '=', mediaId )
				.where( 'tester_id', '=', testerId )
				.where( 'task_id', '=', taskId )
				.executeTakeFirst();
			if ( ! row ) {
				return undefined;
			}
			const { numDeletedRows } = await db
				.deleteFrom( 'task_media' )
				.where( 'id', '=', mediaId )
				.where( 'tester_id', '=', testerId )
				.executeTakeFirstOrThrow();
			// A concurrent delete of the same file took it first: the same answer as for a file never there.
			return numDeletedRows > 0n ? row.storage_key : undefined;
		},
	};
}
