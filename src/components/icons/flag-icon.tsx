import { SvgIcon, type IconProps } from './svg-icon';

export const FlagIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="M5 2h2v1h11.5l-2.5 5 2.5 5H7v9H5zm2 3v6h8.3l-1.5-3 1.5-3z"
	/>
);
