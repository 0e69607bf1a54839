<?php
/**
 * Translations of the plugin's PHP strings.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Loads the `crowdscout` text domain from the plugin's languages/ folder when it is there.
 */
final class I18n {

	/**
	 * Main plugin file.
	 *
	 * @var string
	 */
	private string $plugin_file;

	/**
	 * Constructor.
	 *
	 * @param string $plugin_file Main plugin file.
	 */
	public function __construct( string $plugin_file ) {
		$this->plugin_file = $plugin_file;
	}

	/**
	 * Registers the loader on init.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'init', array( $this, 'load_textdomain' ) );
	}

	/**
	 * Loads the text domain.
	 *
	 * @return void
	 */
	public function load_textdomain(): void {
		if ( is_dir( dirname( $this->plugin_file ) . '/languages' ) ) {
			load_plugin_textdomain( 'crowdscout', false, dirname( plugin_basename( $this->plugin_file ) ) . '/languages' );
		}
	}
}
