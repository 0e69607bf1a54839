<?php
/**
 * The payment mails, their internal route, and the language they are written in.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Money;
use Crowdscout\Strings;
use Crowdscout\User_Language;
use WP_REST_Request;
use WP_REST_Response;

/**
 * `POST /internal/users/{id}/payment-mail {event, payment, gross, net, currency, method, paidDate}` → 202
 * {sent: true} and one mail in the language the tester last read the site in.
 */
final class Payment_Email_Test extends Test_Case {

	/**
	 * Emails handed to wp_mail.
	 *
	 * @var array<int, array<string, mixed>>
	 */
	private array $mails = array();

	/**
	 * What the capture answers wp_mail (false: the mail could not be handed over).
	 *
	 * @var bool
	 */
	private bool $mail_accepted = true;

	/**
	 * The request URI before the test.
	 *
	 * @var string|null
	 */
	private ?string $request_uri = null;

	/**
	 * Reads the repository's catalogues and captures mail instead of sending it.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		Strings::use_directory( dirname( __DIR__, 2 ) . '/languages' );
		add_filter( 'pre_wp_mail', array( $this, 'capture' ), 99, 2 );
		$this->request_uri = isset( $_SERVER['REQUEST_URI'] ) ? (string) $_SERVER['REQUEST_URI'] : null; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
	}

	/**
	 * Stops capturing and restores the catalogues and the request URI.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		remove_filter( 'pre_wp_mail', array( $this, 'capture' ), 99 );
		Strings::use_directory( null );
		$_SERVER['REQUEST_URI'] = $this->request_uri;
		parent::tearDown();
	}

	/**
	 * `pre_wp_mail`: records the mail and answers as configured.
	 *
	 * @param mixed                $short_circuit Earlier answer.
	 * @param array<string, mixed> $atts          Mail.
	 * @return bool
	 */
	public function capture( $short_circuit, $atts ): bool {
		$this->mails[] = $atts;
		return $this->mail_accepted;
	}

	/**
	 * Received, in Italian (the tester's last language): amounts with two decimals and the euro sign in the Italian
	 * style, the method, the link to the Italian payments page.
	 */
	public function test_received_mail_in_the_testers_last_language(): void {
		$user = $this->create_user( 'tester', array( 'first_name' => 'Giulia' ) );
		User_Language::record( $user->ID, 'it' );

		$response = $this->send( $user->ID, $this->mail( array( 'gross' => 1234.5, 'net' => 987.6 ) ) );

		$this->assertSame( 202, $response->get_status() );
		$this->assertSame( array( 'sent' => true ), $response->get_data() );
		$this->assertCount( 1, $this->mails );
		$mail = $this->mails[0];
		$this->assertSame( $user->user_email, $mail['to'] );
		$this->assertSame( 'Abbiamo ricevuto la tua richiesta di pagamento n. 12', $mail['subject'] );
		$this->assertStringContainsString( 'Ciao Giulia,', $mail['message'] );
		$this->assertStringContainsString( 'abbiamo ricevuto la tua richiesta di pagamento n. 12.', $mail['message'] );
		$this->assertStringContainsString( "Importo lordo: 1.234,50\u{00A0}€", $mail['message'] );
		$this->assertStringContainsString( "Importo netto: 987,60\u{00A0}€", $mail['message'] );
		$this->assertStringContainsString( 'Metodo: PayPal', $mail['message'] );
		$this->assertStringContainsString( home_url( '/it/payments/' ), $mail['message'] );
		$this->assertContains( 'Content-Type: text/plain; charset=UTF-8', (array) $mail['headers'] );
	}

	/**
	 * Paid, in English: the paid date, dollars, no net line when the API sends none, the bank method.
	 */
	public function test_paid_mail_in_english_with_the_date(): void {
		$user = $this->create_user( 'tester', array( 'display_name' => 'Sam Sample' ) );
		User_Language::record( $user->ID, 'en' );

		$response = $this->send(
			$user->ID,
			$this->mail(
				array(
					'event'    => 'paid',
					'payment'  => 7,
					'gross'    => 10,
					'net'      => null,
					'currency' => 'USD',
					'method'   => 'iban',
					'paidDate' => '2026-05-03',
				)
			)
		);

		$this->assertSame( 202, $response->get_status() );
		$mail = $this->mails[0];
		$this->assertSame( 'Your payment request no. 7 has been paid', $mail['subject'] );
		$this->assertStringContainsString( 'Hi Sam Sample,', $mail['message'] );
		$this->assertStringContainsString( 'your payment request no. 7 was paid on 05/03/2026.', $mail['message'] );
		$this->assertStringContainsString( 'Gross amount: $10.00', $mail['message'] );
		$this->assertStringNotContainsString( 'Net amount', $mail['message'] );
		$this->assertStringContainsString( 'Method: Bank transfer', $mail['message'] );
		$this->assertStringContainsString( home_url( '/payments/' ), $mail['message'] );
		$this->assertStringNotContainsString( '/it/payments/', $mail['message'] );
	}

	/**
	 * French and Spanish: their subjects, their number style, pounds; the date day first.
	 */
	public function test_french_and_spanish_mails(): void {
		$french = $this->create_user( 'tester', array( 'first_name' => 'Chloé' ) );
		User_Language::record( $french->ID, 'fr' );
		$this->send(
			$french->ID,
			$this->mail(
				array(
					'event'    => 'paid',
					'gross'    => 1234.5,
					'net'      => 987.6,
					'currency' => 'GBP',
					'paidDate' => '2026-12-31',
				)
			)
		);
		$mail = $this->mails[0];
		$this->assertSame( 'Votre demande de paiement n° 12 a été payée', $mail['subject'] );
		$this->assertStringContainsString( 'Bonjour Chloé,', $mail['message'] );
		$this->assertStringContainsString( 'a été payée le 31/12/2026.', $mail['message'] );
		$this->assertStringContainsString( "1\u{202F}234,50\u{00A0}£", $mail['message'] );
		$this->assertStringContainsString( home_url( '/fr/payments/' ), $mail['message'] );

		$spanish = $this->create_user( 'tester', array( 'first_name' => 'Lucía' ) );
		User_Language::record( $spanish->ID, 'es' );
		$this->send( $spanish->ID, $this->mail( array( 'gross' => 3 ) ) );
		$mail = $this->mails[1];
		$this->assertSame( 'Hemos recibido tu solicitud de pago n.º 12', $mail['subject'] );
		$this->assertStringContainsString( 'Hola, Lucía:', $mail['message'] );
		$this->assertStringContainsString( "Importe bruto: 3,00\u{00A0}€", $mail['message'] );
		$this->assertStringContainsString( home_url( '/es/payments/' ), $mail['message'] );
	}

	/**
	 * Without a recorded language: the user's WordPress locale when it is an interface language, else English.
	 */
	public function test_language_falls_back_to_the_user_locale_then_english(): void {
		$spanish = $this->create_user( 'tester', array( 'locale' => 'es_ES' ) );
		$german  = $this->create_user( 'tester', array( 'locale' => 'de_DE' ) );
		$this->assertSame( 'es', User_Language::of( $spanish ) );
		$this->assertSame( 'en', User_Language::of( $german ) );

		$this->send( $german->ID, $this->mail() );
		$this->assertSame( 'We received your payment request no. 12', $this->mails[0]['subject'] );
	}

	/**
	 * A logged-in user's page view records its language (the URL prefix; none is English); visitors and
	 * unsupported values record nothing.
	 */
	public function test_page_views_record_the_language(): void {
		$user     = $this->create_user( 'tester' );
		$recorder = $this->plugin()->user_language();

		$_SERVER['REQUEST_URI'] = '/fr/my-dashboard/';
		$recorder->remember();
		$this->assertSame( '', get_user_meta( $user->ID, User_Language::META_KEY, true ), 'A visitor records nothing.' );

		wp_set_current_user( $user->ID );
		$recorder->remember();
		$this->assertSame( 'fr', get_user_meta( $user->ID, User_Language::META_KEY, true ) );
		$this->assertSame( 'fr', User_Language::of( $user ) );

		$_SERVER['REQUEST_URI'] = '/it/payments/';
		$recorder->remember();
		$this->assertSame( 'it', User_Language::of( $user ) );

		$_SERVER['REQUEST_URI'] = '/payments/';
		$recorder->remember();
		$this->assertSame( 'en', User_Language::of( $user ) );

		User_Language::record( $user->ID, 'de' );
		$this->assertSame( 'en', User_Language::of( $user ) );
		$this->assertNotFalse( has_action( 'template_redirect', array( $recorder, 'remember' ) ) );
	}

	/**
	 * An unknown user is 404 user_not_found; nothing is mailed.
	 */
	public function test_unknown_user_is_404(): void {
		$response = $this->send( 99999999, $this->mail() );
		$this->assertSame( 404, $response->get_status() );
		$this->assertSame( 'user_not_found', $response->get_data()['code'] );
		$this->assertSame( array(), $this->mails );
	}

	/**
	 * Bodies that are not such an object are 400 invalid_input naming the field; nothing is mailed.
	 */
	public function test_bad_bodies_are_400(): void {
		$user  = $this->create_user( 'tester' );
		$cases = array(
			'event'    => array( 'event' => 'refunded' ),
			'payment'  => array( 'payment' => 0 ),
			'gross'    => array( 'gross' => '12.50' ),
			'net'      => array( 'net' => -1 ),
			'currency' => array( 'currency' => 'eur' ),
			'method'   => array( 'method' => 'cash' ),
			'paidDate' => array(
				'event'    => 'paid',
				'paidDate' => null,
			),
		);
		foreach ( $cases as $field => $override ) {
			$response = $this->send( $user->ID, $this->mail( $override ) );
			$this->assertSame( 400, $response->get_status(), $field );
			$this->assertSame( 'invalid_input', $response->get_data()['code'], $field );
			$this->assertStringContainsString( $field, $response->get_data()['message'] );
		}
		$impossible = $this->send(
			$user->ID,
			$this->mail(
				array(
					'event'    => 'paid',
					'paidDate' => '2026-02-30',
				)
			)
		);
		$this->assertSame( 400, $impossible->get_status() );
		$this->assertSame( 400, $this->send( $user->ID, array( 1, 2 ) )->get_status() );
		$this->assertSame( 400, $this->send( $user->ID, array() )->get_status() );
		$this->assertSame( array(), $this->mails );
	}

	/**
	 * A mail wp_mail refuses is 500 mail_failed.
	 */
	public function test_mail_failure_is_500(): void {
		$user                = $this->create_user( 'tester' );
		$this->mail_accepted = false;
		$response            = $this->send( $user->ID, $this->mail() );
		$this->assertSame( 500, $response->get_status() );
		$this->assertSame( 'mail_failed', $response->get_data()['code'] );
	}

	/**
	 * Without the channel's signature the route answers 401 and mails nothing.
	 */
	public function test_unsigned_requests_are_refused(): void {
		$user    = $this->create_user( 'tester' );
		$request = new WP_REST_Request( 'POST', '/crowdscout/v1/internal/users/' . $user->ID . '/payment-mail' );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_body( (string) wp_json_encode( $this->mail() ) );
		$this->assertSame( 401, rest_do_request( $request )->get_status() );
		$this->assertSame( array(), $this->mails );
	}

	/**
	 * Amounts: two decimals, the currency's symbol, each language's style; the code for other currencies.
	 */
	public function test_money_format(): void {
		$this->assertSame( '€0.50', Money::format( 0.5, 'EUR', 'en' ) );
		$this->assertSame( '€1,234.57', Money::format( 1234.567, '', 'en' ) );
		$this->assertSame( '£3.00', Money::format( 3, 'GBP', 'en' ) );
		$this->assertSame( '-$3.00', Money::format( -3, 'USD', 'en' ) );
		$this->assertSame( 'CHF 12.00', Money::format( 12, 'CHF', 'en' ) );
		$this->assertSame( "1.234,50\u{00A0}€", Money::format( 1234.5, 'EUR', 'it' ) );
		$this->assertSame( "12,00\u{00A0}\$", Money::format( 12, 'USD', 'es' ) );
		$this->assertSame( "1\u{202F}000\u{202F}000,00\u{00A0}€", Money::format( 1000000, 'EUR', 'fr' ) );
		$this->assertSame( '€0.00', Money::format( -0.001, 'EUR', 'de' ) );
	}

	/**
	 * A received-mail body with some fields replaced.
	 *
	 * @param array<string, mixed> $override Fields to replace.
	 * @return array<string, mixed>
	 */
	private function mail( array $override = array() ): array {
		return array_merge(
			array(
				'event'    => 'received',
				'payment'  => 12,
				'gross'    => 25.5,
				'net'      => 20.4,
				'currency' => 'EUR',
				'method'   => 'paypal',
				'paidDate' => null,
			),
			$override
		);
	}

	/**
	 * Sends a signed POST /internal/users/{id}/payment-mail.
	 *
	 * @param int                  $user_id User id.
	 * @param array<string, mixed> $body    Body.
	 * @return WP_REST_Response
	 */
	private function send( int $user_id, array $body ): WP_REST_Response {
		$route     = '/crowdscout/v1/internal/users/' . $user_id . '/payment-mail';
		$raw       = (string) wp_json_encode( array() === $body || ! array_is_list( $body ) ? (object) $body : $body );
		$timestamp = (string) time();
		$nonce     = bin2hex( random_bytes( 16 ) );
		$key       = hash_hmac( 'sha256', 'crowdscout:internal', $this->secret(), true );
		$request   = new WP_REST_Request( 'POST', $route );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_header( 'X-Crowdscout-Timestamp', $timestamp );
		$request->set_header( 'X-Crowdscout-Nonce', $nonce );
		$request->set_header( 'X-Crowdscout-Signature', hash_hmac( 'sha256', "POST\n" . $route . "\n" . $timestamp . "\n" . $nonce . "\n" . hash( 'sha256', $raw ), $key ) );
		$request->set_body( $raw );
		return rest_do_request( $request );
	}
}
