import type { ReactNode } from 'react';
import { useId, useMemo, useRef, useState } from '@wordpress/element';
import { Formik, type FormikHelpers } from 'formik';
import type { TFunction } from 'i18next';

import {
	FocusFirstInvalid,
	SelectField,
	TextField,
	type SelectOption,
} from '../../components/form-field';
import { ErrorsShownContext } from '../../components/form-field/field-errors';
import { useConfig } from '../../hooks/use-config';
import { acceptedExtensions } from '../../lib/media-files';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import type { ApiError } from '../../services/api-error';
import type { CampaignDetail, Device } from '../../services/contract';
import { block } from './block';
import { useCreateMyBugMutation } from './bug-form-api';
import { DraftSaver } from './draft-saver';
import { DuplicateHint } from './duplicate-hint';
import { MomentField, TextAreaField } from './fields';
import { HelpButton } from './help-modal';
import { MediaField } from './media-field';
import { PayoutEstimate } from './payout-estimate';
import {
	readDraft,
	readRemembered,
	remember,
	writeDraft,
	type Draft,
	type StorageScope,
} from './storage';
import { useBugUploads, type StoredMedia } from './use-bug-uploads';
import {
	NO_USE_CASE,
	bugInput,
	bugSchema,
	dateAndTime,
	initialValues,
	validInvalid,
	valuesHint,
	type BugFormValues,
	type ValueKind,
} from './values';

const capitalised = ( name: string ) =>
	`${ name.charAt( 0 ) }${ name.slice( 1 ).toLowerCase() }`;

/**
 * A value's name in the page's language: `LOW` → "Low".
 *
 * @param t
 * @param kind
 * @param name
 */
function valueLabel( t: TFunction, kind: ValueKind, name: string ) {
	return t(
		`bugValues.${ kind }${ capitalised( name ) }` as 'bugValues.typeCrash'
	);
}

/** The device as the tester knows it: its model (or PC type), then its operating system. */
function deviceName( device: Device ): string {
	const model =
		'pc_type' in device.device
			? device.device.pc_type
			: `${ device.device.manufacturer } ${ device.device.model }`;
	const { platform, version } = device.operating_system;
	return `${ model } · ${ platform } ${ version }`;
}

/** Controls the form never focuses after a refused submit (spec section 4). */
const notFocused = ( name: string ) =>
	name === 'media' || name.startsWith( 'additional.' );

function ValuesHint( {
	campaign,
	kind,
}: {
	campaign: CampaignDetail;
	kind: ValueKind;
} ) {
	const { t } = useTranslation();
	const hint = valuesHint( validInvalid( campaign, kind ) );
	if ( ! hint ) {
		return null;
	}
	const values = hint.values
		.map( ( name ) => valueLabel( t, kind, name ) )
		.join( ', ' );
	return (
		<>
			{ hint.kind === 'valid'
				? t( 'bugForm.validValues', { values } )
				: t( 'bugForm.invalidValues', { values } ) }
		</>
	);
}

function Section( {
	title,
	action,
	children,
}: {
	title: string;
	action?: ReactNode;
	children: ReactNode;
} ) {
	const titleId = useId();
	return (
		<section
			className={ `${ block }__section` }
			aria-labelledby={ titleId }
		>
			<div className={ `${ block }__section-header` }>
				<h2 id={ titleId } className={ `${ block }__section-title` }>
					{ title }
				</h2>
				{ action }
			</div>
			{ children }
		</section>
	);
}

type Outcome =
	| { kind: 'sent'; bugId: number }
	| { kind: 'failed'; error: ApiError }
	| null;

export interface BugFormProps {
	campaign: CampaignDetail;
	devices: Device[];
	testerId: number;
}

/**
 * The bug form itself (spec sections 2 to 5): Bug Details, Additional fields and Uploading media; validated on
 * submit only, then as the tester types; sent, it shows the link to the new bug, starts again and scrolls to the
 * top. Beyond the spec: a draft kept in the browser, the duplicate hint, the payout estimator and the screen
 * recorder.
 *
 * @param props
 * @param props.campaign
 * @param props.devices
 * @param props.testerId
 */
export function BugForm( { campaign, devices, testerId }: BugFormProps ) {
	const { t } = useTranslation();
	const config = useConfig();
	const formRef = useRef< HTMLFormElement >( null );
	const outcomeRef = useRef< HTMLDivElement >( null );
	const scope: StorageScope = useMemo(
		() => ( { testerId, campaignId: campaign.id } ),
		[ testerId, campaign.id ]
	);
	const extensions = useMemo(
		() => acceptedExtensions( campaign.validFileExtensions ),
		[ campaign.validFileExtensions ]
	);
	const uploads = useBugUploads( campaign.id, extensions );
	const [ createBug ] = useCreateMyBugMutation();
	const [ attempted, setAttempted ] = useState( false );
	const [ outcome, setOutcome ] = useState< Outcome >( null );
	const [ draft, setDraft ] = useState< Draft | null >( () =>
		readDraft( scope )
	);
	const [ initial ] = useState( () =>
		initialValues( campaign, devices, readRemembered( scope ) )
	);
	const schema = useMemo( () => bugSchema( campaign, t ), [ campaign, t ] );

	const option = ( kind: ValueKind ): SelectOption[] =>
		validInvalid( campaign, kind ).valid.map( ( name ) => ( {
			value: name,
			label: valueLabel( t, kind, name ),
		} ) );
	const useCases: SelectOption[] = [
		...campaign.useCases
			.filter( ( useCase ) => useCase.id !== NO_USE_CASE )
			.map( ( useCase ) => ( {
				value: String( useCase.id ),
				label: useCase.name,
			} ) ),
		{ value: String( NO_USE_CASE ), label: t( 'bugForm.noUseCase' ) },
	];
	const stored: StoredMedia[] = uploads.items.flatMap( ( item ) =>
		item.status === 'success' && item.uploadedFileUrl
			? [
					{
						url: item.uploadedFileUrl,
						name: item.fileName,
						mimeType: item.mimeType,
					},
			  ]
			: []
	);
	const uploading = uploads.items.some(
		( item ) => item.status === 'uploading'
	);

	const submit = async (
		values: BugFormValues,
		helpers: FormikHelpers< BugFormValues >
	) => {
		setOutcome( null );
		try {
			const created = await createBug( {
				campaignId: campaign.id,
				body: bugInput( campaign, values ),
			} ).unwrap();
			remember( scope, values.additional );
			writeDraft( scope, null );
			setDraft( null );
			uploads.clear();
			helpers.resetForm( {
				values: {
					...initialValues( campaign, devices, values.additional ),
					...dateAndTime( new Date() ),
				},
			} );
			setAttempted( false );
			setOutcome( { kind: 'sent', bugId: created.id } );
			window.scrollTo?.( { top: 0, behavior: 'smooth' } );
			outcomeRef.current?.focus( { preventScroll: true } );
		} catch ( error ) {
			setOutcome( { kind: 'failed', error: error as ApiError } );
		}
	};

	const today = dateAndTime( new Date() ).date;

	return (
		<Formik< BugFormValues >
			initialValues={ initial }
			validationSchema={ schema }
			validateOnBlur={ false }
			validateOnChange={ attempted }
			onSubmit={ submit }
		>
			{ ( formik ) => (
				<ErrorsShownContext.Provider value={ attempted }>
					<div
						ref={ outcomeRef }
						tabIndex={ -1 }
						className={ `${ block }__outcome` }
					>
						{ outcome?.kind === 'sent' && (
							<div
								className="crowdscout-notice crowdscout-notice--success"
								role="status"
							>
								<p className="crowdscout-notice__title">
									{ t( 'bugForm.sent' ) }{ ' ' }
									<a
										href={ routeUrl(
											config,
											`bugs/show/${ outcome.bugId }`
										) }
									>
										{ t( 'bugForm.seeBug', {
											id: outcome.bugId,
										} ) }
									</a>
								</p>
							</div>
						) }
					</div>
					{ draft && (
						<div
							className={ `crowdscout-notice crowdscout-notice--info ${ block }__draft` }
							role="region"
							aria-label={ t( 'bugForm.draftLabel' ) }
						>
							<p className="crowdscout-notice__title">
								{ t( 'bugForm.draftFound' ) }
							</p>
							<div className={ `${ block }__draft-actions` }>
								<button
									type="button"
									className="crowdscout-button crowdscout-button--primary"
									onClick={ () => {
										formik.setValues( {
											...initial,
											...draft.values,
											additional: {
												...initial.additional,
												...draft.values.additional,
											},
											media: [],
										} );
										uploads.restore( draft.media );
										setDraft( null );
									} }
								>
									{ t( 'bugForm.restoreDraft' ) }
								</button>
								<button
									type="button"
									className="crowdscout-button crowdscout-button--secondary"
									onClick={ () => {
										writeDraft( scope, null );
										setDraft( null );
									} }
								>
									{ t( 'bugForm.discardDraft' ) }
								</button>
							</div>
						</div>
					) }
					<form
						ref={ formRef }
						className={ `${ block }__form` }
						noValidate
						onSubmit={ formik.handleSubmit }
					>
						<FocusFirstInvalid
							form={ formRef }
							onFailedSubmit={ () => setAttempted( true ) }
							skip={ notFocused }
						/>
						<DraftSaver
							scope={ scope }
							media={ stored }
							initial={ initial }
							enabled={ draft === null }
						/>
						{ /* A campaign may name its language without a message for it: no empty notice then. */ }
						{ campaign.language?.message && (
							<p
								className={ `crowdscout-notice ${ block }__language` }
							>
								{ campaign.language.message }
							</p>
						) }
						<Section
							title={ t( 'bugForm.details' ) }
							action={ <HelpButton /> }
						>
							<TextField
								name="title"
								label={ t( 'bugForm.title' ) }
								required
								maxLength={ 255 }
								hint={
									campaign.titleRule
										? t( 'bugForm.titleRuleHint' )
										: undefined
								}
								after={
									<DuplicateHint campaignId={ campaign.id } />
								}
							/>
							<div className={ `${ block }__grid` }>
								<SelectField
									name="device"
									label={ t( 'bugForm.device' ) }
									required
									placeholder={ t( 'bugForm.choose' ) }
									options={ devices.map( ( device ) => ( {
										value: String( device.id ),
										label: deviceName( device ),
									} ) ) }
								/>
								<SelectField
									name="useCase"
									label={ t( 'bugForm.useCase' ) }
									required
									placeholder={ t( 'bugForm.choose' ) }
									options={ useCases }
								/>
								<SelectField
									name="severity"
									label={ t( 'bugForm.severity' ) }
									required
									placeholder={ t( 'bugForm.choose' ) }
									options={ option( 'severity' ) }
									hint={
										<ValuesHint
											campaign={ campaign }
											kind="severity"
										/>
									}
									after={
										<PayoutEstimate
											campaignId={ campaign.id }
											severity={ formik.values.severity }
										/>
									}
								/>
								<SelectField
									name="type"
									label={ t( 'bugForm.type' ) }
									required
									placeholder={ t( 'bugForm.choose' ) }
									options={ option( 'type' ) }
									hint={
										<ValuesHint
											campaign={ campaign }
											kind="type"
										/>
									}
								/>
								<SelectField
									name="replicability"
									label={ t( 'bugForm.replicability' ) }
									required
									placeholder={ t( 'bugForm.choose' ) }
									options={ option( 'replicability' ) }
									hint={
										<ValuesHint
											campaign={ campaign }
											kind="replicability"
										/>
									}
								/>
							</div>
							<TextAreaField
								name="stepDescription"
								label={ t( 'bugForm.steps' ) }
								required
								rows={ 5 }
								hint={ t( 'bugForm.stepsHint' ) }
							/>
							<TextAreaField
								name="expected"
								label={ t( 'bugForm.expected' ) }
								required
							/>
							<TextAreaField
								name="current"
								label={ t( 'bugForm.current' ) }
								required
							/>
							<div className={ `${ block }__grid` }>
								<MomentField
									name="date"
									type="date"
									max={ today }
									label={ t( 'bugForm.date' ) }
									required
								/>
								<MomentField
									name="time"
									type="time"
									label={ t( 'bugForm.time' ) }
									required
								/>
							</div>
							<TextAreaField
								name="notes"
								label={ t( 'bugForm.notes' ) }
								rows={ 3 }
							/>
						</Section>
						{ campaign.additionalFields.length > 0 && (
							<Section title={ t( 'bugForm.additional' ) }>
								{ campaign.additionalFields.map( ( field ) =>
									field.type === 'select' ? (
										<SelectField
											key={ field.slug }
											name={ `additional.${ field.slug }` }
											label={ field.name }
											required
											placeholder={ t(
												'bugForm.choose'
											) }
											options={ field.options.map(
												( value ) => ( {
													value,
													label: value,
												} )
											) }
										/>
									) : (
										<TextField
											key={ field.slug }
											name={ `additional.${ field.slug }` }
											label={ field.name }
											required
										/>
									)
								) }
							</Section>
						) }
						<Section title={ t( 'bugForm.media' ) }>
							<MediaField
								uploads={ uploads }
								extensions={ extensions }
							/>
						</Section>
						{ outcome?.kind === 'failed' && (
							<div
								className="crowdscout-notice crowdscout-notice--error"
								role="alert"
							>
								<p className="crowdscout-notice__title">
									{ t( 'bugForm.submitError' ) }
								</p>
								{ ( outcome.error.status === 400 ||
									outcome.error.status === 403 ) && (
									<p>{ outcome.error.message }</p>
								) }
							</div>
						) }
						<div className={ `${ block }__actions` }>
							{ uploading && (
								<p className={ `${ block }__hint` }>
									{ t( 'bugForm.waitUploads' ) }
								</p>
							) }
							<button
								type="submit"
								className="crowdscout-button crowdscout-button--primary"
								disabled={ formik.isSubmitting || uploading }
								aria-busy={ formik.isSubmitting || undefined }
							>
								{ formik.isSubmitting
									? t( 'bugForm.submitting' )
									: t( 'bugForm.submit' ) }
							</button>
						</div>
					</form>
				</ErrorsShownContext.Provider>
			) }
		</Formik>
	);
}
