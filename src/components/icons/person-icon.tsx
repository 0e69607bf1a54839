import { SvgIcon, type IconProps } from './svg-icon';

export const PersonIcon = ( { size = 24, ...props }: IconProps ) => (
	<SvgIcon
		{ ...props }
		size={ size }
		path="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z"
	/>
);
