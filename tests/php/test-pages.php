<?php
/**
 * Creation of the product's pages.
 *
 * @package Crowdscout
 */

namespace Crowdscout\Tests;

use Crowdscout\Lifecycle;
use Crowdscout\Pages;

/**
 * One published page per route, created idempotently from the page list; placeholder pages get their widget once
 * it exists; the set-up runs again when the page list changes.
 */
final class Pages_Test extends Test_Case {

	/**
	 * Every route has one published page at its path, titled after the route; a second run changes nothing.
	 */
	public function test_creation_is_complete_and_idempotent(): void {
		$pages = $this->plugin()->pages();
		$first = $pages->create();
		$count = (int) wp_count_posts( 'page' )->publish;

		$this->assertEqualsCanonicalizing( array_keys( Pages::definitions() ), array_keys( array_intersect_key( $first, Pages::definitions() ) ) );
		foreach ( Pages::definitions() as $route => $definition ) {
			$post = get_post( $first[ $route ] );
			$this->assertInstanceOf( \WP_Post::class, $post, $route );
			$this->assertSame( 'publish', $post->post_status, $route );
			$this->assertSame( $route, get_page_uri( $post ), $route );
			$this->assertSame( $route, $pages->route_of( $post ), $route );
			$this->assertSame( '' !== $definition['title'] ? $definition['title'] : Pages::default_title( $route ), $post->post_title, $route );
			if ( '' !== $definition['widget'] ) {
				$this->assertStringContainsString( '<!-- wp:crowdscout/' . $definition['widget'], $post->post_content, $route );
			}
		}
		$this->assertSame( 'My dashboard', get_the_title( $first['my-dashboard'] ) );
		$this->assertSame( 'Personal equipment', get_the_title( $first['personal-equipment'] ) );

		$this->assertSame( $first, $pages->create() );
		$this->assertSame( $count, (int) wp_count_posts( 'page' )->publish, 'No page is created twice.' );
		$this->assertSame( $first, $pages->ids() );
	}

	/**
	 * A page still holding the placeholder of earlier versions gets the widget's block once its line names a
	 * widget, and a page someone edited is left alone.
	 */
	public function test_placeholder_is_replaced_by_the_widget_only_when_untouched(): void {
		$ids     = $this->plugin()->pages()->create();
		$account = get_post( $ids['my-account'] );
		$this->assertStringContainsString( '<p>Coming soon.</p>', Pages::placeholder() );

		$saved = $account->post_content;
		try {
			wp_update_post(
				wp_slash(
					array(
						'ID'           => $account->ID,
						'post_content' => Pages::placeholder(),
					)
				)
			);
			$this->plugin()->pages()->create();
			$this->assertSame( Pages::content( 'profile' ), get_post( $account->ID )->post_content );

			$edited = "<!-- wp:paragraph -->\n<p>Edited by hand.</p>\n<!-- /wp:paragraph -->";
			wp_update_post(
				wp_slash(
					array(
						'ID'           => $account->ID,
						'post_content' => $edited,
					)
				)
			);
			$this->plugin()->pages()->create();
			$this->assertSame( $edited, get_post( $account->ID )->post_content );
		} finally {
			wp_update_post(
				wp_slash(
					array(
						'ID'           => $account->ID,
						'post_content' => $saved,
					)
				)
			);
		}
	}

	/**
	 * The pages that waited for their widget (Devices, Experience Points, My bugs, Ranking) get it in place of the
	 * placeholder, as an untouched placeholder page does; the bug's page has its widget from the start, under an
	 * empty parent page; the pages without a widget hold their text (Content_Pages_Test).
	 */
	public function test_the_pages_of_the_new_widgets(): void {
		$widgets = array(
			'personal-equipment' => 'devices',
			'experience-points'  => 'experience',
			'my-bugs'            => 'my-bugs',
			'leaderboard'        => 'ranking',
		);
		$ids   = $this->plugin()->pages()->create();
		$saved = array();
		foreach ( array_keys( $widgets ) as $route ) {
			$saved[ $route ] = get_post( $ids[ $route ] )->post_content;
		}
		try {
			foreach ( array_keys( $widgets ) as $route ) {
				wp_update_post(
					wp_slash(
						array(
							'ID'           => $ids[ $route ],
							'post_content' => Pages::placeholder(),
						)
					)
				);
			}
			$this->plugin()->pages()->create();
			foreach ( $widgets as $route => $widget ) {
				$this->assertSame( '<!-- wp:crowdscout/' . $widget . ' /-->', get_post( $ids[ $route ] )->post_content, $route );
			}
		} finally {
			foreach ( $saved as $route => $content ) {
				wp_update_post(
					wp_slash(
						array(
							'ID'           => $ids[ $route ],
							'post_content' => $content,
						)
					)
				);
			}
		}

		$bug = get_post( $ids['bugs/show'] );
		$this->assertSame( '<!-- wp:crowdscout/bug /-->', $bug->post_content );
		$this->assertSame( 'Bug', $bug->post_title );
		$parent = get_post( $bug->post_parent );
		$this->assertSame( 'bugs', get_page_uri( $parent ) );
		$this->assertSame( '', $parent->post_content );
		$this->assertNull( $this->plugin()->pages()->route_of( $parent ), 'The parent is no route.' );
		$addressed = array( $bug->ID, $parent->ID );
		foreach ( array( 'campaigns/preview', 'campaigns/manual', 'campaign/preview-selection-form', 'campaign/bugform', 'vdp' ) as $route ) {
			$page        = get_post( $ids[ $route ] );
			$addressed[] = $page->ID;
			if ( 0 !== $page->post_parent ) {
				$addressed[] = $page->post_parent;
			}
		}
		// The Basic Course is served at courses/16 only; its parent, the Courses page, is a route of its own.
		$addressed[] = $ids['courses/basic-course'];
		$this->assertSame( $ids['courses'], get_post( $ids['courses/basic-course'] )->post_parent );
		$this->assertSame( 0, get_post( $ids['vdp'] )->post_parent, 'The public view has no parent page.' );
		$this->assertSame( '<!-- wp:crowdscout/bug-form /-->', get_post( $ids['campaign/bugform'] )->post_content );
		$this->assertSame( '<!-- wp:crowdscout/public-bug /-->', get_post( $ids['vdp'] )->post_content );
		$this->assertSame( '<!-- wp:crowdscout/wallet /-->', get_post( $ids['payments'] )->post_content );
		$this->assertSame( 'Bug form', get_post( $ids['campaign/bugform'] )->post_title );
		$this->assertEqualsCanonicalizing( array_values( array_unique( $addressed ) ), $this->plugin()->pages()->without_own_address() );
		$listed = wp_list_pluck( get_pages(), 'ID' );
		$this->assertNotContains( $bug->ID, $listed, 'Lists of pages (the theme menu) leave out the pages that need an id.' );
		$this->assertNotContains( $parent->ID, $listed );
		$this->assertContains( $ids['my-bugs'], $listed );

		foreach ( array( 'courses', 'faq', 'testing-school', 'discover-experience-points' ) as $route ) {
			$this->assertSame( '', Pages::definitions()[ $route ]['widget'], $route );
			$this->assertSame( Pages::starting_content( $route ), get_post( $ids[ $route ] )->post_content, $route );
		}
		foreach ( array_merge( array_values( $widgets ), array( 'bug', 'bug-form', 'public-bug', 'wallet' ) ) as $widget ) {
			$this->assertTrue( \WP_Block_Type_Registry::get_instance()->is_registered( 'crowdscout/' . $widget ), "the $widget block is registered" );
		}
	}

	/**
	 * A page still showing the widget its route had before (my-account: profile-summary) gets the current one when
	 * the site is set up again; the old block stays registered for pages that editors built with it.
	 */
	public function test_a_page_with_the_previous_widget_gets_the_current_one(): void {
		$this->assertSame( 'profile', Pages::definitions()['my-account']['widget'] );
		$this->assertContains( 'profile-summary', Pages::definitions()['my-account']['previous'] );
		$ids     = $this->plugin()->pages()->create();
		$account = get_post( $ids['my-account'] );
		$saved   = $account->post_content;
		$setup   = get_option( Lifecycle::SETUP_OPTION );
		try {
			wp_update_post(
				wp_slash(
					array(
						'ID'           => $account->ID,
						'post_content' => Pages::content( 'profile-summary' ),
					)
				)
			);
			update_option( Lifecycle::SETUP_OPTION, 'the page list before the profile widget' );
			$this->plugin()->lifecycle()->maybe_upgrade();
			$this->assertSame( Pages::content( 'profile' ), get_post( $account->ID )->post_content );
			$this->assertSame( Pages::version(), get_option( Lifecycle::SETUP_OPTION ) );

			$edited = Pages::content( 'profile-summary' ) . "\n<!-- wp:paragraph -->\n<p>Added by an editor.</p>\n<!-- /wp:paragraph -->";
			wp_update_post(
				wp_slash(
					array(
						'ID'           => $account->ID,
						'post_content' => $edited,
					)
				)
			);
			$this->plugin()->pages()->create();
			$this->assertSame( $edited, get_post( $account->ID )->post_content, 'An edited page is left alone.' );
			foreach ( array( 'crowdscout/profile', 'crowdscout/profile-summary' ) as $block ) {
				$this->assertTrue( \WP_Block_Type_Registry::get_instance()->is_registered( $block ), $block );
			}
		} finally {
			wp_update_post(
				wp_slash(
					array(
						'ID'           => $account->ID,
						'post_content' => $saved,
					)
				)
			);
			update_option( Lifecycle::SETUP_OPTION, $setup );
		}
	}

	/**
	 * Pages that are not ours have no route.
	 */
	public function test_route_of_other_posts(): void {
		$id = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'Unrelated',
				'post_name'   => 'phpunit-unrelated',
			)
		);
		try {
			$this->assertNull( $this->plugin()->pages()->route_of( get_post( $id ) ) );
		} finally {
			wp_delete_post( $id, true );
		}
	}

	/**
	 * A changed page list sets the site up again on the next request (WordPress runs no activation on update).
	 */
	public function test_changed_page_list_sets_the_site_up_again(): void {
		$this->assertSame( Pages::version(), Pages::version(), 'The version is stable.' );
		$saved = get_option( Lifecycle::SETUP_OPTION );
		update_option( Lifecycle::SETUP_OPTION, 'an older page list' );
		try {
			$this->plugin()->lifecycle()->maybe_upgrade();
			$this->assertSame( Pages::version(), get_option( Lifecycle::SETUP_OPTION ) );
			$this->assertFalse( get_option( Lifecycle::SETUP_OPTION . '.lock' ), 'The lock is released.' );
			$this->assertCount( count( Pages::definitions() ), array_intersect_key( $this->plugin()->pages()->ids(), Pages::definitions() ) );
		} finally {
			if ( false === $saved ) {
				delete_option( Lifecycle::SETUP_OPTION );
			} else {
				update_option( Lifecycle::SETUP_OPTION, $saved );
			}
		}
	}
}
