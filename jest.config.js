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
	setupFilesAfterEnv: [
		...( defaultConfig.setupFilesAfterEnv ?? [] ),
		'<rootDir>/src/test-utils/setup-tests.ts',
	],
};
