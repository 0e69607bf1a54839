import { RequireLogin } from '../../components/require-login';
import { useTranslation } from '../../lib/use-translation';
import type { MeField } from '../../services/types';
import { BugList } from './bug-list';
import './my-bugs.scss';

/** The page needs only to know the tester is logged in: the rest is its own call. */
const FIELDS: readonly MeField[] = [ 'id' ];

/** The tester's uploaded bugs (route `my-bugs`, spec "Uploaded bugs (my-bugs)"). */
export default function MyBugs() {
	const { t } = useTranslation();
	return (
		<RequireLogin fields={ FIELDS } loadingLabel={ t( 'myBugs.loading' ) }>
			{ () => <BugList /> }
		</RequireLogin>
	);
}
