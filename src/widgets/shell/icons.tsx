import { SvgIcon, type IconProps } from '../../components/icons/svg-icon';

// Only the shell draws these, so they live with it rather than in src/components/icons.

export const DashboardIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="M3 13h8V3H3zm0 8h8v-6H3zm10 0h8V11h-8zm0-18v6h8V3z"
	/>
);

export const DevicesIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="M4 6h18V4H4a2 2 0 0 0-2 2v11H0v3h14v-3H4zm19 2h-6a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1zm-1 9h-4v-7h4z"
	/>
);

export const WalletIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="M21 18v1a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v1h-9a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2zm-9-2h10V8H12zm4-2.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3z"
	/>
);

export const LeaderboardIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="M7.5 21H2V9h5.5zm7.25-18h-5.5v18h5.5zM22 11h-5.5v10H22z"
	/>
);

export const BugIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="M20 8h-2.8a6 6 0 0 0-1.8-2L17 4.4 15.6 3l-2.2 2.2a6 6 0 0 0-2.8 0L8.4 3 7 4.4 8.6 6a6 6 0 0 0-1.8 2H4v2h2.1L6 11v1H4v2h2v1l.1 1H4v2h2.8a6 6 0 0 0 10.4 0H20v-2h-2.1l.1-1v-1h2v-2h-2v-1l-.1-1H20zm-6 8h-4v-2h4zm0-4h-4v-2h4z"
	/>
);

export const BookIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="M18 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2zM6 4h5v8l-2.5-1.5L6 12z"
	/>
);

export const SchoolIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="M5 13.2v4L12 21l7-3.8v-4L12 17zM12 3 1 9l11 6 9-4.9V17h2V9z"
	/>
);

export const HelpIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 17h-2v-2h2zm2.1-7.8-.9.9C13.5 12.9 13 13.5 13 15h-2v-.5a4 4 0 0 1 1.2-2.8l1.2-1.3A2 2 0 1 0 10 9H8a4 4 0 1 1 7.1 2.2z"
	/>
);

export const WrenchIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="m22.7 19-9.1-9.1c.9-2.3.4-5-1.5-6.9a6.6 6.6 0 0 0-7.4-1.3L9 6 6 9 1.6 4.7a6.6 6.6 0 0 0 1.3 7.4 6.6 6.6 0 0 0 6.9 1.5l9.1 9.1a1 1 0 0 0 1.4 0l2.3-2.3a1 1 0 0 0 .1-1.4z"
	/>
);

export const FeedbackIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="M20 2H4a2 2 0 0 0-2 2v18l4-4h14a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2zm-7 12h-2v-2h2zm0-4h-2V6h2z"
	/>
);

export const LogOutIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="m17 7-1.4 1.4 2.6 2.6H8v2h10.2l-2.6 2.6L17 17l5-5zM4 5h8V3H4a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h8v-2H4z"
	/>
);

export const MenuIcon = ( props: IconProps ) => (
	<SvgIcon { ...props } path="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
);

export const CloseIcon = ( props: IconProps ) => (
	<SvgIcon
		{ ...props }
		path="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4l5.6 5.6L5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z"
	/>
);
