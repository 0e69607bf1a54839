import { defineConfig } from '@playwright/test';

/**
 * Browser tests against a running platform (scripts/test-e2e.mjs starts it and passes its URL). Debian's
 * Chromium, never a downloaded browser.
 */
export default defineConfig( {
	testDir: '.',
	timeout: 60_000,
	expect: { timeout: 10_000 },
	fullyParallel: false,
	workers: 1,
	// One retry, reported as "flaky" rather than hidden, so a slow first request on a cold WordPress
	// cannot fail CI; a test that fails twice still fails.
	retries: 1,
	reporter: [ [ 'list' ] ],
	use: {
		baseURL: process.env.CROWDSCOUT_E2E_URL,
		launchOptions: {
			executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run',
			],
		},
		trace: 'retain-on-failure',
		screenshot: 'only-on-failure',
	},
	// Each project keeps its own artefacts, so a failure of the first run survives the second.
	projects: [
		{ name: 'native', outputDir: '../../test-results/native' },
		{
			name: 'wp-now',
			grep: /@smoke/,
			outputDir: '../../test-results/wp-now',
		},
	],
} );
