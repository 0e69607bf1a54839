import {
	BlockEditorProvider,
	BlockList,
	BlockTools,
	ObserveTyping,
	WritingFlow,
} from '@wordpress/block-editor';
import type { BlockInstance } from '@wordpress/blocks';
import { Popover } from '@wordpress/components';
import { useState } from '@wordpress/element';

import { EDITOR_SETTINGS, blocksOf, htmlOf } from './blocks';
import { PlaceholderButtons } from './placeholders';

interface MessageEditorProps {
	/** The content as stored (plain HTML), to edit. */
	initialHtml: string;
	/** Receives the content's markup after each change. */
	onChange: ( html: string ) => void;
	/** The id of the form's label of the content. */
	labelledBy?: string;
	/** The id of the text that says what the placeholders become. */
	describedBy?: string;
}

/**
 * The body of a message in WordPress's block editor: paragraphs, headings, lists and quotes with bold, italic,
 * strikethrough and links (the block toolbar: Alt+F10 from the text), and buttons that type a placeholder at
 * the caret.
 *
 * @param props
 * @param props.initialHtml
 * @param props.onChange
 * @param props.labelledBy
 * @param props.describedBy
 */
export function MessageEditor( {
	initialHtml,
	onChange,
	labelledBy,
	describedBy,
}: MessageEditorProps ) {
	const [ blocks, setBlocks ] = useState( () => blocksOf( initialHtml ) );
	const update = ( next: BlockInstance[] ) => {
		setBlocks( next );
		onChange( htmlOf( next ) );
	};
	return (
		<div
			className="crowdscout-message-editor__frame"
			role="group"
			aria-labelledby={ labelledBy }
			aria-describedby={ describedBy }
		>
			<BlockEditorProvider
				value={ blocks }
				onInput={ update }
				onChange={ update }
				settings={ EDITOR_SETTINGS }
			>
				<PlaceholderButtons />
				<div className="crowdscout-message-editor__canvas editor-styles-wrapper">
					<BlockTools>
						<WritingFlow>
							<ObserveTyping>
								<BlockList />
							</ObserveTyping>
						</WritingFlow>
					</BlockTools>
				</div>
				<Popover.Slot />
			</BlockEditorProvider>
		</div>
	);
}
