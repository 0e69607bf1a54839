import { SvgIcon, type IconProps } from './svg-icon';

// Material Icons "military_tech" (Apache License 2.0): the level badge, coloured after the level.
export const MedalIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="M17 10.43V2H7v8.43c0 .35.18.68.49.86l4.18 2.51-.99 2.34-3.41.29 2.59 2.24L9.07 22 12 20.23 14.93 22l-.78-3.33 2.59-2.24-3.41-.29-.99-2.34 4.18-2.51c.3-.18.48-.5.48-.86zm-4 1.8-1 .6-1-.6V3h2v9.23z"
	/>
);
