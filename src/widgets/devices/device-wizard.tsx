import type { RefObject } from 'react';
import { useEffect, useId, useRef, useState } from '@wordpress/element';
import type { TFunction } from 'i18next';

import { ErrorNotice } from '../../components/error-notice';
import { Modal } from '../../components/modal';
import { ResponsiveSelect } from '../../components/responsive-select';
import { useTranslation } from '../../lib/use-translation';
import { FALLBACK_MESSAGE, type ApiError } from '../../services/api-error';
import { showToast } from '../../services/toasts';
import { useAppDispatch } from '../../store/hooks';
import { DeviceIcon } from './device-icon';
import {
	EMPTY_DEVICE,
	choose,
	detailsStepSchema,
	disabledFields,
	isPc,
	toDeviceInput,
	typeStepSchema,
	valuesOf,
	type DeviceField,
	type DeviceValues,
} from './device-form';
import {
	PC_TYPES,
	WIZARD_TYPES,
	deviceName,
	isPcType,
	pcTypeName,
	typeName,
} from './device-types';
import {
	useAddMyDeviceMutation,
	useUpdateMyDeviceMutation,
	type Device,
	type DeviceTypeCode,
} from './devices-api';
import type { DevicesKey } from './translation-keys';
import { useDeviceChoices, type DeviceChoices } from './use-device-choices';

const block = 'crowdscout-device-wizard';

type Step = 'type' | 'details' | 'recap';

/** Spec section 4: adding has three steps, editing two. */
const ADD_STEPS: readonly Step[] = [ 'type', 'details', 'recap' ];
const EDIT_STEPS: readonly Step[] = [ 'details', 'recap' ];

const STEP_NAMES: Record< Step, DevicesKey > = {
	type: 'stepType',
	details: 'stepDetails',
	recap: 'stepRecap',
};

/** What a step needs before Next: the recap shows what the details step validated. */
const STEP_SCHEMAS = {
	type: typeStepSchema,
	details: detailsStepSchema,
	recap: detailsStepSchema,
};

/**
 * The server's own sentence, or null when it sent none (the transport's fallback).
 *
 * @param error A failed call.
 */
const serverMessage = ( error: ApiError ) =>
	error.status !== 0 && error.message && error.message !== FALLBACK_MESSAGE
		? error.message
		: null;

type Choose = < Field extends DeviceField >(
	field: Field,
	value: DeviceValues[ Field ]
) => void;

function TypeStep( {
	values,
	onChoose,
}: {
	values: DeviceValues;
	onChoose: Choose;
} ) {
	const { t } = useTranslation();
	const id = useId();
	return (
		<fieldset className={ `${ block }__types` }>
			<legend>{ t( 'devices.chooseType' ) }</legend>
			{ WIZARD_TYPES.map( ( type ) => (
				<div key={ type } className={ `${ block }__type` }>
					<input
						id={ `${ id }-${ type }` }
						type="radio"
						name={ `${ id }-type` }
						value={ type }
						checked={ values.type === type }
						onChange={ () => onChoose( 'type', type ) }
					/>
					<label htmlFor={ `${ id }-${ type }` }>
						<DeviceIcon type={ type } size={ 32 } decorative />
						{ typeName( type, t ) }
					</label>
				</div>
			) ) }
		</fieldset>
	);
}

/**
 * The hint of a select that waits for an earlier choice, so that the reason it is disabled is read with it.
 *
 * @param disabled Whether the select waits.
 * @param key      The hint's translation key.
 * @param t
 */
const waitingHint = ( disabled: boolean, key: DevicesKey, t: TFunction ) =>
	disabled ? t( `devices.${ key }` ) : undefined;

function DetailsStep( {
	values,
	onChoose,
	choices,
	device,
}: {
	values: DeviceValues;
	onChoose: Choose;
	choices: DeviceChoices;
	/** The device edited; none when adding. */
	device: Device | null;
} ) {
	const { t } = useTranslation();
	const disabled = disabledFields( values, device !== null );
	const choosePlaceholder = t( 'devices.choose' );
	const placeholder = ( loading: boolean ) =>
		loading ? t( 'common.loading' ) : choosePlaceholder;
	const shared = {
		required: true,
		noOptionsText: t( 'devices.noOptions' ),
	};

	const version = (
		<ResponsiveSelect
			{ ...shared }
			label={ t( 'devices.version' ) }
			name="version"
			options={ choices.versions }
			value={ values.version }
			onChange={ ( value ) => onChoose( 'version', value ) }
			placeholder={ placeholder( choices.loading.versions ) }
			loading={ choices.loading.versions }
			disabled={ disabled.version }
			hint={ waitingHint( disabled.version, 'platformFirst', t ) }
		/>
	);

	if ( device ) {
		return (
			<>
				<p className={ `${ block }__note` }>
					{ t( 'devices.onlyVersion' ) }
				</p>
				<Summary rows={ fixedRows( device, t ) } />
				{ choices.failed && <LookupFailed retry={ choices.retry } /> }
				{ version }
			</>
		);
	}

	const pc = isPc( values );
	return (
		<>
			{ choices.failed && <LookupFailed retry={ choices.retry } /> }
			{ pc ? (
				<ResponsiveSelect
					{ ...shared }
					label={ t( 'devices.pcType' ) }
					name="pcType"
					options={ PC_TYPES.map( ( pcType ) => ( {
						value: pcType,
						label: pcTypeName( pcType, t ),
					} ) ) }
					value={ values.pcType }
					onChange={ ( value ) => onChoose( 'pcType', value ) }
					placeholder={ choosePlaceholder }
				/>
			) : (
				<>
					<ResponsiveSelect
						{ ...shared }
						label={ t( 'devices.manufacturer' ) }
						name="manufacturer"
						options={ choices.manufacturers }
						value={ values.manufacturer }
						onChange={ ( value ) =>
							onChoose( 'manufacturer', value )
						}
						placeholder={ placeholder( choices.loading.models ) }
						loading={ choices.loading.models }
					/>
					<ResponsiveSelect
						{ ...shared }
						label={ t( 'devices.model' ) }
						name="model"
						options={ choices.models }
						value={ values.model }
						onChange={ ( value ) => onChoose( 'model', value ) }
						placeholder={ choosePlaceholder }
						disabled={ disabled.model }
						hint={ waitingHint(
							disabled.model,
							'manufacturerFirst',
							t
						) }
					/>
				</>
			) }
			<ResponsiveSelect
				{ ...shared }
				label={ t( 'devices.platform' ) }
				name="platform"
				options={ choices.platforms }
				value={ values.platform }
				onChange={ ( value ) => onChoose( 'platform', value ) }
				placeholder={ placeholder( choices.loading.platforms ) }
				loading={ choices.loading.platforms }
				disabled={ disabled.platform }
				hint={ waitingHint(
					disabled.platform,
					pc ? 'pcTypeFirst' : 'modelFirst',
					t
				) }
			/>
			{ version }
		</>
	);
}

function LookupFailed( { retry }: { retry: () => void } ) {
	const { t } = useTranslation();
	return (
		<ErrorNotice title={ t( 'devices.lookupFailed' ) } onRetry={ retry } />
	);
}

/** A term and its value. */
type Row = [ string, string ];

function Summary( { rows }: { rows: Row[] } ) {
	return (
		<dl className={ `${ block }__summary` }>
			{ rows.map( ( [ term, value ] ) => (
				<div key={ term } className={ `${ block }__summary-row` }>
					<dt>{ term }</dt>
					<dd>{ value }</dd>
				</div>
			) ) }
		</dl>
	);
}

/**
 * What an edit cannot change, shown on both of its steps.
 *
 * @param device
 * @param t
 */
const fixedRows = ( device: Device, t: TFunction ): Row[] => [
	[ t( 'devices.type' ), typeName( device.type, t ) ],
	[ t( 'devices.device' ), deviceName( device.device, t ) ],
	[ t( 'devices.platform' ), device.operating_system.platform ],
];

const labelOf = (
	options: ReadonlyArray< { value: string; label: string } >,
	value: string
) => options.find( ( item ) => item.value === value )?.label ?? '';

/**
 * What an add chose before the version: the type, then a PC's type or the manufacturer and model, then the OS.
 *
 * @param values
 * @param choices The options, which name the ids chosen.
 * @param t
 */
function chosenRows(
	values: DeviceValues,
	choices: DeviceChoices,
	t: TFunction
): Row[] {
	const type: Row = [
		t( 'devices.type' ),
		typeName( values.type as DeviceTypeCode, t ),
	];
	const platform: Row = [
		t( 'devices.platform' ),
		labelOf( choices.platforms, values.platform ),
	];
	if ( isPc( values ) ) {
		return [
			type,
			[
				t( 'devices.pcType' ),
				isPcType( values.pcType ) ? pcTypeName( values.pcType, t ) : '',
			],
			platform,
		];
	}
	return [
		type,
		[
			t( 'devices.manufacturer' ),
			labelOf( choices.manufacturers, values.manufacturer ),
		],
		[ t( 'devices.model' ), labelOf( choices.models, values.model ) ],
		platform,
	];
}

function RecapStep( {
	values,
	choices,
	device,
}: {
	values: DeviceValues;
	choices: DeviceChoices;
	device: Device | null;
} ) {
	const { t } = useTranslation();
	const rows: Row[] = [
		...( device
			? fixedRows( device, t )
			: chosenRows( values, choices, t ) ),
		[ t( 'devices.version' ), labelOf( choices.versions, values.version ) ],
	];
	return (
		<>
			<p className={ `${ block }__note` }>
				{ t( device ? 'devices.recapEdit' : 'devices.recapAdd' ) }
			</p>
			<Summary rows={ rows } />
		</>
	);
}

/**
 * Sends the wizard's values and says how it went (spec section 8, the device rows): a success toast and the
 * wizard closes; an edit that changed nothing (304) tells so and closes; any other failure toasts and the wizard
 * stays, values kept, to try again.
 *
 * @param device The device edited; none when adding.
 * @param close  Closes the wizard.
 */
function useSave( device: Device | null, close: () => void ) {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const [ add, adding ] = useAddMyDeviceMutation();
	const [ update, updating ] = useUpdateMyDeviceMutation();

	const save = async ( values: DeviceValues ) => {
		if ( ! device ) {
			const result = await add( toDeviceInput( values ) );
			if ( 'error' in result ) {
				dispatch(
					showToast( {
						kind: 'danger',
						message:
							serverMessage( result.error as ApiError ) ??
							t( 'common.somethingWentWrong' ),
					} )
				);
				return;
			}
			dispatch(
				showToast( { kind: 'success', message: t( 'devices.added' ) } )
			);
			close();
			return;
		}
		const result = await update( {
			id: device.id,
			body: { operating_system: Number( values.version ) },
		} );
		if ( ! ( 'error' in result ) ) {
			dispatch(
				showToast( {
					kind: 'success',
					message: t( 'devices.modified' ),
				} )
			);
			close();
			return;
		}
		const error = result.error as ApiError;
		if ( error.status === 304 ) {
			dispatch(
				showToast( {
					kind: 'info',
					title: t( 'devices.notModifiedTitle' ),
					message: t( 'devices.notModified' ),
				} )
			);
			close();
			return;
		}
		dispatch(
			showToast( {
				kind: 'danger',
				message: serverMessage( error ) ?? t( 'devices.genericError' ),
			} )
		);
	};
	return { save, saving: adding.isLoading || updating.isLoading };
}

export interface DeviceWizardProps {
	open: boolean;
	onClose: () => void;
	/** The device to edit; none to add one. */
	device: Device | null;
	/** Where focus goes when it closes; the element that opened it by default. */
	returnFocusRef?: RefObject< HTMLElement >;
}

/**
 * The add and edit wizard (spec section 4, "Device wizard"): type, details and recap to add; details and recap
 * to edit, where only the OS version changes. Next waits for a valid step; each choice clears what depends on
 * it. The modal closes with its button or Escape, not with a click outside, which would lose the choices. The
 * page mounts a new wizard for each opening (its key), so closing drops the values and the step.
 *
 * @param props
 * @param props.open
 * @param props.onClose
 * @param props.device
 * @param props.returnFocusRef
 */
export function DeviceWizard( {
	open,
	onClose,
	device,
	returnFocusRef,
}: DeviceWizardProps ) {
	const { t } = useTranslation();
	const steps = device ? EDIT_STEPS : ADD_STEPS;
	const [ values, setValues ] = useState< DeviceValues >( () =>
		device ? valuesOf( device ) : EMPTY_DEVICE
	);
	const [ stepIndex, setStepIndex ] = useState( 0 );
	const step = steps[ stepIndex ];
	const last = stepIndex === steps.length - 1;
	const valid = STEP_SCHEMAS[ step ].isValidSync( values );
	const choices = useDeviceChoices( values, device !== null );
	const { save, saving } = useSave( device, onClose );

	// A new step replaces the body: its heading takes focus, as the button pressed may be gone (Back on step 2).
	// The description shows the step already; the heading is there for focus and screen readers.
	const headingRef = useRef< HTMLHeadingElement >( null );
	const moved = useRef( false );
	useEffect( () => {
		if ( moved.current ) {
			headingRef.current?.focus();
		}
	}, [ stepIndex ] );
	const goTo = ( index: number ) => {
		moved.current = true;
		setStepIndex( index );
	};

	const onChoose: Choose = ( field, value ) =>
		setValues( ( current ) => choose( current, field, value ) );

	return (
		<Modal
			open={ open }
			onOpenChange={ ( next ) => ! next && onClose() }
			closeOnOutsideClick={ false }
			returnFocusRef={ returnFocusRef }
			className={ block }
			title={ t( device ? 'devices.editTitle' : 'devices.addTitle' ) }
			description={ t( 'devices.stepOf', {
				step: stepIndex + 1,
				steps: steps.length,
				name: t( `devices.${ STEP_NAMES[ step ] }` ),
			} ) }
			footer={
				<>
					{ stepIndex > 0 && (
						<button
							type="button"
							className="crowdscout-button crowdscout-button--secondary"
							disabled={ saving }
							onClick={ () => goTo( stepIndex - 1 ) }
						>
							{ t( 'devices.back' ) }
						</button>
					) }
					<button
						type="button"
						className="crowdscout-button crowdscout-button--primary"
						disabled={ ! valid || saving }
						onClick={ () =>
							last ? save( values ) : goTo( stepIndex + 1 )
						}
					>
						{ ! last && t( 'devices.next' ) }
						{ last &&
							t(
								device ? 'devices.saveChanges' : 'devices.add'
							) }
					</button>
				</>
			}
		>
			<h3
				ref={ headingRef }
				tabIndex={ -1 }
				className={ `${ block }__step crowdscout-visually-hidden` }
			>
				{ t( `devices.${ STEP_NAMES[ step ] }` ) }
			</h3>
			{ step === 'type' && (
				<TypeStep values={ values } onChoose={ onChoose } />
			) }
			{ step === 'details' && (
				<DetailsStep
					values={ values }
					onChoose={ onChoose }
					choices={ choices }
					device={ device }
				/>
			) }
			{ step === 'recap' && (
				<RecapStep
					values={ values }
					choices={ choices }
					device={ device }
				/>
			) }
		</Modal>
	);
}
