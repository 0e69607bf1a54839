import type { FormEvent } from 'react';
import { useMemo, useState } from '@wordpress/element';

import { ErrorNotice } from '../../../components/error-notice';
import { useErrorText } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { selectConfig } from '../../../services/config-slice';
import { showToast } from '../../../services/toasts';
import { useGetMeQuery } from '../../../services/users';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { useTranslation } from '../../../lib/use-translation';
import { Accordion } from './accordion';
import {
	useListCustomUserFieldsQuery,
	useUpdateMyAdditionalMutation,
} from './advanced-api';
import { CustomFieldControl } from './custom-field-control';
import {
	changedFields,
	customValuesSchema,
	inLanguage,
	initialValues,
	toRequestBody,
	validationErrors,
	type CustomValues,
	type FieldValue,
} from './custom-fields';
import type { AdditionalValue, CustomFieldGroup } from './types';

const UNGROUPED = 0;

function CustomFieldsEditor( {
	groups,
	additional,
}: {
	groups: CustomFieldGroup[];
	additional: AdditionalValue[];
} ) {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const { locale } = useAppSelector( selectConfig );
	const errorText = useErrorText();
	const [ update ] = useUpdateMyAdditionalMutation();
	const fields = useMemo(
		() => groups.flatMap( ( group ) => group.fields ),
		[ groups ]
	);
	const schema = useMemo( () => customValuesSchema( fields ), [ fields ] );
	// What the server holds: the form compares against it, and a save moves it forward field by field.
	const [ stored, setStored ] = useState< CustomValues >( () =>
		initialValues( fields, additional, locale )
	);
	const [ values, setValues ] = useState< CustomValues >( stored );
	const [ saving, setSaving ] = useState( false );

	const errors = validationErrors( schema, values );
	const changed = changedFields( values, stored );
	const canSave =
		! saving && changed.length > 0 && Object.keys( errors ).length === 0;

	const setValue = ( id: number, value: FieldValue ) =>
		setValues( ( current ) => ( { ...current, [ id ]: value } ) );

	const onSubmit = async ( event: FormEvent ) => {
		event.preventDefault();
		if ( ! canSave ) {
			return;
		}
		setSaving( true );
		const results = await Promise.all(
			changed.map( async ( id ) => {
				const result = await update( {
					fieldId: Number( id ),
					body: toRequestBody( values[ id ] ),
				} );
				return { id, saved: ! ( 'error' in result ) };
			} )
		);
		const saved = results.filter( ( result ) => result.saved );
		setStored( ( current ) => {
			const next = { ...current };
			for ( const { id } of saved ) {
				next[ id ] = values[ id ];
			}
			return next;
		} );
		setSaving( false );
		const failed = saved.length < results.length;
		dispatch(
			showToast(
				failed
					? {
							kind: 'danger',
							message: t( 'profileAdvanced.saveFailed' ),
					  }
					: {
							kind: 'success',
							message: t( 'profileAdvanced.saved' ),
					  }
			)
		);
	};

	const renderFields = ( group: CustomFieldGroup ) =>
		group.fields.map( ( field ) => (
			<CustomFieldControl
				key={ field.id }
				field={ field }
				value={ values[ field.id ] }
				onChange={ ( value ) => setValue( field.id, value ) }
				error={ errorText( errors[ field.id ] ) }
				locale={ locale }
			/>
		) );

	return (
		<form
			className="crowdscout-profile-advanced__form"
			noValidate
			onSubmit={ onSubmit }
		>
			{ groups
				.filter( ( group ) => group.group.id === UNGROUPED )
				.map( ( group ) => (
					<div
						key={ group.group.id }
						className="crowdscout-profile-advanced__fields"
					>
						{ renderFields( group ) }
					</div>
				) ) }
			{ groups
				.filter(
					( group ) =>
						group.group.id !== UNGROUPED && group.fields.length > 0
				)
				.map( ( group ) => (
					<Accordion
						key={ group.group.id }
						title={ inLanguage( group.group.name, locale ) }
					>
						<div className="crowdscout-profile-advanced__fields">
							{ renderFields( group ) }
						</div>
					</Accordion>
				) ) }
			<div className="crowdscout-profile-advanced__actions">
				<button
					type="submit"
					className="crowdscout-button crowdscout-button--primary"
					disabled={ ! canSave }
				>
					{ saving
						? t( 'profileAdvanced.saving' )
						: t( 'profileAdvanced.save' ) }
				</button>
			</div>
		</form>
	);
}

/**
 * The custom user fields with the tester's values (spec "Profile (my-account)", Advanced; §5 "Advanced
 * profile"). Save sends each changed field on its own, and is enabled only when something changed and every
 * value is valid.
 */
export function CustomFieldsForm() {
	const { t } = useTranslation();
	const fieldsQuery = useListCustomUserFieldsQuery();
	const meQuery = useGetMeQuery( [ 'additional' ] );
	if ( fieldsQuery.isLoading || meQuery.isLoading ) {
		return <Spinner label={ t( 'common.loading' ) } />;
	}
	if ( fieldsQuery.error || meQuery.error || ! fieldsQuery.data ) {
		return (
			<ErrorNotice
				title={ t( 'profileAdvanced.loadFailed' ) }
				onRetry={ () => {
					fieldsQuery.refetch();
					meQuery.refetch();
				} }
			/>
		);
	}
	if ( fieldsQuery.data.every( ( group ) => group.fields.length === 0 ) ) {
		return <p>{ t( 'profileAdvanced.noFields' ) }</p>;
	}
	return (
		<CustomFieldsEditor
			groups={ fieldsQuery.data }
			additional={ meQuery.data?.additional ?? [] }
		/>
	);
}
