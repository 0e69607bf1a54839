import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/** The spec's default toast duration (section 9). */
export const TOAST_DURATION_MS = 3000;

export type ToastKind = 'success' | 'info' | 'warning' | 'danger';

export interface Toast {
	id: string;
	kind: ToastKind;
	/** Already translated: toasts outlive the component that raised them. */
	message: string;
	title?: string;
	link?: { href: string; label: string };
	/** Milliseconds before it goes away by itself; 0 keeps it until dismissed. */
	duration: number;
}

export type ToastInput = Omit< Toast, 'id' | 'duration' > & {
	duration?: number;
};

/**
 * Toasts of every widget on the page go through the store, so one toaster at the top of the page shows
 * them in order whichever widget raised them.
 */
export const toastsSlice = createSlice( {
	name: 'toasts',
	initialState: [] as Toast[],
	reducers: {
		showToast: {
			reducer: ( state, action: PayloadAction< Toast > ) => {
				state.push( action.payload );
			},
			prepare: ( toast: ToastInput ) => ( {
				payload: {
					duration: TOAST_DURATION_MS,
					...toast,
					id: nanoid(),
				},
			} ),
		},
		dismissToast: ( state, action: PayloadAction< string > ) =>
			state.filter( ( toast ) => toast.id !== action.payload ),
	},
	selectors: {
		selectToasts: ( toasts ) => toasts,
	},
} );

export const { showToast, dismissToast } = toastsSlice.actions;
export const { selectToasts } = toastsSlice.selectors;
