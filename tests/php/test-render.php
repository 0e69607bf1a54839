<?php
/**
 * Block and shortcode rendering.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Assets;
use WP_Block_Type_Registry;

/**
 * Blocks and the shortcode render the contract's mount container with safely escaped attributes and enqueue the
 * runtime; unknown shortcode widgets degrade to a comment or an editor notice.
 */
final class Render_Test extends Test_Case {

	private const WIDGET = 'phpunit-probe';

	/**
	 * Temporary folder holding the probe block.json.
	 *
	 * @var string
	 */
	private string $dir;

	/**
	 * Registers a probe block through the plugin, as it registers built blocks.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		self::reset_scripts();

		$this->dir = sys_get_temp_dir() . '/crowdscout-phpunit-' . bin2hex( random_bytes( 4 ) ) . '/' . self::WIDGET;
		wp_mkdir_p( $this->dir );
		file_put_contents(
			$this->dir . '/block.json',
			(string) wp_json_encode(
				array(
					'apiVersion' => 3,
					'name'       => 'crowdscout/' . self::WIDGET,
					'title'      => 'Probe',
					'category'   => 'crowdscout',
					'attributes' => array(
						'showAvatar' => array(
							'type'    => 'boolean',
							'default' => true,
						),
						'limit'      => array(
							'type'    => 'integer',
							'default' => 10,
						),
						'heading'    => array( 'type' => 'string' ),
					),
					'supports'   => array(
						'html'  => false,
						'align' => array( 'wide', 'full' ),
					),
				)
			)
		);
		$this->assertNotFalse( $this->plugin()->blocks()->register_block( $this->dir ) );
	}

	/**
	 * Unregisters the probe and removes its folder.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		if ( WP_Block_Type_Registry::get_instance()->is_registered( 'crowdscout/' . self::WIDGET ) ) {
			unregister_block_type( 'crowdscout/' . self::WIDGET );
		}
		unlink( $this->dir . '/block.json' );
		rmdir( $this->dir );
		rmdir( dirname( $this->dir ) );
		parent::tearDown();
	}

	/**
	 * The block renders the container: classes, widget name, attributes JSON (defaults filled in), escaped.
	 */
	public function test_block_renders_the_container_with_escaped_attributes(): void {
		$hostile = '"><script>alert(1)</script> & \' &amp;';
		$html    = do_blocks( '<!-- wp:crowdscout/' . self::WIDGET . ' ' . wp_json_encode( array( 'heading' => $hostile ) ) . ' /-->' );

		$this->assertStringNotContainsString( '<script>', $html );
		$element = $this->single_div( $html );
		$this->assertSame( array( 'wp-block-crowdscout-' . self::WIDGET, 'crowdscout-widget' ), explode( ' ', $element->getAttribute( 'class' ) ) );
		$this->assertSame( self::WIDGET, $element->getAttribute( 'data-crowdscout-widget' ) );
		$this->assertSame(
			array(
				'heading'    => $hostile,
				'showAvatar' => true,
				'limit'      => 10,
			),
			json_decode( $element->getAttribute( 'data-crowdscout-attributes' ), true )
		);
		$this->assertSame( '', trim( $element->textContent ) );
		$this->assertTrue( wp_script_is( Assets::FRONTEND, 'enqueued' ), 'Rendering a widget enqueues the runtime.' );
	}

	/**
	 * The block keeps the block supports' classes (alignment, extra class) without repeating its own class, and
	 * always serialises attributes as a JSON object.
	 */
	public function test_block_keeps_supports_classes_and_object_json(): void {
		$html    = do_blocks( '<!-- wp:crowdscout/' . self::WIDGET . ' {"align":"wide","className":"my-extra"} /-->' );
		$classes = explode( ' ', $this->single_div( $html )->getAttribute( 'class' ) );
		$this->assertSame( 'wp-block-crowdscout-' . self::WIDGET, $classes[0] );
		$this->assertSame( 'crowdscout-widget', $classes[1] );
		$this->assertContains( 'alignwide', $classes );
		$this->assertContains( 'my-extra', $classes );
		$this->assertSame( count( $classes ), count( array_unique( $classes ) ) );

		$this->assertStringContainsString( 'data-crowdscout-attributes="{}"', \Crowdscout\Widget_Container::render( \Crowdscout\Widget_Container::html_attributes( 'x', array() ) ) );
	}

	/**
	 * The dashboard is wide by default (block.json), as placed on its page, and an editor's choice wins.
	 */
	public function test_dashboard_block_is_wide_by_default(): void {
		$default = explode( ' ', $this->single_div( do_blocks( '<!-- wp:crowdscout/dashboard /-->' ) )->getAttribute( 'class' ) );
		$this->assertContains( 'alignwide', $default );

		$full = explode( ' ', $this->single_div( do_blocks( '<!-- wp:crowdscout/dashboard {"align":"full"} /-->' ) )->getAttribute( 'class' ) );
		$this->assertContains( 'alignfull', $full );
		$this->assertNotContains( 'alignwide', $full );
		$this->assertSame( count( $full ), count( array_unique( $full ) ) );
	}

	/**
	 * The shortcode renders the same container; its other attributes become widget attributes, matched to the
	 * declared names and types; undeclared ones pass through as strings; values are escaped.
	 */
	public function test_shortcode_renders_the_same_container(): void {
		$html    = do_shortcode( '[crowdscout widget="' . self::WIDGET . '" showavatar="false" limit="3" heading=\'a "quoted" <b>title</b> &amp; more\' extra="x"]' );
		$element = $this->single_div( $html );

		$this->assertStringNotContainsString( '<b>', $html );
		$this->assertSame( 'wp-block-crowdscout-' . self::WIDGET . ' crowdscout-widget', $element->getAttribute( 'class' ) );
		$this->assertSame( self::WIDGET, $element->getAttribute( 'data-crowdscout-widget' ) );
		$this->assertSame(
			array(
				'showAvatar' => false,
				'limit'      => 3,
				'heading'    => 'a "quoted" <b>title</b> &amp; more',
				'extra'      => 'x',
			),
			json_decode( $element->getAttribute( 'data-crowdscout-attributes' ), true )
		);
		$this->assertTrue( wp_script_is( Assets::FRONTEND, 'enqueued' ) );
	}

	/**
	 * Without other attributes the shortcode passes the block defaults.
	 */
	public function test_shortcode_fills_in_defaults(): void {
		$element = $this->single_div( do_shortcode( '[crowdscout widget="' . self::WIDGET . '"]' ) );
		$this->assertSame(
			array(
				'showAvatar' => true,
				'limit'      => 10,
			),
			json_decode( $element->getAttribute( 'data-crowdscout-attributes' ), true )
		);
	}

	/**
	 * Unknown widget: an HTML comment for visitors, a visible notice for editors; nothing enqueued.
	 */
	public function test_unknown_shortcode_widget(): void {
		$visitor = do_shortcode( '[crowdscout widget="no-such-widget"]' );
		$this->assertMatchesRegularExpression( '/^<!--[^<>]*no-such-widget[^<>]*-->$/', $visitor );

		$hostile = do_shortcode( '[crowdscout widget="x--><script>alert(1)</script>"]' );
		$this->assertStringStartsWith( '<!--', $hostile );
		$this->assertSame( 1, substr_count( $hostile, '-->' ), 'The comment cannot be closed early.' );
		$this->assertStringNotContainsString( '<script', $hostile );

		$this->assertStringStartsWith( '<!--', do_shortcode( '[crowdscout]' ) );

		wp_set_current_user( $this->create_user( 'editor' )->ID );
		$editor = do_shortcode( '[crowdscout widget="no-such-widget"]' );
		$this->assertStringStartsWith( '<p class="crowdscout-notice', $editor );
		$this->assertStringContainsString( 'no-such-widget', $editor );

		$this->assertFalse( wp_script_is( Assets::FRONTEND, 'enqueued' ) );
	}

	/**
	 * The category exists for the inserter.
	 */
	public function test_block_category_is_added_once(): void {
		$categories = $this->plugin()->blocks()->add_category( array() );
		$categories = $this->plugin()->blocks()->add_category( $categories );
		$this->assertSame( array( 'crowdscout' ), array_column( $categories, 'slug' ) );
	}

	/**
	 * Parses HTML that must be exactly one div and returns it.
	 *
	 * @param string $html HTML.
	 * @return \DOMElement
	 */
	private function single_div( string $html ): \DOMElement {
		$html = trim( $html );
		$this->assertMatchesRegularExpression( '#^<div [^>]*></div>$#', $html );
		$document = new \DOMDocument();
		$document->loadHTML( '<?xml encoding="utf-8"?><body>' . $html . '</body>', LIBXML_NOERROR );
		$divs = $document->getElementsByTagName( 'div' );
		$this->assertSame( 1, $divs->length );
		return $divs->item( 0 );
	}
}
