<?php
/**
 * The tester's API data in WordPress's personal-data export.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_Error;
use WP_User;

defined( 'ABSPATH' ) || exit;

/**
 * A personal-data exporter (Tools → Export Personal Data) for what the API holds about a tester: the profile of
 * GET /users/me?fields=all (with the custom fields named from GET /custom_user_fields), the fiscal profile of
 * GET /users/me/fiscal and the devices of GET /users/me/devices (one item each). WordPress calls it with the
 * request's email; the exporter speaks to the API server side with a short-lived bearer token minted for that
 * email's WordPress user, as the token refresh does.
 *
 * Values are handed over as WordPress's exporter protocol wants them: the report's cell is an HTML fragment that
 * WordPress only filters with wp_kses (a few inline tags allowed), while it escapes the field names itself. So
 * names go as plain text, and each value is the plain text with `<`, `>` and `&` escaped once: markup a tester
 * typed shows as text, and nothing is escaped twice.
 *
 * No WordPress user, or a user without a tester profile (the API's 403 saying so): no items. The API unreachable or failing:
 * an error, never an export that silently lacks the API's data. In the admin's export (admin-ajax) the error is sent
 * as the readable message WordPress's page shows under "An error occurred while attempting to export personal
 * data."; elsewhere the callback returns it as a WP_Error (the protocol's other accepted answer).
 */
final class Privacy_Export {

	/**
	 * Key of the exporter in `wp_privacy_personal_data_exporters`.
	 */
	public const EXPORTER = 'crowdscout-profile';

	/**
	 * Group ids of the export items.
	 */
	public const PROFILE_GROUP = 'crowdscout-profile';
	public const FISCAL_GROUP  = 'crowdscout-fiscal';
	public const DEVICES_GROUP = 'crowdscout-devices';

	/**
	 * Device types by the API's code (the spec's Device entity), as the keys of their labels.
	 */
	private const DEVICE_TYPES = array( 'smartphone', 'tablet', 'pc', 'console', 'smartwatch', 'smart-tv' );

	/**
	 * Seconds each API call may take.
	 */
	public const TIMEOUT = 10;

	/**
	 * The API's message for a token whose user has no tester profile (api/src/lib/auth.ts). Any other 403 (a token
	 * the API refuses: the secrets differ) is an error, not "nothing to export".
	 */
	public const NO_TESTER_MESSAGE = 'This account has no tester profile.';

	/**
	 * Token minting.
	 *
	 * @var Jwt
	 */
	private Jwt $jwt;

	/**
	 * Gives the API's server-side base URL (Settings::api_url()).
	 *
	 * @var callable(): string
	 */
	private $api_url;

	/**
	 * Constructor.
	 *
	 * @param Jwt      $jwt     Token minting.
	 * @param callable $api_url Gives the API's server-side base URL, e.g. "http://127.0.0.1:8082/api".
	 */
	public function __construct( Jwt $jwt, callable $api_url ) {
		$this->jwt     = $jwt;
		$this->api_url = $api_url;
	}

	/**
	 * Registers the exporter.
	 *
	 * @return void
	 */
	public function register(): void {
		add_filter( 'wp_privacy_personal_data_exporters', array( $this, 'register_exporter' ) );
	}

	/**
	 * `wp_privacy_personal_data_exporters`: adds ours.
	 *
	 * @param array<string, mixed> $exporters Exporters by key.
	 * @return array<string, mixed>
	 */
	public function register_exporter( $exporters ): array {
		$exporters                   = (array) $exporters;
		$exporters[ self::EXPORTER ] = array(
			'exporter_friendly_name' => 'Crowdscout profile',
			'callback'               => array( $this, 'callback' ),
		);
		return $exporters;
	}

	/**
	 * The exporter callback WordPress calls. One page holds everything.
	 *
	 * @param string $email_address The request's email.
	 * @param int    $page          Page, from 1.
	 * @return array{data: array<int, array<string, mixed>>, done: bool}|WP_Error
	 */
	public function callback( $email_address, $page = 1 ) {
		$result = $this->export( (string) $email_address );
		if ( is_wp_error( $result ) && wp_doing_ajax() && isset( $_REQUEST['action'] ) && 'wp-privacy-export-personal-data' === $_REQUEST['action'] ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- WordPress checked the nonce before calling exporters.
			// WordPress's page prints a WP_Error as "[object Object]"; a string it shows (as HTML, hence escaped).
			wp_send_json_error( esc_html( $result->get_error_message() ) );
		}
		return $result;
	}

	/**
	 * The export items of an email: none without a tester, an error when the API cannot be read.
	 *
	 * @param string $email_address The request's email.
	 * @return array{data: array<int, array<string, mixed>>, done: bool}|WP_Error
	 */
	public function export( string $email_address ) {
		$done = array(
			'data' => array(),
			'done' => true,
		);
		$user = get_user_by( 'email', $email_address );
		if ( ! $user instanceof WP_User ) {
			return $done;
		}
		$language = $this->language( $user );
		$minted   = $this->jwt->mint( $user );
		if ( null === $minted ) {
			return $this->failure( 'no shared secret configured' );
		}
		$token = $minted['token'];

		$me = $this->get( '/users/me?fields=all', $token );
		if ( is_wp_error( $me ) ) {
			return $this->failure( $me->get_error_message() );
		}
		if ( 403 === $me['status'] && is_array( $me['body'] ) && self::NO_TESTER_MESSAGE === ( $me['body']['message'] ?? null ) ) {
			return $done;
		}
		if ( 200 !== $me['status'] || ! is_array( $me['body'] ) ) {
			return $this->failure( 'GET /users/me: HTTP ' . $me['status'] );
		}

		$fiscal = $this->get( '/users/me/fiscal', $token );
		if ( is_wp_error( $fiscal ) ) {
			return $this->failure( $fiscal->get_error_message() );
		}
		if ( 404 !== $fiscal['status'] && ( 200 !== $fiscal['status'] || ! is_array( $fiscal['body'] ) ) ) {
			return $this->failure( 'GET /users/me/fiscal: HTTP ' . $fiscal['status'] );
		}

		// The API answers 404 for a tester without devices.
		$devices = $this->get( '/users/me/devices', $token );
		if ( is_wp_error( $devices ) ) {
			return $this->failure( $devices->get_error_message() );
		}
		if ( 404 !== $devices['status'] && ( 200 !== $devices['status'] || ! is_array( $devices['body'] ) ) ) {
			return $this->failure( 'GET /users/me/devices: HTTP ' . $devices['status'] );
		}

		$catalogue_names = array(
			'fields'  => array(),
			'options' => array(),
		);
		if ( ! empty( $me['body']['additional'] ) ) {
			$catalogue = $this->get( '/custom_user_fields', $token );
			if ( is_wp_error( $catalogue ) ) {
				return $this->failure( $catalogue->get_error_message() );
			}
			// Without the catalogue the values are still exported, under a generic name.
			if ( 200 === $catalogue['status'] && is_array( $catalogue['body'] ) ) {
				$catalogue_names = self::catalogue_names( $catalogue['body'], $language );
			}
		}

		$data   = array();
		$data[] = array(
			'group_id'    => self::PROFILE_GROUP,
			'group_label' => $this->label( 'group', $language ),
			'item_id'     => 'crowdscout-profile-' . (int) ( $me['body']['id'] ?? 0 ),
			'data'        => $this->profile_rows( $me['body'], $catalogue_names, $language ),
		);
		if ( 200 === $fiscal['status'] ) {
			$data[] = array(
				'group_id'    => self::FISCAL_GROUP,
				'group_label' => $this->label( 'fiscalGroup', $language ),
				'item_id'     => 'crowdscout-fiscal-' . (int) ( $me['body']['id'] ?? 0 ),
				'data'        => $this->fiscal_rows( $fiscal['body'], $language ),
			);
		}
		if ( 200 === $devices['status'] ) {
			foreach ( $devices['body'] as $device ) {
				$device = (array) $device;
				$data[] = array(
					'group_id'    => self::DEVICES_GROUP,
					'group_label' => $this->label( 'devicesGroup', $language ),
					'item_id'     => 'crowdscout-device-' . (int) ( $device['id'] ?? 0 ),
					'data'        => $this->device_rows( $device, $language ),
				);
			}
		}
		return array(
			'data' => $data,
			'done' => true,
		);
	}

	/**
	 * The rows of the profile group.
	 *
	 * @param array<string, mixed>                                                  $me       GET /users/me?fields=all.
	 * @param array{fields: array<int, string>, options: array<int, array<string, string>>} $names    Custom field and option names.
	 * @param string                                                                $language Two-letter language.
	 * @return array<int, array{name: string, value: string}>
	 */
	private function profile_rows( array $me, array $names, string $language ): array {
		$rows = array();
		$add  = function ( string $label, $value ) use ( &$rows, $language ): void {
			if ( null === $value || '' === $value || array() === $value ) {
				return;
			}
			$rows[] = array(
				'name'  => $this->label( $label, $language ),
				'value' => self::text( is_array( $value ) ? implode( 'certifications' === $label ? '; ' : ', ', $value ) : (string) $value ),
			);
		};
		$add( 'name', $me['name'] ?? null );
		$add( 'surname', $me['surname'] ?? null );
		$add( 'email', $me['email'] ?? null );
		if ( array_key_exists( 'email_confirmed', $me ) ) {
			$add( 'emailStatus', $this->label( $me['email_confirmed'] ? 'emailConfirmed' : 'emailNotConfirmed', $language ) );
		}
		$add( 'birthDate', $me['birthDate'] ?? null );
		$gender = $me['gender'] ?? null;
		$add( 'gender', is_string( $gender ) ? $this->gender( $gender, $language ) : null );
		$add( 'phone', $me['phone'] ?? null );
		$add( 'country', isset( $me['country'] ) && is_string( $me['country'] ) ? self::country( $me['country'], $language ) : null );
		$add( 'city', $me['city'] ?? null );
		$add( 'profession', $me['profession']['name'] ?? null );
		$add( 'education', $me['education']['name'] ?? null );
		$add(
			'languages',
			array_values( array_filter( array_map( static fn( $item ) => is_array( $item ) ? (string) ( $item['name'] ?? '' ) : '', (array) ( $me['languages'] ?? array() ) ) ) )
		);
		$add(
			'certifications',
			array_map(
				static function ( $item ): string {
					$item  = (array) $item;
					$parts = array_filter(
						array(
							(string) ( $item['name'] ?? '' ),
							(string) ( $item['institute'] ?? '' ),
							(string) ( $item['area'] ?? '' ),
							(string) ( $item['achievement_date'] ?? '' ),
						)
					);
					return implode( ', ', $parts );
				},
				(array) ( $me['certifications'] ?? array() )
			)
		);
		// Custom fields: one row per field, its values joined.
		$values = array();
		foreach ( (array) ( $me['additional'] ?? array() ) as $item ) {
			$item     = (array) $item;
			$field_id = (int) ( $item['field_id'] ?? 0 );
			$value    = (string) ( $item['value'] ?? '' );
			// An option's name in the export's language; the tester's own text as typed.
			$values[ $field_id ][] = empty( $item['is_candidate'] ) && isset( $names['options'][ $field_id ][ $value ] )
				? $names['options'][ $field_id ][ $value ]
				: (string) ( $item['text'] ?? $value );
		}
		foreach ( $values as $field_id => $texts ) {
			$texts = array_values( array_filter( $texts, static fn( string $text ): bool => '' !== $text ) );
			if ( array() === $texts ) {
				continue;
			}
			$rows[] = array(
				'name'  => $names['fields'][ $field_id ] ?? Strings::get( 'server.privacyExportCustomField', array( 'id' => $field_id ), $language ),
				'value' => self::text( implode( ', ', $texts ) ),
			);
		}
		return $rows;
	}

	/**
	 * The rows of the fiscal group.
	 *
	 * @param array<string, mixed> $fiscal   GET /users/me/fiscal.
	 * @param string               $language Two-letter language.
	 * @return array<int, array{name: string, value: string}>
	 */
	private function fiscal_rows( array $fiscal, string $language ): array {
		$rows = array();
		$add  = $this->row_adder( $rows, $language );
		$type = (string) ( $fiscal['type'] ?? '' );
		$add( 'fiscalType', '' === $type ? null : $this->choice( 'fiscalType', $type, $language ) );
		$add( 'fiscalId', $fiscal['fiscalId'] ?? null );
		$status = (string) ( $fiscal['fiscalStatus'] ?? '' );
		$add( 'fiscalStatus', '' === $status ? null : $this->choice( 'fiscalStatus', $status, $language ) );
		$add( 'name', $fiscal['name'] ?? null );
		$add( 'surname', $fiscal['surname'] ?? null );
		$add( 'birthDate', $fiscal['birthDate'] ?? null );
		$gender = $fiscal['gender'] ?? null;
		$add( 'gender', is_string( $gender ) ? $this->gender( $gender, $language ) : null );
		$birth = (array) ( $fiscal['birthPlace'] ?? array() );
		$add( 'birthPlace', self::join( array( $birth['city'] ?? null, $birth['province'] ?? null ) ) );
		$address = (array) ( $fiscal['address'] ?? array() );
		$street  = self::join( array( $address['street'] ?? null, $address['streetNumber'] ?? null ), ' ' );
		$country = isset( $address['country'] ) && is_string( $address['country'] ) ? self::country( $address['country'], $language ) : null;
		$add(
			'address',
			self::join( array( $street, self::join( array( $address['cityCode'] ?? null, $address['city'] ?? null ), ' ' ), $address['province'] ?? null, $country ) )
		);
		return $rows;
	}

	/**
	 * A function that adds a row (label key, value) to the rows, skipping empty values.
	 *
	 * @param array<int, array{name: string, value: string}> $rows     Rows, added to.
	 * @param string                                         $language Two-letter language.
	 * @return \Closure(string, mixed): void
	 */
	private function row_adder( array &$rows, string $language ): \Closure {
		return function ( string $label, $value ) use ( &$rows, $language ): void {
			if ( null === $value || '' === $value ) {
				return;
			}
			$rows[] = array(
				'name'  => $this->label( $label, $language ),
				'value' => self::text( (string) $value ),
			);
		};
	}

	/**
	 * The rows of one device: its type, its model (manufacturer and model, or a PC's type), its operating system
	 * with the version, and the date it was added.
	 *
	 * @param array<string, mixed> $device   A device of GET /users/me/devices.
	 * @param string               $language Two-letter language.
	 * @return array<int, array{name: string, value: string}>
	 */
	private function device_rows( array $device, string $language ): array {
		$rows = array();
		$add  = $this->row_adder( $rows, $language );
		$type = self::DEVICE_TYPES[ (int) ( $device['type'] ?? -1 ) ] ?? null;
		$add( 'deviceType', null === $type ? null : $this->choice( 'deviceType', $type, $language ) );
		$model = (array) ( $device['device'] ?? array() );
		if ( isset( $model['pc_type'] ) ) {
			$add( 'devicePcType', $model['pc_type'] );
		} else {
			$add( 'deviceModel', self::join( array( $model['manufacturer'] ?? null, $model['model'] ?? null ), ' ' ) );
		}
		$system = (array) ( $device['operating_system'] ?? array() );
		$add( 'deviceOperatingSystem', self::join( array( $system['platform'] ?? null, $system['version'] ?? null ), ' ' ) );
		$added = is_string( $device['added_on'] ?? null ) ? strtotime( $device['added_on'] ) : false;
		$add( 'deviceAddedOn', false === $added ? null : gmdate( 'Y-m-d', $added ) );
		return $rows;
	}

	/**
	 * GET on the API with the bearer token.
	 *
	 * @param string $path  Path and query, from the API base.
	 * @param string $token Bearer token.
	 * @return array{status: int, body: mixed}|WP_Error
	 */
	private function get( string $path, string $token ) {
		$base = untrailingslashit( (string) call_user_func( $this->api_url ) );
		if ( '' === $base ) {
			return new WP_Error( 'crowdscout_api_unset', 'no API URL' );
		}
		$response = wp_remote_get(
			$base . $path,
			array(
				'timeout'     => self::TIMEOUT,
				'redirection' => 0,
				'headers'     => array(
					'Authorization' => 'Bearer ' . $token,
					'Accept'        => 'application/json',
				),
			)
		);
		if ( is_wp_error( $response ) ) {
			return $response;
		}
		return array(
			'status' => (int) wp_remote_retrieve_response_code( $response ),
			'body'   => json_decode( (string) wp_remote_retrieve_body( $response ), true ),
		);
	}

	/**
	 * The error of an export that could not read the API, in the language of the admin who runs the export.
	 *
	 * @param string $detail What went wrong.
	 * @return WP_Error
	 */
	private function failure( string $detail ): WP_Error {
		$admin    = wp_get_current_user();
		$language = $admin->exists() ? $this->language( $admin ) : Locale::current();
		return new WP_Error(
			'crowdscout_export_failed',
			Strings::get( 'server.privacyExportFailed', array( 'detail' => $detail ), $language )
		);
	}

	/**
	 * The export's language: the user's own WordPress locale when it is one of ours, else the request's.
	 *
	 * @param WP_User $user User.
	 * @return string
	 */
	private function language( WP_User $user ): string {
		$language = strtolower( substr( (string) get_user_locale( $user ), 0, 2 ) );
		return Locale::is_supported( $language ) ? $language : Locale::current();
	}

	/**
	 * A label of the export.
	 *
	 * @param string $key      Key under server.privacyExport.
	 * @param string $language Two-letter language.
	 * @return string
	 */
	private function label( string $key, string $language ): string {
		return Strings::get( 'server.privacyExport' . ucfirst( $key ), array(), $language );
	}

	/**
	 * The label of an enumerated value; the value itself when there is none.
	 *
	 * @param string $list     Key prefix under server.privacyExport (the value follows in camel case).
	 * @param string $value    Value.
	 * @param string $language Two-letter language.
	 * @return string
	 */
	private function choice( string $list, string $value, string $language ): string {
		$key = 'server.privacyExport' . ucfirst( $list ) . str_replace( ' ', '', ucwords( str_replace( array( '-', '_' ), ' ', $value ) ) );
		return Strings::has( $key, $language ) || Strings::has( $key, Locale::FALLBACK ) ? Strings::get( $key, array(), $language ) : $value;
	}

	/**
	 * The label of a gender.
	 *
	 * @param string $gender   female, male, not-specified or other.
	 * @param string $language Two-letter language.
	 * @return string
	 */
	private function gender( string $gender, string $language ): string {
		return $this->choice( 'gender', $gender, $language );
	}

	/**
	 * A country's name in a language, followed by its code; the code alone without the intl extension.
	 *
	 * @param string $code     ISO 3166-1 alpha-2.
	 * @param string $language Two-letter language.
	 * @return string
	 */
	private static function country( string $code, string $language ): string {
		$code = strtoupper( trim( $code ) );
		if ( '' === $code || ! class_exists( '\Locale' ) ) {
			return $code;
		}
		$name = \Locale::getDisplayRegion( 'und-' . $code, $language );
		return is_string( $name ) && '' !== $name && $name !== $code ? $name . ' (' . $code . ')' : $code;
	}

	/**
	 * The custom fields' names by id, and their options' names by field and option id, in a language (Italian, the
	 * catalogue's own, when missing).
	 *
	 * @param array<int, mixed> $groups   GET /custom_user_fields.
	 * @param string            $language Two-letter language.
	 * @return array{fields: array<int, string>, options: array<int, array<string, string>>}
	 */
	private static function catalogue_names( array $groups, string $language ): array {
		$in_language = static function ( $text ) use ( $language ): string {
			if ( is_array( $text ) ) {
				$text = $text[ $language ] ?? $text['it'] ?? '';
			}
			return is_scalar( $text ) ? (string) $text : '';
		};
		$names = array(
			'fields'  => array(),
			'options' => array(),
		);
		foreach ( $groups as $group ) {
			foreach ( (array) ( ( (array) $group )['fields'] ?? array() ) as $field ) {
				$field    = (array) $field;
				$field_id = (int) ( $field['id'] ?? 0 );
				$name     = $in_language( $field['name'] ?? '' );
				if ( '' !== $name ) {
					$names['fields'][ $field_id ] = $name;
				}
				foreach ( (array) ( $field['options'] ?? array() ) as $option ) {
					$option = (array) $option;
					$name   = $in_language( $option['name'] ?? '' );
					if ( '' !== $name ) {
						$names['options'][ $field_id ][ (string) ( $option['id'] ?? '' ) ] = $name;
					}
				}
			}
		}
		return $names;
	}

	/**
	 * Joins the non-empty parts.
	 *
	 * @param array<int, mixed> $parts     Parts.
	 * @param string            $separator Separator.
	 * @return string|null Null when all are empty.
	 */
	private static function join( array $parts, string $separator = ', ' ): ?string {
		$parts = array_values(
			array_filter(
				array_map( static fn( $part ): string => is_scalar( $part ) ? trim( (string) $part ) : '', $parts ),
				static fn( string $part ): bool => '' !== $part
			)
		);
		return array() === $parts ? null : implode( $separator, $parts );
	}

	/**
	 * Plain text as the HTML fragment an export value is: `<`, `>` and `&` escaped, once. (WordPress's report allows
	 * no <br> there, so lists are joined with commas.)
	 *
	 * @param string $text Plain text.
	 * @return string
	 */
	public static function text( string $text ): string {
		return htmlspecialchars( $text, ENT_NOQUOTES | ENT_SUBSTITUTE, 'UTF-8' );
	}
}
