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
	retries: 0,
	reporter: [ [ 'list' ] ],
	outputDir: '../../test-results',
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
	projects: [ { name: 'native' }, { name: 'wp-now', grep: /@smoke/ } ],
} );
