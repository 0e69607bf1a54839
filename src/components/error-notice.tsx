import type { ReactNode } from 'react';

import { useTranslation } from '../lib/use-translation';

interface ErrorNoticeProps {
	title: string;
	children?: ReactNode;
	onRetry?: () => void;
}

/**
 * An alert with a way out. `role="alert"` because it replaces content the user was waiting for.
 *
 * @param props
 * @param props.title    The message, already translated.
 * @param props.children Optional details.
 * @param props.onRetry  Shows a retry button when given.
 */
export function ErrorNotice( { title, children, onRetry }: ErrorNoticeProps ) {
	const { t } = useTranslation();
	return (
		<div
			className="crowdscout-notice crowdscout-notice--error"
			role="alert"
		>
			<p className="crowdscout-notice__title">{ title }</p>
			{ children }
			{ onRetry && (
				<button
					type="button"
					className="crowdscout-button crowdscout-button--secondary"
					onClick={ onRetry }
				>
					{ t( 'common.retry' ) }
				</button>
			) }
		</div>
	);
}
