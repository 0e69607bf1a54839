/** Decorative: the text next to it carries the meaning. */
export function FlagIcon( { className }: { className?: string } ) {
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
				d="M5 2h2v1h11.5l-2.5 5 2.5 5H7v9H5zm2 3v6h8.3l-1.5-3 1.5-3z"
			/>
		</svg>
	);
}
