import { useId, useRef, useState } from '@wordpress/element';

import { Modal } from '../../../components/modal';
import { routeUrl } from '../../../lib/routes';
import { useTranslation } from '../../../lib/use-translation';
import { logOut } from '../../../services/account';
import { selectConfig } from '../../../services/config-slice';
import { showToast } from '../../../services/toasts';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { useDeleteMeMutation } from './settings-api';

/** The spec's deletion reasons (§3), in its order; they are sent joined by semicolons. */
export const DELETION_REASONS = [
	'TOO_MANY_EMAILS',
	'NO_CAMPAIGNS',
	'SIGNUP_BY_MISTAKE',
	'NO_TIME',
	'CAMPAIGNS_NOT_CLEAR',
	'OTHER',
] as const;

export type DeletionReason = ( typeof DELETION_REASONS )[ number ];

const REASON_LABELS = {
	TOO_MANY_EMAILS: 'profileSettings.reasonTooManyEmails',
	NO_CAMPAIGNS: 'profileSettings.reasonNoCampaigns',
	SIGNUP_BY_MISTAKE: 'profileSettings.reasonSignupByMistake',
	NO_TIME: 'profileSettings.reasonNoTime',
	CAMPAIGNS_NOT_CLEAR: 'profileSettings.reasonCampaignsNotClear',
	OTHER: 'profileSettings.reasonOther',
} as const satisfies Record< DeletionReason, string >;

/** The API's limit on the tester's own words. */
const OTHER_MAX_LENGTH = 500;

/**
 * Delete account (spec §4 "Account deletion"): a modal with the reasons; Delete stays disabled until one is
 * chosen, Back closes it and clears them. Deleting sends the reasons, logs out and goes to the goodbye page in
 * the page's language.
 *
 * @param props
 * @param props.navigate Goes to an address (the browser's own by default).
 */
export function DeleteAccount( {
	navigate = ( url: string ) => window.location.assign( url ),
}: {
	navigate?: ( url: string ) => void;
} ) {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const config = useAppSelector( selectConfig );
	const [ deleteMe, { isLoading } ] = useDeleteMeMutation();
	const [ open, setOpen ] = useState( false );
	const [ reasons, setReasons ] = useState< DeletionReason[] >( [] );
	const [ other, setOther ] = useState( '' );
	const openerRef = useRef< HTMLButtonElement >( null );
	const id = useId();

	const close = () => {
		setOpen( false );
		setReasons( [] );
		setOther( '' );
	};

	const toggle = ( reason: DeletionReason, checked: boolean ) =>
		setReasons( ( current ) =>
			checked
				? DELETION_REASONS.filter(
						( candidate ) =>
							candidate === reason ||
							current.includes( candidate )
				  )
				: current.filter( ( candidate ) => candidate !== reason )
		);

	const onDelete = async () => {
		const otherText = other.trim();
		const result = await deleteMe( {
			reason: reasons.join( ';' ),
			...( reasons.includes( 'OTHER' ) && otherText
				? { other: otherText }
				: {} ),
		} );
		if ( 'error' in result ) {
			const error = result.error as { message?: string };
			dispatch(
				showToast( {
					kind: 'danger',
					message: error.message ?? t( 'common.somethingWentWrong' ),
				} )
			);
			return;
		}
		const toGoodbye = () => navigate( routeUrl( config, 'goodbye' ) );
		const loggedOut = await dispatch( logOut( { reload: toGoodbye } ) );
		// The account is gone even when WordPress could not end the session: the tester leaves all the same.
		if ( ! logOut.fulfilled.match( loggedOut ) || ! loggedOut.payload ) {
			toGoodbye();
		}
	};

	return (
		<section
			className="crowdscout-profile-settings__section"
			aria-labelledby="crowdscout-delete-account-title"
		>
			<h3 id="crowdscout-delete-account-title">
				{ t( 'profileSettings.deleteTitle' ) }
			</h3>
			<p>{ t( 'profileSettings.deleteText' ) }</p>
			<div className="crowdscout-profile-settings__actions">
				<button
					ref={ openerRef }
					type="button"
					className="crowdscout-button crowdscout-button--danger"
					onClick={ () => setOpen( true ) }
				>
					{ t( 'profileSettings.deleteButton' ) }
				</button>
			</div>
			<Modal
				open={ open }
				onOpenChange={ ( next ) =>
					next ? setOpen( true ) : close()
				}
				title={ t( 'profileSettings.deleteModalTitle' ) }
				description={ t( 'profileSettings.deleteModalText' ) }
				returnFocusRef={ openerRef }
				dismissible={ ! isLoading }
				footer={
					<>
						<button
							type="button"
							className="crowdscout-button crowdscout-button--secondary"
							onClick={ close }
							disabled={ isLoading }
						>
							{ t( 'profileSettings.back' ) }
						</button>
						<button
							type="button"
							className="crowdscout-button crowdscout-button--danger"
							disabled={ reasons.length === 0 || isLoading }
							onClick={ onDelete }
						>
							{ t( 'profileSettings.deleteConfirm' ) }
						</button>
					</>
				}
			>
				<fieldset className="crowdscout-profile-settings__reasons">
					<legend>{ t( 'profileSettings.reasonsLegend' ) }</legend>
					{ DELETION_REASONS.map( ( reason ) => (
						<div
							key={ reason }
							className="crowdscout-field__checkbox"
						>
							<input
								id={ `${ id }-${ reason }` }
								type="checkbox"
								value={ reason }
								checked={ reasons.includes( reason ) }
								onChange={ ( event ) =>
									toggle( reason, event.target.checked )
								}
							/>
							<label htmlFor={ `${ id }-${ reason }` }>
								{ t( REASON_LABELS[ reason ] ) }
							</label>
						</div>
					) ) }
				</fieldset>
				{ reasons.includes( 'OTHER' ) && (
					<div className="crowdscout-field">
						<label htmlFor={ `${ id }-other` }>
							{ t( 'profileSettings.otherLabel' ) }
						</label>
						<textarea
							id={ `${ id }-other` }
							value={ other }
							maxLength={ OTHER_MAX_LENGTH }
							rows={ 3 }
							onChange={ ( event ) =>
								setOther( event.target.value )
							}
						/>
					</div>
				) }
			</Modal>
		</section>
	);
}
