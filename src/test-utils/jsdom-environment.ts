// eslint-disable-next-line import/no-extraneous-dependencies -- the environment Jest itself ships with
import { TestEnvironment } from 'jest-environment-jsdom';

/**
 * jsdom has no fetch API. The fake API answers with real `Response` objects, as the browser would, so the
 * code under test reads status codes and bodies exactly as in production: borrow Node's.
 */
export default class JsdomWithFetchEnvironment extends TestEnvironment {
	constructor( ...args: ConstructorParameters< typeof TestEnvironment > ) {
		super( ...args );
		Object.assign( this.global, {
			Response,
			Request,
			Headers,
			TextEncoder,
			TextDecoder,
			ReadableStream,
		} );
	}
}
