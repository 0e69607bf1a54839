import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'../..'
);
export const WP_BUILDS = path.join(
	ROOT,
	'node_modules/@wp-playground/wordpress-builds'
);
export const WP_ZIP = path.join( WP_BUILDS, 'src/wordpress/wp-6.5.zip' );
export const WP_PUBLIC = path.join( WP_BUILDS, 'public/wp-6.5' );
export const SQLITE_ZIP = path.join(
	WP_BUILDS,
	'src/sqlite-database-integration/sqlite-database-integration.zip'
);

/** The data directory: CROWDSCOUT_DATA_DIR or ./.data under the project. */
export function dataDir( env = process.env ) {
	return path.resolve( ROOT, env.CROWDSCOUT_DATA_DIR || '.data' );
}
