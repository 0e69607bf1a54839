import { BugReport } from '../../components/bug-report';
import { ErrorNotice } from '../../components/error-notice';
import { MessagePage } from '../../components/message-page';
import { Spinner } from '../../components/spinner';
import { useTranslation } from '../../lib/use-translation';
import type { ApiError } from '../../services/api-error';
import { useGetPublicBugQuery, type PublicBugArgs } from './public-bug-api';

/**
 * The bug and its token in the page's address: `/vdp/{id}/{token}/`, under a language prefix and the site's own
 * path. Null when the address holds neither.
 *
 * @param pathname The page's `location.pathname`.
 */
export function publicBugFromPath( pathname: string ): PublicBugArgs | null {
	const match = /\/vdp\/(\d{1,10})\/([A-Za-z0-9_-]{1,64})\/?$/.exec(
		pathname
	);
	const bugId = match ? Number( match[ 1 ] ) : NaN;
	return match && Number.isSafeInteger( bugId ) && bugId > 0
		? { bugId, token: match[ 2 ] }
		: null;
}

/** A wrong token, an unknown bug or the setting off: the API answers each the same, and so does the page. */
function NotFound() {
	const { t } = useTranslation();
	return (
		<MessagePage
			title={ t( 'publicBug.notFoundTitle' ) }
			lines={ [ t( 'publicBug.notFoundText' ) ] }
		/>
	);
}

function PublicBugPage( { bug }: { bug: PublicBugArgs } ) {
	const { t } = useTranslation();
	const { data, error, isError, isFetching, refetch } =
		useGetPublicBugQuery( bug );
	if ( isError && ! isFetching ) {
		return ( error as ApiError ).status === 404 ? (
			<NotFound />
		) : (
			<ErrorNotice
				title={ t( 'common.somethingWentWrong' ) }
				onRetry={ refetch }
			/>
		);
	}
	return data ? (
		<BugReport bug={ data } publicView />
	) : (
		<Spinner label={ t( 'publicBug.loading' ) } />
	);
}

/**
 * A bug's public view (route `vdp/{id}/{token}`, spec sections 2 and 6): the report without the device, the use
 * case, the links into the tester's pages or any delete, for anyone with the link and no login. WordPress
 * serves the page only while its public-user-pages setting is on; the API checks the setting and the token.
 */
export default function PublicBugWidget() {
	const bug = publicBugFromPath( window.location.pathname );
	return bug ? <PublicBugPage bug={ bug } /> : <NotFound />;
}
