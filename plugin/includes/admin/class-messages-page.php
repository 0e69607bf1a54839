<?php
/**
 * Crowdscout → Messages: the popups of the testers' inbox, written in wp-admin.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Admin;

use Crowdscout\Build;
use Crowdscout\Roles;
use DateTimeImmutable;
use DateTimeZone;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * The list of popups read from `GET /admin/popups` (Messages_Table) with Edit and Delete on each row, and the form
 * that writes one (`POST /admin/popups`, `PUT /admin/popups/{id}`): title, rich content, target (all testers or
 * chosen ones, by tester id), "Show once", expiry. Every call carries a token minted for the administrator; the API
 * checks the role again and validates the popup, and its message is shown on the form, which keeps what was typed.
 *
 * Actions run on `load-{screen}`, before anything prints: nonce, then capability, then input. A saved or deleted
 * popup sends the browser back to the list, which says what happened; a refused one prints the form again.
 */
final class Messages_Page {

	public const SLUG       = 'crowdscout-messages';
	public const CAPABILITY = Roles::CAP_MESSAGES;
	public const PER_PAGE   = 20;

	/**
	 * The actions (`action`): the form's, and a row's Delete.
	 */
	public const SAVE   = 'save';
	public const DELETE = 'delete';

	/**
	 * The views (`view`) besides the list.
	 */
	public const VIEW_NEW  = 'new';
	public const VIEW_EDIT = 'edit';

	/**
	 * Nonce action of the form, followed by the popup id (0 for a new one).
	 */
	public const SAVE_NONCE = 'crowdscout-save-message-';

	/**
	 * Nonce action of a row's Delete, followed by the popup id.
	 */
	public const DELETE_NONCE = 'crowdscout-delete-message-';

	/**
	 * The content's textarea (field `content`): what the administrator types in without JavaScript, and what the
	 * block editor writes into otherwise.
	 */
	public const EDITOR_ID = 'crowdscout_message_content';

	/**
	 * The element the block editor mounts on (src/admin/message-editor.tsx).
	 */
	public const EDITOR_MOUNT = 'crowdscout-message-editor';

	/**
	 * Script and style handle of the block editor (the build's `message-editor` entry).
	 */
	public const EDITOR_HANDLE = 'crowdscout-message-editor';

	/**
	 * WordPress's styles the block editor's markup needs (its scripts come from the build's asset manifest).
	 */
	public const EDITOR_STYLES = array( 'wp-components', 'wp-block-editor', 'wp-block-editor-content', 'wp-block-library', 'wp-format-library' );

	/**
	 * The placeholders the inbox fills in from the tester's profile, exactly as the tester side reads them
	 * (src/widgets/dashboard/inbox/content.ts; api/src/features/popups/content.ts).
	 */
	public const PLACEHOLDERS = array( '{{name}}', '{{surname}}', '{{id}}' );

	/**
	 * The back office's API client.
	 *
	 * @var Api_Client
	 */
	private Api_Client $api;

	/**
	 * The front-end build (for the block editor's script).
	 *
	 * @var Build
	 */
	private Build $build;

	/**
	 * The form sent and refused in this request, to print again with why (null when none was).
	 *
	 * @var array{outcome: string, form: array<string, mixed>, message: string}|null
	 */
	private ?array $refused = null;

	/**
	 * Constructor.
	 *
	 * @param Api_Client $api   The back office's API client.
	 * @param Build      $build The front-end build.
	 */
	public function __construct( Api_Client $api, Build $build ) {
		$this->api   = $api;
		$this->build = $build;
	}

	/**
	 * Adds the screen to the menu, and the block editor to its form.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_menu' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue_editor' ) );
	}

	/**
	 * `admin_enqueue_scripts`: the block editor of the content, on this screen when it prints the form (and
	 * nowhere else: it is WordPress's whole block editor), once built. Without it the form keeps its textarea.
	 *
	 * @param string $hook_suffix The screen being loaded.
	 * @return void
	 */
	public function enqueue_editor( $hook_suffix ): void {
		if ( Menu::screen_id( self::SLUG ) !== $hook_suffix || ! $this->prints_form() || ! $this->build->has( 'message-editor.js' ) ) {
			return;
		}
		$asset = $this->build->asset( 'message-editor' );
		wp_enqueue_script( self::EDITOR_HANDLE, $this->build->url( 'message-editor.js' ), $asset['dependencies'], $asset['version'], true );
		$this->translate_editor();
		if ( $this->build->has( 'message-editor.css' ) ) {
			wp_enqueue_style( self::EDITOR_HANDLE, $this->build->url( 'message-editor.css' ), self::EDITOR_STYLES, $asset['version'] );
			return;
		}
		foreach ( self::EDITOR_STYLES as $style ) {
			wp_enqueue_style( $style );
		}
	}

	/**
	 * The editor's own words (src/admin/messages/) in the admin's language: this plugin's PHP translations handed
	 * to `wp.i18n` before the script runs, as `wp_set_script_translations` does from JSON files. A string added to
	 * the editor is added here too (scripts/__tests__/i18n-admin.test.mjs fails otherwise).
	 *
	 * @return void
	 */
	private function translate_editor(): void {
		$strings = array(
			'First name'            => __( 'First name', 'crowdscout' ),
			'Surname'               => __( 'Surname', 'crowdscout' ),
			'Tester id'             => __( 'Tester id', 'crowdscout' ),
			'Insert a placeholder:' => __( 'Insert a placeholder:', 'crowdscout' ),
		);
		$translated = array_filter(
			$strings,
			static fn( $translation, $original ) => $translation !== $original,
			ARRAY_FILTER_USE_BOTH
		);
		if ( ! $translated ) {
			return;
		}
		$locale_data = array( '' => array( 'domain' => 'crowdscout' ) ) + array_map(
			static fn( $translation ) => array( $translation ),
			$translated
		);
		wp_add_inline_script(
			self::EDITOR_HANDLE,
			sprintf( 'wp.i18n.setLocaleData( %s, "crowdscout" );', wp_json_encode( $locale_data ) ),
			'before'
		);
	}

	/**
	 * Whether this request prints the form (add, edit, or one refused in this request) rather than the list.
	 *
	 * @return bool
	 */
	private function prints_form(): bool {
		return null !== $this->refused || in_array( Screen::view_key( 'view' ), array( self::VIEW_NEW, self::VIEW_EDIT ), true );
	}

	/**
	 * `admin_menu`: Crowdscout → Messages.
	 *
	 * @return void
	 */
	public function add_menu(): void {
		Menu::add_entry( __( 'Messages', 'crowdscout' ), self::CAPABILITY, self::SLUG, $this, 'messages' );
	}

	/**
	 * `load-{screen}`: runs a submitted action; a done one is kept for the list, which the browser is sent back to.
	 *
	 * @return void
	 */
	public function load(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- handle_action() verifies the nonce, then sanitises each field it reads.
		$result = $this->handle_action( wp_unslash( $_REQUEST ) );
		if ( null === $result ) {
			return;
		}
		if ( $result instanceof WP_Error ) {
			Screen::refuse( $result, __( 'Messages', 'crowdscout' ) );
			return;
		}
		if ( 'refused' === $result['outcome'] ) {
			$this->refused = $result;
			return;
		}
		Screen::keep_result( self::SLUG, $result );
		wp_safe_redirect( self::url() );
		exit;
	}

	/**
	 * Runs the action the request asks for: `save` (the form) or `delete` (a row's link). Null when it asks for
	 * none; a WP_Error for a bad nonce or a user without the capability (nothing is sent to the API then); else the
	 * outcome: `saved` (id, title, created), `deleted` (id), `failed` (a delete refused: id, message), or `refused`
	 * (a save refused, here or by the API: the form as typed and the message).
	 *
	 * @param array<string, mixed> $request The request's parameters, unslashed.
	 * @return array<string, mixed>|WP_Error|null
	 */
	public function handle_action( array $request ) {
		$action = Screen::requested_action( $request );
		if ( self::SAVE === $action ) {
			return $this->save( $request );
		}
		if ( self::DELETE === $action ) {
			return $this->delete( $request );
		}
		return null;
	}

	/**
	 * Sends the form to the API: POST for a new popup, PUT for popup `popup`.
	 *
	 * @param array<string, mixed> $request The request's parameters, unslashed.
	 * @return array<string, mixed>|WP_Error
	 */
	private function save( array $request ) {
		$id    = Screen::ids( $request['popup'] ?? 0 )[0] ?? 0;
		$nonce = Screen::text( $request, '_wpnonce' );
		if ( false === wp_verify_nonce( $nonce, self::SAVE_NONCE . $id ) ) {
			return new WP_Error( 'invalid_nonce', __( 'The form has expired. Go back to the messages, reload the page and try again.', 'crowdscout' ) );
		}
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return new WP_Error( 'forbidden', __( 'Sorry, you are not allowed to write messages to the testers.', 'crowdscout' ) );
		}
		$form = self::form_of( $request, $id );
		$body = self::body_of( $form );
		if ( $body instanceof WP_Error ) {
			return self::refusal( $form, $body->get_error_message() );
		}
		$answer = 0 === $id
			? $this->api->send( wp_get_current_user(), 'POST', '/admin/popups', $body )
			: $this->api->send( wp_get_current_user(), 'PUT', '/admin/popups/' . $id, $body );
		if ( $answer instanceof WP_Error ) {
			return self::refusal(
				$form,
				sprintf(
					/* translators: %s: the reason given by WordPress's HTTP client. */
					__( 'The Crowdscout API could not be reached, so the message was not saved (%s).', 'crowdscout' ),
					$answer->get_error_message()
				)
			);
		}
		if ( ( 200 === $answer['status'] || 201 === $answer['status'] ) && is_array( $answer['body'] ) ) {
			return array(
				'outcome' => 'saved',
				'id'      => isset( $answer['body']['id'] ) && is_int( $answer['body']['id'] ) ? $answer['body']['id'] : $id,
				'title'   => $form['title'],
				'created' => 0 === $id,
			);
		}
		return self::refusal(
			$form,
			Api_Client::message(
				$answer,
				/* translators: %d: HTTP status. */
				sprintf( __( 'The API answered with status %d.', 'crowdscout' ), $answer['status'] )
			)
		);
	}

	/**
	 * Removes popup `popup`.
	 *
	 * @param array<string, mixed> $request The request's parameters, unslashed.
	 * @return array<string, mixed>|WP_Error
	 */
	private function delete( array $request ) {
		$id    = Screen::ids( $request['popup'] ?? 0 )[0] ?? 0;
		$nonce = Screen::text( $request, '_wpnonce' );
		if ( 0 === $id || false === wp_verify_nonce( $nonce, self::DELETE_NONCE . $id ) ) {
			return new WP_Error( 'invalid_nonce', __( 'The link you followed has expired. Go back to the messages, reload the page and try again.', 'crowdscout' ) );
		}
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return new WP_Error( 'forbidden', __( 'Sorry, you are not allowed to delete messages.', 'crowdscout' ) );
		}
		$answer = $this->api->send( wp_get_current_user(), 'DELETE', '/admin/popups/' . $id );
		if ( $answer instanceof WP_Error ) {
			return array(
				'outcome' => 'failed',
				'id'      => $id,
				'message' => sprintf(
					/* translators: %s: the reason given by WordPress's HTTP client. */
					__( 'the Crowdscout API could not be reached (%s)', 'crowdscout' ),
					$answer->get_error_message()
				),
			);
		}
		if ( 200 === $answer['status'] ) {
			return array(
				'outcome' => 'deleted',
				'id'      => $id,
			);
		}
		return array(
			'outcome' => 'failed',
			'id'      => $id,
			'message' => Api_Client::message(
				$answer,
				/* translators: %d: HTTP status. */
				sprintf( __( 'The API answered with status %d.', 'crowdscout' ), $answer['status'] )
			),
		);
	}

	/**
	 * The form's fields as typed, each sanitised: the title as plain text, the content with the HTML a post may
	 * hold (wp_kses_post: no script, no event handler), the testers and the expiry as the text typed.
	 *
	 * @param array<string, mixed> $request The request's parameters, unslashed.
	 * @param int                  $id      The popup (0 for a new one).
	 * @return array{id: int, title: string, content: string, target: string, testers: string, once: bool, expires: string, recipients: array<int, array<string, mixed>>}
	 */
	public static function form_of( array $request, int $id ): array {
		return array(
			'id'         => $id,
			'title'      => Screen::text( $request, 'title' ),
			'content'    => isset( $request['content'] ) && is_string( $request['content'] ) ? self::clean_html( $request['content'] ) : '',
			'target'     => isset( $request['target'] ) && 'list' === $request['target'] ? 'list' : 'all',
			'testers'    => Screen::text( $request, 'testers', true ),
			'once'       => ! empty( $request['once'] ),
			'expires'    => Screen::text( $request, 'expires_at' ),
			'recipients' => array(),
		);
	}

	/**
	 * Rich text as a post may hold it (wp_kses_post's elements: no script, no style, no event handler, no
	 * javascript: link), and as the inbox shows it: plain HTML, without the block editor's comments (kses keeps
	 * comments) and without classes (the editor's `wp-block-heading`, `has-text-align-center`…, which the inbox's
	 * sanitiser drops anyway). Script and style elements go with what they hold, which kses alone would leave
	 * behind as text. Comments go first, so that none can join two halves of a tag past the cleaning.
	 *
	 * @param string $html As typed, or as the block editor wrote it.
	 * @return string
	 */
	public static function clean_html( string $html ): string {
		$html = (string) preg_replace( '/\s*<!--\s*\/?wp:.*?-->\s*/s', '', $html );
		$html = (string) preg_replace( '/<!--.*?(-->|$)/s', '', $html );
		$html = (string) preg_replace( '@<(script|style)[^>]*?>.*?</\\1>@si', '', $html );
		$allowed = array_map(
			static function ( $attributes ) {
				unset( $attributes['class'] );
				return $attributes;
			},
			wp_kses_allowed_html( 'post' )
		);
		return trim( wp_kses( $html, $allowed ) );
	}

	/**
	 * The API's body (AdminPopupInput) from the form; a WP_Error when a tester id or the expiry cannot be read.
	 * Everything else (an empty title, a list without testers, an unknown tester, an expiry gone by) is the API's
	 * to refuse, with its message.
	 *
	 * @param array<string, mixed> $form The form's fields (form_of()).
	 * @return array<string, mixed>|WP_Error
	 */
	public static function body_of( array $form ) {
		$body = array(
			'title'     => (string) $form['title'],
			'content'   => (string) $form['content'],
			'target'    => (string) $form['target'],
			'once'      => (bool) $form['once'],
			'expiresAt' => null,
		);
		if ( 'list' === $form['target'] ) {
			$testers = self::tester_ids( (string) $form['testers'] );
			if ( $testers instanceof WP_Error ) {
				return $testers;
			}
			$body['testers'] = $testers;
		}
		if ( '' !== $form['expires'] ) {
			$expiry = self::utc_expiry( (string) $form['expires'] );
			if ( null === $expiry ) {
				return new WP_Error( 'bad_expiry', __( 'The expiry is not a date and time.', 'crowdscout' ) );
			}
			$body['expiresAt'] = $expiry;
		}
		return $body;
	}

	/**
	 * The tester ids typed: numbers, with or without the "T" the lists show, separated by commas, spaces or lines.
	 *
	 * @param string $text As typed.
	 * @return int[]|WP_Error
	 */
	public static function tester_ids( string $text ): array|WP_Error {
		$ids = array();
		foreach ( preg_split( '/[\s,;]+/', $text, -1, PREG_SPLIT_NO_EMPTY ) as $token ) {
			if ( 1 !== preg_match( '/^[Tt]?(\d{1,10})$/', $token, $match ) || 0 === (int) $match[1] ) {
				return new WP_Error(
					'bad_tester',
					sprintf(
						/* translators: %s: what was typed instead of a tester id. */
						__( '“%s” is not a tester id. Write tester ids such as 41 or T41, separated by commas.', 'crowdscout' ),
						$token
					)
				);
			}
			$ids[] = (int) $match[1];
		}
		return array_values( array_unique( $ids ) );
	}

	/**
	 * The expiry typed (a datetime-local value, in the site's time zone) as the API's UTC date-time; null when it
	 * cannot be read.
	 *
	 * @param string $local E.g. "2026-06-01T18:30".
	 * @return string|null E.g. "2026-06-01T16:30:00Z".
	 */
	public static function utc_expiry( string $local ): ?string {
		foreach ( array( '!Y-m-d\TH:i', '!Y-m-d\TH:i:s', '!Y-m-d H:i', '!Y-m-d H:i:s' ) as $format ) {
			$date = DateTimeImmutable::createFromFormat( $format, $local, wp_timezone() );
			$errors = DateTimeImmutable::getLastErrors();
			if ( false !== $date && ( false === $errors || ( 0 === $errors['warning_count'] && 0 === $errors['error_count'] ) ) ) {
				return $date->setTimezone( new DateTimeZone( 'UTC' ) )->format( 'Y-m-d\TH:i:s\Z' );
			}
		}
		return null;
	}

	/**
	 * The API's UTC date-time in the site's time zone, as a datetime-local value ('' for none).
	 *
	 * @param mixed $iso E.g. "2026-06-01T16:30:00Z".
	 * @return string
	 */
	public static function local_expiry( $iso ): string {
		if ( ! is_string( $iso ) || '' === $iso ) {
			return '';
		}
		try {
			return ( new DateTimeImmutable( $iso ) )->setTimezone( wp_timezone() )->format( 'Y-m-d\TH:i' );
		} catch ( \Exception $e ) {
			return '';
		}
	}

	/**
	 * A save refused, with the form to print again.
	 *
	 * @param array<string, mixed> $form    The form as typed.
	 * @param string               $message Why.
	 * @return array{outcome: string, form: array<string, mixed>, message: string}
	 */
	private static function refusal( array $form, string $message ): array {
		return array(
			'outcome' => 'refused',
			'form'    => $form,
			'message' => $message,
		);
	}

	/**
	 * Prints the screen: the form refused in this request, the add or edit form, or the list.
	 *
	 * @return void
	 */
	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return;
		}
		echo '<div class="wrap">';
		if ( null !== $this->refused ) {
			$this->render_form( $this->refused['form'], $this->refused['message'] );
			$this->refused = null;
		} elseif ( self::VIEW_NEW === Screen::view_key( 'view' ) ) {
			$this->render_form( self::form_of( array(), 0 ), '' );
		} elseif ( self::VIEW_EDIT === Screen::view_key( 'view' ) && Screen::view_id( 'popup' ) > 0 ) {
			$this->render_edit( Screen::view_id( 'popup' ) );
		} else {
			$this->render_list();
		}
		echo '</div>';
	}

	/**
	 * The list, with the outcome of the last action.
	 *
	 * @return void
	 */
	private function render_list(): void {
		$page   = Screen::page_number();
		$answer = $this->api->get(
			wp_get_current_user(),
			'/admin/popups',
			array(
				'start' => ( $page - 1 ) * self::PER_PAGE,
				'limit' => self::PER_PAGE,
			)
		);
		?>
		<h1 class="wp-heading-inline"><?php esc_html_e( 'Messages', 'crowdscout' ); ?></h1>
		<a href="<?php echo esc_url( self::url( self::VIEW_NEW ) ); ?>" class="page-title-action"><?php esc_html_e( 'Add message', 'crowdscout' ); ?></a>
		<hr class="wp-header-end" />
		<?php
		$this->print_result();
		$body  = Screen::answer_ok( $answer, $this->api, __( 'the messages', 'crowdscout' ) ) ? Api_Client::ok_body( $answer ) : null;
		$table = new Messages_Table();
		$table->prepare_items();
		$table->set_popups(
			is_array( $body['results'] ?? null ) ? $body['results'] : array(),
			Api_Client::total( $answer ) ?? 0,
			self::PER_PAGE
		);
		$table->display();
	}

	/**
	 * The form of popup `$id`, read from the API, with its audit trail.
	 *
	 * @param int $id Popup id.
	 * @return void
	 */
	private function render_edit( int $id ): void {
		$answer = $this->api->get( wp_get_current_user(), '/admin/popups/' . $id );
		if ( ! Screen::answer_ok( $answer, $this->api, __( 'the message', 'crowdscout' ) ) ) {
			printf( '<p><a href="%s">%s</a></p>', esc_url( self::url() ), esc_html__( '← Back to the messages', 'crowdscout' ) );
			return;
		}
		$popup      = (array) Api_Client::ok_body( $answer );
		$recipients = is_array( $popup['recipients'] ?? null ) ? array_values( array_filter( $popup['recipients'], 'is_array' ) ) : array();
		$form       = array(
			'id'         => $id,
			'title'      => is_string( $popup['title'] ?? null ) ? $popup['title'] : '',
			'content'    => is_string( $popup['content'] ?? null ) ? $popup['content'] : '',
			'target'     => 'list' === ( $popup['target'] ?? '' ) ? 'list' : 'all',
			'testers'    => implode( ', ', array_map( static fn( array $tester ): string => (string) (int) ( $tester['id'] ?? 0 ), $recipients ) ),
			'once'       => true === ( $popup['once'] ?? false ),
			'expires'    => self::local_expiry( $popup['expiresAt'] ?? null ),
			'recipients' => $recipients,
		);
		$this->render_form( $form, '' );
		$this->render_trail( $id );
	}

	/**
	 * The add or edit form, with the API's refusal above it when there is one.
	 *
	 * @param array<string, mixed> $form    The fields' values.
	 * @param string               $message Why the form was refused ('' when it was not).
	 * @return void
	 */
	private function render_form( array $form, string $message ): void {
		$id = (int) $form['id'];
		?>
		<h1><?php 0 === $id ? esc_html_e( 'Add message', 'crowdscout' ) : esc_html_e( 'Edit message', 'crowdscout' ); ?></h1>
		<p><a href="<?php echo esc_url( self::url() ); ?>"><?php esc_html_e( '← Back to the messages', 'crowdscout' ); ?></a></p>
		<?php
		if ( '' !== $message ) {
			Screen::notice(
				'error',
				sprintf(
					/* translators: %s: why the message was not saved (the API's message). */
					__( 'The message was not saved: %s', 'crowdscout' ),
					$message
				)
			);
		}
		?>
		<form method="post" action="<?php echo esc_url( self::url() ); ?>" id="crowdscout-message-form">
			<input type="hidden" name="action" value="<?php echo esc_attr( self::SAVE ); ?>" />
			<input type="hidden" name="popup" value="<?php echo esc_attr( (string) $id ); ?>" />
			<?php wp_nonce_field( self::SAVE_NONCE . $id ); ?>
			<table class="form-table" role="presentation">
				<tr>
					<th scope="row"><label for="crowdscout-message-title"><?php esc_html_e( 'Title', 'crowdscout' ); ?></label></th>
					<td><input type="text" class="large-text" id="crowdscout-message-title" name="title" maxlength="255" required value="<?php echo esc_attr( (string) $form['title'] ); ?>" /></td>
				</tr>
				<tr>
					<th scope="row"><label for="<?php echo esc_attr( self::EDITOR_ID ); ?>" id="crowdscout-message-content-label"><?php esc_html_e( 'Content', 'crowdscout' ); ?></label></th>
					<td>
						<?php
						/*
						 * The content is HTML in a textarea, which the block editor (src/admin/message-editor.tsx, its
						 * paragraphs, headings, lists and quotes, bold, italic and links: what the inbox shows) hides
						 * and writes into when its script runs. Without it, HTML typed here is saved the same way.
						 */
						?>
						<textarea class="large-text code" rows="12" id="<?php echo esc_attr( self::EDITOR_ID ); ?>" name="content" aria-describedby="crowdscout-message-placeholders"><?php echo esc_textarea( (string) $form['content'] ); ?></textarea>
						<div id="<?php echo esc_attr( self::EDITOR_MOUNT ); ?>" class="crowdscout-message-editor" data-field="<?php echo esc_attr( self::EDITOR_ID ); ?>" data-labelledby="crowdscout-message-content-label" data-describedby="crowdscout-message-placeholders" hidden></div>
						<p class="description" id="crowdscout-message-placeholders">
							<?php
							echo esc_html(
								sprintf(
									/* translators: 1: name placeholder, 2: surname placeholder, 3: id placeholder, each as typed, e.g. "{{name}}". */
									__( 'Placeholders, in the title and the content: %1$s is replaced with the tester’s first name, %2$s with their surname and %3$s with their tester id.', 'crowdscout' ),
									self::PLACEHOLDERS[0],
									self::PLACEHOLDERS[1],
									self::PLACEHOLDERS[2]
								)
							);
							?>
						</p>
					</td>
				</tr>
				<tr>
					<th scope="row"><?php esc_html_e( 'Send to', 'crowdscout' ); ?></th>
					<td>
						<fieldset>
							<legend class="screen-reader-text"><?php esc_html_e( 'Send to', 'crowdscout' ); ?></legend>
							<label><input type="radio" name="target" value="all" <?php checked( 'all', $form['target'] ); ?> /> <?php esc_html_e( 'All testers', 'crowdscout' ); ?></label><br />
							<label><input type="radio" name="target" value="list" <?php checked( 'list', $form['target'] ); ?> /> <?php esc_html_e( 'Chosen testers', 'crowdscout' ); ?></label>
						</fieldset>
						<p>
							<label for="crowdscout-message-testers"><?php esc_html_e( 'Tester ids (for chosen testers)', 'crowdscout' ); ?></label><br />
							<textarea class="large-text" rows="3" id="crowdscout-message-testers" name="testers" aria-describedby="crowdscout-message-testers-help"><?php echo esc_textarea( (string) $form['testers'] ); ?></textarea>
						</p>
						<p class="description" id="crowdscout-message-testers-help"><?php esc_html_e( 'Tester ids such as 41 or T41, separated by commas, spaces or new lines. Find them under Crowdscout → Testers.', 'crowdscout' ); ?></p>
						<?php $this->print_recipients( (array) $form['recipients'] ); ?>
					</td>
				</tr>
				<tr>
					<th scope="row"><?php esc_html_e( 'Show once', 'crowdscout' ); ?></th>
					<td>
						<label><input type="checkbox" name="once" value="1" <?php checked( (bool) $form['once'] ); ?> /> <?php esc_html_e( 'Show it once: it counts as read as soon as it is shown', 'crowdscout' ); ?></label>
						<p class="description"><?php esc_html_e( 'Otherwise it pops up on every visit until the tester ticks “I understand, don’t show this again”.', 'crowdscout' ); ?></p>
					</td>
				</tr>
				<tr>
					<th scope="row"><label for="crowdscout-message-expires"><?php esc_html_e( 'Expiry', 'crowdscout' ); ?></label></th>
					<td>
						<input type="datetime-local" id="crowdscout-message-expires" name="expires_at" value="<?php echo esc_attr( (string) $form['expires'] ); ?>" aria-describedby="crowdscout-message-expires-help" />
						<p class="description" id="crowdscout-message-expires-help">
							<?php
							echo esc_html(
								sprintf(
									/* translators: %s: the site's time zone, e.g. "Europe/Rome" or "UTC+2". */
									__( 'In the site’s time zone (%s). After it the message no longer pops up, though the Inbox still shows it. Leave it empty for no expiry.', 'crowdscout' ),
									wp_timezone_string()
								)
							);
							?>
						</p>
					</td>
				</tr>
			</table>
			<?php submit_button( 0 === $id ? __( 'Publish message', 'crowdscout' ) : __( 'Update message', 'crowdscout' ) ); ?>
		</form>
		<?php
	}

	/**
	 * The testers a popup lists now (on its edit form).
	 *
	 * @param array<int, mixed> $recipients The API's recipients: {id, name, surname}.
	 * @return void
	 */
	private function print_recipients( array $recipients ): void {
		if ( array() === $recipients ) {
			return;
		}
		$names = array_map(
			static fn( $tester ): string => is_array( $tester ) ? trim( 'T' . (int) ( $tester['id'] ?? 0 ) . ' ' . ( is_string( $tester['name'] ?? null ) ? $tester['name'] : '' ) . ' ' . ( is_string( $tester['surname'] ?? null ) ? $tester['surname'] : '' ) ) : '',
			$recipients
		);
		printf(
			'<p>%s</p>',
			esc_html(
				sprintf(
					/* translators: %s: the testers, e.g. "T41 Ada Lovelace, T42 Bob Stone". */
					__( 'Listed now: %s', 'crowdscout' ),
					implode( ', ', $names )
				)
			)
		);
	}

	/**
	 * The popup's audit trail (`GET /admin/audit`): who wrote and changed it, when.
	 *
	 * @param int $id Popup id.
	 * @return void
	 */
	private function render_trail( int $id ): void {
		$entries = Api_Client::ok_body(
			$this->api->get(
				wp_get_current_user(),
				'/admin/audit',
				array(
					'subjectType' => 'popup',
					'subjectId'   => $id,
					'limit'       => 20,
				)
			)
		);
		$entries = is_array( $entries['results'] ?? null ) ? $entries['results'] : array();
		if ( array() === $entries ) {
			return;
		}
		$labels = array(
			'popup.create' => __( 'Written', 'crowdscout' ),
			'popup.update' => __( 'Changed', 'crowdscout' ),
		);
		?>
		<h2><?php esc_html_e( 'History', 'crowdscout' ); ?></h2>
		<table class="widefat striped">
			<thead><tr><th scope="col"><?php esc_html_e( 'Date', 'crowdscout' ); ?></th><th scope="col"><?php esc_html_e( 'What', 'crowdscout' ); ?></th><th scope="col"><?php esc_html_e( 'Who', 'crowdscout' ); ?></th></tr></thead>
			<tbody>
			<?php
			foreach ( $entries as $entry ) {
				if ( ! is_array( $entry ) ) {
					continue;
				}
				$action = is_string( $entry['action'] ?? null ) ? $entry['action'] : '';
				$user   = get_userdata( is_int( $entry['actor'] ?? null ) ? $entry['actor'] : 0 );
				printf(
					'<tr><td>%s</td><td>%s</td><td>%s</td></tr>',
					esc_html( self::date_time( $entry['date'] ?? null ) ),
					esc_html( $labels[ $action ] ?? $action ),
					esc_html( false !== $user ? $user->display_name : '#' . (int) ( $entry['actor'] ?? 0 ) )
				);
			}
			?>
			</tbody>
		</table>
		<?php
	}

	/**
	 * Prints the outcome of the user's last action, once.
	 *
	 * @return void
	 */
	private function print_result(): void {
		$result = Screen::take_result( self::SLUG );
		if ( ! is_array( $result ) ) {
			return;
		}
		$id = (int) ( $result['id'] ?? 0 );
		switch ( $result['outcome'] ?? '' ) {
			case 'saved':
				Screen::notice(
					'success',
					sprintf(
						! empty( $result['created'] )
							/* translators: %s: the message's title. */
							? __( 'Message “%s” published: it appears in the testers’ inbox.', 'crowdscout' )
							/* translators: %s: the message's title. */
							: __( 'Message “%s” updated.', 'crowdscout' ),
						(string) ( $result['title'] ?? '' )
					)
				);
				break;
			case 'deleted':
				/* translators: %d: message id. */
				Screen::notice( 'success', sprintf( __( 'Message #%d deleted: it has left every inbox.', 'crowdscout' ), $id ) );
				break;
			case 'failed':
				Screen::notice(
					'error',
					sprintf(
						/* translators: 1: message id, 2: why (the API's message). */
						__( 'Message #%1$d was not deleted: %2$s', 'crowdscout' ),
						$id,
						(string) ( $result['message'] ?? '' )
					)
				);
				break;
		}
	}

	/**
	 * URL of the screen: the list, or a view of it.
	 *
	 * @param string $view    '' (the list), new or edit.
	 * @param int    $popup_id The popup, for edit.
	 * @return string
	 */
	public static function url( string $view = '', int $popup_id = 0 ): string {
		$args = array( 'page' => self::SLUG );
		if ( '' !== $view ) {
			$args['view'] = $view;
		}
		if ( $popup_id > 0 ) {
			$args['popup'] = $popup_id;
		}
		return add_query_arg( $args, admin_url( 'admin.php' ) );
	}

	/**
	 * URL of a row's Delete, with its nonce.
	 *
	 * @param int $popup_id Popup id.
	 * @return string
	 */
	public static function delete_url( int $popup_id ): string {
		return wp_nonce_url(
			add_query_arg(
				array(
					'page'   => self::SLUG,
					'action' => self::DELETE,
					'popup'  => $popup_id,
				),
				admin_url( 'admin.php' )
			),
			self::DELETE_NONCE . $popup_id
		);
	}

	/**
	 * An API date-time in the site's time zone and formats ('' when there is none).
	 *
	 * @param mixed $iso E.g. "2026-06-01T16:30:00Z".
	 * @return string
	 */
	public static function date_time( $iso ): string {
		$time = is_string( $iso ) ? strtotime( $iso ) : false;
		if ( false === $time ) {
			return '';
		}
		return (string) wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $time );
	}
}
