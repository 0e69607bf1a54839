const fs = require( 'fs' );
const path = require( 'path' );

// Widgets never import each other: one zone per widget folder, made from the tree so a new widget is covered.
const widgetsDir = path.join( __dirname, 'src/widgets' );
const widgetZones = fs.existsSync( widgetsDir )
	? fs
			.readdirSync( widgetsDir, { withFileTypes: true } )
			.filter( ( entry ) => entry.isDirectory() )
			.map( ( entry ) => ( {
				target: `./src/widgets/${ entry.name }`,
				from: './src/widgets',
				except: [ `./${ entry.name }`, './index.ts' ],
				message:
					'Widgets never import each other; move shared code to src/components, src/hooks or src/lib.',
			} ) )
	: [];

// The API's layers (api/README.md "Layout"): features/<feature>/routes.ts → services and repositories → db,
// lib and lookups. Each zone is one "never" of that picture.
const apiZones = [
	{
		target: './api/src/features/*/routes.ts',
		from: [ './api/src/db/**', './api/migrations/**' ],
		message:
			'Routes reach SQL only through a repository (request.server.services).',
	},
	{
		target: [
			'./api/src/features/**/!(index).ts',
			'./api/src/!(features)/**',
		],
		from: './api/src/features/*/routes.ts',
		message:
			'Only features/index.ts knows the handlers; repositories and services know no HTTP route.',
	},
	{
		target: './api/src/lib/**',
		from: './api/src/{features/**,context.ts,app.ts}',
		message:
			'lib/ is infrastructure below the features: it imports no repository, route or service.',
	},
	{
		target: [
			'./api/src/!(db)/**',
			'./api/src/db/!(migrate).ts',
			'./api/src/*.ts',
			'./api/bench/**',
		],
		from: './api/migrations/**',
		message:
			'Running code never imports a landed migration (only db/migrate.ts lists them); share a constant from src/.',
	},
	{
		target: './api/**',
		from: './src/**',
		message: 'The API and the front end never import each other.',
	},
	{
		target: './src/**',
		from: './api/**',
		message: 'The API and the front end never import each other.',
	},
];

module.exports = {
	root: true,
	// Written by openapi-typescript from api/openapi.yaml (npm run types); not ours to format.
	ignorePatterns: [ '**/contract/openapi.d.ts' ],
	extends: [ 'plugin:@wordpress/eslint-plugin/recommended' ],
	settings: {
		'import/resolver': {
			node: { extensions: [ '.js', '.jsx', '.ts', '.tsx', '.mjs' ] },
			typescript: {},
		},
		// WordPress provides these to the block editor at run time (webpack externals); they are not npm
		// dependencies of ours, so the resolver cannot find them.
		'import/core-modules': [
			'@playwright/test',
			'@wordpress/blocks',
			'@wordpress/block-editor',
			'@wordpress/components',
			'@wordpress/block-library',
			'@wordpress/data',
			'@wordpress/format-library',
			'@wordpress/rich-text',
		],
	},
	rules: {
		// Types come from TypeScript; JSDoc types would repeat them.
		'jsdoc/require-param-type': 'off',
		'jsdoc/require-returns-type': 'off',
		'jsdoc/require-param': 'off',
		'import/no-cycle': 'error',
		'no-restricted-imports': [
			'error',
			{
				paths: [
					{
						name: 'react-redux',
						importNames: [ 'useSelector', 'useDispatch' ],
						message: 'Use the typed hooks from src/store/hooks.ts.',
					},
				],
			},
		],
		'import/no-restricted-paths': [
			'error',
			{
				zones: [
					...widgetZones,
					{
						target: [
							'./src/components',
							'./src/lib',
							'./src/hooks',
							'./src/services',
						],
						from: './src/widgets',
						message: 'Shared code must not depend on a widget.',
					},
					{
						// app (the runtime) → widgets → components, hooks → store, services, lib.
						target: [
							'./src/widgets',
							'./src/components',
							'./src/lib',
							'./src/hooks',
							'./src/services',
							'./src/store',
						],
						from: './src/app',
						message:
							'Only the runtime lives in src/app; nothing below it imports it (the store is src/store).',
					},
					{
						target: [
							'./src/lib',
							'./src/services',
							'./src/store',
						],
						from: [ './src/components', './src/hooks' ],
						message: 'The store, services and lib hold no UI.',
					},
					...apiZones,
				],
			},
		],
	},
	overrides: [
		{
			files: [ 'api/**', 'scripts/**', 'tests/**', '*.js', '*.mjs' ],
			rules: {
				'no-console': 'off',
				'import/no-extraneous-dependencies': 'off',
				'jsdoc/require-returns': 'off',
			},
		},
		{
			files: [ 'api/**/*.ts' ],
			rules: {
				// The API runs on Node with ESM: relative imports carry their .ts extension.
				'import/extensions': 'off',
				'import/no-unresolved': 'off',
			},
		},
		{
			files: [
				'**/__tests__/**',
				'**/*.test.ts',
				'**/*.test.tsx',
				'**/*.spec.ts',
				'src/test-utils/**',
			],
			env: { jest: true, node: true },
		},
		{
			// The one place allowed to wrap the untyped hooks.
			files: [ 'src/store/hooks.ts' ],
			rules: { 'no-restricted-imports': 'off' },
		},
	],
};
