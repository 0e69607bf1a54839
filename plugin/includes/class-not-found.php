<?php
/**
 * The product's 404 page.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * In block themes, a 404 is answered with the theme's header and footer around the product's own message, in
 * the request's language (the language prefix decides it, like on every other page), with a way back to the
 * dashboard. Classic themes keep their own 404 template. Filter `crowdscout_not_found_template` (bool) turns it off.
 */
final class Not_Found {

	/**
	 * Hooks the template choice.
	 *
	 * @return void
	 */
	public function register(): void {
		add_filter( 'template_include', array( $this, 'template' ), 20 );
		add_filter( 'document_title_parts', array( $this, 'title' ) );
	}

	/**
	 * The document title of a 404, in the request's language.
	 *
	 * @param array<string, string> $parts Title parts.
	 * @return array<string, string>
	 */
	public function title( $parts ): array {
		$parts = is_array( $parts ) ? $parts : array();
		if ( is_404() ) {
			$parts['title'] = Strings::get( 'notFound.title' );
		}
		return $parts;
	}

	/**
	 * Our template for a 404 in a block theme.
	 *
	 * @param string $template Template WordPress chose.
	 * @return string
	 */
	public function template( $template ): string {
		if ( ! is_404() || ! wp_is_block_theme() || ! apply_filters( 'crowdscout_not_found_template', true ) ) {
			return (string) $template;
		}
		return dirname( __DIR__ ) . '/templates/not-found.php';
	}

	/**
	 * The message block: title, sentence and the link to the dashboard of the request's language.
	 *
	 * @return string
	 */
	public static function message(): string {
		return sprintf(
			'<main id="wp--skip-link--target" class="crowdscout-not-found wp-block-group is-layout-constrained"><h1 class="wp-block-heading">%s</h1><p>%s</p><div class="wp-block-buttons"><div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="%s">%s</a></div></div></main>',
			esc_html( Strings::get( 'notFound.title' ) ),
			esc_html( Strings::get( 'notFound.message' ) ),
			esc_url( Routes::url( Routes::DASHBOARD ) ),
			esc_html( Strings::get( 'notFound.dashboard' ) )
		);
	}
}
