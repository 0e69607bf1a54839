import type { ComponentType } from 'react';

import type { AppStore } from '../store/store';

/** What every widget receives from its mount container. */
export interface WidgetProps {
	/** The widget name, `profile-summary` for `crowdscout/profile-summary`. */
	name: string;
	/** The block attributes PHP printed in `data-crowdscout-attributes`. */
	attributes: Record< string, unknown >;
}

export interface WidgetModule {
	default: ComponentType< WidgetProps >;
	/**
	 * Starts the widget's first request as soon as its code has arrived, while the page's translations load and
	 * before anything renders: what the widget asks for once mounted is then on its way, or there.
	 */
	prefetch?: ( store: AppStore ) => void;
}

export type WidgetLoader = () => Promise< WidgetModule >;
