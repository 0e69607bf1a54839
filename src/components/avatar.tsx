import { useState } from '@wordpress/element';

import { useTranslation } from '../lib/use-translation';
import { PersonIcon } from './icons/person-icon';
import './avatar.scss';

/**
 * First letters of the first and last word, by user-perceived character so that names starting with an
 * accented or astral letter are not cut in half.
 *
 * @param name   Full name.
 * @param locale For locale-aware upper-casing (Turkish i, …).
 */
export function initialsOf( name: string, locale: string ): string {
	const words = name.trim().split( /\s+/ ).filter( Boolean );
	if ( words.length === 0 ) {
		return '';
	}
	const first = ( word: string ) => Array.from( word )[ 0 ] ?? '';
	const picked =
		words.length === 1
			? first( words[ 0 ] )
			: first( words[ 0 ] ) + first( words[ words.length - 1 ] );
	return picked.toLocaleUpperCase( locale );
}

interface AvatarProps {
	name: string;
	/** Picture URL from the profile, when the user has one. */
	image?: string | null;
	className?: string;
}

/**
 * The user's picture, or their initials when there is none or it fails to load. Never a third-party
 * avatar service: the page must not call out to other hosts.
 */
export function Avatar( { name, image, className = '' }: AvatarProps ) {
	const { t, i18n } = useTranslation();
	const [ failedImage, setFailedImage ] = useState< string | null >( null );
	const label = t( 'avatar.alt', { name } );
	const classes = `crowdscout-avatar ${ className }`.trim();

	if ( image && image !== failedImage ) {
		return (
			<img
				className={ classes }
				src={ image }
				alt={ label }
				onError={ () => setFailedImage( image ) }
			/>
		);
	}

	const initials = initialsOf( name, i18n.language );
	return (
		<span
			className={ `${ classes } crowdscout-avatar--initials` }
			role="img"
			aria-label={ label }
		>
			{ initials ? (
				<span aria-hidden="true">{ initials }</span>
			) : (
				<PersonIcon />
			) }
		</span>
	);
}
