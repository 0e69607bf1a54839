import { useState } from '@wordpress/element';

import { useTranslation } from '../../lib/use-translation';
import type { IdName } from '../../services/contract';
import { showToast } from '../../services/toasts';
import { useAppDispatch } from '../../store/hooks';
import { ComboField, type ComboOption } from '../../components/place-search';
import {
	useAddMyLanguagesMutation,
	useDeleteMyLanguageMutation,
	useListLanguagesQuery,
	useReplaceMyLanguagesMutation,
} from './profile-api';

type Spoken = ReadonlyArray< { id?: number; name: string } >;

const optionOf = ( language: { id?: number; name: string } ): ComboOption => ( {
	value: String( language.id ?? language.name ),
	label: language.name,
} );

/**
 * The languages the tester speaks, a multi-select over GET /languages. Each pick or removal is saved at once
 * (POST to add, DELETE to remove one, PUT to empty the list), so it needs no Save button.
 *
 * @param props
 * @param props.id      The control's id.
 * @param props.initial The languages the profile holds.
 */
export function LanguagesField( {
	id,
	initial,
}: {
	id: string;
	initial: Spoken;
} ) {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const [ spoken, setSpoken ] = useState< Spoken >( initial );
	const [ busy, setBusy ] = useState( false );
	const { data: languages = [], isLoading } = useListLanguagesQuery();
	const [ addMyLanguages ] = useAddMyLanguagesMutation();
	const [ deleteMyLanguage ] = useDeleteMyLanguageMutation();
	const [ replaceMyLanguages ] = useReplaceMyLanguagesMutation();

	const save = async ( change: () => Promise< IdName[] > ) => {
		setBusy( true );
		try {
			setSpoken( await change() );
		} catch {
			dispatch(
				showToast( {
					kind: 'warning',
					message: t( 'profileBase.languagesFailed' ),
				} )
			);
		} finally {
			setBusy( false );
		}
	};

	return (
		<ComboField< true >
			field={ {
				id,
				label: t( 'profileBase.languages' ),
				hint: t( 'profileBase.languagesHint' ),
			} }
			select={ {
				isMulti: true,
				isLoading: isLoading || busy,
				isDisabled: busy,
				options: languages.map( optionOf ),
				value: spoken.map( optionOf ),
				placeholder: t( 'profileBase.languagesPlaceholder' ),
				noOptionsMessage: () => t( 'profileBase.languagesNone' ),
				onChange: ( _value, meta ) => {
					if ( meta.action === 'select-option' && meta.option ) {
						const { label } = meta.option;
						save( () => addMyLanguages( [ label ] ).unwrap() );
					} else if (
						( meta.action === 'remove-value' ||
							meta.action === 'pop-value' ) &&
						meta.removedValue
					) {
						const removed = spoken.find(
							( language ) =>
								optionOf( language ).value ===
								meta.removedValue.value
						);
						if ( removed?.id !== undefined ) {
							const languageId = removed.id;
							save( () =>
								deleteMyLanguage( languageId ).unwrap()
							);
						}
					} else if ( meta.action === 'clear' ) {
						save( () => replaceMyLanguages( [] ).unwrap() );
					}
				},
			} }
		/>
	);
}
