import type { ReactNode } from 'react';
import {
	createPortal,
	useLayoutEffect,
	useMemo,
	useRef,
	useState,
} from '@wordpress/element';

import {
	BLOCK_ATTRIBUTE,
	isContentBlock,
	sanitizeContent,
	type ContentBlock,
} from './sanitize';

interface Slot {
	block: ContentBlock;
	element: Element;
}

/**
 * A campaign's rich content, sanitised, with its special blocks (`<div data-crowdscout-block="payout">`…) filled
 * by React parts. The parts are portals into the blocks' own elements, wherever the content nests them, so they
 * keep the page's store and translations.
 *
 * @param props
 * @param props.html      The content as the API answers it.
 * @param props.blocks    What fills each block.
 * @param props.className The content's class.
 */
export function RichContent( {
	html,
	blocks,
	className,
}: {
	html: string;
	blocks: Record< ContentBlock, ReactNode >;
	className?: string;
} ) {
	const clean = useMemo( () => sanitizeContent( html ), [ html ] );
	const container = useRef< HTMLDivElement >( null );
	const [ slots, setSlots ] = useState< Slot[] >( [] );

	useLayoutEffect( () => {
		const found: Slot[] = [];
		container.current
			?.querySelectorAll( `[${ BLOCK_ATTRIBUTE }]` )
			.forEach( ( element ) => {
				const block = element.getAttribute( BLOCK_ATTRIBUTE );
				if ( isContentBlock( block ) ) {
					// Whatever the editor left inside the marker is replaced by the block.
					element.replaceChildren();
					found.push( { block, element } );
				}
			} );
		setSlots( found );
	}, [ clean ] );

	return (
		<>
			<div
				ref={ container }
				className={ className }
				// Sanitised by sanitizeContent (DOMPurify, rich text only).
				dangerouslySetInnerHTML={ { __html: clean } }
			/>
			{ slots.map( ( { block, element }, index ) =>
				createPortal(
					blocks[ block ],
					element,
					`${ block }-${ index }`
				)
			) }
		</>
	);
}
