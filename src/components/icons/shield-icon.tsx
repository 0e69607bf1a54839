import { SvgIcon, type IconProps } from './svg-icon';

// Material Icons "shield" (Apache License 2.0): a level's maintenance (hold) points.
export const ShieldIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="M12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5l-9-4z"
	/>
);
