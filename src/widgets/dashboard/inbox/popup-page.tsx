import { useEffect, useId, useMemo, useRef } from '@wordpress/element';

import { SvgIcon } from '../../../components/icons/svg-icon';
import { useTranslation } from '../../../lib/use-translation';
import type { Popup } from '../messages-api';
import {
	renderPopupContent,
	renderPopupTitle,
	type PopupProfile,
} from './content';

export type AcknowledgeState = 'idle' | 'busy' | 'done';

interface PopupPageProps {
	popup: Popup;
	profile: PopupProfile;
	/** Where "don't show this again" stands; popups shown once have no such button. */
	acknowledge: AcknowledgeState;
	onAcknowledge: () => void;
}

const block = 'crowdscout-inbox';

const CHECK = 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2z';

/**
 * One popup of the inbox: its title and its decoded, sanitised content.
 */
export function PopupPage( {
	popup,
	profile,
	acknowledge,
	onAcknowledge,
}: PopupPageProps ) {
	const { t } = useTranslation();
	const titleId = useId();
	const articleRef = useRef< HTMLElement >( null );
	const { id, name, surname } = profile;

	const title = useMemo(
		() => renderPopupTitle( popup.title, { id, name, surname } ),
		[ popup.title, id, name, surname ]
	);
	const html = useMemo(
		() => renderPopupContent( popup.content, { id, name, surname } ),
		[ popup.content, id, name, surname ]
	);

	// A new page starts at its top, not where the previous long one was scrolled to.
	useEffect( () => {
		const scroller = articleRef.current?.closest(
			'.crowdscout-modal__body'
		);
		if ( scroller ) {
			scroller.scrollTop = 0;
		}
	}, [ popup.id ] );

	return (
		<article
			ref={ articleRef }
			className={ `${ block }__popup` }
			aria-labelledby={ titleId }
		>
			<h3 id={ titleId } className={ `${ block }__popup-title` }>
				{ title }
			</h3>
			{ html === null ? (
				<p className={ `${ block }__undecodable` }>
					{ t( 'inbox.undecodable' ) }
				</p>
			) : (
				<div
					className={ `${ block }__content` }
					// Sanitised by renderPopupContent (DOMPurify, rich text only).
					dangerouslySetInnerHTML={ { __html: html } }
				/>
			) }
			{ ! popup.once && (
				// Polite, so the change to "you won't see this again" is heard once focus has moved on.
				<div className={ `${ block }__acknowledge` } aria-live="polite">
					<button
						type="button"
						className="crowdscout-button crowdscout-button--secondary"
						disabled={ acknowledge === 'done' }
						aria-disabled={ acknowledge === 'busy' || undefined }
						aria-busy={ acknowledge === 'busy' || undefined }
						onClick={
							acknowledge === 'idle' ? onAcknowledge : undefined
						}
					>
						{ acknowledge === 'done' && <SvgIcon path={ CHECK } /> }
						{ acknowledge === 'done'
							? t( 'inbox.acknowledged' )
							: t( 'inbox.acknowledge' ) }
					</button>
				</div>
			) }
		</article>
	);
}
