import { useEffect, useRef } from '@wordpress/element';
import { useFormikContext } from 'formik';

import type { StoredMedia } from './use-bug-uploads';
import { writeDraft, type StorageScope } from './storage';
import type { BugFormValues } from './values';

/** How long typing must pause before the draft is written. */
export const DRAFT_DELAY = 500;

/**
 * Keeps the form in the browser as the tester types (debounced, and at once when the page is hidden or left), so
 * a reload, a closed tab or a lost connection loses nothing. A form back at its start holds no draft.
 *
 * @param props
 * @param props.scope   Whose draft, of which campaign.
 * @param props.media   The stored files.
 * @param props.initial The values the form started with.
 * @param props.enabled Off while the tester has not yet chosen to restore or discard an earlier draft.
 */
export function DraftSaver( {
	scope,
	media,
	initial,
	enabled,
}: {
	scope: StorageScope;
	media: StoredMedia[];
	initial: BugFormValues;
	enabled: boolean;
} ) {
	const { values } = useFormikContext< BugFormValues >();
	const latest = useRef< () => void >( () => undefined );

	latest.current = () => {
		const { media: _urls, ...kept } = values;
		// Additional values are remembered apart, and date and time start at "now": neither makes a draft.
		const comparable = ( form: BugFormValues ) =>
			JSON.stringify( {
				...form,
				media: [],
				additional: {},
				date: '',
				time: '',
			} );
		const untouched =
			media.length === 0 &&
			comparable( values ) === comparable( initial );
		writeDraft(
			scope,
			untouched
				? null
				: { values: kept, media, savedAt: new Date().toISOString() }
		);
	};

	const mediaKey = JSON.stringify( media );
	useEffect( () => {
		if ( ! enabled ) {
			return undefined;
		}
		const timer = setTimeout( () => latest.current(), DRAFT_DELAY );
		return () => clearTimeout( timer );
	}, [ enabled, values, mediaKey ] );

	useEffect( () => {
		if ( ! enabled ) {
			return undefined;
		}
		const flush = () => latest.current();
		window.addEventListener( 'pagehide', flush );
		return () => window.removeEventListener( 'pagehide', flush );
	}, [ enabled ] );

	return null;
}
