import {
	useEffect,
	useId,
	useMemo,
	useRef,
	useState,
} from '@wordpress/element';
import { useField, useFormikContext } from 'formik';

import { ErrorNotice } from '../../../components/error-notice';
import {
	FormField,
	SelectField,
	ValidatedForm,
	useFieldError,
} from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import type { Locale } from '../../../lib/locale';
import { useTranslation } from '../../../lib/use-translation';
import { selectConfig } from '../../../services/config-slice';
import type { Certification } from '../../../services/contract';
import { showToast } from '../../../services/toasts';
import { useGetMeQuery } from '../../../services/users';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
	useAddMyCertificationMutation,
	useDeleteMyCertificationMutation,
	useListCertificationsQuery,
} from './advanced-api';
import {
	EARLIEST_ACHIEVEMENT,
	EMPTY_CERTIFICATION,
	certificationSchema,
	today,
	type CertificationValues,
} from './certification-schema';
import type { CatalogueCertification } from './types';

/** The distinct `{id, name}` of one side of the catalogue, by name. */
function distinct(
	items: CatalogueCertification[] | undefined,
	pick: ( item: CatalogueCertification ) => { id: number; name: string }
) {
	const seen = new Map< number, string >();
	for ( const item of items ?? [] ) {
		seen.set( pick( item ).id, pick( item ).name );
	}
	return [ ...seen ]
		.map( ( [ id, name ] ) => ( { value: String( id ), label: name } ) )
		.sort( ( a, b ) => a.label.localeCompare( b.label ) );
}

function formatDate( value: string | undefined, locale: Locale ) {
	if ( ! value || ! /^\d{4}-\d{2}-\d{2}/.test( value ) ) {
		return value ?? '';
	}
	const [ year, month, day ] = value
		.slice( 0, 10 )
		.split( '-' )
		.map( Number );
	return new Intl.DateTimeFormat( locale, { dateStyle: 'medium' } ).format(
		new Date( year, month - 1, day )
	);
}

/** Choosing an institute clears the area and the certification; choosing an area clears the certification. */
function ResetDependents() {
	const { values, setFieldValue } = useFormikContext< CertificationValues >();
	const previous = useRef( values );
	useEffect( () => {
		const before = previous.current;
		previous.current = values;
		if ( before.institute !== values.institute ) {
			setFieldValue( 'area', '' );
			setFieldValue( 'certificationId', '' );
		} else if ( before.area !== values.area ) {
			setFieldValue( 'certificationId', '' );
		}
	}, [ values, setFieldValue ] );
	return null;
}

function AchievementDateField() {
	const { t } = useTranslation();
	const id = useId();
	const [ field ] = useField< string >( 'achievementDate' );
	const error = useFieldError( 'achievementDate' );
	return (
		<FormField
			id={ id }
			label={ t( 'profileAdvanced.achievementDate' ) }
			required
			error={ error }
		>
			{ ( control ) => (
				<input
					{ ...control }
					{ ...field }
					type="date"
					min={ EARLIEST_ACHIEVEMENT }
					max={ today() }
				/>
			) }
		</FormField>
	);
}

function CascadeFields( { owned }: { owned: Set< number > } ) {
	const { t } = useTranslation();
	const { values } = useFormikContext< CertificationValues >();
	const institute = Number( values.institute ) || undefined;
	const area = Number( values.area ) || undefined;
	const all = useListCertificationsQuery( {} );
	const byInstitute = useListCertificationsQuery(
		{ institute },
		{ skip: ! institute }
	);
	const byArea = useListCertificationsQuery(
		{ institute, area },
		{ skip: ! institute || ! area }
	);
	const institutes = useMemo(
		() => distinct( all.data, ( item ) => item.institute ),
		[ all.data ]
	);
	const areas = useMemo(
		() =>
			institute
				? distinct( byInstitute.data, ( item ) => item.area )
				: [],
		[ institute, byInstitute.data ]
	);
	const certifications = useMemo(
		() =>
			( area && institute ? byArea.data ?? [] : [] )
				.filter( ( item ) => ! owned.has( item.id ) )
				.map( ( item ) => ( {
					value: String( item.id ),
					label: item.name,
				} ) )
				.sort( ( a, b ) => a.label.localeCompare( b.label ) ),
		[ area, institute, byArea.data, owned ]
	);
	if ( all.isLoading ) {
		return <Spinner label={ t( 'common.loading' ) } />;
	}
	if ( all.error ) {
		return (
			<ErrorNotice
				title={ t( 'profileAdvanced.catalogueFailed' ) }
				onRetry={ all.refetch }
			/>
		);
	}
	const choose = t( 'profileAdvanced.choose' );
	return (
		<>
			<ResetDependents />
			<SelectField
				name="institute"
				label={ t( 'profileAdvanced.institute' ) }
				required
				options={ institutes }
				placeholder={ choose }
			/>
			<SelectField
				name="area"
				label={ t( 'profileAdvanced.area' ) }
				required
				options={ areas }
				placeholder={ choose }
				disabled={ ! institute }
			/>
			<SelectField
				name="certificationId"
				label={ t( 'profileAdvanced.certification' ) }
				required
				options={ certifications }
				placeholder={ choose }
				disabled={ ! area }
			/>
			<AchievementDateField />
		</>
	);
}

function AddCertification( { owned }: { owned: Set< number > } ) {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const [ add ] = useAddMyCertificationMutation();
	// A new form after each success: empty fields, errors hidden again.
	const [ generation, setGeneration ] = useState( 0 );
	return (
		<ValidatedForm< CertificationValues >
			key={ generation }
			className="crowdscout-profile-certifications__form"
			aria-labelledby="crowdscout-add-certification-title"
			initialValues={ EMPTY_CERTIFICATION }
			validationSchema={ certificationSchema }
			onSubmit={ async ( values ) => {
				const result = await add( {
					certification_id: Number( values.certificationId ),
					achievement_date: values.achievementDate,
				} );
				if ( 'error' in result ) {
					dispatch(
						showToast( {
							kind: 'danger',
							message: t( 'profileAdvanced.addFailed' ),
						} )
					);
					return;
				}
				dispatch(
					showToast( {
						kind: 'success',
						message: t( 'profileAdvanced.added' ),
					} )
				);
				setGeneration( ( current ) => current + 1 );
			} }
		>
			{ ( { isSubmitting } ) => (
				<>
					<h4 id="crowdscout-add-certification-title">
						{ t( 'profileAdvanced.addTitle' ) }
					</h4>
					<CascadeFields owned={ owned } />
					<div className="crowdscout-profile-advanced__actions">
						<button
							type="submit"
							className="crowdscout-button crowdscout-button--primary"
							disabled={ isSubmitting }
						>
							{ t( 'profileAdvanced.add' ) }
						</button>
					</div>
				</>
			) }
		</ValidatedForm>
	);
}

function CertificationItem( {
	certification,
}: {
	certification: Certification;
} ) {
	const { t } = useTranslation();
	const dispatch = useAppDispatch();
	const { locale } = useAppSelector( selectConfig );
	const [ remove, { isLoading } ] = useDeleteMyCertificationMutation();
	const details = [ certification.institute, certification.area ]
		.filter( Boolean )
		.join( ' · ' );
	return (
		<li className="crowdscout-profile-certifications__item">
			<div>
				<p className="crowdscout-profile-certifications__name">
					{ certification.name }
				</p>
				{ details && <p>{ details }</p> }
				{ certification.achievement_date && (
					<p>
						{ t( 'profileAdvanced.achievedOn', {
							date: formatDate(
								certification.achievement_date,
								locale
							),
						} ) }
					</p>
				) }
			</div>
			<button
				type="button"
				className="crowdscout-button crowdscout-button--secondary"
				aria-label={ t( 'profileAdvanced.removeNamed', {
					name: certification.name,
				} ) }
				disabled={ isLoading }
				onClick={ async () => {
					const result = await remove( certification.id );
					dispatch(
						showToast(
							'error' in result
								? {
										kind: 'danger',
										message: t(
											'profileAdvanced.removeFailed'
										),
								  }
								: {
										kind: 'success',
										message: t( 'profileAdvanced.removed' ),
								  }
						)
					);
				} }
			>
				{ t( 'profileAdvanced.remove' ) }
			</button>
		</li>
	);
}

/**
 * The tester's certifications with a remove button each, and the form that adds one: institute, then area,
 * then certification from the catalogue, and the achievement date (spec §3 "Certification", §5, §8).
 */
export function Certifications() {
	const { t } = useTranslation();
	const me = useGetMeQuery( [ 'certifications' ] );
	const certifications = me.data?.certifications ?? [];
	const owned = useMemo(
		() =>
			new Set(
				( me.data?.certifications ?? [] ).map( ( item ) => item.id )
			),
		[ me.data ]
	);
	return (
		<section
			className="crowdscout-profile-certifications"
			aria-labelledby="crowdscout-certifications-title"
		>
			<h3 id="crowdscout-certifications-title">
				{ t( 'profileAdvanced.certificationsTitle' ) }
			</h3>
			{ me.isLoading && <Spinner label={ t( 'common.loading' ) } /> }
			{ me.error && (
				<ErrorNotice
					title={ t( 'profileAdvanced.certificationsFailed' ) }
					onRetry={ me.refetch }
				/>
			) }
			{ me.data &&
				( certifications.length ? (
					<ul className="crowdscout-profile-certifications__list">
						{ certifications.map( ( certification ) => (
							<CertificationItem
								key={ certification.id }
								certification={ certification }
							/>
						) ) }
					</ul>
				) : (
					<p>{ t( 'profileAdvanced.noCertifications' ) }</p>
				) ) }
			{ me.data && <AddCertification owned={ owned } /> }
		</section>
	);
}
