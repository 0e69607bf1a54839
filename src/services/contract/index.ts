import type { components, operations, paths } from './openapi';

/**
 * The API's types under friendly names. ./openapi.d.ts is generated from api/openapi.yaml (`npm run types`), so a
 * type that disagrees with the contract fails `npm run typecheck`. Requests are typed as a client sends them:
 * a parameter with a default may be left out.
 */

export type { operations, paths };

export type Schema< Name extends keyof components[ 'schemas' ] > =
	components[ 'schemas' ][ Name ];

export type OperationId = keyof operations;

/** `{}` for an operation without that kind of parameter. */
type Present< T > = [ T ] extends [ never ] ? Record< never, never > : T;

type OperationParameters< Id extends OperationId > =
	operations[ Id ][ 'parameters' ];

export type QueryOf< Id extends OperationId > = Present<
	NonNullable< OperationParameters< Id >[ 'query' ] >
>;

export type ParamsOf< Id extends OperationId > = Present<
	NonNullable< OperationParameters< Id >[ 'path' ] >
>;

/** The JSON body of a request or response object; undefined where it has none. */
export type JsonOf< Part > = Part extends {
	content: { 'application/json': infer Body };
}
	? Body
	: undefined;

export type BodyOf< Id extends OperationId > = JsonOf<
	NonNullable< operations[ Id ][ 'requestBody' ] >
>;

type Responses< Id extends OperationId > = operations[ Id ][ 'responses' ];

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206 | '2XX';

/** The body of the operation's successful answer. */
export type AnswerOf< Id extends OperationId > = JsonOf<
	Responses< Id >[ Extract< keyof Responses< Id >, SuccessStatus > ]
>;

export type ErrorBody = Schema< 'Error' >;
export type UserMe = Schema< 'UserMe' >;
export type UserField = Schema< 'UserField' >;
export type Money = Schema< 'Money' >;
export type Booty = Schema< 'Booty' >;
export type Locale = Schema< 'Locale' >;
export type IdName = Schema< 'IdName' >;
export type PerLanguage = Schema< 'PerLanguage' >;
export type CampaignItem = Schema< 'CampaignItem' >;
export type CampaignPage = Schema< 'CampaignPage' >;
export type RankSummary = Schema< 'RankSummary' >;
export type Popup = Schema< 'Popup' >;
export type SignUp = Schema< 'SignUp' >;
export type SignUpResult = Schema< 'SignUpResult' >;
