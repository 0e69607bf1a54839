import { useId, useMemo, useState } from '@wordpress/element';

import { ErrorNotice } from '../error-notice';
import { ValidatedForm } from '../form-field';
import { Spinner } from '../spinner';
import { useConfig } from '../../hooks/use-config';
import { useTranslation } from '../../lib/use-translation';
import type { ApiError } from '../../services/api-error';
import {
	applicationInput,
	applicationSchema,
	initialValues,
	questionKind,
	type ApplicationValues,
} from './answers';
import {
	useApplyToMyCampaignMutation,
	useGetMyCampaignFormQuery,
	useListMyCompatibleDevicesQuery,
} from './apply-api';
import { DeviceChoice } from './device-choice';
import { QuestionField } from './question-field';
import './preselection-form.scss';

const block = 'crowdscout-preselection-form';

/**
 * The form may be framed (the pre-selection page in a dialog): the whole page reloads, to show the campaign as
 * applied. A top window of another origin cannot be reached; then this page reloads.
 */
function reloadTopWindow() {
	try {
		( window.top ?? window ).location.reload();
	} catch {
		window.location.reload();
	}
}

/** The API's refusals of an application that the spec words itself (section 8), by their English sentence. */
const REFUSALS = {
	'You have already applied to this campaign':
		'preselectionForm.alreadyApplied',
	"Oh no, It's too late! The subscription phase is closed now.":
		'preselectionForm.subscriptionClosed',
	'The campaign has reached its maximum capacity.':
		'preselectionForm.campaignFull',
} as const;

function SubmitError( { error }: { error: ApiError } ) {
	const { t } = useTranslation();
	if ( error.status === 409 ) {
		const known = REFUSALS[ error.message as keyof typeof REFUSALS ];
		return (
			<div className="crowdscout-notice" role="alert">
				<p className="crowdscout-notice__title">
					{ known ? t( known ) : error.message }
				</p>
			</div>
		);
	}
	return (
		<div className="crowdscout-notice" role="alert">
			<p className="crowdscout-notice__title">
				{ t( 'preselectionForm.submitError' ) }
			</p>
			{ /* A refused answer: the API's message names the question or the device. */ }
			{ error.status === 400 && <p>{ error.message }</p> }
		</div>
	);
}

export interface PreselectionFormProps {
	campaignId: number;
	/** The title's level: 1 on the form's own page, lower inside another page. */
	headingLevel?: 1 | 2 | 3;
	/** What a sent application does; reloads the top window by default (spec section 4). */
	onApplied?: () => void;
}

/**
 * The pre-selection form (spec "Pre-selection form page", sections 3 to 5): the campaign's questions, every one
 * required, and the compatible devices to test with. Sent, it reloads the page, which then shows the campaign as
 * applied.
 *
 * @param props
 * @param props.campaignId
 * @param props.headingLevel
 * @param props.onApplied
 */
export function PreselectionForm( {
	campaignId,
	headingLevel = 1,
	onApplied = reloadTopWindow,
}: PreselectionFormProps ) {
	const { t } = useTranslation();
	const { locale } = useConfig();
	const titleId = useId();
	const questions = useGetMyCampaignFormQuery( { campaignId, locale } );
	const devices = useListMyCompatibleDevicesQuery( campaignId );
	const [ apply ] = useApplyToMyCampaignMutation();
	const [ submitError, setSubmitError ] = useState< ApiError | null >( null );
	const [ applied, setApplied ] = useState( false );

	const asked = useMemo(
		() =>
			( questions.data ?? [] ).flatMap( ( question ) => {
				const kind = questionKind( question );
				// A type this client does not know cannot be answered; the API names it if it refuses the form.
				return kind ? [ { question, kind } ] : [];
			} ),
		[ questions.data ]
	);
	const schema = useMemo(
		() => applicationSchema( questions.data ?? [] ),
		[ questions.data ]
	);
	const initial = useMemo(
		() => initialValues( questions.data ?? [] ),
		[ questions.data ]
	);

	const Title = `h${ headingLevel }` as const;
	const failed =
		( questions.isError && ! questions.isFetching ) ||
		( devices.isError && ! devices.isFetching );
	let body;
	if ( failed ) {
		body = (
			<ErrorNotice
				title={ t( 'preselectionForm.loadError' ) }
				onRetry={ () => {
					questions.refetch();
					devices.refetch();
				} }
			/>
		);
	} else if ( ! questions.data || ! devices.data ) {
		body = <Spinner label={ t( 'preselectionForm.loading' ) } />;
	} else {
		const loading = questions.isFetching || devices.isFetching;
		const compatible = devices.data;
		const send = async ( values: ApplicationValues ) => {
			setSubmitError( null );
			try {
				await apply( {
					campaignId,
					body: applicationInput( questions.data ?? [], values ),
				} ).unwrap();
				setApplied( true );
				onApplied();
			} catch ( error ) {
				setSubmitError( error as ApiError );
			}
		};
		body = (
			<ValidatedForm< ApplicationValues >
				className={ `${ block }__form` }
				aria-labelledby={ titleId }
				initialValues={ initial }
				validationSchema={ schema }
				onSubmit={ send }
			>
				{ ( { isSubmitting } ) => (
					<>
						{ asked.map( ( { question, kind } ) => (
							<QuestionField
								key={ question.id }
								question={ question }
								kind={ kind }
							/>
						) ) }
						<DeviceChoice devices={ compatible } />
						{ submitError && <SubmitError error={ submitError } /> }
						{ applied && (
							<p
								className={ `crowdscout-notice crowdscout-notice--info ${ block }__applied` }
								role="status"
							>
								{ t( 'preselectionForm.applied' ) }
							</p>
						) }
						<div className={ `${ block }__actions` }>
							<button
								type="submit"
								className="crowdscout-button crowdscout-button--primary"
								disabled={
									loading ||
									isSubmitting ||
									applied ||
									compatible.length === 0
								}
								aria-busy={ isSubmitting || undefined }
							>
								{ isSubmitting
									? t( 'preselectionForm.submitting' )
									: t( 'preselectionForm.submit' ) }
							</button>
						</div>
					</>
				) }
			</ValidatedForm>
		);
	}

	return (
		<section
			className={ block }
			aria-labelledby={ titleId }
			data-crowdscout-preselection-form={ campaignId }
		>
			<Title id={ titleId } className={ `${ block }__title` }>
				{ t( 'preselectionForm.title' ) }
			</Title>
			<p className={ `${ block }__subtitle` }>
				{ t( 'preselectionForm.subtitle' ) }
			</p>
			{ body }
		</section>
	);
}
