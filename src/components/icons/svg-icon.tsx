export interface IconProps {
	className?: string;
	size?: number;
}

/**
 * A single-path 24×24 icon drawn in the current text colour. Decorative: the text or element next to it
 * carries the meaning, so it is hidden from assistive technology. Each icon is its own module so a widget
 * pulls in only the icons it shows.
 *
 * @param props
 * @param props.path      SVG path data.
 * @param props.className
 * @param props.size      Rendered width and height in pixels.
 */
export function SvgIcon( {
	path,
	className,
	size = 20,
}: IconProps & { path: string } ) {
	return (
		<svg
			className={ className }
			viewBox="0 0 24 24"
			width={ size }
			height={ size }
			aria-hidden="true"
			focusable="false"
		>
			<path fill="currentColor" d={ path } />
		</svg>
	);
}
