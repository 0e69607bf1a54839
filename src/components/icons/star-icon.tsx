/** Decorative: the text next to it carries the meaning. */
export function StarIcon( { className }: { className?: string } ) {
	return (
		<svg
			className={ className }
			viewBox="0 0 24 24"
			width="20"
			height="20"
			aria-hidden="true"
			focusable="false"
		>
			<path
				fill="currentColor"
				d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
			/>
		</svg>
	);
}
