import type { KeyboardEvent, ReactNode } from 'react';
import { useId, useRef, useState } from '@wordpress/element';

import './tabs.scss';

const block = 'crowdscout-tabs';

/** One tab: its button's content and what its panel shows when it is selected. */
export interface TabItem< Id extends string = string > {
	/** Stable within the tab set; the selection and the element ids are keyed on it. */
	id: Id;
	label: ReactNode;
	panel: ReactNode;
}

export interface TabsProps< Id extends string = string > {
	/** The tab list's accessible name. */
	label: string;
	tabs: ReadonlyArray< TabItem< Id > >;
	/** The tab open on first render; the first tab when missing or unknown. */
	defaultSelected?: Id;
	/** Extra classes for the wrapper, next to `crowdscout-tabs`. */
	className?: string;
}

/**
 * Tabs as the WAI-ARIA Authoring Practices describe them, with automatic activation: a click, or moving
 * focus with the arrow keys (wrapping), Home or End, opens a tab. Only the selected tab is in the Tab order,
 * and only its panel is rendered, so whatever the panel holds is unmounted, its state reset, when another
 * tab opens. Unstyled: the page styles the `crowdscout-tabs__*` classes.
 */
export function Tabs< Id extends string >( {
	label,
	tabs,
	defaultSelected,
	className = '',
}: TabsProps< Id > ) {
	const baseId = useId();
	const [ selectedId, setSelectedId ] = useState( defaultSelected );
	const list = useRef< HTMLDivElement >( null );
	const selected = tabs.find( ( tab ) => tab.id === selectedId ) ?? tabs[ 0 ];
	if ( ! selected ) {
		return null;
	}
	const tabId = ( id: Id ) => `${ baseId }-tab-${ id }`;
	const panelId = ( id: Id ) => `${ baseId }-panel-${ id }`;

	// From the tab that has focus, which a screen reader can move off the selected one.
	const onKeyDown = (
		event: KeyboardEvent< HTMLButtonElement >,
		current: number
	) => {
		// A right-to-left page lays the tabs out from the right: the arrows follow what the eye sees.
		const forward =
			list.current && getComputedStyle( list.current ).direction === 'rtl'
				? 'ArrowLeft'
				: 'ArrowRight';
		const backward = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
		const targets: Record< string, number > = {
			[ forward ]: ( current + 1 ) % tabs.length,
			[ backward ]: ( current - 1 + tabs.length ) % tabs.length,
			Home: 0,
			End: tabs.length - 1,
		};
		const target = tabs[ targets[ event.key ] ];
		if ( ! target ) {
			return;
		}
		event.preventDefault();
		setSelectedId( target.id );
		// The tab buttons stay mounted across the switch, so the target can take focus right away.
		event.currentTarget.ownerDocument
			.getElementById( tabId( target.id ) )
			?.focus();
	};

	return (
		<div className={ `${ block } ${ className }`.trim() }>
			<div
				role="tablist"
				aria-label={ label }
				className={ `${ block }__list` }
				ref={ list }
			>
				{ tabs.map( ( tab, index ) => {
					const isSelected = tab === selected;
					return (
						<button
							key={ tab.id }
							type="button"
							role="tab"
							id={ tabId( tab.id ) }
							aria-selected={ isSelected }
							// Only the selected panel exists: pointing at the others would leave dangling ids.
							aria-controls={
								isSelected ? panelId( tab.id ) : undefined
							}
							tabIndex={ isSelected ? 0 : -1 }
							className={
								isSelected
									? `${ block }__tab ${ block }__tab--selected`
									: `${ block }__tab`
							}
							onClick={ () => setSelectedId( tab.id ) }
							onKeyDown={ ( event ) => onKeyDown( event, index ) }
						>
							{ tab.label }
						</button>
					);
				} ) }
			</div>
			<div
				// A new key per tab, so that two panels of the same shape never share state.
				key={ selected.id }
				role="tabpanel"
				id={ panelId( selected.id ) }
				aria-labelledby={ tabId( selected.id ) }
				tabIndex={ 0 }
				className={ `${ block }__panel` }
			>
				{ selected.panel }
			</div>
		</div>
	);
}
