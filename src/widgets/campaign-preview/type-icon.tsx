import { SvgIcon, type IconProps } from '../../components/icons/svg-icon';

// Paths from Material Icons (Apache License 2.0): "bug_report", "shield" and, for any other type, "assignment".
const PATHS: Record< string, string > = {
	bug: 'M20 8h-2.81c-.45-.78-1.07-1.45-1.82-1.96L17 4.41 15.59 3l-2.17 2.17C12.96 5.06 12.49 5 12 5c-.49 0-.96.06-1.41.17L8.41 3 7 4.41l1.62 1.63C7.88 6.55 7.26 7.22 6.81 8H4v2h2.09c-.05.33-.09.66-.09 1v1H4v2h2v1c0 .34.04.67.09 1H4v2h2.81c1.04 1.79 2.97 3 5.19 3s4.15-1.21 5.19-3H20v-2h-2.09c.05-.33.09-.66.09-1v-1h2v-2h-2v-1c0-.34-.04-.67-.09-1H20V8zm-6 8h-4v-2h4v2zm0-4h-4v-2h4v2z',
	shield: 'M12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5l-9-4z',
};

const ANY_TYPE =
	'M19 3h-4.18C14.4 1.84 13.3 1 12 1c-1.3 0-2.4.84-2.82 2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm-7 0c.55 0 1 .45 1 1s-.45 1-1 1-1-.45-1-1 .45-1 1-1zm2 14H7v-2h7v2zm3-4H7v-2h10v2zm0-4H7V7h10v2z';

/**
 * A campaign type's icon, by the name the API gives it (api/src/lookups/campaign-types.ts); decorative, the
 * type's name is always beside it.
 *
 * @param props
 * @param props.icon The type's icon name, if any.
 */
export function CampaignTypeIcon( {
	icon,
	...props
}: IconProps & { icon: string | null } ) {
	return (
		<SvgIcon
			{ ...props }
			path={
				icon && Object.hasOwn( PATHS, icon ) ? PATHS[ icon ] : ANY_TYPE
			}
		/>
	);
}
