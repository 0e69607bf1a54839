/**
 * The contract's types: ./openapi.d.ts is generated from api/openapi.yaml (`npm run types`), with every component
 * schema under its own name and the operation helpers (QueryOf, ParamsOf, BodyOf, AnswerOf by operationId), so a
 * type that disagrees with the contract fails `npm run typecheck`. The front end's copy types requests as a
 * client sends them: a parameter with a default may be left out.
 */
export type * from './openapi';
