import axe from 'axe-core';

/**
 * The accessibility violations axe finds under `root`, one line each (rule and elements), so a failing test says
 * what is wrong. Colour contrast needs a real layout, which jsdom has not.
 *
 * @param root Where to look; the whole page by default.
 */
export async function axeViolations(
	root: HTMLElement = document.body
): Promise< string[] > {
	// jsdom has no canvas; axe only uses it to tell icon ligatures apart.
	const getContext = jest
		.spyOn( HTMLCanvasElement.prototype, 'getContext' )
		.mockReturnValue( null );
	const results = await axe
		.run( root, { rules: { 'color-contrast': { enabled: false } } } )
		.finally( () => getContext.mockRestore() );
	return results.violations.map(
		( violation ) =>
			`${ violation.id }: ${ violation.nodes
				.map( ( node ) => node.target.join( ' ' ) )
				.join( ', ' ) }`
	);
}
