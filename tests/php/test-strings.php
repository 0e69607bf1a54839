<?php
/**
 * Server strings from the shared catalogue.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Strings;

/**
 * Strings::get(): lookup in the request's or a given language, English fallback for a missing key or file,
 * i18next-style interpolation with the product name, and the real built catalogue.
 */
final class Strings_Test extends Test_Case {

	/**
	 * Folder of the fake catalogues.
	 *
	 * @var string
	 */
	private string $dir = '';

	/**
	 * Writes fake catalogues: English complete, Italian partial, French broken, Spanish missing.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->dir = get_temp_dir() . 'crowdscout-strings-' . wp_generate_password( 8, false );
		wp_mkdir_p( $this->dir );
		$english = array(
			'server' => array(
				'hello' => 'Hello {{name}}, welcome to {{product}}!',
				'only'  => 'Only in English',
				'raw'   => 'Keep {{ unknown }} and {{name}}',
			),
		);
		$italian = array( 'server' => array( 'hello' => 'Ciao {{ name }}, benvenuto in {{product}}!' ) );
		file_put_contents( $this->dir . '/en.json', wp_json_encode( $english ) );
		file_put_contents( $this->dir . '/it.json', wp_json_encode( $italian ) );
		file_put_contents( $this->dir . '/fr.json', '{ not json' );
		Strings::use_directory( $this->dir );
	}

	/**
	 * Back to the built catalogues; the fake ones are deleted.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		Strings::use_directory( null );
		foreach ( (array) glob( $this->dir . '/*.json' ) as $file ) {
			unlink( $file );
		}
		rmdir( $this->dir );
		parent::tearDown();
	}

	/**
	 * A key in a language, with placeholders (spaces inside braces allowed) and the product name.
	 */
	public function test_lookup_and_interpolation(): void {
		$this->set_settings( array( 'product_name' => 'Eclaireur' ) );
		$this->assertSame( 'Hello Dana, welcome to Eclaireur!', Strings::get( 'server.hello', array( 'name' => 'Dana' ), 'en' ) );
		$this->assertSame( 'Ciao Dana, benvenuto in Eclaireur!', Strings::get( 'server.hello', array( 'name' => 'Dana' ), 'it' ) );
		$this->assertSame( 'Ciao Dana, benvenuto in Other!', Strings::get( 'server.hello', array( 'name' => 'Dana', 'product' => 'Other' ), 'it' ) );
		$this->assertSame( 'Keep {{ unknown }} and <b>', Strings::get( 'server.raw', array( 'name' => '<b>' ), 'en' ), 'Unknown placeholders stay; values are not escaped here.' );
	}

	/**
	 * English for a key the language lacks, for a missing or broken file, and for an unsupported language; the
	 * key itself when English lacks it too.
	 */
	public function test_fallbacks(): void {
		$this->assertSame( 'Only in English', Strings::get( 'server.only', array(), 'it' ) );
		$this->assertSame( 'Only in English', Strings::get( 'server.only', array(), 'es' ), 'missing file' );
		$this->assertSame( 'Only in English', Strings::get( 'server.only', array(), 'fr' ), 'broken file' );
		$this->assertSame( 'Only in English', Strings::get( 'server.only', array(), 'de' ), 'unsupported language' );
		$this->assertSame( 'server.nothing', Strings::get( 'server.nothing', array(), 'it' ) );
		$this->assertSame( 'server', Strings::get( 'server', array(), 'en' ), 'an object is not a string' );
		$this->assertTrue( Strings::has( 'server.hello', 'it' ) );
		$this->assertFalse( Strings::has( 'server.only', 'it' ) );
	}

	/**
	 * Without a language, the request's: the URL prefix decides.
	 */
	public function test_language_of_the_request(): void {
		$saved = $_SERVER['REQUEST_URI'];
		try {
			$_SERVER['REQUEST_URI'] = '/it/my-account/';
			$this->assertSame( 'Ciao Dana, benvenuto in Scout!', Strings::get( 'server.hello', array( 'name' => 'Dana' ) ) );
			$_SERVER['REQUEST_URI'] = '/my-account/';
			$this->assertSame( 'Hello Dana, welcome to Scout!', Strings::get( 'server.hello', array( 'name' => 'Dana' ) ) );
		} finally {
			$_SERVER['REQUEST_URI'] = $saved;
		}
	}

	/**
	 * Each file is read once per request.
	 */
	public function test_catalogues_are_cached(): void {
		$this->assertSame( 'Only in English', Strings::get( 'server.only', array(), 'en' ) );
		file_put_contents( $this->dir . '/en.json', wp_json_encode( array( 'server' => array( 'only' => 'Changed' ) ) ) );
		$this->assertSame( 'Only in English', Strings::get( 'server.only', array(), 'en' ) );
		Strings::reset();
		$this->assertSame( 'Changed', Strings::get( 'server.only', array(), 'en' ) );
	}

	/**
	 * The build copies the shared catalogue into the plugin, and the server strings are there in every language
	 * (English exactly as the spec says it).
	 */
	public function test_built_catalogue_holds_the_server_strings(): void {
		Strings::use_directory( null );
		foreach ( array( 'en', 'it', 'es', 'fr' ) as $language ) {
			$this->assertFileExists( Strings::directory() . '/' . $language . '.json', 'Run `npm run build`.' );
			$this->assertTrue( Strings::has( 'server.loginWrongCredentials', $language ), $language );
			$this->assertTrue( Strings::has( 'server.welcomeEmailSubject', $language ), $language );
		}
		$this->assertSame( 'Wrong username or password.', Strings::get( 'server.loginWrongCredentials', array(), 'en' ) );
		$this->assertSame( 'There was an error, please reload.', Strings::get( 'server.loginInvalidNonce', array(), 'en' ) );
		$this->assertSame( 'Login successful, redirecting...', Strings::get( 'server.loginSuccess', array(), 'en' ) );
		$this->assertNotSame( Strings::get( 'server.loginWrongCredentials', array(), 'en' ), Strings::get( 'server.loginWrongCredentials', array(), 'it' ) );
	}
}
