<?php
/**
 * The plugin object: builds the services once and registers their hooks.
 *
 * @package Crowdscout
 */

namespace Crowdscout;

defined( 'ABSPATH' ) || exit;

/**
 * Composition root of the plugin. Every service is created lazily, once, and reached through this object,
 * so hooks, tests and other code share the same instances.
 */
final class Plugin {

	/**
	 * The one instance.
	 *
	 * @var Plugin|null
	 */
	private static ?Plugin $instance = null;

	/**
	 * Whether register() already ran.
	 *
	 * @var bool
	 */
	private bool $registered = false;

	/**
	 * Services by class name.
	 *
	 * @var array<string, object>
	 */
	private array $services = array();

	/**
	 * Returns the plugin instance.
	 *
	 * @return Plugin
	 */
	public static function instance(): Plugin {
		if ( null === self::$instance ) {
			self::$instance = new self();
		}
		return self::$instance;
	}

	/**
	 * Registers the lifecycle hooks and the hooks of every service. Safe to call twice.
	 *
	 * @return void
	 */
	public function register(): void {
		if ( $this->registered ) {
			return;
		}
		$this->registered = true;

		register_activation_hook( $this->file(), array( $this->lifecycle(), 'activate' ) );
		register_deactivation_hook( $this->file(), array( $this->lifecycle(), 'deactivate' ) );

		$components = array(
			$this->locale(),
			$this->i18n(),
			$this->settings(),
			$this->roles(),
			$this->replay_guard(),
			$this->internal_api(),
			$this->assets(),
			$this->blocks(),
			$this->shortcode(),
			$this->shell(),
			$this->bare_pages(),
			$this->public_pages(),
			$this->site_chrome(),
			$this->not_found(),
			$this->ajax(),
			$this->account_ajax(),
			$this->profile_ajax(),
			$this->campaign_ajax(),
			$this->privacy_export(),
			$this->login_guard(),
			$this->user_privacy(),
			$this->admin_access(),
			$this->social_login(),
			$this->page_titles(),
			$this->admin_bar(),
			$this->router(),
			$this->referral(),
			$this->user_language(),
			$this->admin_menu(),
			$this->campaigns_page(),
			$this->payouts_page(),
			$this->testers_page(),
			$this->dashboard_widget(),
			$this->candidates_page(),
			$this->fiscal_page(),
			$this->bugs_page(),
			$this->messages_page(),
			$this->lifecycle(),
		);
		foreach ( $components as $component ) {
			$component->register();
		}
	}

	/**
	 * Absolute path of the main plugin file.
	 *
	 * @return string
	 */
	public function file(): string {
		return CROWDSCOUT_PLUGIN_FILE;
	}

	/**
	 * Absolute path of the plugin folder, with a trailing slash.
	 *
	 * @return string
	 */
	public function dir(): string {
		return plugin_dir_path( $this->file() );
	}

	/**
	 * Plugin settings (options and wp-config constants).
	 *
	 * @return Settings
	 */
	public function settings(): Settings {
		return $this->service( Settings::class, static fn() => new Settings() );
	}

	/**
	 * Keys derived from the shared secret.
	 *
	 * @return Keys
	 */
	public function keys(): Keys {
		return $this->service( Keys::class, fn() => new Keys( array( $this->settings(), 'secret' ) ) );
	}

	/**
	 * Bearer token minting.
	 *
	 * @return Jwt
	 */
	public function jwt(): Jwt {
		return $this->service( Jwt::class, fn() => new Jwt( $this->keys() ) );
	}

	/**
	 * Store of internal-channel nonces already seen.
	 *
	 * @return Replay_Guard
	 */
	public function replay_guard(): Replay_Guard {
		return $this->service( Replay_Guard::class, static fn() => new Replay_Guard() );
	}

	/**
	 * Verification of internal-channel signatures.
	 *
	 * @return Channel_Signature
	 */
	public function channel_signature(): Channel_Signature {
		return $this->service(
			Channel_Signature::class,
			fn() => new Channel_Signature( $this->keys(), $this->replay_guard() )
		);
	}

	/**
	 * Identity operations on WordPress users.
	 *
	 * @return Users
	 */
	public function users(): Users {
		return $this->service( Users::class, static fn() => new Users() );
	}

	/**
	 * REST routes of the internal channel.
	 *
	 * @return Internal_Api
	 */
	public function internal_api(): Internal_Api {
		return $this->service(
			Internal_Api::class,
			fn() => new Internal_Api( $this->channel_signature(), $this->users(), $this->login_guard(), $this->welcome_email(), $this->settings(), $this->payment_email() )
		);
	}

	/**
	 * The generated front-end build (plugin/build).
	 *
	 * @return Build
	 */
	public function build(): Build {
		return $this->service(
			Build::class,
			fn() => new Build( $this->dir() . 'build', plugins_url( 'build', $this->file() ) )
		);
	}

	/**
	 * The configuration object handed to the front end.
	 *
	 * @return Page_Config
	 */
	public function page_config(): Page_Config {
		return $this->service(
			Page_Config::class,
			fn() => new Page_Config( $this->settings(), $this->jwt(), $this->referral() )
		);
	}

	/**
	 * Script and style handles of the runtime.
	 *
	 * @return Assets
	 */
	public function assets(): Assets {
		return $this->service( Assets::class, fn() => new Assets( $this->build(), $this->page_config() ) );
	}

	/**
	 * The product's 404 page.
	 *
	 * @return Not_Found
	 */
	public function not_found(): Not_Found {
		return $this->service( Not_Found::class, static fn() => new Not_Found() );
	}

	/**
	 * The site header and footer's stylesheet, and the skip link.
	 *
	 * @return Site_Chrome
	 */
	public function site_chrome(): Site_Chrome {
		return $this->service( Site_Chrome::class, static fn() => new Site_Chrome() );
	}

	/**
	 * The application frame of logged-in pages.
	 *
	 * @return Shell
	 */
	public function shell(): Shell {
		return $this->service( Shell::class, fn() => new Shell( $this->assets() ) );
	}

	/**
	 * Pages shown without the site's frame.
	 *
	 * @return Bare_Pages
	 */
	public function bare_pages(): Bare_Pages {
		return $this->service( Bare_Pages::class, fn() => new Bare_Pages( $this->pages() ) );
	}

	/**
	 * The public pages, shown only while their setting is on.
	 *
	 * @return Public_Pages
	 */
	public function public_pages(): Public_Pages {
		return $this->service( Public_Pages::class, fn() => new Public_Pages( $this->settings() ) );
	}

	/**
	 * Widget blocks.
	 *
	 * @return Blocks
	 */
	public function blocks(): Blocks {
		return $this->service( Blocks::class, fn() => new Blocks( $this->build(), $this->assets() ) );
	}

	/**
	 * The [crowdscout] shortcode.
	 *
	 * @return Shortcode
	 */
	public function shortcode(): Shortcode {
		return $this->service( Shortcode::class, fn() => new Shortcode( $this->assets() ) );
	}

	/**
	 * The token refresh ajax action.
	 *
	 * @return Ajax
	 */
	public function ajax(): Ajax {
		return $this->service( Ajax::class, fn() => new Ajax( $this->jwt() ) );
	}

	/**
	 * The account ajax actions: nonce, login, logout.
	 *
	 * @return Account_Ajax
	 */
	public function account_ajax(): Account_Ajax {
		return $this->service( Account_Ajax::class, fn() => new Account_Ajax( $this->login_guard() ) );
	}

	/**
	 * The profile's ajax actions: email confirmation, personal-data request.
	 *
	 * @return Profile_Ajax
	 */
	public function profile_ajax(): Profile_Ajax {
		return $this->service( Profile_Ajax::class, fn() => new Profile_Ajax( $this->email_confirmation() ) );
	}

	/**
	 * The campaign's ajax action: starting it (the manual's accept-contract button).
	 *
	 * @return Campaign_Ajax
	 */
	public function campaign_ajax(): Campaign_Ajax {
		return $this->service(
			Campaign_Ajax::class,
			fn() => new Campaign_Ajax( $this->jwt(), array( $this->settings(), 'api_url' ) )
		);
	}

	/**
	 * The API's data in WordPress's personal-data export.
	 *
	 * @return Privacy_Export
	 */
	public function privacy_export(): Privacy_Export {
		return $this->service(
			Privacy_Export::class,
			fn() => new Privacy_Export( $this->jwt(), array( $this->settings(), 'api_url' ) )
		);
	}

	/**
	 * The email-confirmation link and its email.
	 *
	 * @return Email_Confirmation
	 */
	public function email_confirmation(): Email_Confirmation {
		return $this->service( Email_Confirmation::class, fn() => new Email_Confirmation( $this->keys() ) );
	}

	/**
	 * The login throttle on every login path.
	 *
	 * @return Login_Guard
	 */
	public function login_guard(): Login_Guard {
		return $this->service( Login_Guard::class, fn() => new Login_Guard( $this->login_throttle(), $this->settings() ) );
	}

	/**
	 * Login names kept out of public answers.
	 *
	 * @return User_Privacy
	 */
	public function user_privacy(): User_Privacy {
		return $this->service( User_Privacy::class, static fn() => new User_Privacy() );
	}

	/**
	 * Testers kept out of wp-admin.
	 *
	 * @return Admin_Access
	 */
	public function admin_access(): Admin_Access {
		return $this->service( Admin_Access::class, static fn() => new Admin_Access() );
	}

	/**
	 * Failed-login counters.
	 *
	 * @return Login_Throttle
	 */
	public function login_throttle(): Login_Throttle {
		return $this->service( Login_Throttle::class, static fn() => new Login_Throttle() );
	}

	/**
	 * Sign-in with Facebook and LinkedIn.
	 *
	 * @return Social_Login
	 */
	public function social_login(): Social_Login {
		return $this->service( Social_Login::class, fn() => new Social_Login( $this->settings(), $this->keys() ) );
	}

	/**
	 * The welcome email.
	 *
	 * @return Welcome_Email
	 */
	public function welcome_email(): Welcome_Email {
		return $this->service( Welcome_Email::class, static fn() => new Welcome_Email() );
	}

	/**
	 * The payment mails (request received, request paid).
	 *
	 * @return Payment_Email
	 */
	public function payment_email(): Payment_Email {
		return $this->service( Payment_Email::class, static fn() => new Payment_Email() );
	}

	/**
	 * The language each user last read the site in.
	 *
	 * @return User_Language
	 */
	public function user_language(): User_Language {
		return $this->service( User_Language::class, static fn() => new User_Language() );
	}

	/**
	 * The back office's client of the API's `/admin/…` routes.
	 *
	 * @return Admin\Api_Client
	 */
	public function api_client(): Admin\Api_Client {
		return $this->service(
			Admin\Api_Client::class,
			fn() => new Admin\Api_Client( $this->jwt(), array( $this->settings(), 'api_url' ) )
		);
	}

	/**
	 * The Crowdscout menu of wp-admin.
	 *
	 * @return Admin\Menu
	 */
	public function admin_menu(): Admin\Menu {
		return $this->service( Admin\Menu::class, static fn() => new Admin\Menu() );
	}

	/**
	 * The API's back-office payment routes.
	 *
	 * @return Admin\Payments_Api
	 */
	public function payments_api(): Admin\Payments_Api {
		return $this->service(
			Admin\Payments_Api::class,
			fn() => new Admin\Payments_Api( $this->api_client() )
		);
	}

	/**
	 * Crowdscout → Campaigns in wp-admin (the menu's top-level page).
	 *
	 * @return Admin\Campaigns_Page
	 */
	public function campaigns_page(): Admin\Campaigns_Page {
		return $this->service( Admin\Campaigns_Page::class, fn() => new Admin\Campaigns_Page( $this->api_client() ) );
	}

	/**
	 * Crowdscout → Payouts in wp-admin.
	 *
	 * @return Admin\Payouts_Page
	 */
	public function payouts_page(): Admin\Payouts_Page {
		return $this->service( Admin\Payouts_Page::class, fn() => new Admin\Payouts_Page( $this->payments_api() ) );
	}

	/**
	 * Crowdscout → Testers in wp-admin: the testers, their records and experience adjustments.
	 *
	 * @return Admin\Testers_Page
	 */
	public function testers_page(): Admin\Testers_Page {
		return $this->service( Admin\Testers_Page::class, fn() => new Admin\Testers_Page( $this->api_client() ) );
	}

	/**
	 * The Crowdscout widget of the wp-admin Dashboard.
	 *
	 * @return Admin\Dashboard_Widget
	 */
	public function dashboard_widget(): Admin\Dashboard_Widget {
		return $this->service( Admin\Dashboard_Widget::class, fn() => new Admin\Dashboard_Widget( $this->api_client() ) );
	}

	/**
	 * Crowdscout → Bug review in wp-admin.
	 *
	 * @return Admin\Bugs_Page
	 */
	public function bugs_page(): Admin\Bugs_Page {
		return $this->service( Admin\Bugs_Page::class, fn() => new Admin\Bugs_Page( $this->api_client() ) );
	}

	/**
	 * Crowdscout → Candidates in wp-admin: a campaign's applications and their selection.
	 *
	 * @return Admin\Candidates_Page
	 */
	public function candidates_page(): Admin\Candidates_Page {
		return $this->service( Admin\Candidates_Page::class, fn() => new Admin\Candidates_Page( $this->api_client() ) );
	}

	/**
	 * Crowdscout → Fiscal profiles in wp-admin: the testers' fiscal profiles and their checks.
	 *
	 * @return Admin\Fiscal_Page
	 */
	public function fiscal_page(): Admin\Fiscal_Page {
		return $this->service( Admin\Fiscal_Page::class, fn() => new Admin\Fiscal_Page( $this->api_client() ) );
	}

	/**
	 * Crowdscout → Messages in wp-admin: the popups of the testers' inbox.
	 *
	 * @return Admin\Messages_Page
	 */
	public function messages_page(): Admin\Messages_Page {
		return $this->service( Admin\Messages_Page::class, fn() => new Admin\Messages_Page( $this->api_client(), $this->build() ) );
	}

	/**
	 * Translated titles of our pages.
	 *
	 * @return Page_Titles
	 */
	public function page_titles(): Page_Titles {
		return $this->service( Page_Titles::class, fn() => new Page_Titles( $this->pages() ) );
	}

	/**
	 * Pages the plugin creates.
	 *
	 * @return Pages
	 */
	public function pages(): Pages {
		return $this->service( Pages::class, static fn() => new Pages() );
	}

	/**
	 * The tester roles.
	 *
	 * @return Roles
	 */
	public function roles(): Roles {
		return $this->service( Roles::class, static fn() => new Roles() );
	}

	/**
	 * Activation and deactivation.
	 *
	 * @return Lifecycle
	 */
	public function lifecycle(): Lifecycle {
		return $this->service(
			Lifecycle::class,
			fn() => new Lifecycle( $this->pages(), $this->router(), $this->replay_guard(), $this->login_throttle() )
		);
	}

	/**
	 * Language prefixes, redirects and page access.
	 *
	 * @return Router
	 */
	public function router(): Router {
		return $this->service( Router::class, fn() => new Router( $this->pages() ) );
	}

	/**
	 * The language of the request, for WordPress's locale.
	 *
	 * @return Locale
	 */
	public function locale(): Locale {
		return $this->service( Locale::class, static fn() => new Locale() );
	}

	/**
	 * The visitor's referral.
	 *
	 * @return Referral
	 */
	public function referral(): Referral {
		return $this->service( Referral::class, static fn() => new Referral() );
	}

	/**
	 * Admin bar visibility.
	 *
	 * @return Admin_Bar
	 */
	public function admin_bar(): Admin_Bar {
		return $this->service( Admin_Bar::class, static fn() => new Admin_Bar() );
	}

	/**
	 * Translations of the PHP strings.
	 *
	 * @return I18n
	 */
	public function i18n(): I18n {
		return $this->service( I18n::class, fn() => new I18n( $this->file() ) );
	}

	/**
	 * Returns the service of a class, creating it on first use.
	 *
	 * @template T of object
	 * @param class-string<T> $id      Class name.
	 * @param callable        $factory Creates the service.
	 * @return T
	 */
	private function service( string $id, callable $factory ): object {
		if ( ! isset( $this->services[ $id ] ) ) {
			$this->services[ $id ] = $factory();
		}
		return $this->services[ $id ];
	}
}
