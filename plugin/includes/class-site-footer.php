<?php
/**
 * The crowdscout/site-footer block.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * The product's footer, rendered on the server in the page's language, with no script: the legal pages and the
 * FAQ (the spec's fixed link paths, in the page's language), and the copyright line.
 */
final class Site_Footer {

	public const WIDGET = 'site-footer';

	/**
	 * The links: route → catalogue key of its label.
	 */
	public const LINKS = array(
		'terms-and-conditions' => 'siteFooter.terms',
		'privacy-policy'       => 'siteFooter.privacy',
		'ethical-code'         => 'siteFooter.ethicalCode',
		'faq'                  => 'siteFooter.faq',
	);

	/**
	 * Render callback of the block.
	 *
	 * @param array<string, mixed> $attributes Block attributes (none).
	 * @param string               $content    Inner content (none).
	 * @return string
	 */
	public static function render( $attributes = array(), $content = '' ): string {
		unset( $attributes, $content );
		$block = 'wp-block-crowdscout-' . self::WIDGET;
		$items = '';
		foreach ( self::LINKS as $route => $key ) {
			$url    = Routes::url( $route );
			$items .= sprintf(
				'<li><a class="%s__link" href="%s"%s>%s</a></li>',
				esc_attr( $block ),
				esc_url( $url ),
				Site_Chrome::aria_current( $url ),
				esc_html( Strings::get( $key ) )
			);
		}
		return sprintf(
			'<div %2$s><div class="%1$s__bar"><nav class="%1$s__nav" aria-label="%3$s"><ul class="%1$s__links">%4$s</ul></nav><p class="%1$s__copyright">%5$s</p></div></div>',
			esc_attr( $block ),
			Site_Chrome::wrapper_attributes( self::WIDGET ),
			esc_attr( Strings::get( 'siteFooter.navLabel' ) ),
			$items,
			esc_html(
				Strings::get(
					'siteFooter.copyright',
					array(
						'year'    => wp_date( 'Y' ),
						'product' => Plugin::instance()->settings()->product_name(),
					)
				)
			)
		);
	}
}
