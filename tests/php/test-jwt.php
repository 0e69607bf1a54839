<?php
/**
 * Bearer tokens.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Jwt;
use Crowdscout\Keys;
use Crowdscout\Settings;

/**
 * Tokens minted by WordPress carry the contract's claims and verify with the derived JWT key.
 */
final class Jwt_Test extends Test_Case {

	/**
	 * The derived keys follow the contract and differ from each other.
	 */
	public function test_keys_are_derived_per_purpose_from_the_secret(): void {
		$keys = $this->plugin()->keys();

		$this->assertSame( hash_hmac( 'sha256', 'crowdscout:jwt', $this->secret(), true ), $keys->jwt_key() );
		$this->assertSame( hash_hmac( 'sha256', 'crowdscout:internal', $this->secret(), true ), $keys->channel_key() );
		$this->assertSame( 32, strlen( (string) $keys->jwt_key() ) );
		$this->assertNotSame( $keys->jwt_key(), $keys->channel_key() );
		$this->assertNotSame( $this->secret(), $keys->jwt_key() );
	}

	/**
	 * Claims: iss, aud, sub as a string, primary role, iat, exp = iat + 900.
	 */
	public function test_token_carries_the_contract_claims(): void {
		$user  = $this->create_user( 'tester' );
		$now   = 1700000000;
		$token = $this->plugin()->jwt()->mint( $user, $now );

		$this->assertIsArray( $token );
		$jwt = self::decode_jwt( $token['token'] );
		$this->assertSame(
			array(
				'alg' => 'HS256',
				'typ' => 'JWT',
			),
			$jwt['header']
		);
		$this->assertSame(
			array(
				'iss'  => 'crowdscout',
				'aud'  => 'crowdscout-api',
				'sub'  => (string) $user->ID,
				'role' => 'tester',
				'iat'  => $now,
				'exp'  => $now + 900,
			),
			$jwt['claims']
		);
		$this->assertSame( $now + 900, $token['expires_at'] );
	}

	/**
	 * The signature is HMAC-SHA256 of header.payload with the derived JWT key — not with the raw secret nor the
	 * channel key.
	 */
	public function test_signature_verifies_with_the_derived_jwt_key_only(): void {
		$token = $this->plugin()->jwt()->mint( $this->create_user( 'tester' ) );
		$this->assertIsArray( $token );
		$jwt = self::decode_jwt( $token['token'] );

		$jwt_key     = hash_hmac( 'sha256', 'crowdscout:jwt', $this->secret(), true );
		$channel_key = hash_hmac( 'sha256', 'crowdscout:internal', $this->secret(), true );
		$this->assertTrue( hash_equals( hash_hmac( 'sha256', $jwt['signing_input'], $jwt_key, true ), $jwt['signature'] ) );
		$this->assertFalse( hash_equals( hash_hmac( 'sha256', $jwt['signing_input'], $channel_key, true ), $jwt['signature'] ) );
		$this->assertFalse( hash_equals( hash_hmac( 'sha256', $jwt['signing_input'], $this->secret(), true ), $jwt['signature'] ) );
	}

	/**
	 * All three parts are base64url without padding.
	 */
	public function test_token_is_base64url_without_padding(): void {
		// Several display names and ids make "+", "/" and "=" likely in plain base64 of some part.
		for ( $i = 0; $i < 5; $i++ ) {
			$token = $this->plugin()->jwt()->mint( $this->create_user( 'tester_lead' ), 1700000000 + $i );
			$this->assertIsArray( $token );
			$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/', $token['token'] );
		}
		$this->assertSame( '-_8', Jwt::base64url_encode( "\xfb\xff" ) );
		$this->assertSame( 'YQ', Jwt::base64url_encode( 'a' ) );
	}

	/**
	 * The role claim is the first role, '' for a user without any.
	 */
	public function test_role_claim_is_the_primary_role_or_empty(): void {
		$lead = $this->create_user( 'tester_lead' );
		$lead->add_role( 'tester' );
		$this->assertSame( 'tester_lead', self::decode_jwt( $this->plugin()->jwt()->mint( $lead )['token'] )['claims']['role'] );

		$nobody = $this->create_user( '' );
		$nobody->set_role( '' );
		$this->assertSame( '', self::decode_jwt( $this->plugin()->jwt()->mint( $nobody )['token'] )['claims']['role'] );
	}

	/**
	 * No secret, no token.
	 */
	public function test_no_token_without_a_secret(): void {
		$user = $this->create_user( 'tester' );
		$jwt  = new Jwt( new Keys( static fn() => Settings::usable_secret( '' ) ) );
		$this->assertNull( $jwt->mint( $user ) );

		$jwt = new Jwt( new Keys( static fn() => Settings::usable_secret( str_repeat( 'x', 31 ) ) ) );
		$this->assertNull( $jwt->mint( $user ), 'A secret shorter than 32 characters is not used.' );

		$jwt = new Jwt( new Keys( static fn() => Settings::usable_secret( str_repeat( 'x', 32 ) ) ) );
		$this->assertIsArray( $jwt->mint( $user ), 'A 32-character secret is used.' );
	}

	/**
	 * Tokens are never minted for visitors.
	 */
	public function test_no_token_for_user_zero(): void {
		$this->assertNull( $this->plugin()->jwt()->mint( new \WP_User( 0 ) ) );
	}

	/**
	 * Keys::derive is the contract's HMAC.
	 */
	public function test_derive_matches_the_contract(): void {
		$this->assertSame( hash_hmac( 'sha256', 'crowdscout:jwt', 'k', true ), Keys::derive( 'k', Keys::JWT_PURPOSE ) );
	}
}
