import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
	AnswerOf,
	BodyOf,
	OperationId,
	ParamsOf,
	QueryOf,
} from './index.ts';

/** What api-fetch adds to every query string; the loader accepts it on every operation (lib/openapi.ts). */
interface TransportQuery {
	_locale?: string;
}

/** A request once the loader has validated it against the operation (coerced, defaults filled in). */
export type ContractRequest< Id extends OperationId > = FastifyRequest< {
	Params: ParamsOf< Id >;
	Querystring: QueryOf< Id > & TransportQuery;
	Body: BodyOf< Id >;
} >;

// Spelled out from the operation's parts rather than its id, so that two operations with the same parts (GET
// /users/me/campaigns and GET /campaigns) share a handler.
type Handler< Request, Answer > = (
	request: Request,
	reply: FastifyReply
) => Promise< Answer >;

export type ContractHandler< Id extends OperationId > = Handler<
	ContractRequest< Id >,
	AnswerOf< Id >
>;

/** One handler per operation (features/index.ts): a missing, extra or mistyped handler fails the typecheck. */
export type ContractHandlers = {
	[ Id in OperationId ]: ContractHandler< Id >;
};

/**
 * Declares the handler of an operation: its request is typed from the contract, and what it returns must be the
 * contract's answer.
 *
 * @param handle
 */
export const handler = < Id extends OperationId >(
	handle: ContractHandler< Id >
): ContractHandler< Id > => handle;
