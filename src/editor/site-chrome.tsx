import { registerBlockType } from '@wordpress/blocks';
import { useBlockProps } from '@wordpress/block-editor';
import ServerSideRender from '@wordpress/server-side-render';

import siteFooter from '../../blocks/site-footer/block.json';
import siteHeader from '../../blocks/site-header/block.json';

/**
 * The site header and footer: the editor shows what the server renders (plugin/includes/class-site-header.php,
 * class-site-footer.php), in English, the language of the editor's preview request.
 */
export function registerSiteChrome(): void {
	for ( const metadata of [ siteHeader, siteFooter ] ) {
		registerBlockType( metadata, {
			edit: function SiteChromePreview() {
				return (
					<div { ...useBlockProps() }>
						<ServerSideRender block={ metadata.name } />
					</div>
				);
			},
			save: () => null,
		} );
	}
}
