<?php
/**
 * The mails about a tester's payment request: received, paid.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

use WP_Error;
use WP_User;

defined( 'ABSPATH' ) || exit;

/**
 * Writes and sends the payment mails in the tester's language (User_Language): the request was received, or it
 * was paid (with the date), its gross and net amounts with two decimals and the currency's symbol, the method, and
 * a link to the payments page of that language. Texts come from `server.paymentEmail*` in the shared catalogue.
 * The API asks for them through the internal route `POST /internal/users/{id}/payment-mail`.
 */
final class Payment_Email {

	public const EVENTS  = array( 'received', 'paid' );
	public const METHODS = array( 'paypal', 'iban' );

	/**
	 * The route of the payments page.
	 */
	public const PAYMENTS_ROUTE = 'payments';

	/**
	 * The payload of the internal route checked and normalised, or a 400 invalid_input error naming the field.
	 *
	 * @param array<string, mixed> $body {event, payment, gross, net, currency, method, paidDate}.
	 * @return array{event: string, payment: int, gross: float, net: float|null, currency: string, method: string, paidDate: string|null}|WP_Error
	 */
	public static function payload( array $body ) {
		$event    = $body['event'] ?? null;
		$payment  = $body['payment'] ?? null;
		$gross    = $body['gross'] ?? null;
		$net      = $body['net'] ?? null;
		$currency = $body['currency'] ?? Money::DEFAULT_CURRENCY;
		$method   = $body['method'] ?? null;
		$paid     = $body['paidDate'] ?? null;

		$problems = array(
			'event'    => ! in_array( $event, self::EVENTS, true ),
			'payment'  => ! is_int( $payment ) || $payment < 1,
			'gross'    => ! self::is_amount( $gross ),
			'net'      => null !== $net && ! self::is_amount( $net ),
			'currency' => ! is_string( $currency ) || 1 !== preg_match( '/^[A-Z]{3}$/', $currency ),
			'method'   => ! in_array( $method, self::METHODS, true ),
			'paidDate' => ( null !== $paid || 'paid' === $event ) && ( ! is_string( $paid ) || null === self::date_parts( $paid ) ),
		);
		$invalid  = array_keys( array_filter( $problems ) );
		if ( array() !== $invalid ) {
			return new WP_Error(
				'invalid_input',
				/* translators: %s: the names of the invalid fields, comma-separated. */
				sprintf( __( 'Invalid payment mail fields: %s.', 'crowdscout' ), implode( ', ', $invalid ) ),
				array( 'status' => 400 )
			);
		}
		return array(
			'event'    => (string) $event,
			'payment'  => (int) $payment,
			'gross'    => (float) $gross,
			'net'      => null === $net ? null : (float) $net,
			'currency' => (string) $currency,
			'method'   => (string) $method,
			'paidDate' => is_string( $paid ) ? $paid : null,
		);
	}

	/**
	 * Subject and plain-text body of a payment mail for a user in a language.
	 *
	 * @param WP_User                                                                                                                    $user     Recipient.
	 * @param array{event: string, payment: int, gross: float, net: float|null, currency: string, method: string, paidDate: string|null} $mail     A checked payload (self::payload()).
	 * @param string                                                                                                                     $language Two-letter language (English when not supported).
	 * @return array{subject: string, body: string}
	 */
	public function compose( WP_User $user, array $mail, string $language ): array {
		$language = Locale::is_supported( $language ) ? $language : Locale::FALLBACK;
		$name     = '' !== trim( (string) $user->first_name ) ? trim( (string) $user->first_name ) : $user->display_name;
		$paid     = 'paid' === $mail['event'];
		$vars     = array(
			'name'    => wp_specialchars_decode( $name, ENT_QUOTES ),
			'payment' => $mail['payment'],
			'date'    => $paid && null !== $mail['paidDate'] ? self::date( $mail['paidDate'], $language ) : '',
			'site'    => wp_specialchars_decode( get_bloginfo( 'name' ), ENT_QUOTES ),
		);
		$method   = Strings::get( 'iban' === $mail['method'] ? 'server.paymentEmailMethodIban' : 'server.paymentEmailMethodPaypal', array(), $language );

		$details = array(
			Strings::get( 'server.paymentEmailGross', array( 'amount' => Money::format( $mail['gross'], $mail['currency'], $language ) ), $language ),
		);
		if ( null !== $mail['net'] ) {
			$details[] = Strings::get( 'server.paymentEmailNet', array( 'amount' => Money::format( $mail['net'], $mail['currency'], $language ) ), $language );
		}
		$details[] = Strings::get( 'server.paymentEmailMethod', array( 'method' => $method ), $language );

		$body = implode(
			"\n\n",
			array(
				Strings::get( 'server.paymentEmailGreeting', $vars, $language ),
				Strings::get( $paid ? 'server.paymentEmailPaid' : 'server.paymentEmailReceived', $vars, $language ),
				implode( "\n", $details ),
				Strings::get( 'server.paymentEmailLink', $vars, $language ) . "\n" . Routes::url( self::PAYMENTS_ROUTE, $language ),
				Strings::get( 'server.paymentEmailSignature', $vars, $language ),
			)
		);
		return array(
			'subject' => Strings::get( $paid ? 'server.paymentEmailPaidSubject' : 'server.paymentEmailReceivedSubject', $vars, $language ),
			'body'    => $body . "\n",
		);
	}

	/**
	 * Sends a payment mail with wp_mail (plain text, UTF-8) in the language the user last read the site in.
	 *
	 * @param WP_User                                                                                                                    $user Recipient.
	 * @param array{event: string, payment: int, gross: float, net: float|null, currency: string, method: string, paidDate: string|null} $mail A checked payload (self::payload()).
	 * @return bool Whether wp_mail accepted it.
	 */
	public function send( WP_User $user, array $mail ): bool {
		$composed = $this->compose( $user, $mail, User_Language::of( $user ) );
		return wp_mail( $user->user_email, $composed['subject'], $composed['body'], array( 'Content-Type: text/plain; charset=UTF-8' ) );
	}

	/**
	 * A date YYYY-MM-DD written as the language writes it (`server.paymentEmailDate`).
	 *
	 * @param string $date     Date YYYY-MM-DD.
	 * @param string $language Two-letter language.
	 * @return string
	 */
	public static function date( string $date, string $language ): string {
		$parts = self::date_parts( $date );
		if ( null === $parts ) {
			return $date;
		}
		return Strings::get( 'server.paymentEmailDate', $parts, $language );
	}

	/**
	 * Year, month and day of a valid date YYYY-MM-DD, or null.
	 *
	 * @param string $date Date.
	 * @return array{year: string, month: string, day: string}|null
	 */
	private static function date_parts( string $date ): ?array {
		if ( 1 !== preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/', $date, $match ) || ! checkdate( (int) $match[2], (int) $match[3], (int) $match[1] ) ) {
			return null;
		}
		return array(
			'year'  => $match[1],
			'month' => $match[2],
			'day'   => $match[3],
		);
	}

	/**
	 * Whether a JSON value is an amount: a finite number, not negative.
	 *
	 * @param mixed $value Value.
	 * @return bool
	 */
	private static function is_amount( $value ): bool {
		return ( is_int( $value ) || is_float( $value ) ) && is_finite( (float) $value ) && $value >= 0;
	}
}
