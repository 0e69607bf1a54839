<?php
/**
 * A small stand-alone HTML page for messages sent outside any theme.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Builds the page shown where an admin-ajax navigation cannot go on (social login not configured, a provider
 * failure): a title, one or two sentences and links, in the language of the request. wp_die() would answer plain
 * text there, since admin-ajax.php sets DOING_AJAX. Everything printed is escaped.
 */
final class Message_Page {

	/**
	 * The page's HTML.
	 *
	 * @param string                                     $language   Two-letter language (the html lang).
	 * @param string                                     $title      Title.
	 * @param string[]                                   $paragraphs Sentences, one paragraph each (plain text).
	 * @param array<int, array{url: string, label: string}> $links      Links shown under the text; the first is the main one.
	 * @return string
	 */
	public static function html( string $language, string $title, array $paragraphs, array $links ): string {
		$body = '';
		foreach ( $paragraphs as $paragraph ) {
			$body .= '<p>' . esc_html( $paragraph ) . '</p>';
		}
		$actions = '';
		foreach ( array_values( $links ) as $index => $link ) {
			$actions .= sprintf(
				'<a class="%s" href="%s">%s</a>',
				0 === $index ? 'button button--primary' : 'button',
				esc_url( $link['url'] ),
				esc_html( $link['label'] )
			);
		}
		$site = get_bloginfo( 'name' );
		return '<!DOCTYPE html><html lang="' . esc_attr( $language ) . '"><head><meta charset="utf-8">'
			. '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">'
			. '<title>' . esc_html( '' !== $site ? $title . ' – ' . $site : $title ) . '</title>'
			. '<style>'
			. 'body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f3f4f8;'
			. 'font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1f2433}'
			. 'main{max-width:32rem;margin:1.5rem;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}'
			. 'h1{margin:0 0 1rem;font-size:1.5rem;line-height:1.25}p{margin:0 0 1rem}'
			. '.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}'
			. '.button{display:inline-block;padding:.6rem 1.1rem;border:1px solid #2b3a8c;border-radius:6px;color:#2b3a8c;text-decoration:none}'
			. '.button--primary{background:#2b3a8c;color:#fff}.button:focus-visible{outline:3px solid #f5a623;outline-offset:2px}'
			. '</style></head><body><main role="main">'
			. '<h1>' . esc_html( $title ) . '</h1>' . $body
			. ( '' !== $actions ? '<div class="actions">' . $actions . '</div>' : '' )
			. '</main></body></html>';
	}

	/**
	 * Sends the page with a status and ends the request.
	 *
	 * @param int    $status HTTP status.
	 * @param string $html   Page.
	 * @return void
	 */
	public static function send( int $status, string $html ): void {
		if ( ! headers_sent() ) {
			status_header( $status );
			nocache_headers();
			header( 'Content-Type: text/html; charset=utf-8' );
			header( 'X-Robots-Tag: noindex' );
		}
		echo $html; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from escaped parts in html().
		exit;
	}
}
