import type { WidgetLoader } from '../lib/widget';

/**
 * Every widget, by the name its block and shortcode use. Each is its own chunk, so a page downloads only
 * the widgets it shows.
 */
const widgets: Record< string, WidgetLoader > = {
	login: () => import( /* webpackChunkName: "widget-login" */ './login' ),
	signup: () => import( /* webpackChunkName: "widget-signup" */ './signup' ),
	'signup-confirmation': () =>
		import(
			/* webpackChunkName: "widget-signup-confirmation" */ './signup-confirmation'
		),
	goodbye: () =>
		import( /* webpackChunkName: "widget-goodbye" */ './goodbye' ),
	'thank-you': () =>
		import( /* webpackChunkName: "widget-thank-you" */ './thank-you' ),
	'profile-summary': () =>
		import(
			/* webpackChunkName: "widget-profile-summary" */ './profile-summary'
		),
	dashboard: () =>
		import( /* webpackChunkName: "widget-dashboard" */ './dashboard' ),
	profile: () =>
		import( /* webpackChunkName: "widget-profile" */ './profile' ),
	shell: () => import( /* webpackChunkName: "widget-shell" */ './shell' ),
	devices: () =>
		import( /* webpackChunkName: "widget-devices" */ './devices' ),
	experience: () =>
		import( /* webpackChunkName: "widget-experience" */ './experience' ),
	'my-bugs': () =>
		import( /* webpackChunkName: "widget-my-bugs" */ './my-bugs' ),
	bug: () => import( /* webpackChunkName: "widget-bug" */ './bug' ),
	ranking: () =>
		import( /* webpackChunkName: "widget-ranking" */ './ranking' ),
	'campaign-preview': () =>
		import(
			/* webpackChunkName: "widget-campaign-preview" */ './campaign-preview'
		),
	'preselection-form': () =>
		import(
			/* webpackChunkName: "widget-preselection-form" */ './preselection-form'
		),
	'campaign-manual': () =>
		import(
			/* webpackChunkName: "widget-campaign-manual" */ './campaign-manual'
		),
	'bug-form': () =>
		import( /* webpackChunkName: "widget-bug-form" */ './bug-form' ),
	'public-bug': () =>
		import( /* webpackChunkName: "widget-public-bug" */ './public-bug' ),
	wallet: () => import( /* webpackChunkName: "widget-wallet" */ './wallet' ),
};

export function findWidget( name: string ): WidgetLoader | undefined {
	return Object.prototype.hasOwnProperty.call( widgets, name )
		? widgets[ name ]
		: undefined;
}
