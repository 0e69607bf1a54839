import { useId, useMemo, useState } from '@wordpress/element';

import { SvgIcon } from '../../components/icons/svg-icon';
import { useTranslation } from '../../lib/use-translation';
import type { ApiError } from '../../services/api-error';
import type { CampaignTask } from '../../services/contract';
import { showToast } from '../../services/toasts';
import { useAppDispatch } from '../../store/hooks';
import { block } from './block';
import { sanitizeContent } from './content';
import { useCompleteMyCampaignTaskMutation } from './manual-api';
import { TaskMediaSection } from './task-media';
import type { TaskUploads } from './use-task-uploads';

// Material Icons "check_circle" and "expand_more" (Apache License 2.0).
const CHECK =
	'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';
const EXPAND = 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z';

interface TaskProps {
	campaignId: number;
	task: CampaignTask;
	extensions: readonly string[];
	uploads: TaskUploads;
}

/** Pending shows TODO, completed a check (spec §4, "Task"); the word is there for screen readers either way. */
function TaskStatus( { completed }: { completed: boolean } ) {
	const { t } = useTranslation();
	return completed ? (
		<span
			className={ `${ block }__task-status ${ block }__task-status--completed` }
		>
			<SvgIcon path={ CHECK } size={ 22 } />
			<span className="crowdscout-visually-hidden">
				{ t( 'campaignManual.taskCompleted' ) }
			</span>
		</span>
	) : (
		<span
			className={ `${ block }__task-status ${ block }__task-status--todo` }
		>
			{ t( 'campaignManual.taskTodo' ) }
		</span>
	);
}

function TaskBody( { campaignId, task, extensions, uploads }: TaskProps ) {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const [ complete, completing ] = useCompleteMyCampaignTaskMutation();
	const html = useMemo(
		() => sanitizeContent( task.content ),
		[ task.content ]
	);
	const completed = task.status === 'completed';

	const markCompleted = async () => {
		const result = await complete( { campaignId, taskId: task.id } );
		if ( 'error' in result ) {
			dispatch(
				showToast( {
					kind: 'danger',
					title: t( 'campaignManual.completeError' ),
					message: ( result.error as ApiError ).message,
				} )
			);
		}
	};

	return (
		<>
			{ html.trim() && (
				<div
					className={ `${ block }__content ${ block }__task-content` }
					// Sanitised by sanitizeContent (DOMPurify, rich text only).
					dangerouslySetInnerHTML={ { __html: html } }
				/>
			) }
			{ task.can_upload_media && (
				<TaskMediaSection
					campaignId={ campaignId }
					task={ task }
					extensions={ extensions }
					uploads={ uploads }
				/>
			) }
			<div className={ `${ block }__task-actions` }>
				<button
					type="button"
					className="crowdscout-button crowdscout-button--primary"
					// Stays disabled from the answer until the list read again says completed.
					disabled={
						completed ||
						completing.isLoading ||
						completing.isSuccess
					}
					onClick={ markCompleted }
				>
					{ completing.isLoading
						? t( 'campaignManual.completing' )
						: t( 'campaignManual.markCompleted' ) }
				</button>
			</div>
		</>
	);
}

/**
 * One task of the accordion: a heading whose button opens its instructions, its files and the mark-as-completed
 * button. The body is rendered only while open, so a task's files are read when the tester looks at them.
 *
 * @param props
 */
function TaskItem( props: TaskProps ) {
	const { task } = props;
	const [ open, setOpen ] = useState( false );
	const buttonId = useId();
	const panelId = useId();
	const completed = task.status === 'completed';
	return (
		<li
			className={ `${ block }__task${
				completed ? ` ${ block }__task--completed` : ''
			}` }
			data-task-id={ task.id }
			data-task-status={ task.status }
		>
			<h2 className={ `${ block }__task-heading` }>
				<button
					type="button"
					id={ buttonId }
					className={ `${ block }__task-toggle` }
					aria-expanded={ open }
					aria-controls={ panelId }
					onClick={ () => setOpen( ( value ) => ! value ) }
				>
					<TaskStatus completed={ completed } />
					<span className={ `${ block }__task-name` }>
						{ task.name }
					</span>
					<SvgIcon
						path={ EXPAND }
						className={ `${ block }__task-chevron` }
					/>
				</button>
			</h2>
			<div
				id={ panelId }
				role="region"
				aria-labelledby={ buttonId }
				className={ `${ block }__task-body` }
				hidden={ ! open }
			>
				{ open && <TaskBody { ...props } /> }
			</div>
		</li>
	);
}

/**
 * The Manual tab: the campaign's tasks as an accordion, in their order.
 *
 * @param props
 * @param props.campaignId
 * @param props.tasks
 * @param props.extensions The file extensions the campaign accepts.
 * @param props.uploads    The uploads of every task, kept above the tabs.
 */
export function TaskList( {
	campaignId,
	tasks,
	extensions,
	uploads,
}: {
	campaignId: number;
	tasks: CampaignTask[];
	extensions: readonly string[];
	uploads: TaskUploads;
} ) {
	return (
		<ul className={ `${ block }__tasks` }>
			{ tasks.map( ( task ) => (
				<TaskItem
					key={ task.id }
					campaignId={ campaignId }
					task={ task }
					extensions={ extensions }
					uploads={ uploads }
				/>
			) ) }
		</ul>
	);
}
