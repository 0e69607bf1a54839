import type { ChangeEvent, ReactNode, SyntheticEvent } from 'react';
import { createContext, useContext, useRef } from 'react';

/**
 * WordPress's block editor, in the few behaviours the message editor relies on, for jsdom: the editor packages
 * come from WordPress at run time and are not installed (as in src/__tests__/editor.test.tsx). Paragraphs only,
 * each a textarea; rich text is plain text; a registry with the selectors and actions the placeholders use. The
 * real editor is exercised by the back office's end-to-end test.
 */

interface Block {
	clientId: string;
	name: string;
	attributes: Record< string, unknown >;
	innerBlocks: Block[];
}

interface Caret {
	clientId?: string;
	attributeKey?: string;
	offset?: number;
}

interface FakeRegistry {
	select: () => Record< string, unknown >;
	dispatch: () => Record< string, unknown >;
	batch: ( callback: () => void ) => void;
}

let nextId = 0;

const createBlock = (
	name: string,
	attributes: Record< string, unknown > = {}
): Block => ( {
	clientId: `block-${ ++nextId }`,
	name,
	attributes,
	innerBlocks: [],
} );

export const blocks = {
	createBlock,
	rawHandler: ( { HTML }: { HTML: string } ) =>
		Array.from( HTML.matchAll( /<p>(.*?)<\/p>/gs ), ( [ , content ] ) =>
			createBlock( 'core/paragraph', { content } )
		),
	serialize: ( list: Block[] ) =>
		list
			.map(
				( block ) =>
					`<!-- wp:paragraph -->\n<p>${ String(
						block.attributes.content ?? ''
					) }</p>\n<!-- /wp:paragraph -->`
			)
			.join( '\n\n' ),
	isUnmodifiedDefaultBlock: ( block: Block ) =>
		block.name === 'core/paragraph' && ! block.attributes.content,
};

export const richText = {
	create: ( { html }: { html: string } ) => ( {
		text: html,
		formats: [],
		replacements: [],
	} ),
	insert: (
		value: { text: string },
		text: string,
		start: number,
		end: number
	) => ( {
		...value,
		text: value.text.slice( 0, start ) + text + value.text.slice( end ),
	} ),
	toHTMLString: ( { value }: { value: { text: string } } ) => value.text,
	RichTextData: undefined,
	unregisterFormatType: jest.fn(),
	store: { name: 'core/rich-text' },
};

export const FORMAT_TYPES = [
	'core/bold',
	'core/code',
	'core/italic',
	'core/link',
	'core/strikethrough',
	'core/text-color',
];

const RegistryContext = createContext< FakeRegistry | null >( null );

export const data = {
	useRegistry: () => useContext( RegistryContext ),
	select: () => ( {
		getFormatTypes: () => FORMAT_TYPES.map( ( name ) => ( { name } ) ),
	} ),
};

function BlockEditorProvider( {
	value,
	onInput,
	onChange,
	children,
}: {
	value: Block[];
	onInput: ( next: Block[] ) => void;
	onChange: ( next: Block[] ) => void;
	children: ReactNode;
} ) {
	const caret = useRef< { start: Caret; end: Caret } >( {
		start: {},
		end: {},
	} );
	const current = useRef( value );
	current.current = value;
	const change = ( next: Block[] ) => {
		current.current = next;
		onInput( next );
		onChange( next );
	};
	const registry: FakeRegistry = {
		select: () => ( {
			getBlocks: () => current.current,
			getBlock: ( clientId: string ) =>
				current.current.find(
					( block ) => block.clientId === clientId
				) ?? null,
			getSelectionStart: () => caret.current.start,
			getSelectionEnd: () => caret.current.end,
		} ),
		dispatch: () => ( {
			updateBlockAttributes: (
				clientId: string,
				attributes: Record< string, unknown >
			) =>
				change(
					current.current.map( ( block ) =>
						block.clientId === clientId
							? {
									...block,
									attributes: {
										...block.attributes,
										...attributes,
									},
							  }
							: block
					)
				),
			insertBlock: ( block: Block ) =>
				change( [ ...current.current, block ] ),
			selectionChange: (
				clientId: string,
				attributeKey: string,
				start: number,
				end: number
			) => {
				caret.current = {
					start: { clientId, attributeKey, offset: start },
					end: { clientId, attributeKey, offset: end },
				};
			},
		} ),
		batch: ( callback ) => callback(),
	};
	return (
		<RegistryContext.Provider value={ registry }>
			{ children }
		</RegistryContext.Provider>
	);
}

/**
 * A paragraph's text: typing changes its content and puts the caret at the cursor; moving the cursor moves it.
 *
 * @param props
 * @param props.block
 * @param props.index
 */
function Paragraph( { block, index }: { block: Block; index: number } ) {
	const registry = useContext( RegistryContext )!;
	const actions = registry.dispatch() as {
		updateBlockAttributes: (
			clientId: string,
			attributes: Record< string, unknown >
		) => void;
		selectionChange: (
			clientId: string,
			attributeKey: string,
			start: number,
			end: number
		) => void;
	};
	const moveCaret = ( event: SyntheticEvent< HTMLTextAreaElement > ) =>
		actions.selectionChange(
			block.clientId,
			'content',
			event.currentTarget.selectionStart,
			event.currentTarget.selectionEnd
		);
	return (
		<textarea
			aria-label={ `Paragraph ${ index + 1 }` }
			value={ String( block.attributes.content ?? '' ) }
			onChange={ ( event: ChangeEvent< HTMLTextAreaElement > ) => {
				moveCaret( event );
				actions.updateBlockAttributes( block.clientId, {
					content: event.currentTarget.value,
				} );
			} }
			onSelect={ moveCaret }
		/>
	);
}

function BlockList() {
	const registry = useContext( RegistryContext )!;
	const list = registry.select().getBlocks as () => Block[];
	return (
		<>
			{ list().map( ( block, index ) => (
				<Paragraph
					key={ block.clientId }
					block={ block }
					index={ index }
				/>
			) ) }
		</>
	);
}

const PassThrough = ( { children }: { children?: ReactNode } ) => (
	<>{ children }</>
);

export const blockEditor = {
	store: { name: 'core/block-editor' },
	BlockEditorProvider,
	BlockList,
	BlockTools: PassThrough,
	WritingFlow: PassThrough,
	ObserveTyping: PassThrough,
};

export const components = {
	Popover: Object.assign( () => null, { Slot: () => null } ),
};

export const CORE_BLOCKS = [
	'core/paragraph',
	'core/heading',
	'core/list',
	'core/list-item',
	'core/quote',
	'core/html',
	'core/image',
	'core/navigation',
].map( ( name ) => ( { name, init: jest.fn() } ) );

export const blockLibrary = {
	registerCoreBlocks: jest.fn(),
	__experimentalGetCoreBlocks: () => CORE_BLOCKS,
};
