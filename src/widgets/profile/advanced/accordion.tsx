import type { ReactNode } from 'react';
import { useId, useState } from '@wordpress/element';

/**
 * A disclosure section: a real button in a heading says whether its region is open (`aria-expanded`) and
 * names it (`aria-controls`). The closed region stays in the page, hidden, so what was typed in it survives.
 *
 * @param props
 * @param props.title    The section's name.
 * @param props.children The section's content.
 */
export function Accordion( {
	title,
	children,
}: {
	title: string;
	children: ReactNode;
} ) {
	const [ open, setOpen ] = useState( false );
	const id = useId();
	const regionId = `${ id }-region`;
	const buttonId = `${ id }-button`;
	return (
		<div
			className={ `crowdscout-accordion${
				open ? ' crowdscout-accordion--open' : ''
			}` }
		>
			<h4 className="crowdscout-accordion__heading">
				<button
					id={ buttonId }
					type="button"
					className="crowdscout-accordion__button"
					aria-expanded={ open }
					aria-controls={ regionId }
					onClick={ () => setOpen( ! open ) }
				>
					<span>{ title }</span>
					<span
						className="crowdscout-accordion__icon"
						aria-hidden="true"
					>
						{ open ? '−' : '+' }
					</span>
				</button>
			</h4>
			<div
				id={ regionId }
				role="region"
				aria-labelledby={ buttonId }
				className="crowdscout-accordion__panel"
				hidden={ ! open }
			>
				{ children }
			</div>
		</div>
	);
}
