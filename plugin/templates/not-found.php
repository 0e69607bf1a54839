<?php
/**
 * 404 page of block themes: the theme's header and footer around the product's message (see Not_Found).
 *
 * @package Crowdscout
 */

defined( 'ABSPATH' ) || exit;

// Rendered before wp_head, as WordPress's own block template canvas does, so the blocks' styles reach the head.
// The template-part block gives the parts their <header>/<footer> wrappers, as in the theme's own templates.
$crowdscout_header = do_blocks( '<!-- wp:template-part {"slug":"header","tagName":"header"} /-->' );
$crowdscout_footer = do_blocks( '<!-- wp:template-part {"slug":"footer","tagName":"footer"} /-->' );
?><!DOCTYPE html>
<html <?php language_attributes(); ?>>
<head>
	<meta charset="<?php bloginfo( 'charset' ); ?>" />
	<?php wp_head(); ?>
</head>
<body <?php body_class(); ?>>
<?php wp_body_open(); ?>
<div class="wp-site-blocks">
<?php
echo $crowdscout_header; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- rendered blocks of the theme.
echo \Crowdscout\Not_Found::message(); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped in message().
echo $crowdscout_footer; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- rendered blocks of the theme.
?>
</div>
<?php wp_footer(); ?>
</body>
</html>
