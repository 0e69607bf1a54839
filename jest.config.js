/**
 * Widget and runtime tests: jsdom, Testing Library, the network mocked at the transport (api-fetch's fetch
 * handler). `wp-scripts test-unit-js --config jest.config.js`.
 */
const defaultConfig = require( '@wordpress/scripts/config/jest-unit.config' );

module.exports = {
	...defaultConfig,
	rootDir: __dirname,
	roots: [ '<rootDir>/src' ],
	testMatch: [ '<rootDir>/src/**/__tests__/**/*.test.[jt]s?(x)' ],
	testEnvironment: '<rootDir>/src/test-utils/jsdom-environment.ts',
	// jsdom resolves `yaml` to its ES-module browser build, which Jest does not transform; the fakes' contract
	// check (src/test-utils/contract.ts) runs in Node all the same.
	moduleNameMapper: {
		'^yaml$': '<rootDir>/node_modules/yaml/dist/index.js',
	},
	// A loaded two-core machine renders slower than a laptop (Jest runs a worker per core beside everything else):
	// tests wait longer before they fail, and still fail when what they wait for never comes.
	testTimeout: 20000,
	setupFilesAfterEnv: [
		...( defaultConfig.setupFilesAfterEnv ?? [] ),
		'<rootDir>/src/test-utils/setup-tests.ts',
	],
};
