<?php
/**
 * The application frame around every page a logged-in tester sees.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Prints the `shell` widget's container right after `<body>` for logged-in users (spec "Shell": sidebar, toasts,
 * feedback). The widget draws the sidebar around the theme's own header, content and footer, so no theme
 * template has to change. Filter `crowdscout_show_shell` (bool, WP_Post|null) turns it off for a page.
 */
final class Shell {

	public const WIDGET = 'shell';

	/**
	 * Runtime and page configuration.
	 *
	 * @var Assets
	 */
	private Assets $assets;

	/**
	 * Whether the container was printed (themes may fire wp_body_open twice).
	 *
	 * @var bool
	 */
	private bool $printed = false;

	/**
	 * Constructor.
	 *
	 * @param Assets $assets Runtime and page configuration.
	 */
	public function __construct( Assets $assets ) {
		$this->assets = $assets;
	}

	/**
	 * Hooks the runtime into the head and the container after the body tag.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'wp_enqueue_scripts', array( $this, 'enqueue' ) );
		add_action( 'wp_body_open', array( $this, 'print_container' ) );
	}

	/**
	 * Whether the current front-end request shows the shell.
	 *
	 * @return bool
	 */
	public function applies(): bool {
		if ( is_admin() || wp_doing_ajax() || is_feed() || is_embed() || ! is_user_logged_in() ) {
			return false;
		}
		$post = is_singular() ? get_queried_object() : null;
		return (bool) apply_filters( 'crowdscout_show_shell', true, $post instanceof \WP_Post ? $post : null );
	}

	/**
	 * Enqueues the runtime (and its configuration) for the shell.
	 *
	 * @return void
	 */
	public function enqueue(): void {
		if ( $this->applies() ) {
			$this->assets->enqueue_runtime();
		}
	}

	/**
	 * Prints the shell's container once, first thing in the body.
	 *
	 * @return void
	 */
	public function print_container(): void {
		if ( $this->printed || ! $this->applies() || ! wp_script_is( Assets::FRONTEND, 'enqueued' ) ) {
			return;
		}
		$this->printed = true;
		echo Widget_Container::render( Widget_Container::html_attributes( self::WIDGET, array() ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- render() escapes every attribute value.
	}
}
