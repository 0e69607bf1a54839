import type { ComponentType } from 'react';

/** What every widget receives from its mount container. */
export interface WidgetProps {
	/** The widget name, `profile-summary` for `crowdscout/profile-summary`. */
	name: string;
	/** The block attributes PHP printed in `data-crowdscout-attributes`. */
	attributes: Record< string, unknown >;
}

export interface WidgetModule {
	default: ComponentType< WidgetProps >;
}

export type WidgetLoader = () => Promise< WidgetModule >;
