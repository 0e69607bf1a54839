import { useId } from '@wordpress/element';

/**
 * A status region, so assistive technology announces what is loading; the circle is decoration.
 *
 * @param props
 * @param props.label What is loading, already translated.
 */
export function Spinner( { label }: { label: string } ) {
	const id = useId();
	return (
		<div
			className="crowdscout-spinner"
			role="status"
			aria-labelledby={ id }
		>
			<span className="crowdscout-spinner__circle" aria-hidden="true" />
			<span id={ id } className="crowdscout-visually-hidden">
				{ label }
			</span>
		</div>
	);
}
