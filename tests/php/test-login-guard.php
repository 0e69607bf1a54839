<?php
/**
 * The login guard's neighbours: XML-RPC off by default, login names kept out of public answers, testers kept out
 * of wp-admin.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Admin_Access;
use Crowdscout\Roles;
use WP_REST_Request;

/**
 * XML-RPC authentication follows the setting; the REST users endpoints exist only for those who can list users
 * or write posts; oEmbed answers carry no author; author links lead home; testers (not leads, not editors) are
 * kept out of wp-admin.
 */
final class Login_Guard_Test extends Test_Case {

	/**
	 * XML-RPC cannot authenticate unless the setting turns it on.
	 */
	public function test_xmlrpc_is_off_unless_turned_on(): void {
		if ( defined( 'CROWDSCOUT_XMLRPC_ENABLED' ) ) {
			$this->markTestSkipped( 'wp-config.php decides.' );
		}
		$this->assertFalse( apply_filters( 'xmlrpc_enabled', true ) );
		$this->set_settings( array( 'xmlrpc_enabled' => true ) );
		$this->assertTrue( apply_filters( 'xmlrpc_enabled', true ) );
		$this->assertTrue( $this->plugin()->settings()->sanitize( array( 'xmlrpc_enabled' => '1' ) )['xmlrpc_enabled'] );
		$this->assertFalse( $this->plugin()->settings()->sanitize( array() )['xmlrpc_enabled'] );
	}

	/**
	 * Visitors and testers get no users endpoint (nor a user by id); administrators and editors do; /users/me stays.
	 */
	public function test_users_endpoints_need_list_users(): void {
		$admin  = $this->create_user( 'administrator' );
		$tester = $this->create_user( Roles::TESTER );
		foreach ( array( 0, $tester->ID ) as $user_id ) {
			wp_set_current_user( $user_id );
			$this->assertSame( 404, rest_do_request( new WP_REST_Request( 'GET', '/wp/v2/users' ) )->get_status() );
			$this->assertSame( 404, rest_do_request( new WP_REST_Request( 'GET', '/wp/v2/users/' . $admin->ID ) )->get_status() );
		}
		$this->assertSame( 200, rest_do_request( new WP_REST_Request( 'GET', '/wp/v2/users/me' ) )->get_status() );

		wp_set_current_user( $admin->ID );
		$listing = rest_do_request( new WP_REST_Request( 'GET', '/wp/v2/users' ) );
		$this->assertSame( 200, $listing->get_status() );

		// The block editor's author picker keeps working for those who write content.
		wp_set_current_user( $this->create_user( 'editor' )->ID );
		$this->assertSame( 200, rest_do_request( new WP_REST_Request( 'GET', '/wp/v2/users' ) )->get_status() );
	}

	/**
	 * No author in oEmbed answers; author links lead home for whoever cannot list users.
	 */
	public function test_oembed_and_author_links_name_no_one(): void {
		$admin = $this->create_user( 'administrator' );
		$this->assertNotFalse( has_filter( 'oembed_response_data', array( $this->plugin()->user_privacy(), 'filter_oembed' ) ) );
		$data = $this->plugin()->user_privacy()->filter_oembed(
			array(
				'author_name' => $admin->user_login,
				'author_url'  => 'https://example.org/author/' . $admin->user_login . '/',
				'title'       => 'Page',
			)
		);
		$this->assertSame( array( 'title' => 'Page' ), $data );
		$this->assertSame( home_url( '/' ), get_author_posts_url( $admin->ID ) );
		wp_set_current_user( $admin->ID );
		$this->assertStringContainsString( 'author', get_author_posts_url( $admin->ID ) );
	}

	/**
	 * Testers are kept out of wp-admin; leads, editors and administrators are not.
	 */
	public function test_who_is_kept_out_of_wp_admin(): void {
		$this->assertTrue( Admin_Access::is_kept_out( $this->create_user( Roles::TESTER )->ID ) );
		$this->assertTrue( Admin_Access::is_kept_out( $this->create_user( 'subscriber' )->ID ) );
		$this->assertFalse( Admin_Access::is_kept_out( $this->create_user( Roles::LEAD )->ID ) );
		$this->assertFalse( Admin_Access::is_kept_out( $this->create_user( 'editor' )->ID ) );
		$this->assertFalse( Admin_Access::is_kept_out( $this->create_user( 'administrator' )->ID ) );
		$this->assertFalse( Admin_Access::is_kept_out( 0 ) );
	}
}
