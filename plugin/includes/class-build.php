<?php
/**
 * The generated front-end build.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Knows where `npm run build` puts its output (plugin/build/) and reads the asset manifests it writes.
 */
final class Build {

	/**
	 * Absolute path of the build folder, no trailing slash.
	 *
	 * @var string
	 */
	private string $dir;

	/**
	 * URL of the build folder, no trailing slash.
	 *
	 * @var string
	 */
	private string $url;

	/**
	 * Constructor.
	 *
	 * @param string $dir Absolute path of the build folder.
	 * @param string $url URL of the build folder.
	 */
	public function __construct( string $dir, string $url ) {
		$this->dir = untrailingslashit( $dir );
		$this->url = untrailingslashit( $url );
	}

	/**
	 * Whether the runtime was built.
	 *
	 * @return bool
	 */
	public function is_built(): bool {
		return $this->has( 'frontend.js' );
	}

	/**
	 * Whether a file exists in the build.
	 *
	 * @param string $file Path relative to the build folder.
	 * @return bool
	 */
	public function has( string $file ): bool {
		return is_file( $this->path( $file ) );
	}

	/**
	 * Absolute path of a build file.
	 *
	 * @param string $file Path relative to the build folder.
	 * @return string
	 */
	public function path( string $file ): string {
		return $this->dir . '/' . ltrim( $file, '/' );
	}

	/**
	 * URL of a build file.
	 *
	 * @param string $file Path relative to the build folder.
	 * @return string
	 */
	public function url( string $file ): string {
		return $this->url . '/' . ltrim( $file, '/' );
	}

	/**
	 * Dependencies and version of an entry, from `<entry>.asset.php`. Without a manifest: no dependencies, and the
	 * file's modification time as version so browsers still pick up a rebuild.
	 *
	 * @param string $entry Entry name, e.g. "frontend".
	 * @return array{dependencies: string[], version: string}
	 */
	public function asset( string $entry ): array {
		$manifest = $this->path( $entry . '.asset.php' );
		$asset    = is_file( $manifest ) ? include $manifest : array();
		$asset    = is_array( $asset ) ? $asset : array();
		$script   = $this->path( $entry . '.js' );
		return array(
			'dependencies' => isset( $asset['dependencies'] ) && is_array( $asset['dependencies'] ) ? array_values( $asset['dependencies'] ) : array(),
			'version'      => isset( $asset['version'] ) ? (string) $asset['version'] : ( is_file( $script ) ? (string) filemtime( $script ) : CROWDSCOUT_VERSION ),
		);
	}

	/**
	 * Folders of the built blocks (each holds a block.json).
	 *
	 * @return string[]
	 */
	public function block_dirs(): array {
		$files = glob( $this->path( 'blocks/*/block.json' ) );
		return is_array( $files ) ? array_map( 'dirname', $files ) : array();
	}
}
