<?php
/**
 * Identity operations on WordPress users.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_Error;
use WP_Session_Tokens;
use WP_User;

defined( 'ABSPATH' ) || exit;

/**
 * Creates users, checks and changes passwords, emails and names, deletes users — WordPress owns identity. Errors are
 * WP_Error objects whose code and status are those of docs/contracts.md.
 *
 * Passwords are hashed and checked in their slashed form (`wp_slash()`), exactly as wp-login.php and the profile
 * screen do with `$_POST`, so a password set here works at wp-login.php even when it contains quotes or
 * backslashes, and the other way round.
 */
final class Users {

	public const MIN_PASSWORD_LENGTH = 6;
	public const MAX_NAME_LENGTH     = 100;
	public const MAX_EMAIL_LENGTH    = 100;

	/**
	 * Creates a tester.
	 *
	 * @param array<string, mixed> $data email, password, name, surname.
	 * @return WP_User|WP_Error
	 */
	public function create( array $data ) {
		$email    = trim( self::string_field( $data, 'email' ) );
		// wp_authenticate() trims the password of every login, so a password is set as it will be checked.
		$password = trim( self::string_field( $data, 'password' ) );
		// The API sends names it normalised (api/src/features/users/person-name.ts) so that this and WordPress's own
		// name filters keep them as they are: both stores hold the same string.
		$name     = sanitize_text_field( self::string_field( $data, 'name' ) );
		$surname  = sanitize_text_field( self::string_field( $data, 'surname' ) );

		$problem = self::email_problem( $email )
			?? self::password_problem( $password )
			?? self::name_problem( $name, __( 'Name', 'crowdscout' ) )
			?? self::name_problem( $surname, __( 'Surname', 'crowdscout' ) );
		if ( null !== $problem ) {
			return self::invalid_input( $problem );
		}
		if ( email_exists( $email ) ) {
			return self::email_exists();
		}

		Roles::ensure();
		$user_id = 0;
		// A concurrent sign-up can take the derived login between the check and the insert: try the next one.
		for ( $attempt = 0; $attempt < 3; $attempt++ ) {
			$user_id = wp_insert_user(
				wp_slash(
					array(
						'user_login'   => self::unique_login( $email ),
						'user_email'   => $email,
						'user_pass'    => $password,
						'first_name'   => $name,
						'last_name'    => $surname,
						'display_name' => trim( $name . ' ' . $surname ),
						'nickname'     => $name,
						'role'         => Roles::TESTER,
					)
				)
			);
			if ( ! is_wp_error( $user_id ) || 'existing_user_login' !== $user_id->get_error_code() ) {
				break;
			}
		}
		if ( is_wp_error( $user_id ) ) {
			if ( 'existing_user_email' === $user_id->get_error_code() ) {
				return self::email_exists();
			}
			return self::invalid_input( $user_id->get_error_message() );
		}
		return new WP_User( $user_id );
	}

	/**
	 * Changes a password after checking the current one. Existing sessions end.
	 *
	 * @param int    $user_id      User id.
	 * @param string $old_password Current password.
	 * @param string $password     New password.
	 * @return bool|WP_Error True on success.
	 */
	public function change_password( int $user_id, string $old_password, string $password ) {
		$user = $this->find( $user_id );
		if ( null === $user ) {
			return self::not_found();
		}
		if ( '' === $old_password || ! wp_check_password( wp_slash( $old_password ), $user->user_pass, $user->ID ) ) {
			return new WP_Error( 'wrong_password', __( 'Your current password is not correct', 'crowdscout' ), array( 'status' => 417 ) );
		}
		$password = trim( $password );
		$problem  = self::password_problem( $password );
		if ( null !== $problem ) {
			return self::invalid_input( $problem );
		}
		wp_set_password( wp_slash( $password ), $user->ID );
		WP_Session_Tokens::get_instance( $user->ID )->destroy_all();
		return true;
	}

	/**
	 * Changes an email address; no notification mail is sent (the product tells the user itself).
	 *
	 * @param int    $user_id User id.
	 * @param string $email   New email.
	 * @return bool|WP_Error True on success.
	 */
	public function change_email( int $user_id, string $email ) {
		$user = $this->find( $user_id );
		if ( null === $user ) {
			return self::not_found();
		}
		$email   = trim( $email );
		$problem = self::email_problem( $email );
		if ( null !== $problem ) {
			return self::invalid_input( $problem );
		}
		$owner = email_exists( $email );
		if ( false !== $owner && (int) $owner !== $user->ID ) {
			return self::email_exists();
		}
		if ( $user->user_email === $email ) {
			return true;
		}

		add_filter( 'send_email_change_email', '__return_false', PHP_INT_MAX );
		$result = wp_update_user(
			wp_slash(
				array(
					'ID'         => $user->ID,
					'user_email' => $email,
				)
			)
		);
		remove_filter( 'send_email_change_email', '__return_false', PHP_INT_MAX );

		if ( is_wp_error( $result ) ) {
			return 'existing_user_email' === $result->get_error_code() ? self::email_exists() : self::invalid_input( $result->get_error_message() );
		}
		return true;
	}

	/**
	 * Changes the names WordPress keeps of a user: first name, last name and the display name made of them, as
	 * create() sets them. The nickname, which the user may have changed in wp-admin, is left alone.
	 *
	 * @param int    $user_id User id.
	 * @param string $name    First name.
	 * @param string $surname Last name.
	 * @return bool|WP_Error True on success.
	 */
	public function change_names( int $user_id, string $name, string $surname ) {
		$user = $this->find( $user_id );
		if ( null === $user ) {
			return self::not_found();
		}
		// The API sends names it normalised (api/src/features/users/person-name.ts), which this keeps as they are.
		$name    = sanitize_text_field( $name );
		$surname = sanitize_text_field( $surname );
		$problem = self::name_problem( $name, __( 'Name', 'crowdscout' ) )
			?? self::name_problem( $surname, __( 'Surname', 'crowdscout' ) );
		if ( null !== $problem ) {
			return self::invalid_input( $problem );
		}
		$result = wp_update_user(
			wp_slash(
				array(
					'ID'           => $user->ID,
					'first_name'   => $name,
					'last_name'    => $surname,
					'display_name' => trim( $name . ' ' . $surname ),
				)
			)
		);
		return is_wp_error( $result ) ? self::invalid_input( $result->get_error_message() ) : true;
	}

	/**
	 * Deletes a user and their content. Administrators cannot be deleted through the product.
	 *
	 * @param int $user_id User id.
	 * @return bool|WP_Error True on success.
	 */
	public function delete( int $user_id ) {
		$user = $this->find( $user_id );
		if ( null === $user ) {
			return self::not_found();
		}
		if ( user_can( $user, 'manage_options' ) || ( is_multisite() && is_super_admin( $user->ID ) ) ) {
			return new WP_Error( 'protected_user', __( 'This account can only be deleted from wp-admin.', 'crowdscout' ), array( 'status' => 403 ) );
		}
		require_once ABSPATH . 'wp-admin/includes/user.php';
		if ( is_multisite() ) {
			require_once ABSPATH . 'wp-admin/includes/ms.php';
			$deleted = wpmu_delete_user( $user->ID );
		} else {
			$deleted = wp_delete_user( $user->ID );
		}
		return $deleted ? true : new WP_Error( 'delete_failed', __( 'The user could not be deleted.', 'crowdscout' ), array( 'status' => 500 ) );
	}

	/**
	 * Finds a user by id.
	 *
	 * @param int $user_id User id.
	 * @return WP_User|null
	 */
	public function find( int $user_id ): ?WP_User {
		$user = $user_id > 0 ? get_userdata( $user_id ) : false;
		return $user instanceof WP_User ? $user : null;
	}

	/**
	 * Users with a role, by id from `$after_id` up, at most `$limit`: a page that later users and deletions do not
	 * shift.
	 *
	 * @param string $role     Role.
	 * @param int    $after_id Only ids above this one.
	 * @param int    $limit    Page size.
	 * @return WP_User[]
	 */
	public function with_role( string $role, int $after_id, int $limit ): array {
		global $wpdb;
		// How WP_User_Query matches a role (the serialised capabilities of this site), with the id bound it lacks.
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- a keyset page, read once.
		$ids = $wpdb->get_col(
			$wpdb->prepare(
				"SELECT u.ID FROM {$wpdb->users} u INNER JOIN {$wpdb->usermeta} m ON m.user_id = u.ID AND m.meta_key = %s
				WHERE u.ID > %d AND m.meta_value LIKE %s ORDER BY u.ID LIMIT %d",
				$wpdb->get_blog_prefix() . 'capabilities',
				$after_id,
				'%' . $wpdb->esc_like( '"' . $role . '"' ) . '%',
				$limit
			)
		);
		$ids = array_map( 'intval', $ids );
		cache_users( $ids );
		$users = array();
		foreach ( $ids as $id ) {
			$user = $this->find( $id );
			if ( null !== $user && in_array( $role, (array) $user->roles, true ) ) {
				$users[] = $user;
			}
		}
		return $users;
	}

	/**
	 * A user as the list route answers it: id, email, names as plain text (WordPress stores them HTML-escaped), roles.
	 *
	 * @param WP_User $user User.
	 * @return array{id: int, email: string, name: string, surname: string, roles: string[]}
	 */
	public static function listing( WP_User $user ): array {
		$name = '' !== $user->first_name || '' !== $user->last_name ? $user->first_name : $user->display_name;
		return array(
			'id'      => $user->ID,
			'email'   => $user->user_email,
			'name'    => wp_specialchars_decode( (string) $name ),
			'surname' => wp_specialchars_decode( (string) $user->last_name ),
			'roles'   => array_values( (array) $user->roles ),
		);
	}

	/**
	 * Public summary of a user: id, username, email, role.
	 *
	 * @param WP_User $user User.
	 * @return array{id: int, username: string, email: string, role: string}
	 */
	public static function summary( WP_User $user ): array {
		return array(
			'id'       => $user->ID,
			'username' => $user->user_login,
			'email'    => $user->user_email,
			'role'     => Jwt::primary_role( $user ),
		);
	}

	/**
	 * What is wrong with a password under the product's rules (spec, section 5), or null when it is fine.
	 *
	 * @param string $password Password.
	 * @return string|null
	 */
	public static function password_problem( string $password ): ?string {
		if ( '' === $password ) {
			return __( 'Password is a required field', 'crowdscout' );
		}
		if ( mb_strlen( $password ) < self::MIN_PASSWORD_LENGTH ) {
			return __( 'Password must be at least 6 character long', 'crowdscout' );
		}
		if ( ! preg_match( '/\d/', $password ) ) {
			return __( 'Password must contain at least a number', 'crowdscout' );
		}
		if ( ! preg_match( '/\p{Lu}/u', $password ) ) {
			return __( 'Password must contain at least an uppercase letter', 'crowdscout' );
		}
		if ( ! preg_match( '/\p{Ll}/u', $password ) ) {
			return __( 'Password must contain at least a lowercase letter', 'crowdscout' );
		}
		return null;
	}

	/**
	 * What is wrong with an email address, or null when it is fine.
	 *
	 * @param string $email Email.
	 * @return string|null
	 */
	private static function email_problem( string $email ): ?string {
		if ( '' === trim( $email ) ) {
			return __( 'Email is required', 'crowdscout' );
		}
		if ( strlen( $email ) > self::MAX_EMAIL_LENGTH || ! is_email( $email ) || sanitize_email( $email ) !== $email ) {
			return __( 'Email must be a valid email', 'crowdscout' );
		}
		return null;
	}

	/**
	 * What is wrong with a name, or null when it is fine.
	 *
	 * @param string $value Sanitised name.
	 * @param string $label Field label.
	 * @return string|null
	 */
	private static function name_problem( string $value, string $label ): ?string {
		if ( '' === $value ) {
			/* translators: %s: field label. */
			return sprintf( __( '%s is a required field', 'crowdscout' ), $label );
		}
		if ( mb_strlen( $value ) > self::MAX_NAME_LENGTH ) {
			/* translators: 1: field label, 2: maximum length. */
			return sprintf( __( '%1$s must be at most %2$d characters long', 'crowdscout' ), $label, self::MAX_NAME_LENGTH );
		}
		return null;
	}

	/**
	 * A free login derived from the email's local part: "dana.demo", then "dana.demo2", "dana.demo3"…
	 *
	 * @param string $email Email.
	 * @return string
	 */
	private static function unique_login( string $email ): string {
		$base = sanitize_user( strtolower( (string) strstr( $email, '@', true ) ), true );
		$base = substr( trim( $base ), 0, 50 );
		if ( '' === $base ) {
			$base = 'tester';
		}
		$illegal = array_map( 'strtolower', (array) apply_filters( 'illegal_user_logins', array() ) );
		$login   = $base;
		for ( $suffix = 2; username_exists( $login ) || in_array( $login, $illegal, true ); $suffix++ ) {
			$login = $base . $suffix;
		}
		return $login;
	}

	/**
	 * A string field of a decoded body ('' when absent or not a string).
	 *
	 * @param array<string, mixed> $data Body.
	 * @param string               $key  Field.
	 * @return string
	 */
	private static function string_field( array $data, string $key ): string {
		return isset( $data[ $key ] ) && is_string( $data[ $key ] ) ? $data[ $key ] : '';
	}

	/**
	 * 400 invalid_input.
	 *
	 * @param string $message What is wrong.
	 * @return WP_Error
	 */
	private static function invalid_input( string $message ): WP_Error {
		return new WP_Error( 'invalid_input', $message, array( 'status' => 400 ) );
	}

	/**
	 * 409 email_exists.
	 *
	 * @return WP_Error
	 */
	private static function email_exists(): WP_Error {
		return new WP_Error( 'email_exists', __( 'Email already registered', 'crowdscout' ), array( 'status' => 409 ) );
	}

	/**
	 * 404 user_not_found.
	 *
	 * @return WP_Error
	 */
	private static function not_found(): WP_Error {
		return new WP_Error( 'user_not_found', __( 'No such user.', 'crowdscout' ), array( 'status' => 404 ) );
	}
}
