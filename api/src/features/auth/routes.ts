import { handler } from '../../contract/handler.ts';
import { NO_TESTER_MESSAGE } from '../../lib/auth.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';

export const WRONG_CREDENTIALS_MESSAGE = 'Wrong username or password.';

/** Token login: WordPress checks the password, the API mints the same token WordPress would. */
export const authenticate = handler< 'authenticate' >( async ( request ) => {
	const { wordpress, testers, tokens } = request.server.services;
	const { username, password } = request.body;
	const user = await wordpress.checkPassword( {
		username,
		password,
		ip: request.ip,
	} );
	if ( ! user ) {
		throw unauthorized( WRONG_CREDENTIALS_MESSAGE );
	}
	if ( ! ( await testers.findByWpUserId( user.id ) ) ) {
		throw forbidden( NO_TESTER_MESSAGE );
	}
	return tokens.mint( { sub: String( user.id ), role: user.role } );
} );
