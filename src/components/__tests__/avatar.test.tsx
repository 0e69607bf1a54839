import { initialsOf } from '../avatar';

describe( 'initialsOf', () => {
	it.each( [
		[ 'Dana Demo', 'DD' ],
		[ 'maria de la cruz', 'MC' ],
		[ 'Émile', 'É' ],
		[ '  ', '' ],
		[ '𝒜lice Smith', '𝒜S' ],
	] )( '%s → %s', ( name, initials ) => {
		expect( initialsOf( name, 'en' ) ).toBe( initials );
	} );
} );
