<?php
/**
 * Settings → Crowdscout: API addresses, shared secret, product name, feature flags, social login apps, feedback form,
 * trusted proxies and XML-RPC login.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Reads and edits the plugin settings. Constants in wp-config.php win over the stored option, so a deployment can
 * keep the secret out of the database.
 */
final class Settings {

	public const OPTION               = 'crowdscout_settings';
	public const GROUP                = 'crowdscout';
	public const PAGE                 = 'crowdscout';
	public const MIN_SECRET_LENGTH    = 32;
	public const DEFAULT_API_URL      = 'http://127.0.0.1:8082/api';
	public const DEFAULT_PRODUCT_NAME = 'Scout';

	/**
	 * The constant that overrides each setting, where one does.
	 */
	private const CONSTANTS = array(
		'secret'                 => 'CROWDSCOUT_SECRET',
		'api_url'                => 'CROWDSCOUT_API_URL',
		'public_api_url'         => 'CROWDSCOUT_PUBLIC_API_URL',
		'facebook_app_id'        => 'CROWDSCOUT_FACEBOOK_APP_ID',
		'facebook_app_secret'    => 'CROWDSCOUT_FACEBOOK_APP_SECRET',
		'linkedin_client_id'     => 'CROWDSCOUT_LINKEDIN_CLIENT_ID',
		'linkedin_client_secret' => 'CROWDSCOUT_LINKEDIN_CLIENT_SECRET',
		'feedback_url'           => 'CROWDSCOUT_FEEDBACK_URL',
		'trusted_proxies'        => 'CROWDSCOUT_TRUSTED_PROXIES',
		'xmlrpc_enabled'         => 'CROWDSCOUT_XMLRPC_ENABLED',
	);

	/**
	 * Social login providers: provider → [id setting, secret setting].
	 */
	public const SOCIAL_PROVIDERS = array(
		'facebook' => array( 'facebook_app_id', 'facebook_app_secret' ),
		'linkedin' => array( 'linkedin_client_id', 'linkedin_client_secret' ),
	);

	/**
	 * Settings that hold a secret: never printed back into the form; an empty field keeps the stored value.
	 */
	private const SECRET_FIELDS = array( 'facebook_app_secret', 'linkedin_client_secret' );

	/**
	 * Registers the admin page, the setting and the notices.
	 *
	 * @return void
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		add_action( 'admin_init', array( $this, 'register_option' ) );
		add_action( 'admin_notices', array( $this, 'missing_secret_notice' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( CROWDSCOUT_PLUGIN_FILE ), array( $this, 'action_links' ) );
	}

	/**
	 * URL WordPress uses to reach the API from the server, without a trailing slash.
	 *
	 * @return string
	 */
	public function api_url(): string {
		$url = $this->constant_value( 'api_url' ) ?? $this->stored()['api_url'];
		return untrailingslashit( '' !== $url ? $url : self::DEFAULT_API_URL );
	}

	/**
	 * Base URL of the API as browsers see it, without a trailing slash.
	 *
	 * @return string
	 */
	public function public_api_url(): string {
		$url = $this->constant_value( 'public_api_url' ) ?? $this->stored()['public_api_url'];
		return untrailingslashit( '' !== $url ? $url : home_url( '/api' ) );
	}

	/**
	 * The shared secret, or null when none usable is configured (there is no default secret).
	 *
	 * @return string|null
	 */
	public function secret(): ?string {
		return self::usable_secret( $this->constant_value( 'secret' ) ?? $this->stored()['secret'] );
	}

	/**
	 * A configured secret as the plugin may use it: null when it is too short to be safe.
	 *
	 * @param string $secret Secret as configured.
	 * @return string|null
	 */
	public static function usable_secret( string $secret ): ?string {
		return strlen( $secret ) >= self::MIN_SECRET_LENGTH ? $secret : null;
	}

	/**
	 * Name testers are called by in the interface ("Scout" unless changed).
	 *
	 * @return string
	 */
	public function product_name(): string {
		$name = $this->stored()['product_name'];
		return '' !== $name ? $name : self::DEFAULT_PRODUCT_NAME;
	}

	/**
	 * Whether public user pages are enabled.
	 *
	 * @return bool
	 */
	public function public_user_pages(): bool {
		return $this->stored()['public_user_pages'];
	}

	/**
	 * App id and secret of a social login provider, or null while either is missing.
	 *
	 * @param string $provider facebook or linkedin.
	 * @return array{id: string, secret: string}|null
	 */
	public function social_credentials( string $provider ): ?array {
		if ( ! isset( self::SOCIAL_PROVIDERS[ $provider ] ) ) {
			return null;
		}
		list( $id_key, $secret_key ) = self::SOCIAL_PROVIDERS[ $provider ];
		$id     = trim( $this->constant_value( $id_key ) ?? $this->stored()[ $id_key ] );
		$secret = trim( $this->constant_value( $secret_key ) ?? $this->stored()[ $secret_key ] );
		return '' !== $id && '' !== $secret ? array(
			'id'     => $id,
			'secret' => $secret,
		) : null;
	}

	/**
	 * Address of the external feedback form the front end embeds (https), or null when none is set.
	 *
	 * @return string|null
	 */
	public function feedback_url(): ?string {
		return self::https_url( $this->constant_value( 'feedback_url' ) ?? $this->stored()['feedback_url'] );
	}

	/**
	 * The proxies whose X-Forwarded-For is believed: IPs and CIDRs (Client_Address), `127.0.0.1,::1` by default.
	 *
	 * @return string[]
	 */
	public function trusted_proxies(): array {
		$list    = $this->constant_value( 'trusted_proxies' ) ?? $this->stored()['trusted_proxies'];
		$entries = Client_Address::parse_list( $list );
		return array() !== $entries ? $entries : Client_Address::parse_list( Client_Address::DEFAULT_TRUSTED_PROXIES );
	}

	/**
	 * Whether XML-RPC may authenticate users (off unless turned on: it checks passwords outside the product's
	 * login pages). The constant CROWDSCOUT_XMLRPC_ENABLED (true/false) wins over the setting.
	 *
	 * @return bool
	 */
	public function xmlrpc_enabled(): bool {
		if ( defined( self::CONSTANTS['xmlrpc_enabled'] ) ) {
			return (bool) filter_var( constant( self::CONSTANTS['xmlrpc_enabled'] ), FILTER_VALIDATE_BOOLEAN );
		}
		return $this->stored()['xmlrpc_enabled'];
	}

	/**
	 * Whether a wp-config constant is in effect for a setting.
	 *
	 * @param string $key Setting key (a key of CONSTANTS).
	 * @return bool
	 */
	public function is_constant( string $key ): bool {
		if ( 'xmlrpc_enabled' === $key ) {
			return defined( self::CONSTANTS[ $key ] );
		}
		return null !== $this->constant_value( $key );
	}

	/**
	 * Adds Settings → Crowdscout.
	 *
	 * @return void
	 */
	public function add_page(): void {
		add_options_page(
			__( 'Crowdscout settings', 'crowdscout' ),
			__( 'Crowdscout', 'crowdscout' ),
			'manage_options',
			self::PAGE,
			array( $this, 'render_page' )
		);
	}

	/**
	 * Registers the option, its section and fields.
	 *
	 * @return void
	 */
	public function register_option(): void {
		register_setting(
			self::GROUP,
			self::OPTION,
			array(
				'type'              => 'array',
				'sanitize_callback' => array( $this, 'sanitize' ),
				'default'           => self::defaults(),
				'show_in_rest'      => false,
			)
		);

		add_settings_section( 'crowdscout_api', __( 'API', 'crowdscout' ), '__return_null', self::PAGE );
		add_settings_section( 'crowdscout_product', __( 'Product', 'crowdscout' ), '__return_null', self::PAGE );
		add_settings_section( 'crowdscout_social', __( 'Social login', 'crowdscout' ), array( $this, 'render_social_section' ), self::PAGE );
		add_settings_section( 'crowdscout_security', __( 'Login security', 'crowdscout' ), '__return_null', self::PAGE );

		$fields = array(
			'api_url'           => array( __( 'API URL (server side)', 'crowdscout' ), 'crowdscout_api', 'render_api_url_field' ),
			'public_api_url'    => array( __( 'Public API base', 'crowdscout' ), 'crowdscout_api', 'render_public_api_url_field' ),
			'secret'            => array( __( 'Shared secret', 'crowdscout' ), 'crowdscout_api', 'render_secret_field' ),
			'product_name'      => array( __( 'Product name', 'crowdscout' ), 'crowdscout_product', 'render_product_name_field' ),
			'public_user_pages' => array( __( 'Public user pages', 'crowdscout' ), 'crowdscout_product', 'render_public_user_pages_field' ),
			'feedback_url'      => array( __( 'Feedback form URL', 'crowdscout' ), 'crowdscout_product', 'render_feedback_url_field' ),
			'trusted_proxies'   => array( __( 'Trusted proxies', 'crowdscout' ), 'crowdscout_security', 'render_trusted_proxies_field' ),
			'xmlrpc_enabled'    => array( __( 'XML-RPC login', 'crowdscout' ), 'crowdscout_security', 'render_xmlrpc_enabled_field' ),
		);
		$social = array(
			'facebook_app_id'        => __( 'Facebook app ID', 'crowdscout' ),
			'facebook_app_secret'    => __( 'Facebook app secret', 'crowdscout' ),
			'linkedin_client_id'     => __( 'LinkedIn client ID', 'crowdscout' ),
			'linkedin_client_secret' => __( 'LinkedIn client secret', 'crowdscout' ),
		);
		foreach ( $social as $key => $label ) {
			$fields[ $key ] = array( $label, 'crowdscout_social', 'render_social_field' );
		}
		foreach ( $fields as $key => list( $label, $section, $renderer ) ) {
			add_settings_field(
				'crowdscout_' . $key,
				$label,
				array( $this, $renderer ),
				self::PAGE,
				$section,
				array(
					'label_for' => 'crowdscout_' . $key,
					'key'       => $key,
				)
			);
		}
	}

	/**
	 * Sanitises the submitted settings. Fields that are missing or invalid keep their stored value, except the
	 * checkbox, whose absence means "off". An empty secret keeps the stored one.
	 *
	 * @param mixed $input Submitted value (already unslashed by options.php).
	 * @return array<string, mixed>
	 */
	public function sanitize( $input ): array {
		$input = is_array( $input ) ? $input : array();
		$clean = $this->stored();

		foreach ( array( 'api_url', 'public_api_url' ) as $key ) {
			if ( ! isset( $input[ $key ] ) || ! is_string( $input[ $key ] ) ) {
				continue;
			}
			$raw = trim( $input[ $key ] );
			if ( '' === $raw ) {
				$clean[ $key ] = '';
				continue;
			}
			$url = esc_url_raw( $raw, array( 'http', 'https' ) );
			if ( '' === $url || '' === (string) wp_parse_url( $url, PHP_URL_HOST ) ) {
				$this->add_error(
					'crowdscout_invalid_' . $key,
					/* translators: %s: the URL as entered. */
					sprintf( __( '"%s" is not a valid http(s) URL; the previous value was kept.', 'crowdscout' ), $raw )
				);
				continue;
			}
			$clean[ $key ] = untrailingslashit( $url );
		}

		if ( isset( $input['secret'] ) && is_string( $input['secret'] ) ) {
			$secret = trim( $input['secret'] );
			if ( '' !== $secret ) {
				if ( strlen( $secret ) < self::MIN_SECRET_LENGTH ) {
					$this->add_error(
						'crowdscout_short_secret',
						/* translators: %d: minimum number of characters. */
						sprintf( __( 'The shared secret must be at least %d characters long; the previous secret was kept.', 'crowdscout' ), self::MIN_SECRET_LENGTH )
					);
				} else {
					$clean['secret'] = $secret;
				}
			}
		}

		if ( isset( $input['product_name'] ) && is_string( $input['product_name'] ) ) {
			$clean['product_name'] = sanitize_text_field( $input['product_name'] );
		}

		$clean['public_user_pages'] = ! empty( $input['public_user_pages'] );
		$clean['xmlrpc_enabled']    = ! empty( $input['xmlrpc_enabled'] );

		if ( isset( $input['trusted_proxies'] ) && is_string( $input['trusted_proxies'] ) ) {
			$raw     = trim( $input['trusted_proxies'] );
			$entries = preg_split( '/[\s,]+/', $raw, -1, PREG_SPLIT_NO_EMPTY );
			$valid   = Client_Address::parse_list( $raw );
			if ( count( $valid ) === count( false === $entries ? array() : $entries ) ) {
				$clean['trusted_proxies'] = implode( ',', $valid );
			} else {
				$this->add_error(
					'crowdscout_invalid_trusted_proxies',
					/* translators: %s: the list as entered. */
					sprintf( __( '"%s" is not a list of IP addresses and CIDR ranges; the previous value was kept.', 'crowdscout' ), $raw )
				);
			}
		}

		if ( isset( $input['feedback_url'] ) && is_string( $input['feedback_url'] ) ) {
			$raw = trim( $input['feedback_url'] );
			$url = self::https_url( $raw );
			if ( '' === $raw || null !== $url ) {
				$clean['feedback_url'] = (string) $url;
			} else {
				$this->add_error(
					'crowdscout_invalid_feedback_url',
					/* translators: %s: the URL as entered. */
					sprintf( __( '"%s" is not a valid https URL; the previous value was kept.', 'crowdscout' ), $raw )
				);
			}
		}

		foreach ( self::SOCIAL_PROVIDERS as list( $id_key, $secret_key ) ) {
			if ( isset( $input[ $id_key ] ) && is_string( $input[ $id_key ] ) ) {
				$clean[ $id_key ] = sanitize_text_field( $input[ $id_key ] );
			}
			// An empty secret field keeps the stored secret (it is never printed back); "-" alone clears it.
			if ( isset( $input[ $secret_key ] ) && is_string( $input[ $secret_key ] ) && '' !== trim( $input[ $secret_key ] ) ) {
				$secret               = trim( $input[ $secret_key ] );
				$clean[ $secret_key ] = '-' === $secret ? '' : sanitize_text_field( $secret );
			}
		}

		return $clean;
	}

	/**
	 * Prints the settings page.
	 *
	 * @return void
	 */
	public function render_page(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		?>
		<div class="wrap">
			<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
			<form action="<?php echo esc_url( admin_url( 'options.php' ) ); ?>" method="post">
				<?php
				settings_fields( self::GROUP );
				do_settings_sections( self::PAGE );
				submit_button();
				?>
			</form>
		</div>
		<?php
	}

	/**
	 * Prints the server-side API URL field.
	 *
	 * @return void
	 */
	public function render_api_url_field(): void {
		$this->render_url_field(
			'api_url',
			self::DEFAULT_API_URL,
			__( 'Where WordPress reaches the API from the server (internal calls).', 'crowdscout' )
		);
	}

	/**
	 * Prints the public API base field.
	 *
	 * @return void
	 */
	public function render_public_api_url_field(): void {
		$this->render_url_field(
			'public_api_url',
			home_url( '/api' ),
			__( 'Where browsers reach the API (normally the same site, under /api).', 'crowdscout' )
		);
	}

	/**
	 * Prints the shared secret field. The stored secret is never printed.
	 *
	 * @return void
	 */
	public function render_secret_field(): void {
		if ( $this->is_constant( 'secret' ) ) {
			echo '<p>' . esc_html( $this->constant_notice( 'secret' ) ) . '</p>';
			if ( null === $this->secret() ) {
				echo '<p class="description">' . esc_html( $this->short_secret_text() ) . '</p>';
			}
			return;
		}
		$has_secret = null !== $this->secret();
		printf(
			'<input type="password" id="crowdscout_secret" name="%s" value="" class="regular-text code" autocomplete="new-password" spellcheck="false" />',
			esc_attr( self::OPTION . '[secret]' )
		);
		echo '<p class="description">';
		if ( $has_secret ) {
			esc_html_e( 'A secret is stored. Leave the field empty to keep it; type a new one to replace it.', 'crowdscout' );
		} else {
			esc_html_e( 'No secret is stored yet: until one is, no tokens are issued and the API cannot reach WordPress.', 'crowdscout' );
		}
		echo ' ';
		echo esc_html(
			sprintf(
				/* translators: %d: minimum number of characters. */
				__( 'At least %d characters, the same value as CROWDSCOUT_SECRET of the API (for example the output of "openssl rand -hex 32").', 'crowdscout' ),
				self::MIN_SECRET_LENGTH
			)
		);
		echo '</p>';
	}

	/**
	 * Prints the product name field.
	 *
	 * @return void
	 */
	public function render_product_name_field(): void {
		printf(
			'<input type="text" id="crowdscout_product_name" name="%s" value="%s" placeholder="%s" class="regular-text" />',
			esc_attr( self::OPTION . '[product_name]' ),
			esc_attr( $this->stored()['product_name'] ),
			esc_attr( self::DEFAULT_PRODUCT_NAME )
		);
		echo '<p class="description">' . esc_html__( 'What testers are called in the interface.', 'crowdscout' ) . '</p>';
	}

	/**
	 * Prints the public user pages checkbox.
	 *
	 * @return void
	 */
	public function render_public_user_pages_field(): void {
		printf(
			'<label><input type="checkbox" id="crowdscout_public_user_pages" name="%s" value="1" %s /> %s</label>',
			esc_attr( self::OPTION . '[public_user_pages]' ),
			checked( $this->public_user_pages(), true, false ),
			esc_html__( 'Enable public user pages (pages opened with a token route parameter).', 'crowdscout' )
		);
	}

	/**
	 * Prints the feedback form URL field.
	 *
	 * @return void
	 */
	public function render_feedback_url_field(): void {
		$this->render_url_field(
			'feedback_url',
			'https://',
			__( 'An https address of the external feedback form. The front end embeds it in a dialog, prefilled with the tester id and email. Leave empty to hide the feedback form.', 'crowdscout' )
		);
	}

	/**
	 * Prints the trusted proxies field.
	 *
	 * @return void
	 */
	public function render_trusted_proxies_field(): void {
		$constant = $this->is_constant( 'trusted_proxies' );
		printf(
			'<input type="text" id="crowdscout_trusted_proxies" name="%s" value="%s" placeholder="%s" class="regular-text code" %s />',
			esc_attr( self::OPTION . '[trusted_proxies]' ),
			esc_attr( $constant ? (string) $this->constant_value( 'trusted_proxies' ) : $this->stored()['trusted_proxies'] ),
			esc_attr( Client_Address::DEFAULT_TRUSTED_PROXIES ),
			disabled( $constant, true, false )
		);
		echo '<p class="description">' . esc_html__( 'IP addresses and CIDR ranges of the reverse proxies in front of WordPress, comma-separated. Their X-Forwarded-For header names the client (for the login throttle); from anyone else it is ignored. Empty means 127.0.0.1,::1.', 'crowdscout' );
		if ( $constant ) {
			echo ' <strong>' . esc_html( $this->constant_notice( 'trusted_proxies' ) ) . '</strong>';
		}
		echo '</p>';
	}

	/**
	 * Prints the XML-RPC login checkbox.
	 *
	 * @return void
	 */
	public function render_xmlrpc_enabled_field(): void {
		$constant = $this->is_constant( 'xmlrpc_enabled' );
		printf(
			'<label><input type="checkbox" id="crowdscout_xmlrpc_enabled" name="%s" value="1" %s %s /> %s</label>',
			esc_attr( self::OPTION . '[xmlrpc_enabled]' ),
			checked( $this->xmlrpc_enabled(), true, false ),
			disabled( $constant, true, false ),
			esc_html__( 'Let XML-RPC clients log in (off by default; the login throttle applies to them too).', 'crowdscout' )
		);
		if ( $constant ) {
			echo '<p class="description"><strong>' . esc_html( $this->constant_notice( 'xmlrpc_enabled' ) ) . '</strong></p>';
		}
	}

	/**
	 * Prints the help text of the social login section: the redirect addresses to register with the providers.
	 *
	 * @return void
	 */
	public function render_social_section(): void {
		echo '<p>' . esc_html__( 'Sign-in with Facebook and LinkedIn logs in existing users whose verified email matches. Register these redirect addresses in the providers\' developer consoles:', 'crowdscout' ) . '</p><ul>';
		foreach ( array_keys( self::SOCIAL_PROVIDERS ) as $provider ) {
			printf( '<li><code>%s</code></li>', esc_html( Social_Login::callback_url( $provider ) ) );
		}
		echo '</ul>';
	}

	/**
	 * Prints an app id or secret field of a social login provider. A stored secret is never printed.
	 *
	 * @param array{key: string} $args Field arguments (the setting key).
	 * @return void
	 */
	public function render_social_field( array $args ): void {
		$key = $args['key'];
		if ( $this->is_constant( $key ) ) {
			echo '<p>' . esc_html( $this->constant_notice( $key ) ) . '</p>';
			return;
		}
		$secret = in_array( $key, self::SECRET_FIELDS, true );
		printf(
			'<input type="%s" id="%s" name="%s" value="%s" class="regular-text code" autocomplete="%s" spellcheck="false" />',
			$secret ? 'password' : 'text',
			esc_attr( 'crowdscout_' . $key ),
			esc_attr( self::OPTION . '[' . $key . ']' ),
			esc_attr( $secret ? '' : $this->stored()[ $key ] ),
			$secret ? 'new-password' : 'off'
		);
		if ( $secret ) {
			echo '<p class="description">';
			if ( '' !== $this->stored()[ $key ] ) {
				esc_html_e( 'A secret is stored. Leave the field empty to keep it, type a new one to replace it, or type "-" to remove it.', 'crowdscout' );
			} else {
				esc_html_e( 'No secret is stored: sign-in with this provider is off until both fields are filled in.', 'crowdscout' );
			}
			echo '</p>';
		}
	}

	/**
	 * Tells administrators that no usable secret is configured.
	 *
	 * @return void
	 */
	public function missing_secret_notice(): void {
		if ( null !== $this->secret() || ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$message = $this->is_constant( 'secret' )
			? $this->short_secret_text()
			: __( 'Crowdscout needs a shared secret: define CROWDSCOUT_SECRET in wp-config.php or enter it in Settings → Crowdscout. Until then no tokens are issued and the API cannot reach WordPress.', 'crowdscout' );
		printf(
			'<div class="notice notice-error"><p>%s <a href="%s">%s</a></p></div>',
			esc_html( $message ),
			esc_url( admin_url( 'options-general.php?page=' . self::PAGE ) ),
			esc_html__( 'Open the settings', 'crowdscout' )
		);
	}

	/**
	 * Adds a Settings link to the plugin's row on the Plugins screen.
	 *
	 * @param array<int|string, string> $links Existing links.
	 * @return array<int|string, string>
	 */
	public function action_links( array $links ): array {
		array_unshift(
			$links,
			sprintf(
				'<a href="%s">%s</a>',
				esc_url( admin_url( 'options-general.php?page=' . self::PAGE ) ),
				esc_html__( 'Settings', 'crowdscout' )
			)
		);
		return $links;
	}

	/**
	 * Default values of the stored option. Empty URLs mean "use the default".
	 *
	 * @return array<string, mixed>
	 */
	public static function defaults(): array {
		return array(
			'api_url'                => '',
			'public_api_url'         => '',
			'secret'                 => '',
			'product_name'           => self::DEFAULT_PRODUCT_NAME,
			'public_user_pages'      => false,
			'feedback_url'           => '',
			'facebook_app_id'        => '',
			'facebook_app_secret'    => '',
			'linkedin_client_id'     => '',
			'linkedin_client_secret' => '',
			'trusted_proxies'        => '',
			'xmlrpc_enabled'         => false,
		);
	}

	/**
	 * A valid https URL with a host, or null.
	 *
	 * @param string $value URL as entered.
	 * @return string|null
	 */
	public static function https_url( string $value ): ?string {
		$value = trim( $value );
		if ( '' === $value ) {
			return null;
		}
		$url = esc_url_raw( $value, array( 'https' ) );
		return '' !== $url && '' !== (string) wp_parse_url( $url, PHP_URL_HOST ) ? $url : null;
	}

	/**
	 * The stored option merged over the defaults, with each value of its expected type.
	 *
	 * @return array{api_url: string, public_api_url: string, secret: string, product_name: string, public_user_pages: bool, feedback_url: string, facebook_app_id: string, facebook_app_secret: string, linkedin_client_id: string, linkedin_client_secret: string, trusted_proxies: string, xmlrpc_enabled: bool}
	 */
	private function stored(): array {
		$stored  = get_option( self::OPTION, array() );
		$stored  = is_array( $stored ) ? $stored : array();
		$values  = array_merge( self::defaults(), array_intersect_key( $stored, self::defaults() ) );
		$strings = array();
		foreach ( array( 'feedback_url', 'facebook_app_id', 'facebook_app_secret', 'linkedin_client_id', 'linkedin_client_secret', 'trusted_proxies' ) as $key ) {
			$strings[ $key ] = is_string( $values[ $key ] ) ? $values[ $key ] : '';
		}
		return $strings + array(
			'api_url'           => is_string( $values['api_url'] ) ? $values['api_url'] : '',
			'public_api_url'    => is_string( $values['public_api_url'] ) ? $values['public_api_url'] : '',
			'secret'            => is_string( $values['secret'] ) ? $values['secret'] : '',
			'product_name'      => is_string( $values['product_name'] ) ? $values['product_name'] : '',
			'public_user_pages' => (bool) $values['public_user_pages'],
			'xmlrpc_enabled'    => (bool) $values['xmlrpc_enabled'],
		);
	}

	/**
	 * Value of the constant that overrides a setting, or null when it is not defined (or empty).
	 *
	 * @param string $key Setting key.
	 * @return string|null
	 */
	private function constant_value( string $key ): ?string {
		if ( ! isset( self::CONSTANTS[ $key ] ) || ! defined( self::CONSTANTS[ $key ] ) ) {
			return null;
		}
		$value = constant( self::CONSTANTS[ $key ] );
		return is_string( $value ) && '' !== trim( $value ) ? trim( $value ) : null;
	}

	/**
	 * Prints a URL field, read-only when a constant is in effect.
	 *
	 * @param string $key         Setting key.
	 * @param string $placeholder Default value shown as placeholder.
	 * @param string $description Help text.
	 * @return void
	 */
	private function render_url_field( string $key, string $placeholder, string $description ): void {
		$constant = $this->is_constant( $key );
		printf(
			'<input type="url" id="%s" name="%s" value="%s" placeholder="%s" class="regular-text code" %s />',
			esc_attr( 'crowdscout_' . $key ),
			esc_attr( self::OPTION . '[' . $key . ']' ),
			esc_attr( $constant ? (string) $this->constant_value( $key ) : $this->stored()[ $key ] ),
			esc_attr( $placeholder ),
			disabled( $constant, true, false )
		);
		echo '<p class="description">' . esc_html( $description );
		if ( $constant ) {
			echo ' <strong>' . esc_html( $this->constant_notice( $key ) ) . '</strong>';
		}
		echo '</p>';
	}

	/**
	 * Says which constant is in effect for a setting.
	 *
	 * @param string $key Setting key.
	 * @return string
	 */
	private function constant_notice( string $key ): string {
		return sprintf(
			/* translators: %s: constant name. */
			__( 'Set by the %s constant in wp-config.php, which overrides this setting.', 'crowdscout' ),
			self::CONSTANTS[ $key ]
		);
	}

	/**
	 * Explains that the secret in wp-config.php is too short.
	 *
	 * @return string
	 */
	private function short_secret_text(): string {
		return sprintf(
			/* translators: %d: minimum number of characters. */
			__( 'Crowdscout: CROWDSCOUT_SECRET in wp-config.php is shorter than %d characters, so it is not used: no tokens are issued and the API cannot reach WordPress.', 'crowdscout' ),
			self::MIN_SECRET_LENGTH
		);
	}

	/**
	 * Adds a settings error once (the sanitize callback can run twice when the option is first created).
	 *
	 * @param string $code    Error code.
	 * @param string $message Message.
	 * @return void
	 */
	private function add_error( string $code, string $message ): void {
		foreach ( get_settings_errors( self::OPTION ) as $error ) {
			if ( $error['code'] === $code ) {
				return;
			}
		}
		add_settings_error( self::OPTION, $code, $message );
	}
}
