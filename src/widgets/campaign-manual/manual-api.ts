import { api } from '../../services/api';
import type {
	AnswerOf,
	CampaignTask,
	Device,
	TaskMedia,
} from '../../services/contract';

export {
	useGetMyCampaignPayoutDataQuery,
	useGetMyCampaignQuery,
} from '../../services/campaigns';

/** Which task, of which campaign. */
export interface TaskRef {
	campaignId: number;
	taskId: number;
}

const taskTag = ( { taskId }: TaskRef ) => ( {
	type: 'TaskMedia' as const,
	id: taskId,
} );

export const manualApi = api.injectEndpoints( {
	endpoints: ( build ) => ( {
		listMyCampaignTasks: build.query< CampaignTask[], number >( {
			query: ( campaignId ) => ( {
				url: `/users/me/campaigns/${ campaignId }/tasks`,
			} ),
			providesTags: ( _result, _error, campaignId ) => [
				{ type: 'Tasks', id: campaignId },
			],
		} ),
		listMyCampaignDevices: build.query< Device[], number >( {
			query: ( campaignId ) => ( {
				url: `/users/me/campaigns/${ campaignId }/devices`,
			} ),
			providesTags: ( _result, _error, campaignId ) => [
				'Devices',
				{ type: 'Campaigns', id: campaignId },
			],
		} ),
		completeMyCampaignTask: build.mutation<
			AnswerOf< 'completeMyCampaignTask' >,
			TaskRef
		>( {
			query: ( { campaignId, taskId } ) => ( {
				url: `/users/me/campaigns/${ campaignId }/tasks/${ taskId }`,
				method: 'POST',
				body: { status: 'completed' },
			} ),
			// The spec: the task becomes completed, so the list is read again.
			invalidatesTags: ( _result, _error, { campaignId } ) => [
				{ type: 'Tasks', id: campaignId },
			],
		} ),
		listMyTaskMedia: build.query< TaskMedia[], TaskRef >( {
			query: ( { campaignId, taskId } ) => ( {
				url: `/users/me/campaigns/${ campaignId }/tasks/${ taskId }/media`,
			} ),
			transformResponse: ( list: AnswerOf< 'listMyTaskMedia' > ) =>
				list.items,
			providesTags: ( _result, _error, task ) => [ taskTag( task ) ],
		} ),
		deleteMyTaskMedia: build.mutation<
			AnswerOf< 'deleteMyTaskMedia' >,
			TaskRef & { mediaId: number }
		>( {
			query: ( { campaignId, taskId, mediaId } ) => ( {
				url: `/users/me/campaigns/${ campaignId }/tasks/${ taskId }/media/${ mediaId }`,
				method: 'DELETE',
			} ),
			invalidatesTags: ( _result, _error, task ) => [ taskTag( task ) ],
		} ),
	} ),
} );

/** What an upload invalidates: the task's media list (the upload itself goes through `uploadTaskMedia`). */
export const taskMediaTag = taskTag;

export const {
	useListMyCampaignTasksQuery,
	useListMyCampaignDevicesQuery,
	useCompleteMyCampaignTaskMutation,
	useListMyTaskMediaQuery,
	useDeleteMyTaskMediaMutation,
} = manualApi;
