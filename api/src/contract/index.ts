/**
 * The contract's types: ./openapi.d.ts is generated from api/openapi.yaml (`npm run types`), with every component
 * schema under its own name and the operation helpers (QueryOf, ParamsOf, BodyOf, AnswerOf by operationId), so a
 * type that disagrees with the contract fails `npm run typecheck`. The API's copy types requests as a handler
 * sees them: the validator has coerced them and filled in every parameter's default.
 */
export type * from './openapi.d.ts';
