import type { FastifyBaseLogger } from 'fastify';
import type { WordPressClient, WordPressSettings } from './wordpress.ts';

/**
 * WordPress's settings as the API follows them, read over the internal channel at most once per `ttlMs` per API
 * process (a changed setting shows within that time), one read at a time. WordPress not answering reads as every
 * setting off: a public page closes rather than opens when its switch cannot be read.
 */

export const SETTINGS_TTL_MS = 30_000;

const ALL_OFF: WordPressSettings = { publicUserPages: false };

export interface SiteSettings {
	read: () => Promise< WordPressSettings >;
	/** Forgets the cached settings: the next read asks WordPress. */
	forget: () => void;
}

export function createSiteSettings(
	wordpress: Pick< WordPressClient, 'readSettings' >,
	log?: FastifyBaseLogger,
	ttlMs = SETTINGS_TTL_MS
): SiteSettings {
	let cached: { settings: WordPressSettings; until: number } | undefined;
	let pending: Promise< WordPressSettings > | undefined;

	const fetchSettings = async () => {
		let settings: WordPressSettings;
		try {
			settings = await wordpress.readSettings();
		} catch ( error ) {
			log?.warn(
				{ err: error },
				'WordPress settings unreadable: treated as off'
			);
			settings = ALL_OFF;
		}
		cached = { settings, until: Date.now() + ttlMs };
		return settings;
	};

	return {
		read() {
			if ( cached && cached.until > Date.now() ) {
				return Promise.resolve( cached.settings );
			}
			pending ??= fetchSettings().finally( () => {
				pending = undefined;
			} );
			return pending;
		},
		forget() {
			cached = undefined;
		},
	};
}
