import { ErrorNotice } from '../../components/error-notice';
import { MessagePage } from '../../components/message-page';
import { RequireLogin } from '../../components/require-login';
import { Spinner } from '../../components/spinner';
import { useConfig } from '../../hooks/use-config';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';
import type { ApiError } from '../../services/api-error';
import type { MeField } from '../../services/types';
import { useGetMyBugQuery } from './bug-api';
import { BugReport } from '../../components/bug-report';
import { bugIdFromPath } from './format';
import { PublicLink } from './public-link';
import './bug.scss';

/** The page needs only to know the tester is logged in: the rest is its own call. */
const FIELDS: readonly MeField[] = [ 'id' ];

/** A bug the tester did not report, or no id at all: the same answer, with the way back to the list. */
function BugNotFound() {
	const { t } = useTranslation();
	const config = useConfig();
	return (
		<MessagePage
			title={ t( 'bug.notFoundTitle' ) }
			lines={ [ t( 'bug.notFoundText' ) ] }
			action={ {
				href: routeUrl( config, 'my-bugs' ),
				label: t( 'bug.backToBugs' ),
			} }
		/>
	);
}

function BugPage( { bugId }: { bugId: number } ) {
	const { t } = useTranslation();
	const { features } = useConfig();
	const { data, error, isError, isFetching, refetch } =
		useGetMyBugQuery( bugId );
	if ( isError && ! isFetching ) {
		return ( error as ApiError ).status === 404 ? (
			<BugNotFound />
		) : (
			<ErrorNotice
				title={ t( 'common.somethingWentWrong' ) }
				onRetry={ refetch }
			/>
		);
	}
	return data ? (
		<BugReport bug={ data }>
			{ features.publicUserPages && data.publicToken && (
				<PublicLink bugId={ data.id } token={ data.publicToken } />
			) }
		</BugReport>
	) : (
		<Spinner label={ t( 'bug.loading' ) } />
	);
}

/**
 * A bug's own page (route `bugs/show/{id}`, language-prefixed): the whole report the tester sent, read-only.
 * The id is in the page's address; the plugin serves the page for any id.
 */
export default function Bug() {
	const { t } = useTranslation();
	const bugId = bugIdFromPath( window.location.pathname );
	return (
		<RequireLogin fields={ FIELDS } loadingLabel={ t( 'bug.loading' ) }>
			{ () =>
				bugId === null ? <BugNotFound /> : <BugPage bugId={ bugId } />
			}
		</RequireLogin>
	);
}
