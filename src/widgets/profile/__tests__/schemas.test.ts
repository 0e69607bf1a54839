import { isValidPhone } from '../schemas';

describe( 'the phone rule of the base tab', () => {
	it( "takes the spec's own examples and the shapes the API takes", () => {
		for ( const phone of [
			'+11000000000',
			'0011000000000',
			'+393471234567',
			'0039-347-123-4567',
		] ) {
			expect( [ phone, isValidPhone( phone ) ] ).toEqual( [
				phone,
				true,
			] );
		}
	} );

	it( 'refuses what is not a phone number', () => {
		for ( const phone of [
			'123',
			'+39 347 123 4567',
			'3471234567',
			'+1234567890123456789012',
			'+39abc',
			'+999123456',
		] ) {
			expect( [ phone, isValidPhone( phone ) ] ).toEqual( [
				phone,
				false,
			] );
		}
	} );
} );
