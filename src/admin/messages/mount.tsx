import type { ReactNode } from 'react';
import { Component, createRoot, useLayoutEffect } from '@wordpress/element';

import { setUpMessageBlocks } from './blocks';
import { MessageEditor } from './message-editor';

interface SwapProps {
	field: HTMLTextAreaElement;
	mount: HTMLElement;
	children: ReactNode;
}

/**
 * Shows the editor and hides the textarea once the editor has rendered; gives the textarea back when it goes.
 *
 * @param props
 * @param props.field
 * @param props.mount
 * @param props.children
 */
function SwapFields( { field, mount, children }: SwapProps ) {
	useLayoutEffect( () => {
		field.hidden = true;
		mount.hidden = false;
		return () => {
			field.hidden = false;
			mount.hidden = true;
		};
	}, [ field, mount ] );
	return <>{ children }</>;
}

/** An editor that breaks goes, and the textarea, with what the editor last wrote into it, is the field again. */
class TextareaFallback extends Component< SwapProps, { broken: boolean } > {
	state = { broken: false };

	static getDerivedStateFromError() {
		return { broken: true };
	}

	render() {
		return this.state.broken ? null : <SwapFields { ...this.props } />;
	}
}

let blocksReady = false;

/**
 * Mounts the block editor on `mount` (the Messages form's `#crowdscout-message-editor`), in place of the textarea
 * its `data-field` names, which it keeps filled with the content's markup; the form sends the textarea as before.
 * Null when the textarea is not there.
 *
 * @param mount The mount point the form prints.
 */
export function mountMessageEditor( mount: HTMLElement ) {
	const field = document.getElementById( mount.dataset.field ?? '' );
	if ( ! ( field instanceof HTMLTextAreaElement ) ) {
		return null;
	}
	if ( ! blocksReady ) {
		setUpMessageBlocks();
		blocksReady = true;
	}
	const root = createRoot( mount );
	root.render(
		<TextareaFallback field={ field } mount={ mount }>
			<MessageEditor
				initialHtml={ field.value }
				onChange={ ( html ) => {
					field.value = html;
				} }
				labelledBy={ mount.dataset.labelledby }
				describedBy={ mount.dataset.describedby }
			/>
		</TextareaFallback>
	);
	return root;
}
