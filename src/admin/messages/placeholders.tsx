import { store as blockEditorStore } from '@wordpress/block-editor';
import { createBlock } from '@wordpress/blocks';
import { useRegistry, type Registry } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import {
	RichTextData,
	create,
	insert,
	toHTMLString,
} from '@wordpress/rich-text';

/** Where a placeholder goes: a text attribute of a block, between two offsets (its end when they are missing). */
interface Target {
	clientId: string;
	attributeKey: string;
	start?: number;
	end?: number;
}

/**
 * The caret (or the selected text, which the placeholder replaces as typing would), when it is in a text; a
 * selection across blocks puts the placeholder where it starts.
 *
 * @param editor The block editor's selectors.
 */
function caretOf( editor: ReturnType< Registry[ 'select' ] > ): Target | null {
	const start = editor.getSelectionStart();
	if (
		! start.clientId ||
		! start.attributeKey ||
		start.offset === undefined
	) {
		return null;
	}
	const end = editor.getSelectionEnd();
	const endOffset =
		end.clientId === start.clientId &&
		end.attributeKey === start.attributeKey &&
		end.offset !== undefined
			? end.offset
			: start.offset;
	return {
		clientId: start.clientId,
		attributeKey: start.attributeKey,
		start: Math.min( start.offset, endOffset ),
		end: Math.max( start.offset, endOffset ),
	};
}

/**
 * Types `text` where the writer is: at the caret, else at the end of the last paragraph, else in a new one; then
 * puts the caret after it (the text's field takes the focus back), so writing goes on from there.
 *
 * @param registry The block editor's registry.
 * @param text     E.g. "{{name}}".
 */
export function insertPlaceholder( registry: Registry, text: string ): void {
	const editor = registry.select( blockEditorStore );
	const last = editor.getBlocks().at( -1 );
	const target: Target | null =
		caretOf( editor ) ??
		( last?.name === 'core/paragraph'
			? { clientId: last.clientId, attributeKey: 'content' }
			: null );
	const actions = registry.dispatch( blockEditorStore );
	if ( target === null ) {
		const block = createBlock( 'core/paragraph', { content: text } );
		registry.batch( () => {
			actions.insertBlock( block );
			actions.selectionChange(
				block.clientId,
				'content',
				text.length,
				text.length
			);
		} );
		return;
	}
	const current = editor.getBlock( target.clientId )?.attributes[
		target.attributeKey
	];
	const value = create( {
		html:
			current === undefined || current === null ? '' : String( current ),
	} );
	const start = target.start ?? value.text.length;
	const html = toHTMLString( {
		value: insert( value, text, start, target.end ?? start ),
	} );
	const caret = start + text.length;
	registry.batch( () => {
		// The selection first, so that the editor's history records it with the change.
		actions.selectionChange(
			target.clientId,
			target.attributeKey,
			caret,
			caret
		);
		actions.updateBlockAttributes( target.clientId, {
			// A `rich-text` attribute (WordPress 6.5+) keeps its kind; an older string one stays a string.
			[ target.attributeKey ]:
				typeof current === 'object' && current !== null && RichTextData
					? RichTextData.fromHTMLString( html )
					: html,
		} );
	} );
}

/**
 * One button per placeholder the inbox fills in (src/widgets/dashboard/inbox/content.ts), each typing it where
 * the writer is: wp-admin's own buttons, like the rest of the form.
 */
export function PlaceholderButtons() {
	const registry = useRegistry();
	const placeholders = [
		{ text: '{{name}}', label: __( 'First name', 'crowdscout' ) },
		{ text: '{{surname}}', label: __( 'Surname', 'crowdscout' ) },
		{ text: '{{id}}', label: __( 'Tester id', 'crowdscout' ) },
	];
	return (
		<div
			className="crowdscout-message-editor__placeholders"
			role="group"
			aria-labelledby="crowdscout-message-editor-placeholders"
		>
			<span id="crowdscout-message-editor-placeholders">
				{ __( 'Insert a placeholder:', 'crowdscout' ) }
			</span>
			{ placeholders.map( ( { text, label } ) => (
				<button
					key={ text }
					type="button"
					className="button"
					onClick={ () => insertPlaceholder( registry, text ) }
				>
					{ label } <code>{ text }</code>
				</button>
			) ) }
		</div>
	);
}
