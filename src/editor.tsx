import {
	getBlockType,
	registerBlockType,
	type BlockMetadata,
} from '@wordpress/blocks';
import { useBlockProps } from '@wordpress/block-editor';
import { Placeholder } from '@wordpress/components';

import bug from '../blocks/bug/block.json';
import bugForm from '../blocks/bug-form/block.json';
import campaignManual from '../blocks/campaign-manual/block.json';
import campaignPreview from '../blocks/campaign-preview/block.json';
import dashboard from '../blocks/dashboard/block.json';
import devices from '../blocks/devices/block.json';
import experience from '../blocks/experience/block.json';
import goodbye from '../blocks/goodbye/block.json';
import login from '../blocks/login/block.json';
import myBugs from '../blocks/my-bugs/block.json';
import preselectionForm from '../blocks/preselection-form/block.json';
import profile from '../blocks/profile/block.json';
import profileSummary from '../blocks/profile-summary/block.json';
import publicBug from '../blocks/public-bug/block.json';
import ranking from '../blocks/ranking/block.json';
import signup from '../blocks/signup/block.json';
import signupConfirmation from '../blocks/signup-confirmation/block.json';
import thankYou from '../blocks/thank-you/block.json';
import wallet from '../blocks/wallet/block.json';
import { registerLanguageSection } from './editor/language-section';
import { registerSiteChrome } from './editor/site-chrome';

/**
 * Every widget block. The block.json files are the single source of their settings: PHP registers the same
 * files (copied to plugin/build/blocks) for rendering; here the editor only needs a preview.
 */
export const BLOCKS: BlockMetadata[] = [
	bug,
	bugForm,
	campaignManual,
	campaignPreview,
	dashboard,
	devices,
	experience,
	goodbye,
	login,
	myBugs,
	preselectionForm,
	profile,
	profileSummary,
	publicBug,
	ranking,
	signup,
	signupConfirmation,
	thankYou,
	wallet,
];

/**
 * The widgets need the logged-in user's data and the API, neither of which the editor canvas should call,
 * so the editor shows what will go there rather than a live rendering.
 *
 * @param metadata The block's block.json.
 */
function previewFor( metadata: BlockMetadata ) {
	return function WidgetPreview() {
		// The registered type carries the title and description translated through the text domain.
		const registered = getBlockType( metadata.name ) ?? metadata;
		return (
			<div { ...useBlockProps() }>
				<Placeholder
					icon={ metadata.icon }
					label={ registered.title }
					instructions={ registered.description }
				/>
			</div>
		);
	};
}

for ( const metadata of BLOCKS ) {
	registerBlockType( metadata, {
		edit: previewFor( metadata ),
		// Dynamic blocks: PHP renders the mount container on every view.
		save: () => null,
	} );
}

registerLanguageSection();
registerSiteChrome();
