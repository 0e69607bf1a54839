import type { ReactNode } from 'react';
import { useId } from '@wordpress/element';

import { BugStatusBadge } from './bug-status-badge';
import { useConfig } from '../hooks/use-config';
import { bugValueName } from '../lib/bug-values';
import { formatLocalDateTime } from '../lib/dates';
import { mediaAddress, mediaKind } from '../lib/media-files';
import { routeUrl } from '../lib/routes';
import { withoutBackslashEscapes } from '../lib/text';
import { useTranslation } from '../lib/use-translation';
import type { BugDetail, BugMedia, PublicBug } from '../services/contract';
import './bug-report.scss';

const block = 'crowdscout-bug-report';

/**
 * A report as the bug page (BugDetail) and the public view (PublicBug, without device and use case) read it.
 */
export type ReportedBug = PublicBug &
	Partial< Pick< BugDetail, 'device' | 'useCase' > >;

/**
 * The device a bug was found on: its model (or PC type) and its operating system.
 *
 * @param device
 */
export function deviceLabel( device: NonNullable< BugDetail[ 'device' ] > ) {
	const model =
		'pc_type' in device.device
			? device.device.pc_type
			: `${ device.device.manufacturer } ${ device.device.model }`;
	const { platform, version } = device.operating_system;
	return `${ model } · ${ platform } ${ version }`;
}

/** What a field shows when the report has no value for it. */
const MISSING = '-';

function Section( {
	title,
	children,
}: {
	title: string;
	children: ReactNode;
} ) {
	const titleId = useId();
	return (
		<section
			className={ `${ block }__section` }
			aria-labelledby={ titleId }
		>
			<h2 id={ titleId } className={ `${ block }__section-title` }>
				{ title }
			</h2>
			{ children }
		</section>
	);
}

/**
 * Free text as the tester wrote it, line breaks kept.
 *
 * @param props
 * @param props.text
 */
function Text( { text }: { text: string | null } ) {
	const shown = text ? withoutBackslashEscapes( text ).trim() : '';
	return <p className={ `${ block }__text` }>{ shown || MISSING }</p>;
}

/**
 * One file of the report. Images show inline, named by their file name; videos play in the browser's player;
 * other files are links. The URLs are signed and expire after a few minutes: a reload of the page signs them
 * again.
 *
 * @param props
 * @param props.media
 */
function MediaItem( { media }: { media: BugMedia } ) {
	const { t } = useTranslation();
	const { siteUrl } = useConfig();
	const href = mediaAddress( media.url, siteUrl );
	if ( ! href ) {
		return <span>{ media.name }</span>;
	}
	const kind = mediaKind( media.mimeType );
	if ( kind === 'image' ) {
		return (
			<figure className={ `${ block }__figure` }>
				<a href={ href } target="_blank" rel="noreferrer">
					<img
						className={ `${ block }__image` }
						src={ href }
						alt={ t( 'bug.imageAlt', { name: media.name } ) }
						loading="lazy"
					/>
				</a>
				<figcaption>{ media.name }</figcaption>
			</figure>
		);
	}
	if ( kind === 'video' ) {
		return (
			<figure className={ `${ block }__figure` }>
				{ /* The tester's own recording: no captions exist for it. */ }
				{ /* eslint-disable-next-line jsx-a11y/media-has-caption */ }
				<video
					className={ `${ block }__video` }
					src={ href }
					controls
					preload="metadata"
					aria-label={ t( 'bug.videoLabel', { name: media.name } ) }
				/>
				<figcaption>{ media.name }</figcaption>
			</figure>
		);
	}
	return (
		<a href={ href } target="_blank" rel="noreferrer">
			{ t( 'bug.openFile', { name: media.name } ) }
		</a>
	);
}

/**
 * The whole report, read-only: what the tester sent with the bug form (spec, "Bug report"), its status and
 * the reviewer's comment. The public view (spec section 6) leaves out the device, the use case and the links
 * into the tester's own pages.
 *
 * @param props
 * @param props.bug
 * @param props.publicView Shown to anyone with the link, not to the tester.
 * @param props.children   Extra cards under the header (the bug page's public link).
 */
export function BugReport( {
	bug,
	publicView = false,
	children,
}: {
	bug: ReportedBug;
	publicView?: boolean;
	children?: ReactNode;
} ) {
	const { t } = useTranslation();
	const config = useConfig();
	const testerFacts: Array< [ string, ReactNode ] > = publicView
		? []
		: [
				[
					t( 'bug.useCase' ),
					bug.useCase?.name ?? t( 'bug.noUseCase' ),
				],
				[
					t( 'bug.device' ),
					bug.device
						? deviceLabel( bug.device )
						: t( 'bug.deviceRemoved' ),
				],
		  ];
	const facts: Array< [ string, ReactNode ] > = [
		[
			t( 'bug.status' ),
			<BugStatusBadge key="status" status={ bug.status } />,
		],
		[
			t( 'bug.campaign' ),
			`CP${ bug.campaign.id } - ${ bug.campaign.name }`,
		],
		[ t( 'bug.severity' ), bugValueName( t, 'severity', bug.severity ) ],
		[ t( 'bug.type' ), bugValueName( t, 'type', bug.type ) ],
		[
			t( 'bug.replicability' ),
			bugValueName( t, 'replicability', bug.replicability ),
		],
		...testerFacts,
		[ t( 'bug.lastSeen' ), formatLocalDateTime( bug.lastSeen ) ?? MISSING ],
	];

	return (
		<article className={ block }>
			<header className={ `${ block }__header` }>
				{ ! publicView && (
					<a
						className={ `${ block }__back` }
						href={ routeUrl( config, 'my-bugs' ) }
					>
						{ t( 'bug.backToBugs' ) }
					</a>
				) }
				<p className={ `${ block }__id` }>
					{ t( 'bug.id', { id: bug.id } ) }
				</p>
				<h1 className={ `${ block }__title` }>
					{ withoutBackslashEscapes( bug.title ) }
				</h1>
			</header>
			{ children }
			<div className={ `${ block }__card` }>
				<dl className={ `${ block }__facts` }>
					{ facts.map( ( [ term, detail ] ) => (
						<div key={ term } className={ `${ block }__fact` }>
							<dt>{ term }</dt>
							<dd>{ detail }</dd>
						</div>
					) ) }
				</dl>
			</div>
			<div className={ `${ block }__card` }>
				<Section title={ t( 'bug.steps' ) }>
					<Text text={ bug.stepDescription } />
				</Section>
				<Section title={ t( 'bug.expected' ) }>
					<Text text={ bug.expected } />
				</Section>
				<Section title={ t( 'bug.current' ) }>
					<Text text={ bug.current } />
				</Section>
				<Section title={ t( 'bug.notes' ) }>
					<Text text={ bug.notes } />
				</Section>
				{ bug.additional.length > 0 && (
					<Section title={ t( 'bug.additional' ) }>
						<dl className={ `${ block }__facts` }>
							{ bug.additional.map( ( field ) => (
								<div
									key={ field.slug }
									className={ `${ block }__fact` }
								>
									<dt>{ field.name }</dt>
									<dd>
										{ withoutBackslashEscapes(
											field.value
										) }
									</dd>
								</div>
							) ) }
						</dl>
					</Section>
				) }
				<Section title={ t( 'bug.media' ) }>
					{ bug.media.length ? (
						<ul className={ `${ block }__media` }>
							{ bug.media.map( ( media ) => (
								<li key={ media.id }>
									<MediaItem media={ media } />
								</li>
							) ) }
						</ul>
					) : (
						<p className={ `${ block }__text` }>
							{ t( 'bug.noMedia' ) }
						</p>
					) }
				</Section>
			</div>
			<div className={ `${ block }__card` }>
				<Section title={ t( 'bug.reviewComment' ) }>
					<p className={ `${ block }__text` }>
						{ bug.review.comment?.trim() ||
							t( 'bug.noReviewComment' ) }
					</p>
				</Section>
			</div>
		</article>
	);
}
