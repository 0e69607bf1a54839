import type { FastifyReply, FastifyRequest } from 'fastify';
import { signUp, type SignUpInput } from '../services/sign-up.ts';

export async function createUser(
	request: FastifyRequest,
	reply: FastifyReply
) {
	const tester = await signUp(
		request.server.services,
		request.body as SignUpInput,
		request.log
	);
	reply.code( 201 );
	return {
		id: tester.id,
		wp_user_id: tester.wpUserId,
		email: tester.email,
		name: tester.name,
		surname: tester.surname,
	};
}
