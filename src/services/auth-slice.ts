import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AuthState {
	/** Bearer token for the API; null for visitors and after a failed refresh. */
	token: string | null;
	expiresAt: string | null;
}

const initialState: AuthState = { token: null, expiresAt: null };

export const authSlice = createSlice( {
	name: 'auth',
	initialState,
	reducers: {
		tokenRefreshed: (
			state,
			action: PayloadAction< { token: string; expiresAt: string | null } >
		) => {
			state.token = action.payload.token;
			state.expiresAt = action.payload.expiresAt;
		},
		// WordPress refused to mint a token: the session is gone, so stop sending the stale one.
		sessionEnded: ( state ) => {
			state.token = null;
			state.expiresAt = null;
		},
	},
	selectors: {
		selectToken: ( auth ) => auth.token,
	},
} );

export const { tokenRefreshed, sessionEnded } = authSlice.actions;
export const { selectToken } = authSlice.selectors;
