import { bootyText } from '../performance-card';
import { campaignLabel, formatDate, formatMoney, linkFor } from '../format';

/**
 * Jest cannot change the zone of the process it runs in (UTC on CI), so the local-time getters are made to
 * answer as they would `offsetHours` from Greenwich: code reading local time then gets another day.
 *
 * @param offsetHours Hours east of UTC.
 */
function simulateTimeZone( offsetHours: number ) {
	const local = ( date: Date ) =>
		new Date( date.getTime() + offsetHours * 3_600_000 );
	jest.spyOn( Date.prototype, 'getDate' ).mockImplementation( function (
		this: Date
	) {
		return local( this ).getUTCDate();
	} );
	jest.spyOn( Date.prototype, 'getMonth' ).mockImplementation( function (
		this: Date
	) {
		return local( this ).getUTCMonth();
	} );
	jest.spyOn( Date.prototype, 'getFullYear' ).mockImplementation( function (
		this: Date
	) {
		return local( this ).getUTCFullYear();
	} );
	jest.spyOn( Date.prototype, 'getTimezoneOffset' ).mockReturnValue(
		-offsetHours * 60
	);
}

describe( 'formatDate', () => {
	afterEach( () => {
		jest.restoreAllMocks();
	} );

	it.each( [
		[ 'west of Greenwich (Los Angeles)', -8, '2024-03-05T02:00:00Z', 4 ],
		[ 'east of Greenwich (Kiribati)', 14, '2024-03-05T23:30:00Z', 6 ],
	] )(
		'reads the day in UTC for a tester %s',
		( _, offset, instant, localDay ) => {
			simulateTimeZone( offset );
			expect( new Date( instant ).getDate() ).toBe( localDay );

			expect( formatDate( instant ) ).toBe( '05/03/2024' );
		}
	);

	it( 'reads an instant given with an offset in UTC', () => {
		expect( formatDate( '2024-12-31T23:00:00-02:00' ) ).toBe(
			'01/01/2025'
		);
		expect( formatDate( '2024-03-05T00:30:00+02:00' ) ).toBe(
			'04/03/2024'
		);
	} );

	it( 'pads day and month to two digits', () => {
		expect( formatDate( '2025-01-09T12:00:00Z' ) ).toBe( '09/01/2025' );
	} );

	it( 'shows a dash for a missing or unreadable date', () => {
		expect( formatDate( null ) ).toBe( '-' );
		expect( formatDate( '' ) ).toBe( '-' );
		expect( formatDate( 'not a date' ) ).toBe( '-' );
	} );
} );

describe( 'campaignLabel', () => {
	it( 'reads [CP{id}] - name', () => {
		expect( campaignLabel( { id: 12, name: 'Smart TV app' } ) ).toBe(
			'[CP12] - Smart TV app'
		);
	} );
} );

describe( 'linkFor', () => {
	const links = {
		en: 'https://x.test/en',
		it: 'https://x.test/it',
		es: null,
		fr: null,
	};

	const site = 'http://scouts.test/sub/';

	it( "takes the page's language, then English, then any", () => {
		expect( linkFor( links, 'it', site ) ).toBe( 'https://x.test/it' );
		expect( linkFor( links, 'es', site ) ).toBe( 'https://x.test/en' );
		expect( linkFor( { ...links, en: null }, 'fr', site ) ).toBe(
			'https://x.test/it'
		);
		expect(
			linkFor( { en: null, it: null, es: null, fr: null }, 'en', site )
		).toBeNull();
		expect( linkFor( undefined, 'en', site ) ).toBeNull();
	} );

	it( "puts site-relative links under the site's address", () => {
		expect(
			linkFor( { ...links, it: '/it/campaigns/7/preview/' }, 'it', site )
		).toBe( 'http://scouts.test/sub/it/campaigns/7/preview/' );
	} );

	it( 'never gives anything but a web address', () => {
		expect(
			linkFor(
				// eslint-disable-next-line no-script-url
				{ ...links, it: 'javascript:alert(1)', en: 'data:text/html,x' },
				'it',
				site
			)
		).toBeNull();
		expect(
			linkFor(
				// eslint-disable-next-line no-script-url
				{
					en: 'javascript:alert(1)',
					it: null,
					es: null,
					fr: 'https://x.test/fr',
				},
				'en',
				site
			)
		).toBe( 'https://x.test/fr' );
	} );
} );

describe( 'money', () => {
	it( "formats in the page's language and the amount's currency", () => {
		expect( formatMoney( { value: 12, currency: 'EUR' }, 'en' ) ).toBe(
			'€12.00'
		);
		expect( formatMoney( { value: 12, currency: 'EUR' }, 'it' ) ).toBe(
			'12,00\u00a0€'
		);
		expect( formatMoney( { value: 3.5, currency: 'GBP' }, 'en' ) ).toBe(
			'£3.50'
		);
		expect( formatMoney( { value: 3.5, currency: 'EURO' }, 'en' ) ).toBe(
			'3.5 EURO'
		);
	} );

	it( 'puts the gross in brackets after the net, shows the gross alone without a net, a dash without either', () => {
		const gross = { value: 15, currency: 'EUR' };
		const net = { value: 12, currency: 'EUR' };
		expect( bootyText( { gross, net }, 'en' ) ).toBe( '€12.00 (€15.00)' );
		expect( bootyText( { gross }, 'en' ) ).toBe( '€15.00' );
		expect( bootyText( undefined, 'en' ) ).toBe( '-' );
	} );
} );
