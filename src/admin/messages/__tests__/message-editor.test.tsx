import { act, fireEvent, screen } from '@testing-library/react';
import { registerCoreBlocks } from '@wordpress/block-library';
import { unregisterFormatType } from '@wordpress/rich-text';

import { mountMessageEditor } from '../mount';

// WordPress provides the editor packages at run time; they are not installed, hence virtual modules (a fake
// block editor: fake-block-editor.tsx).
jest.mock(
	'@wordpress/block-editor',
	() => require( './fake-block-editor' ).blockEditor,
	{ virtual: true }
);
jest.mock( '@wordpress/blocks', () => require( './fake-block-editor' ).blocks, {
	virtual: true,
} );
jest.mock(
	'@wordpress/block-library',
	() => require( './fake-block-editor' ).blockLibrary,
	{ virtual: true }
);
jest.mock(
	'@wordpress/components',
	() => require( './fake-block-editor' ).components,
	{ virtual: true }
);
jest.mock( '@wordpress/data', () => require( './fake-block-editor' ).data, {
	virtual: true,
} );
jest.mock(
	'@wordpress/rich-text',
	() => require( './fake-block-editor' ).richText,
	{ virtual: true }
);
jest.mock( '@wordpress/format-library', () => ( {} ), { virtual: true } );

/** The Messages form's content field as the PHP prints it (class-messages-page.php). */
function printForm( content: string ) {
	document.body.innerHTML = `
		<form>
			<label for="crowdscout_message_content" id="crowdscout-message-content-label">Content</label>
			<textarea id="crowdscout_message_content" name="content" aria-describedby="crowdscout-message-placeholders"></textarea>
			<div id="crowdscout-message-editor" data-field="crowdscout_message_content"
				data-labelledby="crowdscout-message-content-label"
				data-describedby="crowdscout-message-placeholders" hidden></div>
			<p id="crowdscout-message-placeholders">Placeholders…</p>
		</form>`;
	const field = document.querySelector( 'textarea' )!;
	field.value = content;
	return {
		field,
		mount: document.getElementById( 'crowdscout-message-editor' )!,
	};
}

let unmount: ( () => void ) | null = null;

function mountOn( content: string ) {
	const form = printForm( content );
	act( () => {
		const root = mountMessageEditor( form.mount );
		unmount = () => root?.unmount();
	} );
	return form;
}

afterEach( () => {
	act( () => unmount?.() );
	unmount = null;
} );

const typeIn = ( paragraph: HTMLElement, text: string ) =>
	fireEvent.change( paragraph, { target: { value: text } } );

describe( 'the message editor', () => {
	it( 'takes the place of the textarea, with the stored message, labelled by the form', () => {
		const { field, mount } = mountOn(
			'<p>Dear {{name}}</p><p>See you</p>'
		);

		expect( field ).not.toBeVisible();
		expect( mount ).toBeVisible();
		const editor = screen.getByRole( 'group', { name: 'Content' } );
		expect( editor ).toHaveAccessibleDescription( 'Placeholders…' );
		expect( screen.getByLabelText( 'Paragraph 1' ) ).toHaveValue(
			'Dear {{name}}'
		);
		expect( screen.getByLabelText( 'Paragraph 2' ) ).toHaveValue(
			'See you'
		);
		expect(
			screen.getByRole( 'group', { name: 'Insert a placeholder:' } )
		).toBeVisible();
		for ( const name of [
			'First name {{name}}',
			'Surname {{surname}}',
			'Tester id {{id}}',
		] ) {
			expect( screen.getByRole( 'button', { name } ) ).toBeVisible();
		}
		expect( field ).toHaveValue( '<p>Dear {{name}}</p><p>See you</p>' );
	} );

	it( 'registers the message’s blocks only and keeps the formats the inbox shows', () => {
		mountOn( '' );

		expect( registerCoreBlocks ).toHaveBeenCalledTimes( 1 );
		const [ registered ] = ( registerCoreBlocks as jest.Mock ).mock
			.calls[ 0 ] as [ Array< { name: string } > ];
		expect( registered.map( ( block ) => block.name ) ).toEqual( [
			'core/paragraph',
			'core/heading',
			'core/list',
			'core/list-item',
			'core/quote',
			'core/html',
		] );
		expect(
			( unregisterFormatType as jest.Mock ).mock.calls.flat()
		).toEqual( [ 'core/code', 'core/text-color' ] );
	} );

	it( 'writes what is typed into the textarea the form sends, and nothing for an emptied editor', () => {
		const { field } = mountOn( '' );
		const paragraph = screen.getByLabelText( 'Paragraph 1' );
		expect( paragraph ).toHaveValue( '' );

		typeIn( paragraph, 'Hello there' );

		expect( field ).toHaveValue(
			'<!-- wp:paragraph -->\n<p>Hello there</p>\n<!-- /wp:paragraph -->'
		);

		typeIn( paragraph, '' );

		expect( field ).toHaveValue( '' );
	} );

	it( 'types a placeholder at the caret, replacing the selected text', () => {
		const { field } = mountOn( '<p>Hello , welcome</p>' );
		const paragraph = screen.getByLabelText(
			'Paragraph 1'
		) as HTMLTextAreaElement;

		paragraph.setSelectionRange( 6, 6 );
		fireEvent.select( paragraph );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'First name {{name}}' } )
		);

		expect( paragraph ).toHaveValue( 'Hello {{name}}, welcome' );
		expect( field ).toHaveValue(
			'<!-- wp:paragraph -->\n<p>Hello {{name}}, welcome</p>\n<!-- /wp:paragraph -->'
		);

		// The caret is after the placeholder: the next one follows it.
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Surname {{surname}}' } )
		);
		expect( paragraph ).toHaveValue( 'Hello {{name}}{{surname}}, welcome' );

		paragraph.setSelectionRange( 14, 25 );
		fireEvent.select( paragraph );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Tester id {{id}}' } )
		);
		expect( paragraph ).toHaveValue( 'Hello {{name}}{{id}}, welcome' );
	} );

	it( 'puts a placeholder at the end of the last paragraph when no text has the caret', () => {
		const { field } = mountOn( '<p>One</p><p>Your id: </p>' );

		fireEvent.click(
			screen.getByRole( 'button', { name: 'Tester id {{id}}' } )
		);

		expect( screen.getByLabelText( 'Paragraph 2' ) ).toHaveValue(
			'Your id: {{id}}'
		);
		expect( field.value ).toContain( '<p>Your id: {{id}}</p>' );
	} );

	it( 'leaves the textarea as the field when the editor cannot start', () => {
		const blocks = require( '@wordpress/blocks' );
		const rawHandler = blocks.rawHandler;
		blocks.rawHandler = () => {
			throw new Error( 'Block type "core/paragraph" is not registered.' );
		};
		try {
			const { field, mount } = mountOn( '<p>Dear {{name}}</p>' );

			expect( field ).toBeVisible();
			expect( field ).toHaveValue( '<p>Dear {{name}}</p>' );
			expect( mount ).not.toBeVisible();
			expect( mount ).toBeEmptyDOMElement();
			expect( console ).toHaveErrored();
		} finally {
			blocks.rawHandler = rawHandler;
		}
	} );
} );
