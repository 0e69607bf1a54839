<?php
/**
 * The Crowdscout API faked through WordPress's HTTP client, for the back-office screens' tests.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use WP_Error;

/**
 * Answers the plugin's calls to the API from `$answers` (keyed by the path and query after the API's base URL) and
 * records each call. Anything not listed answers 404 "Not found".
 */
trait Fakes_Api {

	/**
	 * Requests the fake API received: method, URL, headers and the decoded JSON body.
	 *
	 * @var array<int, array{method: string, url: string, headers: array<string, string>, body: mixed}>
	 */
	private array $calls = array();

	/**
	 * Answers of the fake API: URL path and query (after the base) → [status, body], or a WP_Error.
	 *
	 * @var array<string, array{0: int, 1: mixed}|WP_Error>
	 */
	private array $answers = array();

	/**
	 * The API's base URL as the plugin reaches it (CROWDSCOUT_API_URL when wp-config.php defines it).
	 *
	 * @var string
	 */
	private string $base = '';

	/**
	 * Starts answering the plugin's HTTP calls.
	 *
	 * @return void
	 */
	private function start_fake_api(): void {
		$this->base = $this->plugin()->settings()->api_url();
		add_filter( 'pre_http_request', array( $this, 'fake_api' ), 10, 3 );
	}

	/**
	 * Gives the HTTP client back.
	 *
	 * @return void
	 */
	private function stop_fake_api(): void {
		remove_filter( 'pre_http_request', array( $this, 'fake_api' ), 10 );
	}

	/**
	 * `pre_http_request`: records the call and answers from $this->answers (404 for anything else).
	 *
	 * @param mixed                $preempt Earlier answer.
	 * @param array<string, mixed> $args    Request arguments.
	 * @param string               $url     URL.
	 * @return array<string, mixed>|WP_Error
	 */
	public function fake_api( $preempt, $args, $url ) {
		$this->calls[] = array(
			'method'  => (string) $args['method'],
			'url'     => $url,
			'headers' => (array) $args['headers'],
			'body'    => is_string( $args['body'] ?? null ) ? json_decode( $args['body'], true ) : null,
		);
		$key    = substr( $url, strlen( $this->base ) );
		$answer = $this->answers[ $key ] ?? array(
			404,
			array(
				'status'  => 404,
				'error'   => 'Not Found',
				'message' => 'Not found',
			),
		);
		if ( $answer instanceof WP_Error ) {
			return $answer;
		}
		return array(
			'headers'  => array( 'content-type' => 'application/json' ),
			'body'     => (string) wp_json_encode( $answer[1] ),
			'response' => array(
				'code'    => $answer[0],
				'message' => '',
			),
			'cookies'  => array(),
			'filename' => null,
		);
	}

	/**
	 * The claims of the bearer token of a recorded call.
	 *
	 * @param int $index The call.
	 * @return array<string, mixed>
	 */
	private function claims_of_call( int $index ): array {
		return self::decode_jwt( substr( $this->calls[ $index ]['headers']['Authorization'], strlen( 'Bearer ' ) ) )['claims'];
	}
}
