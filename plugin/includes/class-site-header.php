<?php
/**
 * The crowdscout/site-header block.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * The product's header (spec "Login": the home page header has a login button), rendered on the server in the
 * page's language, with no script: the product's name (and the site logo, when there is one) leading home, the
 * login button for visitors, and the language switch to the same page in every language. A logged-in tester's
 * menu is the shell's sidebar, so the header repeats none of it. Filter `crowdscout_header_login_button` (bool)
 * turns the login button off.
 */
final class Site_Header {

	public const WIDGET = 'site-header';

	/**
	 * Each language by its own name.
	 */
	public const LANGUAGE_NAMES = array(
		'en' => 'English',
		'it' => 'Italiano',
		'es' => 'Español',
		'fr' => 'Français',
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
		// The bar inside the wrapper holds the layout, so the editor's own wrapper, which carries the block's class
		// too, does not take it.
		return '<div ' . Site_Chrome::wrapper_attributes( self::WIDGET ) . '><div class="' . esc_attr( $block ) . '__bar">'
			. self::home( $block )
			. self::login( $block )
			. self::languages( $block )
			. '</div></div>';
	}

	/**
	 * URL of the page being shown in a language (translated slugs and the query string kept): "fr/universite-de-test"
	 * in Italian → ".../it/testing-school/".
	 *
	 * @param string $language Two-letter language.
	 * @return string
	 */
	public static function url_in( string $language ): string {
		// A missing page is missing in every language: each language's home stands in for it.
		if ( is_404() ) {
			return Routes::url( '', $language );
		}
		list( $prefix, $rest ) = Locale::split_path( Site_Chrome::current_path() );
		$route                 = $rest;
		if ( null !== $prefix ) {
			foreach ( Pages::definitions() as $name => $page ) {
				if ( ( $page['slugs'][ $prefix ] ?? null ) === $rest ) {
					$route = $name;
					break;
				}
			}
		}
		$query = Site_Chrome::current_query();
		return Routes::url( $route, $language ) . ( '' !== $query ? '?' . $query : '' );
	}

	/**
	 * The product's name leading home, in the page's language.
	 *
	 * @param string $block Block class.
	 * @return string
	 */
	private static function home( string $block ): string {
		$logo_id = (int) get_theme_mod( 'custom_logo' );
		$logo    = $logo_id > 0 ? wp_get_attachment_image(
			$logo_id,
			'thumbnail',
			false,
			array(
				'class' => $block . '__logo',
				'alt'   => '',
			)
		) : '';
		return sprintf(
			'<a class="%1$s__home" href="%2$s" rel="home">%3$s<span class="%1$s__name">%4$s</span></a>',
			esc_attr( $block ),
			esc_url( Routes::url( '' ) ),
			$logo,
			esc_html( Plugin::instance()->settings()->product_name() )
		);
	}

	/**
	 * The login button of a visitor: to the login page of the page's language, back here afterwards.
	 *
	 * @param string $block Block class.
	 * @return string
	 */
	private static function login( string $block ): string {
		if ( is_user_logged_in() || ! apply_filters( 'crowdscout_header_login_button', true ) ) {
			return '';
		}
		$login = Routes::url( Routes::LOGIN );
		$here  = Page_Config::current_url();
		if ( ! str_ends_with( '/' . Site_Chrome::current_path(), '/' . Routes::LOGIN ) ) {
			$login = add_query_arg( 'redirectTo', rawurlencode( $here ), $login );
		}
		return sprintf(
			'<a class="%s__login wp-element-button" href="%s"%s>%s</a>',
			esc_attr( $block ),
			esc_url( $login ),
			Site_Chrome::aria_current( $login ),
			esc_html( Strings::get( 'siteHeader.logIn' ) )
		);
	}

	/**
	 * The language switch: the same page in each language, each named in its own language.
	 *
	 * @param string $block Block class.
	 * @return string
	 */
	private static function languages( string $block ): string {
		$current = Locale::current();
		$items   = '';
		foreach ( Locale::SUPPORTED as $language ) {
			$items .= sprintf(
				'<li><a class="%1$s__language" href="%2$s" hreflang="%3$s" lang="%3$s"%4$s>%5$s</a></li>',
				esc_attr( $block ),
				esc_url( self::url_in( $language ) ),
				esc_attr( $language ),
				$language === $current ? ' aria-current="page"' : '',
				esc_html( self::LANGUAGE_NAMES[ $language ] )
			);
		}
		return sprintf(
			'<nav class="%1$s__languages" aria-label="%2$s"><ul class="%1$s__language-list">%3$s</ul></nav>',
			esc_attr( $block ),
			esc_attr( Strings::get( 'siteHeader.languages' ) ),
			$items
		);
	}
}
