<?php
/**
 * The pages of the product.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * The one list of the product's pages (routes), and their creation. Pages are created idempotently: a page the
 * plugin recorded, or any page at the same path, is kept; nothing is ever duplicated. The ids are kept in an
 * option (path → id). One page serves every language: the language is a URL prefix (see Routes).
 */
final class Pages {

	public const OPTION = 'crowdscout_pages';

	/**
	 * Access: anyone, and logged-in users are not sent away (the spec's "public" pages).
	 */
	public const OPEN = 'open';

	/**
	 * Access: a login is needed. Visitors still get the page, whose widgets show the login card.
	 */
	public const LOGIN = 'login';

	/**
	 * Access: visitors only; logged-in users are sent to the dashboard.
	 */
	public const LOGGED_OUT = 'logged-out';

	/**
	 * The pages, one line per route: path → access, widget (none yet: a placeholder paragraph), localized aliases
	 * that redirect to the page (locale-prefixed paths), translated slugs (language → path that serves the page in
	 * that language), a title when it is not the default (see default_title()), the widgets the page showed
	 * before (a page still holding exactly one of them gets the current widget), and for a page about one thing
	 * (a bug, a campaign) its address with parameters, e.g. "bugs/show/{id}" (see Routes::PARAMETERS): the page is
	 * served at that address only, in every language, and its own path answers 404. A "bare" page is shown without
	 * the theme's header and footer and without the shell (see Bare_Pages): the pre-selection form, which the
	 * preview opens in a frame, and the public view of a bug (vdp/{id}/{token}), which anyone with its link may
	 * open while the public-user-pages setting is on (see Public_Pages). An address without parameters serves the
	 * page at a fixed path that WordPress could not hold as a page ("courses/16": a number is no page slug).
	 *
	 * A page without a widget holds text that editors own: its starting content is in plugin/content/<route>/
	 * (see starting_content()). The content pages' paths are the spec's "fixed link paths".
	 *
	 * Access follows the route tables of both specs; where they say nothing, a page that a logged-in tester
	 * needs is "login" and a sign-up page is "logged-out", since the spec sends logged-in users away from pages
	 * that need no login unless they are public.
	 *
	 * @return array<string, array{access: string, widget: string, aliases: string[], slugs: array<string, string>, title: string, previous: string[], address: string, bare: bool}>
	 */
	public static function definitions(): array {
		return array(
			'getting-started'                 => self::route( self::LOGGED_OUT, widget: 'signup', aliases: array( 'it/getting-started-2' ) ),
			'getting-started/signup'          => self::route( self::LOGGED_OUT, widget: 'signup' ),
			'getting-started/confirmation'    => self::route( self::OPEN, widget: 'signup-confirmation' ),
			'login'                           => self::route( self::LOGGED_OUT, widget: 'login' ),
			'goodbye'                         => self::route( self::LOGGED_OUT, widget: 'goodbye' ),
			'my-dashboard'                    => self::route( self::LOGIN, widget: 'dashboard', aliases: array( 'it/la-mia-dashboard', 'es/tablero' ) ),
			'my-account'                      => self::route( self::LOGIN, widget: 'profile', previous: array( 'profile-summary' ) ),
			'personal-equipment'              => self::route( self::LOGIN, widget: 'devices', aliases: array( 'it/i-miei-device', 'es/dispositivos' ) ),
			'experience-points'               => self::route( self::LOGIN, widget: 'experience', aliases: array( 'it/punti-esperienza', 'es/puntos-de-experiencia' ) ),
			'thank-you'                       => self::route( self::OPEN, widget: 'thank-you' ),
			'courses'                         => self::route( self::LOGIN ),
			'courses/basic-course'            => self::route( self::LOGIN, title: 'Basic Course', address: 'courses/16' ),
			'testing-school'                  => self::route( self::OPEN, slugs: array( 'fr' => 'universite-de-test' ), title: 'Testing University' ),
			'faq'                             => self::route( self::OPEN, title: 'FAQ' ),
			'discover-experience-points'      => self::route( self::OPEN ),
			'aq-instructions-for-use'         => self::route( self::OPEN, title: 'Instructions for use' ),
			'payment_conditions'              => self::route( self::OPEN ),
			'terms-and-conditions'            => self::route( self::OPEN ),
			'privacy-policy'                  => self::route( self::OPEN ),
			'ethical-code'                    => self::route( self::OPEN ),
			'leaderboard'                     => self::route( self::LOGIN, widget: 'ranking' ),
			'payments'                        => self::route( self::LOGIN, widget: 'wallet' ),
			'my-bugs'                         => self::route( self::LOGIN, widget: 'my-bugs', aliases: array( 'it/i-miei-bug', 'es/errores-cargados' ) ),
			'bugs/show'                       => self::route( self::LOGIN, widget: 'bug', title: 'Bug', address: 'bugs/show/{id}' ),
			'campaigns/preview'               => self::route( self::LOGIN, widget: 'campaign-preview', title: 'Campaign preview', address: 'campaigns/{id}/preview' ),
			'campaigns/manual'                => self::route( self::LOGIN, widget: 'campaign-manual', title: 'Campaign manual', address: 'campaigns/{id}/manual' ),
			'campaign/preview-selection-form' => self::route( self::LOGIN, widget: 'preselection-form', title: 'Pre-selection form', address: 'campaign/{id}/preview-selection-form', bare: true ),
			'campaign/bugform'                => self::route( self::LOGIN, widget: 'bug-form', title: 'Bug form', address: 'campaign/{id}/bugform' ),
			'vdp'                             => self::route( self::OPEN, widget: 'public-bug', title: 'Public bug', address: 'vdp/{id}/{token}', bare: true ),
		);
	}

	/**
	 * Access of a route (OPEN, LOGIN or LOGGED_OUT), null for a path that is not one of ours.
	 *
	 * @param string $path Route path.
	 * @return string|null
	 */
	public static function access( string $path ): ?string {
		return self::definitions()[ $path ]['access'] ?? null;
	}

	/**
	 * Fingerprint of the page list: when it changes, the pages are created again (see Lifecycle).
	 *
	 * @return string
	 */
	public static function version(): string {
		return md5( (string) wp_json_encode( self::definitions() ) );
	}

	/**
	 * Creates the missing pages and records every page id. A page still holding the placeholder of earlier
	 * versions gets its widget, or its starting content; a page still showing a widget the route had before gets
	 * the current one; a page still titled after its path gets the route's own title.
	 *
	 * @return array<string, int> Path → page id.
	 */
	public function create(): array {
		$ids = $this->ids();
		foreach ( self::definitions() as $path => $page ) {
			$title   = '' !== $page['title'] ? $page['title'] : self::default_title( $path );
			$content = '' !== $page['widget'] ? self::content( $page['widget'] ) : self::starting_content( $path );
			$content = '' !== $content ? $content : self::placeholder();
			$id      = $this->ensure_page( $path, $title, $content, $ids[ $path ] ?? 0 );
			if ( $id > 0 ) {
				$ids[ $path ] = $id;
				$this->replace_placeholder( $id, $content, $page['previous'] );
				$this->replace_default_title( $id, $path, $title );
			}
		}
		update_option( self::OPTION, $ids, false );
		return $ids;
	}

	/**
	 * Recorded page ids, path → id.
	 *
	 * @return array<string, int>
	 */
	public function ids(): array {
		$ids = get_option( self::OPTION, array() );
		return is_array( $ids ) ? array_map( 'intval', $ids ) : array();
	}

	/**
	 * Ids of the pages served only at an address with parameters (Routes::needs_address()): the page of each such
	 * route and the empty parents created for it ("bugs" above "bugs/show").
	 *
	 * @return int[]
	 */
	public function without_own_address(): array {
		$recorded = $this->ids();
		$ids      = array();
		foreach ( self::definitions() as $route => $page ) {
			if ( '' === $page['address'] || ! isset( $recorded[ $route ] ) ) {
				continue;
			}
			$ids[] = $recorded[ $route ];
			foreach ( get_post_ancestors( $recorded[ $route ] ) as $ancestor ) {
				$parent = get_post( $ancestor );
				if ( $parent instanceof \WP_Post && Routes::needs_address( (string) get_page_uri( $parent ) ) && '' === trim( $parent->post_content ) ) {
					$ids[] = $parent->ID;
				}
			}
		}
		// A parent of several such pages ("campaigns" above its preview and manual) is listed once.
		return array_values( array_unique( $ids ) );
	}

	/**
	 * The route a page serves: the path it was recorded under, else its own path when that is a route.
	 *
	 * @param \WP_Post $post Page.
	 * @return string|null
	 */
	public function route_of( \WP_Post $post ): ?string {
		if ( 'page' !== $post->post_type ) {
			return null;
		}
		$recorded = array_search( $post->ID, $this->ids(), true );
		if ( is_string( $recorded ) && isset( self::definitions()[ $recorded ] ) ) {
			return $recorded;
		}
		$path = get_page_uri( $post );
		return is_string( $path ) && isset( self::definitions()[ $path ] ) ? $path : null;
	}

	/**
	 * Block markup of a page that shows one widget.
	 *
	 * @param string $widget Widget name.
	 * @return string
	 */
	public static function content( string $widget ): string {
		return '<!-- wp:' . Widget_Container::block_name( $widget ) . ' /-->';
	}

	/**
	 * Starting content of a page without a widget: one Language_Section block per language, each holding
	 * plugin/content/<route>/<language>.html (block markup). In that markup, {{url:<route>}} stands for the
	 * route's address in the section's language, written relative to the site's host so that links survive a
	 * change of port or domain. "" when the route has no content folder.
	 *
	 * @param string $route Route path.
	 * @return string
	 */
	public static function starting_content( string $route ): string {
		$sections = array();
		foreach ( Locale::SUPPORTED as $language ) {
			$file = self::content_dir() . trim( $route, '/' ) . '/' . $language . '.html';
			if ( ! is_readable( $file ) ) {
				continue;
			}
			$markup     = (string) preg_replace_callback(
				'/\{\{url:([a-z0-9_\/-]+)\}\}/',
				static fn( array $token ): string => esc_url( wp_make_link_relative( Routes::url( $token[1], $language ) ) ),
				trim( (string) file_get_contents( $file ) ) // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin.
			);
			$sections[] = Language_Section::markup( $language, $markup );
		}
		return implode( "\n\n", $sections );
	}

	/**
	 * Folder of the pages' starting content, with a trailing slash.
	 *
	 * @return string
	 */
	public static function content_dir(): string {
		return dirname( __DIR__ ) . '/content/';
	}

	/**
	 * Content of a page whose widget does not exist yet. create() recognises an untouched placeholder page by this
	 * exact content (and then gives it its widget), so keep it stable.
	 *
	 * @return string
	 */
	public static function placeholder(): string {
		return "<!-- wp:paragraph -->\n<p>Coming soon.</p>\n<!-- /wp:paragraph -->";
	}

	/**
	 * Default title of a path: "my-account" → "My account", "getting-started/signup" → "Signup",
	 * "payment_conditions" → "Payment conditions".
	 *
	 * @param string $path Page path.
	 * @return string
	 */
	public static function default_title( string $path ): string {
		$segments = explode( '/', trim( $path, '/' ) );
		return ucfirst( str_replace( array( '-', '_' ), ' ', (string) end( $segments ) ) );
	}

	/**
	 * One line of the page list.
	 *
	 * @param string                $access  OPEN, LOGIN or LOGGED_OUT.
	 * @param string                $widget  Widget shown by the page, "" while it has none.
	 * @param string[]              $aliases Locale-prefixed paths that redirect to the page, e.g. "it/i-miei-bug".
	 * @param array<string, string> $slugs   Language → path serving the page in that language, e.g. "fr" → "universite-de-test".
	 * @param string                $title    Title, "" for the default.
	 * @param string[]              $previous Widgets the page showed before this one, e.g. "profile-summary".
	 * @param string                $address  Address with parameters that alone serves the page, e.g. "bugs/show/{id}"; "" for the page's own path.
	 * @param bool                  $bare     Whether the page goes without the theme's header and footer and the shell.
	 * @return array{access: string, widget: string, aliases: string[], slugs: array<string, string>, title: string, previous: string[], address: string, bare: bool}
	 */
	private static function route( string $access, string $widget = '', array $aliases = array(), array $slugs = array(), string $title = '', array $previous = array(), string $address = '', bool $bare = false ): array {
		return array(
			'access'   => $access,
			'widget'   => $widget,
			'aliases'  => $aliases,
			'slugs'    => $slugs,
			'title'    => $title,
			'previous' => $previous,
			'address'  => $address,
			'bare'     => $bare,
		);
	}

	/**
	 * Whether a route's page goes without the theme's header and footer and the shell.
	 *
	 * @param string $route Route path.
	 * @return bool
	 */
	public static function is_bare( string $route ): bool {
		return self::definitions()[ $route ]['bare'] ?? false;
	}

	/**
	 * Puts a page's content in place of the placeholder, or of the block of a widget the route showed before, when
	 * the page still holds exactly that: a page someone edited is left alone.
	 *
	 * @param int      $id       Page id.
	 * @param string   $content  Content it should have.
	 * @param string[] $previous Widgets the route showed before.
	 * @return void
	 */
	private function replace_placeholder( int $id, string $content, array $previous = array() ): void {
		$post        = get_post( $id );
		$replaceable = array_merge( array( self::placeholder() ), array_map( array( self::class, 'content' ), $previous ) );
		if ( ! $post instanceof \WP_Post || $post->post_content === $content || ! in_array( $post->post_content, $replaceable, true ) ) {
			return;
		}
		wp_update_post(
			wp_slash(
				array(
					'ID'           => $id,
					'post_content' => $content,
				)
			)
		);
	}

	/**
	 * Gives a page still titled after its path ("Faq", created before the route had a title of its own) the
	 * route's title ("FAQ"): a title someone edited is left alone.
	 *
	 * @param int    $id    Page id.
	 * @param string $path  Route path.
	 * @param string $title Title it should have.
	 * @return void
	 */
	private function replace_default_title( int $id, string $path, string $title ): void {
		$post = get_post( $id );
		if ( ! $post instanceof \WP_Post || $post->post_title === $title || self::default_title( $path ) !== $post->post_title ) {
			return;
		}
		wp_update_post(
			wp_slash(
				array(
					'ID'         => $id,
					'post_title' => $title,
				)
			)
		);
	}

	/**
	 * WordPress installs a draft "Privacy Policy" page at privacy-policy: while nobody has edited it, it becomes
	 * our published page with our content, and stays the site's privacy policy page (WordPress links to it).
	 *
	 * @param \WP_Post $page    Page found at a route's path.
	 * @param string   $title   Title of our page.
	 * @param string   $content Content of our page.
	 * @return void
	 */
	private function publish_privacy_draft( \WP_Post $page, string $title, string $content ): void {
		if ( 'draft' !== $page->post_status || (int) get_option( 'wp_page_for_privacy_policy' ) !== $page->ID || $page->post_modified !== $page->post_date ) {
			return;
		}
		wp_update_post(
			wp_slash(
				array(
					'ID'             => $page->ID,
					'post_status'    => 'publish',
					'post_title'     => $title,
					'post_content'   => $content,
					'comment_status' => 'closed',
					'ping_status'    => 'closed',
				)
			)
		);
	}

	/**
	 * Returns the page of a path, creating it (and missing parents, empty) when there is none.
	 *
	 * @param string $path        Page path, e.g. "my-account" or "getting-started/signup".
	 * @param string $title       Title of a new page.
	 * @param string $content     Content of a new page.
	 * @param int    $recorded_id Id recorded earlier, if any.
	 * @return int Page id, 0 on failure.
	 */
	private function ensure_page( string $path, string $title, string $content, int $recorded_id ): int {
		$recorded = $recorded_id > 0 ? get_post( $recorded_id ) : null;
		$existing = $recorded instanceof \WP_Post && 'page' === $recorded->post_type && 'trash' !== $recorded->post_status
			? $recorded
			: get_page_by_path( $path, OBJECT, 'page' );
		if ( $existing instanceof \WP_Post && 'trash' !== $existing->post_status ) {
			$this->publish_privacy_draft( $existing, $title, $content );
			return $existing->ID;
		}

		$path      = trim( $path, '/' );
		$slash     = strrpos( $path, '/' );
		$parent_id = 0;
		if ( false !== $slash ) {
			$parent_path = substr( $path, 0, $slash );
			$parent_id   = $this->ensure_page( $parent_path, self::default_title( $parent_path ), '', 0 );
		}
		$id = wp_insert_post(
			wp_slash(
				array(
					'post_type'      => 'page',
					'post_status'    => 'publish',
					'post_title'     => $title,
					'post_name'      => false === $slash ? $path : substr( $path, $slash + 1 ),
					'post_parent'    => $parent_id,
					'post_content'   => $content,
					'comment_status' => 'closed',
					'ping_status'    => 'closed',
				)
			),
			true
		);
		return is_wp_error( $id ) ? 0 : (int) $id;
	}
}
