import { object, string } from 'yup';

/** The spec's earliest achievement date (section 9). */
export const EARLIEST_ACHIEVEMENT = '1970-01-01';

export interface CertificationValues {
	institute: string;
	area: string;
	certificationId: string;
	achievementDate: string;
}

export const EMPTY_CERTIFICATION: CertificationValues = {
	institute: '',
	area: '',
	certificationId: '',
	achievementDate: '',
};

const pad = ( value: number ) => String( value ).padStart( 2, '0' );

/**
 * Today in the tester's own time zone, as `YYYY-MM-DD`.
 *
 * @param now The current time.
 */
export const today = ( now: Date = new Date() ) =>
	`${ now.getFullYear() }-${ pad( now.getMonth() + 1 ) }-${ pad(
		now.getDate()
	) }`;

const isRealDate = ( value: string ) => {
	if ( ! /^\d{4}-\d{2}-\d{2}$/.test( value ) ) {
		return false;
	}
	const [ year, month, day ] = value.split( '-' ).map( Number );
	const date = new Date( year, month - 1, day );
	return (
		date.getFullYear() === year &&
		date.getMonth() === month - 1 &&
		date.getDate() === day
	);
};

/** §5 "Certification": each part required, the date from 1 January 1970 to today. Messages are keys. */
export const certificationSchema = object( {
	institute: string().required( 'profileAdvanced.instituteRequired' ),
	area: string().required( 'profileAdvanced.areaRequired' ),
	certificationId: string().required(
		'profileAdvanced.certificationRequired'
	),
	achievementDate: string()
		.required( 'profileAdvanced.achievementDateRequired' )
		.test(
			'range',
			'profileAdvanced.achievementDateRange',
			( value ) =>
				! value ||
				( isRealDate( value ) &&
					value >= EARLIEST_ACHIEVEMENT &&
					value <= today() )
		),
} );
