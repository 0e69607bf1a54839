import type { ReactNode } from 'react';
import type { SerializedError } from '@reduxjs/toolkit';

import { useConfig } from '../hooks/use-config';
import { useTranslation } from '../lib/use-translation';
import { selectToken } from '../services/auth-slice';
import type { ApiError } from '../services/api-error';
import type { Me, MeField } from '../services/types';
import { useGetMeQuery } from '../services/users';
import { useAppSelector } from '../store/hooks';
import { ErrorNotice } from './error-notice';
import { LoginCard } from './login-card';
import { NoTesterNotice, isNoTesterError } from './no-tester-notice';
import { Spinner } from './spinner';

const statusOf = ( error: ApiError | SerializedError | undefined ) =>
	error && 'status' in error ? error.status : 0;

interface RequireLoginProps {
	/** The `/users/me` fields the widget shows; widgets asking the same fields share one request. */
	fields: readonly MeField[];
	/** Announced while the profile loads. */
	loadingLabel: string;
	/** Shown when the profile cannot be loaded for another reason than a missing login. */
	errorTitle?: string;
	children: ( me: Me ) => ReactNode;
}

/**
 * The gate every protected widget renders through: it loads the profile, shows the login card on 403 (the
 * API's "not logged in", also what an unrefreshable expired token becomes) — but a notice, not the card, when
 * the 403 says the logged-in account has no tester profile —, an error with a retry on any other failure, and
 * the widget once the profile is there. A visitor gets the login card at once, without asking.
 */
export function RequireLogin( {
	fields,
	loadingLabel,
	errorTitle,
	children,
}: RequireLoginProps ) {
	const { t } = useTranslation();
	// A visitor (no user, no token) is not asked about: the API could only answer 403, which the browser
	// would report as a failed request on every visitor page.
	const { user } = useConfig();
	const token = useAppSelector( selectToken );
	const visitor = user === null && token === null;
	const { data, error, isError, isFetching, refetch } = useGetMeQuery(
		fields,
		{ skip: visitor }
	);
	const settledError = isError && ! isFetching;

	if ( visitor ) {
		return <LoginCard />;
	}
	if ( settledError && isNoTesterError( error ) ) {
		return <NoTesterNotice />;
	}
	if ( settledError && statusOf( error ) === 403 ) {
		return <LoginCard />;
	}
	if ( data ) {
		return <>{ children( data ) }</>;
	}
	if ( settledError ) {
		return (
			<ErrorNotice
				title={ errorTitle ?? t( 'common.somethingWentWrong' ) }
				onRetry={ refetch }
			/>
		);
	}
	return <Spinner label={ loadingLabel } />;
}
