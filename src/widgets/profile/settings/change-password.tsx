import type { ReactNode } from 'react';
import { useId } from '@wordpress/element';
import { Formik, useField, type FormikHelpers } from 'formik';

import { FormField, useErrorText } from '../../../components/form-field';
import { PasswordChecklist } from '../../../components/password-checklist';
import { useTranslation } from '../../../lib/use-translation';
import { logOut } from '../../../services/account';
import { showToast } from '../../../services/toasts';
import { useUpdateMeMutation } from '../../../services/users';
import { useAppDispatch } from '../../../store/hooks';
import {
	EMPTY_PASSWORD_CHANGE,
	passwordChangeSchema,
	type PasswordChangeValues,
} from './password-schema';

/** The API's answer to a wrong current password (spec §8). */
const WRONG_CURRENT_PASSWORD = 417;

/**
 * A password input whose error shows once the tester has left it, or typed in it for the confirmation: the
 * button stays disabled while anything is invalid, so there is no refused submit to reveal them.
 *
 * @param props
 * @param props.name
 * @param props.label
 * @param props.autoComplete
 * @param props.describedBy
 * @param props.after
 */
function PasswordField( {
	name,
	label,
	autoComplete,
	describedBy,
	after,
}: {
	name: keyof PasswordChangeValues;
	label: string;
	autoComplete: string;
	describedBy?: string;
	after?: ReactNode;
} ) {
	const id = useId();
	const [ field, meta ] = useField< string >( name );
	const errorText = useErrorText();
	return (
		<FormField
			id={ id }
			label={ label }
			required
			describedBy={ describedBy }
			error={ errorText( meta.touched ? meta.error : undefined ) }
			after={ after }
		>
			{ ( control ) => (
				<input
					{ ...control }
					{ ...field }
					type="password"
					autoComplete={ autoComplete }
				/>
			) }
		</FormField>
	);
}

/**
 * Change password (spec §4 "Password change", §5 "Password", §8): current password, new password with the
 * live checklist, confirmation. A wrong current password answers 417; on success WordPress ends the tester's
 * sessions, so the page logs out and reloads.
 *
 * @param props
 * @param props.reload Reloads the page after the logout (the page's own reload by default).
 */
export function ChangePassword( { reload }: { reload?: () => void } ) {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const [ updateMe ] = useUpdateMeMutation();
	const checklistId = useId();

	const onSubmit = async (
		values: PasswordChangeValues,
		helpers: FormikHelpers< PasswordChangeValues >
	) => {
		const result = await updateMe( {
			oldPassword: values.oldPassword,
			password: values.password,
		} );
		if ( 'error' in result ) {
			const error = result.error as { status?: number; message?: string };
			dispatch(
				showToast(
					error.status === WRONG_CURRENT_PASSWORD
						? {
								kind: 'danger',
								message: t( 'profileSettings.wrongPassword' ),
						  }
						: {
								kind: 'warning',
								message:
									error.message ??
									t( 'common.somethingWentWrong' ),
						  }
				)
			);
			return;
		}
		helpers.resetForm();
		dispatch(
			showToast( {
				kind: 'success',
				message: t( 'profileSettings.passwordChanged' ),
			} )
		);
		const reloadPage = reload ?? ( () => window.location.reload() );
		const loggedOut = await dispatch( logOut( { reload: reloadPage } ) );
		// WordPress ended every session with the change, so its logout (nonce tied to the old session) may
		// refuse: the reload shows the login card all the same.
		if ( ! logOut.fulfilled.match( loggedOut ) || ! loggedOut.payload ) {
			reloadPage();
		}
	};

	return (
		<section
			className="crowdscout-profile-settings__section"
			aria-labelledby="crowdscout-change-password-title"
		>
			<h3 id="crowdscout-change-password-title">
				{ t( 'profileSettings.passwordTitle' ) }
			</h3>
			<Formik< PasswordChangeValues >
				initialValues={ EMPTY_PASSWORD_CHANGE }
				validationSchema={ passwordChangeSchema }
				onSubmit={ onSubmit }
			>
				{ ( formik ) => (
					<form
						className="crowdscout-profile-settings__form"
						noValidate
						onSubmit={ formik.handleSubmit }
					>
						<PasswordField
							name="oldPassword"
							label={ t( 'profileSettings.currentPassword' ) }
							autoComplete="current-password"
						/>
						<PasswordField
							name="password"
							label={ t( 'profileSettings.newPassword' ) }
							autoComplete="new-password"
							describedBy={ checklistId }
							after={
								<PasswordChecklist
									id={ checklistId }
									password={ formik.values.password }
								/>
							}
						/>
						<PasswordField
							name="confirmation"
							label={ t( 'profileSettings.confirmPassword' ) }
							autoComplete="new-password"
						/>
						<div className="crowdscout-profile-settings__actions">
							<button
								type="submit"
								className="crowdscout-button crowdscout-button--primary"
								// Checked here rather than through Formik's asynchronous
								// validation, so the button is never enabled for a moment.
								disabled={
									formik.isSubmitting ||
									! passwordChangeSchema.isValidSync(
										formik.values
									)
								}
							>
								{ t( 'profileSettings.changePassword' ) }
							</button>
						</div>
					</form>
				) }
			</Formik>
		</section>
	);
}
