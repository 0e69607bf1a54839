<?php
/**
 * WordPress's polyfills on widget pages.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Assets;

/**
 * A widget page prints React and WordPress's scripts without wp-polyfill and its two dependencies, and with the
 * test that writes them in for a browser that lacks what they fill.
 */
final class Polyfills_Test extends Test_Case {

	/**
	 * Fresh script registries.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		self::reset_scripts();
	}

	/**
	 * The footer scripts a widget page prints.
	 *
	 * @return string
	 */
	private function printed_scripts(): string {
		$this->plugin()->assets()->enqueue_runtime();
		wp_enqueue_script( 'wp-api-fetch' );
		wp_enqueue_script( 'react-dom' );
		ob_start();
		wp_print_scripts();
		return (string) ob_get_clean();
	}

	/**
	 * The three polyfills are no script tags of their own; the test writes them in, React and the rest still load.
	 */
	public function test_polyfills_load_only_where_a_browser_lacks_what_they_fill(): void {
		$html = $this->printed_scripts();

		// A script tag's id is its handle's; the test below writes the polyfills' tags as text.
		$this->assertStringNotContainsString( 'id="wp-polyfill-js"', $html );
		$this->assertStringNotContainsString( 'id="regenerator-runtime-js"', $html );
		$this->assertStringNotContainsString( 'id="wp-polyfill-inert-js"', $html );
		$this->assertStringContainsString( 'id="react-js"', $html );
		$this->assertStringContainsString( 'id="wp-api-fetch-js"', $html );

		$this->assertStringContainsString( "( 'inert' in HTMLElement.prototype ) || document.write( '<script src=\"", $html );
		$this->assertMatchesRegularExpression( "/\\( 'groupBy' in Object && [^)]*'canParse' in URL[^)]*\\) \\|\\| document\\.write\\( '<script src=\"[^\"]*regenerator-runtime\\.min\\.js/", $html );
		$this->assertMatchesRegularExpression( "/typeof structuredClone === 'function' \\) \\|\\| document\\.write\\( '<script src=\"[^\"]*wp-polyfill\\.min\\.js\\?ver=/", $html );
		// Written in before React, which needs them there.
		$this->assertLessThan( strpos( $html, 'react.min.js' ), strpos( $html, 'wp-polyfill.min.js' ) );
	}

	/**
	 * Where no widget renders, nothing changes.
	 */
	public function test_other_pages_keep_the_polyfills(): void {
		wp_enqueue_script( 'react' );
		ob_start();
		wp_print_scripts();
		$html = (string) ob_get_clean();

		$this->assertStringContainsString( 'id="wp-polyfill-js"', $html );
		$this->assertStringNotContainsString( 'document.write', $html );
		$this->assertFalse( wp_script_is( Assets::FRONTEND, 'enqueued' ) );
	}
}
