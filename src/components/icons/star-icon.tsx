import { SvgIcon, type IconProps } from './svg-icon';

export const StarIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
	/>
);
