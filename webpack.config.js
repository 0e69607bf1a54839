/**
 * The front end build: wp-scripts' defaults with our entries (the runtime, the blocks' editor script, the Messages
 * screen's editor), output into the plugin, and WordPress's own scripts (React, wp-element, wp-api-fetch, the block
 * editor…) left external and listed in the *.asset.php files.
 */
const path = require( 'path' );
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );
const DependencyExtractionWebpackPlugin = require( '@wordpress/dependency-extraction-webpack-plugin' );
const MiniCssExtractPlugin = require( 'mini-css-extract-plugin' );

const replaced = [
	DependencyExtractionWebpackPlugin,
	MiniCssExtractPlugin,
].map( ( Plugin ) => Plugin.name );

module.exports = {
	...defaultConfig,
	entry: {
		frontend: path.resolve( __dirname, 'src/frontend.tsx' ),
		editor: path.resolve( __dirname, 'src/editor.tsx' ),
		'message-editor': path.resolve(
			__dirname,
			'src/admin/message-editor.tsx'
		),
	},
	output: {
		...defaultConfig.output,
		path: path.resolve( __dirname, 'plugin/build' ),
		// Chunks load from wherever the entry script was served (webpack reads document.currentScript),
		// so the plugin works under any plugins URL, CDN or subdirectory install.
		publicPath: 'auto',
		filename: '[name].js',
		// The query string busts caches when a chunk changes; the file on disk keeps its plain name.
		chunkFilename: '[name].js?ver=[chunkhash]',
	},
	plugins: [
		...defaultConfig.plugins.filter(
			( plugin ) => ! replaced.includes( plugin.constructor.name )
		),
		new MiniCssExtractPlugin( {
			filename: '[name].css',
			chunkFilename: '[name].css?ver=[contenthash]',
		} ),
		new DependencyExtractionWebpackPlugin( {
			// WordPress 6.5 (our minimum) has no `react-jsx-runtime` script handle (it arrived in 6.6), so
			// the JSX runtime, a few hundred bytes on top of the external React, is bundled.
			requestToExternal: ( request ) =>
				request === 'react/jsx-runtime' ||
				request === 'react/jsx-dev-runtime'
					? false
					: undefined,
		} ),
	],
};
