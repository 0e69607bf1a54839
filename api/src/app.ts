import multipart from '@fastify/multipart';
import Fastify, {
	LogController,
	type FastifyInstance,
	type FastifyReply,
	type FastifyRequest,
	type FastifyServerOptions,
} from 'fastify';
import type { Kysely } from 'kysely';
import type { Services } from './context.ts';
import {
	DEFAULT_MAX_UPLOAD_MB,
	DEFAULT_TRUSTED_PROXIES,
	checkSecret,
	readDataDir,
	type AppConfig,
} from './config.ts';
import type { Database } from './db/schema.ts';
import { createAuthenticateHook, createTokenService } from './lib/auth.ts';
import {
	handleClientError,
	handleFrameworkError,
	registerErrorHandlers,
} from './lib/errors.ts';
import { acceptEmptyJsonBodies } from './lib/json-body.ts';
import { applyMethodOverride } from './lib/method-override.ts';
import {
	loadOpenApiDocument,
	registerOpenApi,
	type OpenApiDocument,
} from './lib/openapi.ts';
import { DEFAULT_RATE_LIMITS, createRateLimiter } from './lib/rate-limit.ts';
import { createWordPressClient } from './lib/wordpress.ts';
import { createCampaignsRepository } from './features/campaigns/repository.ts';
import { createEmailConfirmationService } from './features/email-confirmation/index.ts';
import { createHealthRepository } from './features/health/repository.ts';
import { createHistoryRepository } from './features/history/repository.ts';
import { createPopupsRepository } from './features/popups/repository.ts';
import { createRankingRepository } from './features/ranking/repository.ts';
import { createTestersRepository } from './features/me/repository.ts';
import { createLookupsRepository } from './features/lookups/repository.ts';
import { createProfilePartsRepository } from './features/profile-parts/repository.ts';
import { createFiscalRepository } from './features/fiscal/repository.ts';
import { createPaymentsRepository } from './features/payments/repository.ts';
import { createPaymentsAdminRepository } from './features/payments/admin-repository.ts';
import { createAuditRepository } from './features/audit/repository.ts';
import { createTestersAdminRepository } from './features/testers-admin/repository.ts';
import { createAdminSummaryRepository } from './features/admin-summary/repository.ts';
import { createCampaignsAdminRepository } from './features/campaigns-admin/repository.ts';
import { createCandidatesRepository } from './features/candidates/repository.ts';
import { createFiscalAdminRepository } from './features/fiscal-admin/repository.ts';
import { createBugsAdminRepository } from './features/bugs-admin/repository.ts';
import { createPopupsAdminRepository } from './features/popups-admin/repository.ts';
import { createCampaignLeaders } from './lib/back-office.ts';
import { createDevicesRepository } from './features/devices/repository.ts';
import { createBugsRepository } from './features/bugs/repository.ts';
import { createBugReportsRepository } from './features/bugs/report-repository.ts';
import { createSimilarBugsRepository } from './features/bugs/similar-repository.ts';
import { createPublicBugTokens } from './features/bugs/public-token.ts';
import { createSiteSettings } from './lib/site-settings.ts';
import { createTasksRepository } from './features/tasks/repository.ts';
import { createApplicationsRepository } from './features/applications/repository.ts';
import type { FileStorage } from './storage/index.ts';
import { createLocalStorage, mediaDirectory } from './storage/local.ts';
import { createMediaUrls } from './storage/signed-url.ts';
import { multipartLimits } from './storage/upload.ts';
import { handlers } from './features/index.ts';

export type LoggerOptions = Exclude<
	FastifyServerOptions[ 'logger' ],
	boolean | undefined
>;

export interface BuildAppOptions {
	config: AppConfig;
	/** The caller owns the database: it creates, migrates and destroys it. */
	db: Kysely< Database >;
	/** Pino options (level, stream…); false for silence. Redaction is always added. */
	logger?: boolean | LoggerOptions;
	/** The contract; api/openapi.yaml by default. */
	document?: OpenApiDocument;
	/** Where stored files live (docs/storage.md); by default the `media` directory of the data directory. */
	storage?: FileStorage;
	/**
	 * Compile the contract's checks on first use, shared by the apps of the process (the tests, which build many
	 * apps and call a few operations each); by default all are compiled at start, so a bad schema stops it.
	 */
	lazyContract?: boolean;
}

/** Credentials never reach the logs, whatever a future log line includes. */
const REDACTED_PATHS = [
	'req.headers.authorization',
	'req.headers.cookie',
	'headers.authorization',
	'headers.cookie',
	'password',
	'oldPassword',
	'token',
	'*.password',
	'*.oldPassword',
	'*.token',
];

/**
 * Pino options with the redaction every log of the API gets.
 *
 * @param logger
 */
export function loggerOptions(
	logger: boolean | LoggerOptions
): FastifyServerOptions[ 'logger' ] {
	if ( logger === false ) {
		return false;
	}
	return {
		...( logger === true ? {} : logger ),
		redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
	};
}

/**
 * One log line per request, written when it is answered, with what Fastify's two lines (received, answered)
 * carry between them. The other lines (errors, unknown routes) are Fastify's.
 */
class AnsweredRequestLog extends LogController {
	incomingRequest() {}

	requestCompleted(
		error: Error | null | undefined,
		request: FastifyRequest,
		reply: FastifyReply
	) {
		const line = {
			req: request,
			res: reply,
			responseTime: reply.elapsedTime,
		};
		if ( error ) {
			reply.log.error( { ...line, err: error }, 'request errored' );
		} else {
			reply.log.info( line, 'request completed' );
		}
	}
}

/**
 * The API as a Fastify instance, routes registered from the contract; `inject` works at once, `listen` serves.
 */
export async function buildApp( {
	config,
	db,
	logger = false,
	document,
	storage,
	lazyContract = false,
}: BuildAppOptions ): Promise< FastifyInstance > {
	const secret = checkSecret( config.secret );
	const app = Fastify( {
		logger: loggerOptions( logger ),
		requestIdHeader: 'x-request-id',
		logController: new AnsweredRequestLog(),
		// An email is a path parameter of the sign-up check and may be 254 characters long.
		routerOptions: { maxParamLength: 300 },
		// The API runs behind a reverse proxy (ours in development, nginx in production): the client's address,
		// which the throttles need, is the last X-Forwarded-For entry not added by one of these proxies, and only
		// a request coming from one of them is believed at all.
		trustProxy: config.trustedProxies ?? DEFAULT_TRUSTED_PROXIES,
		// Every error is the error body, also those answered before any route or hook runs.
		frameworkErrors: handleFrameworkError,
		clientErrorHandler: handleClientError,
		return503OnClosing: false,
		rewriteUrl( request ) {
			applyMethodOverride( request );
			return request.url ?? '/';
		},
	} );

	const maxUploadBytes =
		config.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_MB * 1024 * 1024;
	const testers = createTestersRepository( db );
	const tokens = createTokenService( secret );
	const wordpress = createWordPressClient( {
		baseUrl: config.wordpressUrl,
		key: { secret },
		timeoutMs: config.wordpressTimeoutMs,
	} );
	const files =
		storage ??
		createLocalStorage( mediaDirectory( config.dataDir ?? readDataDir() ) );
	const services: Services = {
		health: createHealthRepository( db ),
		testers,
		campaigns: createCampaignsRepository( db ),
		history: createHistoryRepository( db ),
		popups: createPopupsRepository( db ),
		ranking: createRankingRepository( db ),
		lookups: createLookupsRepository( db ),
		profileParts: createProfilePartsRepository( db ),
		fiscal: createFiscalRepository( db ),
		payments: createPaymentsRepository( db ),
		paymentsAdmin: createPaymentsAdminRepository( db, files ),
		campaignLeaders: createCampaignLeaders( db ),
		audit: createAuditRepository( db ),
		testersAdmin: createTestersAdminRepository( db ),
		adminSummary: createAdminSummaryRepository( db ),
		campaignsAdmin: createCampaignsAdminRepository( db ),
		candidates: createCandidatesRepository( db ),
		fiscalAdmin: createFiscalAdminRepository( db ),
		bugsAdmin: createBugsAdminRepository( db ),
		popupsAdmin: createPopupsAdminRepository( db ),
		devices: createDevicesRepository( db ),
		bugs: createBugsRepository( db ),
		bugReports: createBugReportsRepository( db ),
		similarBugs: createSimilarBugsRepository( db ),
		publicBugTokens: createPublicBugTokens( secret ),
		siteSettings: createSiteSettings( wordpress, app.log ),
		tasks: createTasksRepository( db ),
		applications: createApplicationsRepository( db ),
		storage: files,
		mediaUrls: createMediaUrls( secret ),
		maxUploadBytes,
		tokens,
		wordpress,
		rateLimiter: createRateLimiter( db ),
		rateLimits: config.rateLimits ?? DEFAULT_RATE_LIMITS,
		emailConfirmation: createEmailConfirmationService( db, secret ),
	};
	app.decorate( 'services', services );
	app.decorateRequest( 'auth', null );

	registerErrorHandlers( app );
	acceptEmptyJsonBodies( app );
	// Uploads (storage/upload.ts): the file is read as a stream by the route, after its permission checks; a file
	// is cut a byte past the maximum, which the store then refuses.
	await app.register( multipart, {
		limits: multipartLimits( maxUploadBytes ),
		throwFileSizeLimit: false,
	} );
	registerOpenApi( app, {
		document: document ?? loadOpenApiDocument(),
		lazy: lazyContract,
		handlers,
		authenticate: createAuthenticateHook( tokens ),
	} );
	return app;
}
