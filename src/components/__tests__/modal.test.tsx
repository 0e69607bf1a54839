import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from '@wordpress/element';

import { renderWithProviders } from '../../test-utils/render-with-providers';
import { Modal, type ModalProps } from '../modal';

function Harness( { onOpenChange, ...props }: Partial< ModalProps > ) {
	const [ open, setOpen ] = useState( false );
	return (
		<>
			<button type="button" onClick={ () => setOpen( true ) }>
				Read the terms
			</button>
			<Modal
				title="Terms of service"
				description="Please read them carefully."
				footer={ <button type="button">Accept</button> }
				{ ...props }
				open={ open }
				onOpenChange={ ( next ) => {
					onOpenChange?.( next );
					setOpen( next );
				} }
			>
				<p>Be kind to other testers.</p>
				<a href="#rules">All the rules</a>
			</Modal>
		</>
	);
}

const dialog = () => screen.getByRole( 'dialog', { name: 'Terms of service' } );

async function openDialog( props: Partial< ModalProps > = {} ) {
	await renderWithProviders( <Harness { ...props } /> );
	const opener = screen.getByRole( 'button', { name: 'Read the terms' } );
	opener.focus();
	fireEvent.click( opener );
	// Radix starts listening for clicks outside on the next tick, so the opening click is not one.
	await act( () => new Promise( ( resolve ) => setTimeout( resolve, 0 ) ) );
	return opener;
}

function clickOutside() {
	const overlay = document.querySelector( '.crowdscout-modal__overlay' )!;
	fireEvent.pointerDown( overlay, { button: 0 } );
	fireEvent.mouseDown( overlay, { button: 0 } );
	fireEvent.pointerUp( overlay, { button: 0 } );
	fireEvent.mouseUp( overlay, { button: 0 } );
	fireEvent.click( overlay, { button: 0 } );
}

describe( 'Modal', () => {
	it( 'shows a modal dialog named by its title and described by its description', async () => {
		await openDialog();

		expect( dialog() ).toHaveAttribute( 'aria-modal', 'true' );
		expect( dialog() ).toHaveAccessibleDescription(
			'Please read them carefully.'
		);
		expect( dialog() ).toHaveTextContent( 'Be kind to other testers.' );
		expect(
			screen.getByRole( 'button', { name: 'Accept' } )
		).toBeInTheDocument();
		// The page behind is hidden from assistive technology.
		expect(
			screen.queryByRole( 'button', { name: 'Read the terms' } )
		).not.toBeInTheDocument();
	} );

	it( "renders inside the widgets' styling scope although it is portalled to the body", async () => {
		await openDialog( { size: 'large', className: 'crowdscout-inbox' } );

		expect( dialog().closest( '.crowdscout-widget' ) ).not.toBeNull();
		expect( dialog() ).toHaveClass(
			'crowdscout-modal',
			'crowdscout-modal--large',
			'crowdscout-inbox'
		);
	} );

	it( 'moves focus inside, keeps Tab there and gives focus back when it closes', async () => {
		const opener = await openDialog();
		const close = screen.getByRole( 'button', { name: 'Close' } );
		const accept = screen.getByRole( 'button', { name: 'Accept' } );

		expect( close ).toHaveFocus();

		accept.focus();
		fireEvent.keyDown( accept, { key: 'Tab' } );
		expect( close ).toHaveFocus();

		fireEvent.keyDown( close, { key: 'Tab', shiftKey: true } );
		expect( accept ).toHaveFocus();

		fireEvent.click( close );

		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		await waitFor( () => expect( opener ).toHaveFocus() );
	} );

	it( 'closes with its close button, Escape and a click outside when dismissible', async () => {
		const onOpenChange = jest.fn();
		await openDialog( { onOpenChange } );

		fireEvent.click( screen.getByRole( 'button', { name: 'Close' } ) );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();

		fireEvent.click(
			screen.getByRole( 'button', { name: 'Read the terms' } )
		);
		fireEvent.keyDown( dialog(), { key: 'Escape' } );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();

		fireEvent.click(
			screen.getByRole( 'button', { name: 'Read the terms' } )
		);
		await act(
			() => new Promise( ( resolve ) => setTimeout( resolve, 0 ) )
		);
		clickOutside();
		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument()
		);

		expect( onOpenChange.mock.calls ).toEqual( [
			[ false ],
			[ false ],
			[ false ],
		] );
	} );

	it( 'has no close button and ignores Escape and clicks outside when not dismissible', async () => {
		const onOpenChange = jest.fn();
		await openDialog( { dismissible: false, onOpenChange } );

		expect(
			screen.queryByRole( 'button', { name: 'Close' } )
		).not.toBeInTheDocument();

		fireEvent.keyDown( dialog(), { key: 'Escape' } );
		clickOutside();
		await act(
			() => new Promise( ( resolve ) => setTimeout( resolve, 0 ) )
		);

		expect( dialog() ).toBeInTheDocument();
		expect( onOpenChange ).not.toHaveBeenCalled();
	} );

	it( 'keeps its close button and Escape but ignores clicks outside with closeOnOutsideClick off', async () => {
		const onOpenChange = jest.fn();
		await openDialog( { closeOnOutsideClick: false, onOpenChange } );

		clickOutside();
		await act(
			() => new Promise( ( resolve ) => setTimeout( resolve, 0 ) )
		);
		expect( dialog() ).toBeInTheDocument();
		expect( onOpenChange ).not.toHaveBeenCalled();

		fireEvent.keyDown( dialog(), { key: 'Escape' } );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( onOpenChange.mock.calls ).toEqual( [ [ false ] ] );
	} );

	it( "leaves Escape to an open popup inside it (a select's menu)", async () => {
		const onOpenChange = jest.fn();
		await renderWithProviders(
			<Modal open title="Pick one" onOpenChange={ onOpenChange }>
				<button type="button" aria-expanded="true">
					Fruit
				</button>
			</Modal>
		);
		const popupOwner = await screen.findByRole( 'button', {
			name: 'Fruit',
		} );
		popupOwner.focus();
		fireEvent.keyDown( popupOwner, { key: 'Escape' } );
		expect( onOpenChange ).not.toHaveBeenCalled();

		popupOwner.setAttribute( 'aria-expanded', 'false' );
		fireEvent.keyDown( popupOwner, { key: 'Escape' } );
		expect( onOpenChange ).toHaveBeenCalledWith( false );
	} );

	it( 'names its close button in the page language', async () => {
		await renderWithProviders(
			<Modal open title="Condizioni">
				<p>Testo</p>
			</Modal>,
			{ config: { locale: 'it' } }
		);

		expect(
			screen.getByRole( 'button', { name: 'Chiudi' } )
		).toBeInTheDocument();
	} );
} );
