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
import type { CampaignLeaders } from './lib/back-office.ts';
import type { AuditRepository } from './features/audit/repository.ts';
import type { TestersAdminRepository } from './features/testers-admin/repository.ts';
import type { AdminSummaryRepository } from './features/admin-summary/repository.ts';
import type { CampaignsAdminRepository } from './features/campaigns-admin/repository.ts';
import type { CandidatesRepository } from './features/candidates/repository.ts';
import type { FiscalAdminRepository } from './features/fiscal-admin/repository.ts';
import type { BugsAdminRepository } from './features/bugs-admin/repository.ts';
import type { PopupsAdminRepository } from './features/popups-admin/repository.ts';
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
	/** Who leads each campaign (the back office's tester leads). */
	campaignLeaders: CampaignLeaders;
	/** The back office's audit trail. */
	audit: AuditRepository;
	/** The back office's testers: list, record and experience changes (administrators only). */
	testersAdmin: TestersAdminRepository;
	/** The wp-admin dashboard widget's figures. */
	adminSummary: AdminSummaryRepository;
	/** The back office's campaigns: list, settings, copy and close. */
	campaignsAdmin: CampaignsAdminRepository;
	/** A campaign's applications and their selection (administrators and the campaign's lead). */
	candidates: CandidatesRepository;
	/** The fiscal profiles' checks (administrators only). */
	fiscalAdmin: FiscalAdminRepository;
	/** The back office's bug review. */
	bugsAdmin: BugsAdminRepository;
	/** The back office's Messages: popups written by administrators. */
	popupsAdmin: PopupsAdminRepository;
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
