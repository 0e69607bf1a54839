<?php
/**
 * Script and style handles of the front-end runtime and the block editor.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Registers the handles early (init) and enqueues the runtime only when a widget renders, adding the page
 * configuration once. Block themes render the template before wp_head and classic themes render content after
 * it; the runtime prints in the footer, so both work.
 */
final class Assets {

	public const FRONTEND = 'crowdscout-frontend';
	public const EDITOR   = 'crowdscout-editor';

	/**
	 * The build.
	 *
	 * @var Build
	 */
	private Build $build;

	/**
	 * The page configuration.
	 *
	 * @var Page_Config
	 */
	private Page_Config $config;

	/**
	 * Constructor.
	 *
	 * @param Build       $build  The build.
	 * @param Page_Config $config The page configuration.
	 */
	public function __construct( Build $build, Page_Config $config ) {
		$this->build  = $build;
		$this->config = $config;
	}

	/**
	 * Registers the handles before blocks are registered, and the cache guard.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'init', array( $this, 'register_assets' ), 5 );
		add_action( 'template_redirect', array( $this, 'prevent_caching_of_widget_pages' ) );
	}

	/**
	 * Registers crowdscout-frontend (script and optional style) and crowdscout-editor from the build, when built.
	 *
	 * @return void
	 */
	public function register_assets(): void {
		if ( $this->build->has( 'frontend.js' ) && ! wp_script_is( self::FRONTEND, 'registered' ) ) {
			$asset = $this->build->asset( 'frontend' );
			wp_register_script(
				self::FRONTEND,
				$this->build->url( 'frontend.js' ),
				$asset['dependencies'],
				$asset['version'],
				array(
					'in_footer' => true,
					'strategy'  => 'defer',
				)
			);
			if ( $this->build->has( 'frontend.css' ) ) {
				wp_register_style( self::FRONTEND, $this->build->url( 'frontend.css' ), array(), $asset['version'] );
			}
		}
		if ( $this->build->has( 'editor.js' ) && ! wp_script_is( self::EDITOR, 'registered' ) ) {
			$asset = $this->build->asset( 'editor' );
			wp_register_script( self::EDITOR, $this->build->url( 'editor.js' ), $asset['dependencies'], $asset['version'], true );
			if ( $this->build->has( 'editor.css' ) ) {
				wp_register_style( self::EDITOR, $this->build->url( 'editor.css' ), array(), $asset['version'] );
			}
		}
	}

	/**
	 * Enqueues the runtime and its configuration. Called by every widget render; the work is done once.
	 *
	 * @return void
	 */
	public function enqueue_runtime(): void {
		if ( ! wp_script_is( self::FRONTEND, 'registered' ) ) {
			$this->register_assets();
		}
		if ( ! wp_script_is( self::FRONTEND, 'registered' ) ) {
			return; // Not built: the containers stay empty and wp-admin says to run the build.
		}
		wp_enqueue_script( self::FRONTEND );
		if ( wp_style_is( self::FRONTEND, 'registered' ) ) {
			wp_enqueue_style( self::FRONTEND );
		}
		$this->add_page_config();
		if ( ! is_admin() ) {
			self::load_polyfills_where_needed();
		}
		// Widget pages are application screens: WordPress's emoji polyfill (5 KB) buys them nothing. Block themes
		// render content before wp_head, so this lands in time there; classic themes keep the script.
		remove_action( 'wp_head', 'print_emoji_detection_script', 7 );
		remove_action( 'wp_print_styles', 'print_emoji_styles' );
		// The configuration holds a token: keep the page out of shared caches (classic themes have sent headers
		// by now, but WordPress already sends no-cache headers to logged-in users).
		if ( is_user_logged_in() && ! headers_sent() ) {
			nocache_headers();
		}
	}

	/**
	 * React and each WordPress script of a widget page depend on wp-polyfill (core-js for what browsers gained in
	 * ES2023 and after, `inert`, regenerator): 18 KB of gzipped script that none of them needs and that a browser
	 * of today has no use for. The handle becomes a test that writes the three scripts in, as WordPress does for
	 * its older polyfills, only where a browser lacks what they fill (Chrome before 120, Firefox before 121,
	 * Safari before 17.4); whatever else on the page depends on it still finds it there.
	 *
	 * @return void
	 */
	public static function load_polyfills_where_needed(): void {
		$scripts  = wp_scripts();
		$polyfill = $scripts->query( 'wp-polyfill' );
		if ( ! $polyfill instanceof \_WP_Dependency || ! $polyfill->src || wp_script_is( 'wp-polyfill', 'done' ) ) {
			return;
		}
		$modern = implode(
			' && ',
			array(
				"'groupBy' in Object",
				"'withResolvers' in Promise",
				"'canParse' in URL",
				"'size' in URLSearchParams.prototype",
				"'toSorted' in Array.prototype",
				"'isWellFormed' in String.prototype",
				"typeof structuredClone === 'function'",
			)
		);
		// One call per handle: the function takes a map of test to handle, and two share a test.
		$fallback = wp_get_script_polyfill( $scripts, array( "'inert' in HTMLElement.prototype" => 'wp-polyfill-inert' ) )
			. wp_get_script_polyfill( $scripts, array( $modern => 'regenerator-runtime' ) )
			. wp_get_script_polyfill( $scripts, array( $modern => 'wp-polyfill' ) );
		$polyfill->src  = false;
		$polyfill->deps = array();
		$scripts->add_inline_script( 'wp-polyfill', $fallback, 'before' );
	}

	/**
	 * Adds `window.crowdscoutConfig` before the runtime, unless it is there already.
	 *
	 * @return bool Whether it was added now.
	 */
	public function add_page_config(): bool {
		if ( $this->has_page_config() ) {
			return false;
		}
		return wp_add_inline_script( self::FRONTEND, Page_Config::script( $this->config->build() ), 'before' );
	}

	/**
	 * Whether the configuration was already added to the runtime handle.
	 *
	 * @return bool
	 */
	public function has_page_config(): bool {
		$before = wp_scripts()->get_data( self::FRONTEND, 'before' );
		if ( ! is_array( $before ) ) {
			return false;
		}
		foreach ( $before as $script ) {
			if ( is_string( $script ) && str_starts_with( $script, 'window.crowdscoutConfig =' ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Before any output, marks a logged-in user's page that holds a widget as not cacheable.
	 *
	 * @return void
	 */
	public function prevent_caching_of_widget_pages(): void {
		if ( ! is_user_logged_in() || ! is_singular() ) {
			return;
		}
		$post = get_queried_object();
		if ( ! $post instanceof \WP_Post ) {
			return;
		}
		if ( str_contains( $post->post_content, '<!-- wp:' . Widget_Container::BLOCK_NAMESPACE . '/' ) || has_shortcode( $post->post_content, Shortcode::TAG ) ) {
			nocache_headers();
		}
	}
}
