import type { CrowdscoutConfig } from '../lib/config';
import type { AuthState } from './auth-slice';

/**
 * The part of the root state the transport needs. Services name it themselves instead of importing the
 * app's RootState, so that dependencies keep pointing from app to services and never back.
 */
export interface TransportState {
	config: CrowdscoutConfig;
	auth: AuthState;
}
