import { useRef, useState } from '@wordpress/element';

import { ErrorNotice } from '../../../components/error-notice';
import { SvgIcon } from '../../../components/icons/svg-icon';
import { Modal } from '../../../components/modal';
import { useConfig } from '../../../hooks/use-config';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { routeUrl } from '../../../lib/routes';
import { useTranslation } from '../../../lib/use-translation';
import { useUpdateMeMutation } from '../../../services/users';
import { BASIC_COURSE_POINTS, SLIDES } from './slides';
import './onboarding.scss';

const block = 'crowdscout-onboarding';

/**
 * The welcome tour of a tester who has not completed onboarding (spec, section 2): six slides in a dialog
 * that opens by itself and closes only through its last button, which records onboarding as completed.
 */
export function Onboarding() {
	const { t } = useTranslation();
	const config = useConfig();
	const [ open, setOpen ] = useState( true );
	const [ step, setStep ] = useState( 0 );
	const [ failed, setFailed ] = useState( false );
	const primaryRef = useRef< HTMLButtonElement >( null );
	const [ updateMe ] = useUpdateMeMutation();

	const [ saving, finish ] = useSingleFlight( async () => {
		setFailed( false );
		try {
			await updateMe( { onboarding_completed: true } ).unwrap();
			setOpen( false );
		} catch {
			setFailed( true );
		}
	} );

	const slide = SLIDES[ step ];
	const isFirst = step === 0;
	const isLast = step === SLIDES.length - 1;

	let primaryLabel = t( 'onboarding.next' );
	if ( isLast ) {
		primaryLabel = saving
			? t( 'onboarding.saving' )
			: t( 'onboarding.finish' );
	}

	const back = () => {
		setFailed( false );
		setStep( step - 1 );
		// The Back button goes away on the first slide; focus must not go with it.
		if ( step - 1 === 0 ) {
			primaryRef.current?.focus();
		}
	};

	const next = () => {
		if ( isLast ) {
			finish();
		} else {
			setStep( step + 1 );
		}
	};

	const footer = (
		<>
			<div className={ `${ block }__progress` }>
				<ol className={ `${ block }__dots` } aria-hidden="true">
					{ SLIDES.map( ( { title }, index ) => (
						<li
							key={ title }
							className={ [
								`${ block }__dot`,
								index === step && `${ block }__dot--current`,
								index < step && `${ block }__dot--done`,
							]
								.filter( Boolean )
								.join( ' ' ) }
						/>
					) ) }
				</ol>
				<p className={ `${ block }__step` }>
					{ t( 'onboarding.progress', {
						current: step + 1,
						total: SLIDES.length,
					} ) }
				</p>
			</div>
			<div className={ `${ block }__actions` }>
				{ ! isFirst && (
					<button
						type="button"
						className="crowdscout-button crowdscout-button--secondary"
						onClick={ back }
						disabled={ saving }
					>
						{ t( 'onboarding.back' ) }
					</button>
				) }
				{ /* One button for Next and the final action, so focus stays on it from slide to slide. */ }
				<button
					ref={ primaryRef }
					type="button"
					className="crowdscout-button crowdscout-button--primary"
					onClick={ saving ? undefined : next }
					aria-disabled={ saving || undefined }
					aria-busy={ saving || undefined }
				>
					{ primaryLabel }
				</button>
			</div>
		</>
	);

	return (
		<Modal
			open={ open }
			dismissible={ false }
			title={ t( slide.title ) }
			footer={ footer }
			className={ block }
		>
			{ /* Announces each slide's text as the tester moves through them. */ }
			<div className={ `${ block }__slide` } aria-live="polite">
				<div className={ `${ block }__picture` }>
					<SvgIcon size={ 48 } path={ slide.picture } />
				</div>
				<p className={ `${ block }__text` }>
					{ t( slide.text, { points: BASIC_COURSE_POINTS } ) }
				</p>
				{ slide.link && (
					<p className={ `${ block }__link` }>
						<a href={ routeUrl( config, slide.link.route ) }>
							{ t( slide.link.label ) }
						</a>
					</p>
				) }
			</div>
			{ failed && isLast && (
				<ErrorNotice title={ t( 'onboarding.saveError' ) } />
			) }
		</Modal>
	);
}
