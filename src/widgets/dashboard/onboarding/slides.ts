import type { ParseKeys } from 'i18next';

/** Experience points the Basic Course is worth (spec, section 9). */
export const BASIC_COURSE_POINTS = 200;

export interface Slide {
	title: ParseKeys;
	text: ParseKeys;
	/** The page the slide sends the tester to (English route) and the link's text. */
	link?: { route: string; label: ParseKeys };
	/** A 24×24 single-path picture (Material Icons shapes). */
	picture: string;
}

/** The six slides of the spec, in order (section 2, "Onboarding"). */
export const SLIDES: readonly Slide[] = [
	{
		title: 'onboarding.welcomeTitle',
		text: 'onboarding.welcomeText',
		picture:
			'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z',
	},
	{
		title: 'onboarding.profileTitle',
		text: 'onboarding.profileText',
		link: { route: 'my-account', label: 'onboarding.profileLink' },
		picture:
			'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z',
	},
	{
		title: 'onboarding.devicesTitle',
		text: 'onboarding.devicesText',
		link: { route: 'personal-equipment', label: 'onboarding.devicesLink' },
		picture:
			'M4 6h18V4H4c-1.1 0-2 .9-2 2v11H0v3h14v-3H4V6zm19 2h-6c-.55 0-1 .45-1 1v10c0 .55.45 1 1 1h6c.55 0 1-.45 1-1V9c0-.55-.45-1-1-1zm-1 9h-4v-7h4v7z',
	},
	{
		title: 'onboarding.courseTitle',
		text: 'onboarding.courseText',
		link: { route: 'courses', label: 'onboarding.courseLink' },
		picture:
			'M5 13.18v4L12 21l7-3.82v-4L12 17l-7-3.82zM12 3 1 9l11 6 9-4.91V17h2V9L12 3z',
	},
	{
		title: 'onboarding.paymentsTitle',
		text: 'onboarding.paymentsText',
		picture:
			'M21 18v1c0 1.1-.9 2-2 2H5c-1.11 0-2-.9-2-2V5c0-1.1.89-2 2-2h14c1.1 0 2 .9 2 2v1h-9c-1.11 0-2 .9-2 2v8c0 1.1.89 2 2 2h9zm-9-2h10V8H12v8zm4-2.5c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5z',
	},
	{
		title: 'onboarding.funTitle',
		text: 'onboarding.funText',
		picture:
			'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8zm3.5-9c.83 0 1.5-.67 1.5-1.5S16.33 8 15.5 8 14 8.67 14 9.5s.67 1.5 1.5 1.5zm-7 0c.83 0 1.5-.67 1.5-1.5S9.33 8 8.5 8 7 8.67 7 9.5 7.67 11 8.5 11zm3.5 6.5c2.33 0 4.31-1.46 5.11-3.5H6.89c.8 2.04 2.78 3.5 5.11 3.5z',
	},
];
