import type { ReactNode } from 'react';
import { useId } from '@wordpress/element';

import './message-page.scss';

interface MessagePageProps {
	title: string;
	/** Paragraphs, already translated. */
	lines: string[];
	/** A decorative picture above the title. */
	picture?: ReactNode;
	action?: { href: string; label: string };
}

/**
 * A page that only tells the user something and offers one way on: the sign-up confirmation, goodbye and
 * thank-you pages (spec "Goodbye and thank-you").
 *
 * @param props         The props.
 * @param props.title   Heading.
 * @param props.lines   Paragraphs, already translated.
 * @param props.picture Decorative picture above the heading.
 * @param props.action  The one way on, if any.
 */
export function MessagePage( {
	title,
	lines,
	picture,
	action,
}: MessagePageProps ) {
	const headingId = useId();
	return (
		<section
			className="crowdscout-message-page"
			aria-labelledby={ headingId }
		>
			{ picture && (
				<div className="crowdscout-message-page__picture">
					{ picture }
				</div>
			) }
			<h1 id={ headingId } className="crowdscout-message-page__title">
				{ title }
			</h1>
			{ lines.map( ( line ) => (
				<p key={ line } className="crowdscout-message-page__line">
					{ line }
				</p>
			) ) }
			{ action && (
				<a
					className="crowdscout-button crowdscout-button--primary"
					href={ action.href }
				>
					{ action.label }
				</a>
			) }
		</section>
	);
}

/**
 * The goodbye picture: a waving hand in a circle, drawn here so the page needs no image request.
 */
export function WavingHand() {
	return (
		<svg viewBox="0 0 120 120" width="120" height="120" aria-hidden="true">
			<circle cx="60" cy="60" r="58" fill="currentColor" opacity="0.12" />
			<path
				fill="currentColor"
				d="M76 34c-3 0-5 2-5 5v19h-2V29c0-3-2-5-5-5s-5 2-5 5v29h-2V33c0-3-2-5-5-5s-5 2-5 5v33l-6-8c-2-3-6-3-8-1s-2 5 0 8l14 20c4 6 10 9 17 9h4c11 0 19-9 19-20V39c0-3-2-5-5-5z"
			/>
		</svg>
	);
}

/**
 * The welcome picture: a check mark in a circle.
 */
export function CheckMark() {
	return (
		<svg viewBox="0 0 120 120" width="120" height="120" aria-hidden="true">
			<circle cx="60" cy="60" r="58" fill="currentColor" opacity="0.12" />
			<path
				fill="none"
				stroke="currentColor"
				strokeWidth="10"
				strokeLinecap="round"
				strokeLinejoin="round"
				d="M36 62l16 16 32-34"
			/>
		</svg>
	);
}
