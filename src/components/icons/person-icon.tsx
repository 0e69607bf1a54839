/** Decorative: the element around it carries the accessible name. */
export function PersonIcon( { className }: { className?: string } ) {
	return (
		<svg
			className={ className }
			viewBox="0 0 24 24"
			width="24"
			height="24"
			aria-hidden="true"
			focusable="false"
		>
			<path
				fill="currentColor"
				d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z"
			/>
		</svg>
	);
}
