import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import type { AuthContext, TokenService } from './lib/auth.ts';
import type { RateLimiter, RateLimits } from './lib/rate-limit.ts';
import type { WordPressClient } from './lib/wordpress.ts';
import type { CampaignsRepository } from './repositories/campaigns.ts';
import type { HistoryRepository } from './repositories/history.ts';
import type { PopupsRepository } from './repositories/popups.ts';
import type { RankingRepository } from './repositories/ranking.ts';
import type { TestersRepository } from './repositories/testers.ts';

/** What route handlers reach through `request.server.services`: built once per app in buildApp. */
export interface Services {
	db: Kysely< Database >;
	testers: TestersRepository;
	campaigns: CampaignsRepository;
	history: HistoryRepository;
	popups: PopupsRepository;
	ranking: RankingRepository;
	tokens: TokenService;
	wordpress: WordPressClient;
	rateLimiter: RateLimiter;
	rateLimits: RateLimits;
}

declare module 'fastify' {
	interface FastifyInstance {
		services: Services;
	}
	interface FastifyRequest {
		/** Set by the bearerAuth hook on secured operations; null elsewhere. */
		auth: AuthContext | null;
	}
}
