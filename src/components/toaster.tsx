import { useEffect } from '@wordpress/element';

import { useAppDispatch, useAppSelector } from '../store/hooks';
import { useTranslation } from '../lib/use-translation';
import {
	dismissToast,
	selectToasts,
	type Toast as ToastData,
} from '../services/toasts';
import './toaster.scss';

function Toast( { toast }: { toast: ToastData } ) {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const { id, duration } = toast;

	useEffect( () => {
		if ( duration <= 0 ) {
			return undefined;
		}
		const timer = setTimeout(
			() => dispatch( dismissToast( id ) ),
			duration
		);
		return () => clearTimeout( timer );
	}, [ dispatch, id, duration ] );

	// Danger and warning interrupt (alert); the others wait for a pause (status).
	const urgent = toast.kind === 'danger' || toast.kind === 'warning';
	return (
		<div
			className={ `crowdscout-toast crowdscout-toast--${ toast.kind }` }
			role={ urgent ? 'alert' : 'status' }
		>
			<div className="crowdscout-toast__body">
				{ toast.title && (
					<p className="crowdscout-toast__title">{ toast.title }</p>
				) }
				<p className="crowdscout-toast__message">
					{ toast.message }
					{ toast.link && (
						<>
							{ ' ' }
							<a href={ toast.link.href }>{ toast.link.label }</a>
						</>
					) }
				</p>
			</div>
			<button
				type="button"
				className="crowdscout-toast__close"
				aria-label={ t( 'toasts.close' ) }
				onClick={ () => dispatch( dismissToast( id ) ) }
			>
				×
			</button>
		</div>
	);
}

/**
 * The page's one toast area, at the top of the viewport (spec, "Shell"). The runtime mounts it once per page.
 */
export function Toaster() {
	const toasts = useAppSelector( selectToasts );
	// A live region is left out when a modal dialog hides the rest of the page from assistive technology, so
	// a toast raised from inside a dialog is still announced.
	return (
		<div className="crowdscout-toaster" aria-live="polite">
			{ toasts.map( ( toast ) => (
				<Toast key={ toast.id } toast={ toast } />
			) ) }
		</div>
	);
}
