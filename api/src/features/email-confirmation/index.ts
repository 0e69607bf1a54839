import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
	createEmailConfirmationRepository,
	type EmailConfirmationRepository,
} from './repository.ts';
import {
	createEmailConfirmationTokens,
	type EmailConfirmationTokens,
} from './token.ts';

/** What POST /users/me/email_confirmation needs: the link's key (from the shared secret) and the tester row. */
export interface EmailConfirmationService {
	tokens: EmailConfirmationTokens;
	repository: EmailConfirmationRepository;
}

export const createEmailConfirmationService = (
	db: Kysely< Database >,
	secret: string
): EmailConfirmationService => ( {
	tokens: createEmailConfirmationTokens( secret ),
	repository: createEmailConfirmationRepository( db ),
} );
