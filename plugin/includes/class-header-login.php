<?php
/**
 * The login button of the site header.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Adds a "Log in" button after the first navigation block of a visitor's page — in block themes, the header's
 * (spec "Login": the home page header has a login button). It leads to the login page of the page's language
 * with the current address as `redirectTo`. Logged-in users have the shell instead. Filter
 * `crowdscout_header_login_button` (bool) turns it off.
 */
final class Header_Login {

	/**
	 * Whether the button was added on this request (only the first navigation gets it).
	 *
	 * @var bool
	 */
	private bool $added = false;

	/**
	 * Hooks the navigation block's output.
	 *
	 * @return void
	 */
	public function register(): void {
		add_filter( 'render_block_core/navigation', array( $this, 'append' ) );
	}

	/**
	 * Appends the button to the first navigation a visitor's page renders.
	 *
	 * @param string $html The navigation's markup.
	 * @return string
	 */
	public function append( $html ): string {
		$html = (string) $html;
		if ( $this->added || is_admin() || is_user_logged_in() || ! apply_filters( 'crowdscout_header_login_button', true ) ) {
			return $html;
		}
		$this->added = true;
		return $html . $this->button();
	}

	/**
	 * The button markup (core button classes, so it takes the theme's button style).
	 *
	 * @return string
	 */
	public function button(): string {
		$login = Routes::url( Routes::LOGIN );
		$here  = Page_Config::current_url();
		if ( ! str_ends_with( untrailingslashit( (string) wp_parse_url( $here, PHP_URL_PATH ) ), '/login' ) ) {
			$login = add_query_arg( 'redirectTo', rawurlencode( $here ), $login );
		}
		return sprintf(
			'<div class="wp-block-buttons crowdscout-header-login"><div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="%s">%s</a></div></div>',
			esc_url( $login ),
			esc_html( Strings::get( 'header.logIn' ) )
		);
	}
}
