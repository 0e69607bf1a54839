<?php
/**
 * The pages of the product.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Creates the WordPress page of every route that has a widget, idempotently: a page the plugin recorded, or any
 * page at the same path, is kept; nothing is ever duplicated. The ids are kept in an option (path → id).
 */
final class Pages {

	public const OPTION = 'crowdscout_pages';

	/**
	 * The pages: path → widget, and the title when it is not the default (the capitalised last path segment with
	 * dashes turned into spaces). A new widget page is one more line here.
	 *
	 * @return array<string, array{widget: string, title?: string}>
	 */
	public static function definitions(): array {
		return array(
			'my-account' => array( 'widget' => 'profile-summary' ),
		);
	}

	/**
	 * Creates the missing pages and records every page id.
	 *
	 * @return array<string, int> Path → page id.
	 */
	public function create(): array {
		$ids = $this->ids();
		foreach ( self::definitions() as $path => $page ) {
			$id = $this->ensure_page(
				$path,
				$page['title'] ?? self::default_title( $path ),
				self::content( $page['widget'] ),
				$ids[ $path ] ?? 0
			);
			if ( $id > 0 ) {
				$ids[ $path ] = $id;
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
	 * Block markup of a page that shows one widget.
	 *
	 * @param string $widget Widget name.
	 * @return string
	 */
	public static function content( string $widget ): string {
		return '<!-- wp:' . Widget_Container::block_name( $widget ) . ' /-->';
	}

	/**
	 * Default title of a path: "my-account" → "My account", "getting-started/signup" → "Signup".
	 *
	 * @param string $path Page path.
	 * @return string
	 */
	public static function default_title( string $path ): string {
		$segments = explode( '/', trim( $path, '/' ) );
		return ucfirst( str_replace( '-', ' ', (string) end( $segments ) ) );
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
		if ( $recorded instanceof \WP_Post && 'page' === $recorded->post_type && 'trash' !== $recorded->post_status ) {
			return $recorded->ID;
		}
		$existing = get_page_by_path( $path, OBJECT, 'page' );
		if ( $existing instanceof \WP_Post && 'trash' !== $existing->post_status ) {
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
