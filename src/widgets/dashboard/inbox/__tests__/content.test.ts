import { zlibSync, strToU8 } from 'fflate';

import {
	inflateBase64,
	renderPopupContent,
	renderPopupTitle,
} from '../content';
import { encode } from './encode';

const DANA = { id: 17, name: 'Dana', surname: 'Demo' };

/**
 * The sanitised HTML as the browser would hold it once rendered.
 *
 * @param html What renderPopupContent returned.
 */
function rendered( html: string | null ): HTMLElement {
	const article = document.createElement( 'article' );
	article.innerHTML = html ?? '';
	return article;
}

describe( 'inflateBase64', () => {
	it( 'reads base64 of raw DEFLATE as UTF-8', () => {
		expect(
			inflateBase64( encode( 'Già fatto? ¡Sí! Très bien 🎉' ) )
		).toBe( 'Già fatto? ¡Sí! Très bien 🎉' );
	} );

	it( 'accepts the URL-safe alphabet and surrounding white space', () => {
		const text = '<p>?>?>?>~~~ ÿÿÿ</p>'.repeat( 20 );
		const urlSafe = encode( text )
			.replace( /\+/g, '-' )
			.replace( /\//g, '_' );
		expect( inflateBase64( `\n${ urlSafe }\n` ) ).toBe( text );
	} );
} );

describe( 'renderPopupContent', () => {
	it( "fills name, surname and id with the tester's values", () => {
		const html = renderPopupContent(
			encode(
				'<h2>Welcome aboard, {{name}} {{surname}}</h2><p>Your tester id is <strong>T{{id}}</strong>.</p>'
			),
			DANA
		);

		const article = rendered( html );
		expect( article.querySelector( 'h2' ) ).toHaveTextContent(
			'Welcome aboard, Dana Demo'
		);
		expect( article.querySelector( 'strong' ) ).toHaveTextContent( 'T17' );
	} );

	it( 'fills placeholders as text, never as markup', () => {
		const html = renderPopupContent( encode( '<p>Hi {{ name }}!</p>' ), {
			...DANA,
			name: '<img src=x onerror="alert(1)">',
		} );

		const article = rendered( html );
		expect( article.querySelector( 'img' ) ).toBeNull();
		expect( article.querySelector( 'p' ) ).toHaveTextContent(
			'Hi <img src=x onerror="alert(1)">!'
		);
	} );

	it( 'keeps rich text: headings, lists, emphasis, links, images and tables', () => {
		const html = renderPopupContent(
			encode(
				'<h3>News</h3><ul><li><em>one</em></li><li><u>two</u></li></ul>' +
					'<a href="https://example.com/rules">Rules</a>' +
					'<img src="https://cdn.example.com/a.png" alt="A">' +
					'<img src="data:image/png;base64,iVBORw0KGgo=" alt="B">' +
					'<table><thead><tr><th>Level</th></tr></thead><tbody><tr><td>Gold</td></tr></tbody></table>'
			),
			DANA
		);

		const article = rendered( html );
		expect( article.querySelector( 'h3' ) ).toHaveTextContent( 'News' );
		expect( article.querySelectorAll( 'li' ) ).toHaveLength( 2 );
		expect( article.querySelector( 'em' ) ).toHaveTextContent( 'one' );
		expect( article.querySelector( 'u' ) ).toHaveTextContent( 'two' );
		expect( article.querySelector( 'th' ) ).toHaveTextContent( 'Level' );
		expect( article.querySelector( 'td' ) ).toHaveTextContent( 'Gold' );
		expect(
			[ ...article.querySelectorAll( 'img' ) ].map( ( img ) =>
				img.getAttribute( 'src' )
			)
		).toEqual( [
			'https://cdn.example.com/a.png',
			'data:image/png;base64,iVBORw0KGgo=',
		] );
	} );

	it( 'opens links in a new tab that cannot reach back into the page', () => {
		const link = rendered(
			renderPopupContent(
				encode(
					'<a href="https://example.com" target="_self" rel="opener">Go</a>'
				),
				DANA
			)
		).querySelector( 'a' );

		expect( link ).toHaveAttribute( 'href', 'https://example.com' );
		expect( link ).toHaveAttribute( 'target', '_blank' );
		expect( link ).toHaveAttribute( 'rel', 'noopener noreferrer' );
	} );

	it( 'leaves nothing that runs, loads a document or posts data', () => {
		const html = renderPopupContent(
			encode(
				'<p onclick="alert(1)" style="position:fixed">Read me</p>' +
					'<script>alert(1)</script><style>body{display:none}</style>' +
					'<img src=x onerror="alert(1)"><img src="javascript:alert(1)">' +
					'<a href="javascript:alert(1)">Click</a><a href=" JaVaScRiPt:alert(1)">Again</a>' +
					'<iframe src="https://evil.example"></iframe>' +
					'<object data="x"></object><embed src="x">' +
					'<form action="https://evil.example"><input name="password"><button>Send</button></form>' +
					'<svg><script>alert(1)</script></svg><math><mi>x</mi></math>'
			),
			DANA
		)!;

		const article = rendered( html );
		expect( article ).toHaveTextContent( 'Read me' );
		expect(
			article.querySelector(
				'script, style, iframe, object, embed, form, input, button, svg, math'
			)
		).toBeNull();
		for ( const element of article.querySelectorAll( '*' ) ) {
			for ( const attribute of element.getAttributeNames() ) {
				expect( attribute ).not.toMatch( /^on|^style$/i );
			}
		}
		for ( const element of article.querySelectorAll( '[href], [src]' ) ) {
			expect(
				element.getAttribute( 'href' ) ?? element.getAttribute( 'src' )
			).not.toMatch( /javascript:/i );
		}
		expect( article.querySelectorAll( 'img[src]' ) ).toHaveLength( 0 );
	} );

	it( 'answers null for data that is not base64 of raw DEFLATE', () => {
		expect( renderPopupContent( 'not base64 at all!', DANA ) ).toBeNull();
		expect( renderPopupContent( btoa( 'plain text' ), DANA ) ).toBeNull();
		// Zlib-wrapped DEFLATE is not what the API sends.
		expect(
			renderPopupContent(
				btoa(
					String.fromCharCode(
						...zlibSync( strToU8( '<p>Hello</p>'.repeat( 10 ) ) )
					)
				),
				DANA
			)
		).toBeNull();
	} );
} );

describe( 'renderPopupTitle', () => {
	it( 'fills placeholders of a plain title as text', () => {
		expect(
			renderPopupTitle( 'Welcome to Crowdscout, {{name}}!', {
				...DANA,
				name: '<b>Dana</b>',
			} )
		).toBe( 'Welcome to Crowdscout, <b>Dana</b>!' );
	} );

	it( 'takes a title as it is, even one that looks like base64', () => {
		expect( renderPopupTitle( 'News', DANA ) ).toBe( 'News' );
		expect( renderPopupTitle( 'Update', DANA ) ).toBe( 'Update' );
	} );
} );
