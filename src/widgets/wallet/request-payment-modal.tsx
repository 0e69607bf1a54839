import type { RefObject } from 'react';
import { useEffect, useId, useRef, useState } from '@wordpress/element';
import { useField } from 'formik';

import {
	CheckboxField,
	FieldError,
	RequiredMark,
	TextField,
	ValidatedForm,
	useFieldError,
} from '../../components/form-field';
import { Modal } from '../../components/modal';
import { useConfig } from '../../hooks/use-config';
import { bootyText } from '../../lib/money';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import { isApiError } from '../../services/api-error';
import type { Booty } from '../../services/contract';
import { showToast } from '../../services/toasts';
import { useAppDispatch } from '../../store/hooks';
import { PAYMENT_CONDITIONS_ROUTE } from './format';
import {
	detailsSchema,
	initialValues,
	startSchema,
	toPaymentInput,
	type Flow,
	type PaymentValues,
} from './payment-form';
import { useCreateMyPaymentMutation } from './wallet-api';

const block = 'crowdscout-payment-request';

type Step = 'start' | 'details' | 'confirm' | 'recap' | 'success';

/** Spec section 4, "Payment modal steps": the third step is a confirmation, or a recap with the e-mail notice. */
const STEPS: Record< Flow, readonly Step[] > = {
	automatic: [ 'start', 'details', 'confirm', 'success' ],
	manual: [ 'start', 'details', 'recap', 'success' ],
};

const STEP_NAMES = {
	start: 'wallet.stepStart',
	details: 'wallet.stepDetails',
	confirm: 'wallet.stepConfirm',
	recap: 'wallet.stepRecap',
	success: 'wallet.stepSuccess',
} as const;

function MethodChoice() {
	const { t } = useTranslation();
	const id = useId();
	const [ field ] = useField< string >( 'method' );
	const error = useFieldError( 'method' );
	const choices = [
		{ value: 'paypal', label: t( 'wallet.methodPaypal' ) },
		{ value: 'bank', label: t( 'wallet.methodBank' ) },
	];
	return (
		<fieldset className={ `crowdscout-field ${ block }__methods` }>
			<legend>
				{ t( 'wallet.methodLegend' ) }
				<RequiredMark />
			</legend>
			{ choices.map( ( choice ) => (
				<div key={ choice.value } className={ `${ block }__method` }>
					<input
						type="radio"
						id={ `${ id }-${ choice.value }` }
						name="method"
						value={ choice.value }
						checked={ field.value === choice.value }
						onChange={ field.onChange }
						aria-describedby={ error ? `${ id }-error` : undefined }
					/>
					<label htmlFor={ `${ id }-${ choice.value }` }>
						{ choice.label }
					</label>
				</div>
			) ) }
			<FieldError id={ id } message={ error } />
		</fieldset>
	);
}

function StartStep( { flow, amount }: { flow: Flow; amount: string } ) {
	const { t } = useTranslation();
	const config = useConfig();
	return (
		<>
			<p>
				{ t(
					flow === 'automatic'
						? 'wallet.startAutomatic'
						: 'wallet.startManual',
					{ amount }
				) }
			</p>
			{ flow === 'automatic' && <MethodChoice /> }
			<CheckboxField
				name="terms"
				required
				label={ t( 'wallet.acceptTerms' ) }
				after={
					<a
						href={ routeUrl( config, PAYMENT_CONDITIONS_ROUTE ) }
						target="_blank"
						rel="noopener noreferrer"
					>
						{ t( 'wallet.termsLink' ) }
						<span className="crowdscout-visually-hidden">
							{ ` ${ t( 'wallet.newTab' ) }` }
						</span>
					</a>
				}
			/>
		</>
	);
}

function DetailsStep( { method }: { method: PaymentValues[ 'method' ] } ) {
	const { t } = useTranslation();
	if ( method === 'paypal' ) {
		return (
			<>
				<TextField
					name="email"
					type="email"
					required
					autoComplete="email"
					label={ t( 'wallet.paypalEmail' ) }
				/>
				<TextField
					name="emailConfirm"
					type="email"
					required
					autoComplete="off"
					label={ t( 'wallet.paypalEmailConfirm' ) }
				/>
			</>
		);
	}
	return (
		<>
			<TextField
				name="accountHolderName"
				required
				autoComplete="name"
				label={ t( 'wallet.accountHolder' ) }
				hint={ t( 'wallet.accountHolderHint' ) }
			/>
			<TextField
				name="iban"
				required
				autoComplete="off"
				spellCheck={ false }
				label={ t( 'wallet.iban' ) }
			/>
		</>
	);
}

function Summary( {
	values,
	amount,
}: {
	values: PaymentValues;
	amount: string;
} ) {
	const { t } = useTranslation();
	const rows: Array< [ string, string ] > = [
		[ t( 'wallet.recapAmount' ), amount ],
		[
			t( 'wallet.recapMethod' ),
			t(
				values.method === 'paypal'
					? 'wallet.methodPaypal'
					: 'wallet.methodBank'
			),
		],
		...( values.method === 'paypal'
			? ( [ [ t( 'wallet.paypalEmail' ), values.email.trim() ] ] as [
					string,
					string,
			  ][] )
			: ( [
					[
						t( 'wallet.accountHolder' ),
						values.accountHolderName.trim(),
					],
					[ t( 'wallet.iban' ), values.iban.trim() ],
			  ] as [ string, string ][] ) ),
	];
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

export interface RequestPaymentModalProps {
	open: boolean;
	onClose: () => void;
	flow: Flow;
	/** The pending booty the request takes whole. */
	booty: Booty | undefined;
	returnFocusRef?: RefObject< HTMLElement >;
}

/**
 * The payment request (spec section 4, "Payment modal steps"): the method and the terms, the method's details,
 * a confirmation (automatic flow) or a recap with the invoice e-mail notice (manual flow), then success. Next
 * validates the step and moves focus to its first invalid field; Back keeps what was typed. The page mounts a
 * new modal for each opening, so closing drops the values and the step.
 *
 * @param props
 * @param props.open
 * @param props.onClose
 * @param props.flow
 * @param props.booty
 * @param props.returnFocusRef
 */
export function RequestPaymentModal( {
	open,
	onClose,
	flow,
	booty,
	returnFocusRef,
}: RequestPaymentModalProps ) {
	const { t } = useTranslation();
	const { locale } = useConfig();
	const dispatch = useAppDispatch();
	const steps = STEPS[ flow ];
	const [ values, setValues ] = useState( () => initialValues( flow ) );
	const [ stepIndex, setStepIndex ] = useState( 0 );
	const step = steps[ stepIndex ];
	const [ create, { isLoading: sending } ] = useCreateMyPaymentMutation();
	const amount = booty ? bootyText( booty, locale ) : '';

	const headingId = useId();
	// A new step replaces the body: its heading takes focus, as the button pressed may be gone.
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

	const send = async () => {
		const result = await create( toPaymentInput( values ) );
		if ( 'error' in result ) {
			// Spec section 8, "Payment request failure". A refusal (a request already processing, the booty
			// below the threshold, the fiscal profile no longer verified) says why instead of blaming the
			// connection; the refreshed wallet then shows the reason by the button.
			const { error } = result;
			const refused =
				isApiError( error ) &&
				error.status >= 400 &&
				error.status < 500;
			dispatch(
				showToast( {
					kind: 'danger',
					title: t( 'wallet.failureTitle' ),
					message: refused
						? error.message
						: t( 'wallet.failureText' ),
				} )
			);
			return;
		}
		goTo( steps.indexOf( 'success' ) );
	};

	const backButton = ( onBack: () => void ) => (
		<button
			type="button"
			className="crowdscout-button crowdscout-button--secondary"
			disabled={ sending }
			onClick={ onBack }
		>
			{ t( 'wallet.back' ) }
		</button>
	);

	const formStep = ( schema: unknown ) => (
		<ValidatedForm< PaymentValues >
			key={ step }
			className={ `${ block }__form` }
			aria-labelledby={ headingId }
			initialValues={ values }
			validationSchema={ schema }
			onSubmit={ ( next ) => {
				setValues( next );
				goTo( stepIndex + 1 );
			} }
		>
			{ ( formik ) => (
				<>
					{ step === 'start' ? (
						<StartStep flow={ flow } amount={ amount } />
					) : (
						<DetailsStep method={ formik.values.method } />
					) }
					<div className={ `${ block }__actions` }>
						{ stepIndex > 0 &&
							backButton( () => {
								setValues( formik.values );
								goTo( stepIndex - 1 );
							} ) }
						<button
							type="submit"
							className="crowdscout-button crowdscout-button--primary"
						>
							{ t( 'wallet.next' ) }
						</button>
					</div>
				</>
			) }
		</ValidatedForm>
	);

	return (
		<Modal
			open={ open }
			onOpenChange={ ( next ) => ! next && onClose() }
			closeOnOutsideClick={ false }
			returnFocusRef={ returnFocusRef }
			className={ block }
			title={ t( 'wallet.requestTitle' ) }
			description={ t( 'wallet.stepOf', {
				step: stepIndex + 1,
				steps: steps.length,
				name: t( STEP_NAMES[ step ] ),
			} ) }
		>
			<h3
				id={ headingId }
				ref={ headingRef }
				tabIndex={ -1 }
				className="crowdscout-visually-hidden"
			>
				{ t( STEP_NAMES[ step ] ) }
			</h3>
			{ step === 'start' && formStep( startSchema ) }
			{ step === 'details' && formStep( detailsSchema ) }
			{ ( step === 'confirm' || step === 'recap' ) && (
				<>
					<p>{ t( 'wallet.confirmText' ) }</p>
					<Summary values={ values } amount={ amount } />
					{ step === 'recap' && (
						<p className={ `${ block }__notice` }>
							{ t( 'wallet.invoiceNotice' ) }
						</p>
					) }
					<p>
						{ t(
							step === 'recap'
								? 'wallet.arrivalManual'
								: 'wallet.arrivalAutomatic'
						) }
					</p>
					<div className={ `${ block }__actions` }>
						{ backButton( () => goTo( stepIndex - 1 ) ) }
						<button
							type="button"
							className="crowdscout-button crowdscout-button--primary"
							disabled={ sending }
							aria-busy={ sending || undefined }
							onClick={ send }
						>
							{ t( sending ? 'wallet.sending' : 'wallet.send' ) }
						</button>
					</div>
				</>
			) }
			{ step === 'success' && (
				<>
					<p className={ `${ block }__success` }>
						<strong>{ t( 'wallet.successTitle' ) }</strong>
					</p>
					<p>{ t( 'wallet.successText' ) }</p>
					<div className={ `${ block }__actions` }>
						<button
							type="button"
							className="crowdscout-button crowdscout-button--primary"
							onClick={ onClose }
						>
							{ t( 'wallet.close' ) }
						</button>
					</div>
				</>
			) }
		</Modal>
	);
}
