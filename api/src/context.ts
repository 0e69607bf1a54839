import type { AuthContext, TokenService } from './lib/auth.ts';
import type { RateLimiter, RateLimits } from './lib/rate-limit.ts';
import type { WordPressClient } from './lib/wordpress.ts';
import type { EmailConfirmationService } from './features/email-confirmation/index.ts';
import type { HealthRepository } from './features/health/repository.ts';
import type { CampaignsRepository } from './features/campaigns/repository.ts';
import type { HistoryRepository } from './features/history/repository.ts';
import type { PopupsRepository } from './features/popups/repository.ts';
import type { RankingRepository } from './features/ranking/repository.ts';
import type { TestersRepository } from './features/me/repository.ts';
import type { LookupsRepository } from './features/lookups/repository.ts';
import type { ProfilePartsRepository } from './features/profile-parts/repository.ts';
import type { FiscalRepository } from './features/fiscal/repository.ts';
import type { PaymentsRepository } from './features/payments/repository.ts';
import type { PaymentsAdminRepository } from './features/payments/admin-repository.ts';
import type { DevicesRepository } from './features/devices/repository.ts';
import type { BugsRepository } from './features/bugs/repository.ts';
import type { BugReportsRepository } from './features/bugs/report-repository.ts';
import type { SimilarBugsRepository } from './features/bugs/similar-repository.ts';
import type { PublicBugTokens } from './features/bugs/public-token.ts';
import type { SiteSettings } from './lib/site-settings.ts';
import type { TasksRepository } from './features/tasks/repository.ts';
import type { ApplicationsRepository } from './features/applications/repository.ts';
import type { FileStorage } from './storage/index.ts';
import type { MediaUrls } from './storage/signed-url.ts';

/**
 * What route handlers reach through `request.server.services`: built once per app in buildApp. The database
 * itself is not among them: a handler reaches SQL only through a repository.
 */
export interface Services {
	health: HealthRepository;
	testers: TestersRepository;
	campaigns: CampaignsRepository;
	history: HistoryRepository;
	popups: PopupsRepository;
	ranking: RankingRepository;
	lookups: LookupsRepository;
	profileParts: ProfilePartsRepository;
	fiscal: FiscalRepository;
	/** The tester's wallet: payment requests and booty entries. */
	payments: PaymentsRepository;
	/** The back office's payment queue and receipts (administrators only). */
	paymentsAdmin: PaymentsAdminRepository;
	devices: DevicesRepository;
	bugs: BugsRepository;
	/** The bug form: its rules, uploads and the bug's write. */
	bugReports: BugReportsRepository;
	similarBugs: SimilarBugsRepository;
	publicBugTokens: PublicBugTokens;
	/** WordPress's settings (public user pages), cached. */
	siteSettings: SiteSettings;
	tasks: TasksRepository;
	applications: ApplicationsRepository;
	/** Stored files (docs/storage.md), served through signed URLs (`mediaUrls`). */
	storage: FileStorage;
	mediaUrls: MediaUrls;
	/** The largest uploaded file in bytes (CROWDSCOUT_MAX_UPLOAD_MB). */
	maxUploadBytes: number;
	tokens: TokenService;
	wordpress: WordPressClient;
	rateLimiter: RateLimiter;
	rateLimits: RateLimits;
	emailConfirmation: EmailConfirmationService;
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
