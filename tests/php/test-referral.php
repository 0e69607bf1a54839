<?php
/**
 * The referral a visitor arrived with.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Referral;

/**
 * Referral ids are sanitised, taken from the query string before the cookie, and reach the page configuration.
 */
final class Referral_Test extends Test_Case {

	/**
	 * Clears the query string and cookies the tests set.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		unset( $_GET[ Referral::PARAMETER ], $_COOKIE[ Referral::COOKIE ] );
		parent::tearDown();
	}

	/**
	 * Letters, digits, dashes and underscores, at most 64 of them.
	 */
	public function test_sanitize(): void {
		$this->assertSame( 'Abc-123_x', Referral::sanitize( 'Abc-123_x' ) );
		$this->assertSame( 'abcscriptalert1script', Referral::sanitize( 'abc<script>alert(1)</script>' ) );
		$this->assertSame( 'ab', Referral::sanitize( "a b\n\"'" ) );
		$this->assertSame( 'caf', Referral::sanitize( 'café' ) );
		$this->assertSame( str_repeat( 'x', 64 ), Referral::sanitize( str_repeat( 'x', 80 ) ) );
		$this->assertSame( '', Referral::sanitize( '%$#' ) );
		$this->assertSame( '', Referral::sanitize( array( 'abc' ) ) );
		$this->assertSame( '', Referral::sanitize( null ) );
	}

	/**
	 * The query string wins over the cookie; nothing gives null.
	 */
	public function test_current_prefers_the_query_string(): void {
		$referral = $this->plugin()->referral();
		$this->assertNull( $referral->current() );

		$_COOKIE[ Referral::COOKIE ] = 'from-cookie!';
		$this->assertSame( 'from-cookie', $referral->current() );

		$_GET[ Referral::PARAMETER ] = wp_slash( 'from"query' );
		$this->assertSame( 'fromquery', $referral->current() );

		$_GET[ Referral::PARAMETER ] = array( 'x' );
		$this->assertSame( 'from-cookie', $referral->current(), 'A malformed parameter counts as none.' );

		$_COOKIE[ Referral::COOKIE ] = '<>';
		$this->assertNull( $referral->current() );
	}

	/**
	 * The page configuration carries it.
	 */
	public function test_page_configuration_carries_the_referral(): void {
		$_GET[ Referral::PARAMETER ] = 'tester-42';
		$this->assertSame( 'tester-42', $this->plugin()->page_config()->build()['referral'] );
	}
}
