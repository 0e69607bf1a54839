<?php
/**
 * Titles of the product's pages in the language of the request.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * One page serves every language, so its stored title is the English one; on the front end the document title and
 * the page's rendered title are replaced by `server.pageTitle<Route>` in the request's language (the route in
 * camel case: "getting-started/signup" → `server.pageTitleGettingStartedSignup`, the catalogue's `area.key`
 * convention). A page whose title an editor changed from the default keeps the editor's title in every language.
 */
final class Page_Titles {

	/**
	 * Widgets that show their page's title themselves, as the page's main heading: the dashboard ("Dashboard" and
	 * its welcome, spec section 2), the profile ("Profile" above its cards), the login and sign-up cards, the
	 * message pages, Devices and Experience Points (their sidebar names above the "Your devices" and "History"
	 * cards), My bugs ("Uploaded Bugs"), Ranking ("Ranking"), the bug's page (the bug's own title, which only
	 * the widget knows), the campaign's preview and manual ("CP{id} - {type name}"), the pre-selection form
	 * ("It's your time, apply now"), the bug form ("Bug form" above "[CP{id}] - {campaign title}"), the public
	 * view of a bug (the bug's own title) and the wallet ("Wallet").
	 */
	private const OWN_TITLE_WIDGETS = array( 'dashboard', 'profile', 'login', 'signup', 'signup-confirmation', 'thank-you', 'goodbye', 'devices', 'experience', 'my-bugs', 'ranking', 'bug', 'campaign-preview', 'campaign-manual', 'preselection-form', 'bug-form', 'public-bug', 'wallet' );

	/**
	 * Pages.
	 *
	 * @var Pages
	 */
	private Pages $pages;

	/**
	 * Constructor.
	 *
	 * @param Pages $pages Pages.
	 */
	public function __construct( Pages $pages ) {
		$this->pages = $pages;
	}

	/**
	 * Registers the title filters.
	 *
	 * @return void
	 */
	public function register(): void {
		add_filter( 'document_title_parts', array( $this, 'filter_document_title' ) );
		add_filter( 'the_title', array( $this, 'filter_the_title' ), 10, 2 );
		add_filter( 'render_block_core/post-title', array( $this, 'filter_post_title_block' ), 10, 3 );
	}

	/**
	 * Title of a route in a language: the catalogue's, or the default title when the catalogue has none.
	 *
	 * @param string      $route    Route path.
	 * @param string|null $language Two-letter language; null for the request's.
	 * @return string
	 */
	public static function title( string $route, ?string $language = null ): string {
		$key = self::key( $route );
		return Strings::has( $key, $language ?? Locale::current() ) || Strings::has( $key, Locale::FALLBACK )
			? Strings::get( $key, array(), $language )
			: Pages::default_title( $route );
	}

	/**
	 * Catalogue key of a route's title: "getting-started/signup" → "server.pageTitleGettingStartedSignup",
	 * "payment_conditions" → "server.pageTitlePaymentConditions".
	 *
	 * @param string $route Route path.
	 * @return string
	 */
	public static function key( string $route ): string {
		return 'server.pageTitle' . implode( '', array_map( 'ucfirst', preg_split( '#[-/_]#', trim( $route, '/' ) ) ) );
	}

	/**
	 * `document_title_parts`: the translated title of the queried page of ours.
	 *
	 * @param array<string, string> $parts Title parts.
	 * @return array<string, string>
	 */
	public function filter_document_title( $parts ) {
		if ( ! is_array( $parts ) || is_admin() || ! is_page() ) {
			return $parts;
		}
		$post = get_queried_object();
		if ( $post instanceof \WP_Post ) {
			$translated = $this->translated( $post, (string) $post->post_title );
			if ( null !== $translated ) {
				$parts['title'] = $translated;
			}
		}
		return $parts;
	}

	/**
	 * `the_title` on the front end: the translated title of a page of ours.
	 *
	 * @param string   $title   Title.
	 * @param int|null $post_id Post id.
	 * @return string
	 */
	public function filter_the_title( $title, $post_id = null ) {
		if ( ! is_string( $title ) || null === $post_id || is_admin() || wp_is_serving_rest_request() ) {
			return $title;
		}
		$post = get_post( (int) $post_id );
		if ( ! $post instanceof \WP_Post ) {
			return $title;
		}
		return $this->translated( $post, $post->post_title ) ?? $title;
	}

	/**
	 * `render_block_core/post-title`: nothing on a page of ours whose widget shows the title itself, so the page
	 * has one main heading. Titles in lists of posts, and pages without that widget, keep the theme's title.
	 *
	 * @param string         $html     Rendered block.
	 * @param array          $block    Parsed block (unused).
	 * @param \WP_Block|null $instance Block instance, whose context names the post.
	 * @return string
	 */
	public function filter_post_title_block( $html, $block = array(), $instance = null ) {
		unset( $block );
		$post_id = $instance instanceof \WP_Block ? (int) ( $instance->context['postId'] ?? 0 ) : 0;
		if ( ! is_string( $html ) || 0 === $post_id || ! is_singular() || get_queried_object_id() !== $post_id ) {
			return $html;
		}
		$post  = get_post( $post_id );
		$route = $post instanceof \WP_Post ? $this->pages->route_of( $post ) : null;
		if ( null === $route ) {
			return $html;
		}
		$widget = Pages::definitions()[ $route ]['widget'];
		return in_array( $widget, self::OWN_TITLE_WIDGETS, true ) && has_block( Widget_Container::block_name( $widget ), $post ) ? '' : $html;
	}

	/**
	 * The title of one of our pages in the request's language, or null when the page is not ours or an editor
	 * gave it a title of their own.
	 *
	 * @param \WP_Post $post  Page.
	 * @param string   $title Its stored title.
	 * @return string|null
	 */
	private function translated( \WP_Post $post, string $title ): ?string {
		$route = $this->pages->route_of( $post );
		if ( null === $route ) {
			return null;
		}
		$definition = Pages::definitions()[ $route ];
		$default    = '' !== $definition['title'] ? $definition['title'] : Pages::default_title( $route );
		return $title === $default ? self::title( $route ) : null;
	}
}
