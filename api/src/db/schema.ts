import type { ColumnType, Generated } from 'kysely';

/**
 * Row types as the drivers hand them over. The two engines disagree on the edges, so every "wide" column is
 * typed with what either may return and the repositories normalise:
 * - booleans are 0/1 integers on both (better-sqlite3 cannot bind JS booleans);
 * - big integers may come back as strings from mysql2 past 2^53, and COUNT/SUM as strings or bigints;
 * - dates and datetimes are strings on both (mysql2 runs with dateStrings), always UTC.
 */
type Flag = ColumnType< number, number | undefined, number >;
type Counter = ColumnType< number | string, number | undefined, number >;
type BigCounter = ColumnType<
	number | string | bigint,
	number | undefined,
	number
>;
type NullableBigCounter = ColumnType<
	number | string | bigint | null,
	number | null | undefined,
	number | null
>;
type Timestamp = ColumnType< string, string | undefined, string >;
/** An id or a small code column: a plain number on both engines. */
type Id = Generated< number >;
/** Money in cents: `bigint`, may come back as a string or bigint past 2^53. */
type Cents = ColumnType< number | string | bigint, number, number >;
type NullableCents = ColumnType<
	number | string | bigint | null,
	number | null | undefined,
	number | null
>;

export interface TestersTable {
	id: Generated< number >;
	wp_user_id: ColumnType< number | string, number, number >;
	email: string;
	name: string;
	surname: string;
	birth_date: string | null;
	country: string | null;
	image: string | null;
	onboarding_completed: Flag;
	is_verified: Flag;
	total_exp_pts: Counter;
	attended_cp: Counter;
	approved_bugs: Counter;
	booty_gross_cents: BigCounter;
	booty_net_cents: NullableBigCounter;
	pending_booty_gross_cents: BigCounter;
	pending_booty_net_cents: NullableBigCounter;
	booty_threshold_cents: Counter;
	/** The referral code the tester signed up with (someone else's). */
	referral_code: string | null;
	created_at: Timestamp;
	updated_at: Timestamp;
	// 0003-domain
	gender: 'female' | 'male' | 'not-specified' | 'other' | null;
	phone: string | null;
	city: string | null;
	birth_city: string | null;
	birth_province: string | null;
	email_confirmed: Flag;
	verified_at: string | null;
	/** The tester's own code to share (unique). */
	own_referral_code: string | null;
	/** An employments id (the spec's "profession"). */
	profession_id: number | null;
	education_id: number | null;
	referred_by_tester_id: number | null;
	// 0012-profile
	/** Set when the tester deleted the account: the row stays, anonymised, for the records that point to it. */
	deleted_at: ColumnType<
		string | null,
		string | null | undefined,
		string | null
	>;
	// 0013-sessions
	/** The second of the last password change: bearer tokens issued before it are refused. */
	sessions_valid_from: ColumnType<
		string | null,
		string | null | undefined,
		string | null
	>;
	// 0017-level-changes
	/** When the tester passed the entry test: level 0 is left only through it (features/levels). */
	entry_test_passed_at: ColumnType<
		string | null,
		string | null | undefined,
		string | null
	>;
}

export interface RateLimitHitsTable {
	bucket: string;
	window_start: ColumnType< number | string, number, number >;
	hits: Counter;
}

/* 0003-domain: see migrations/0003-domain.ts for the codes behind the small integers. */

export interface NamedLookupTable {
	id: Id;
	name: string;
}

export interface CertificationAreasTable {
	id: Id;
	institute_id: number;
	name: string;
}

export interface CertificationsTable {
	id: Id;
	area_id: number;
	name: string;
}

export interface LevelsTable {
	/** 0, 10, 20, 30, 40, 50, 60 or 100: given, not generated. */
	id: number;
	name: string;
	reach_points: Counter;
	hold_points: Counter;
}

export interface TesterLanguagesTable {
	id: Id;
	tester_id: number;
	language_id: number;
}

export interface TesterCertificationsTable {
	id: Id;
	tester_id: number;
	certification_id: number;
	achievement_date: string;
}

export interface CustomUserFieldGroupsTable {
	id: Id;
	name: string;
	position: Counter;
}

export interface CustomUserFieldsTable {
	id: Id;
	/** Null is the spec's group 0. */
	group_id: number | null;
	type: 'text' | 'select' | 'multiselect';
	allow_other: Flag;
	format: string | null;
	position: Counter;
	enabled: ColumnType< number, number | undefined, number >;
}

export interface CustomUserFieldTranslationsTable {
	id: Id;
	field_id: number;
	language_code: string;
	name: string;
	placeholder: string | null;
}

export interface CustomUserFieldOptionsTable {
	id: Id;
	field_id: number;
	name: string;
	position: Counter;
}

/** A group's name in one language (0014); the group's own `name` is the default. */
export interface CustomUserFieldGroupTranslationsTable {
	id: Id;
	group_id: number;
	language_code: string;
	name: string;
}

/** An option's name in one language (0014); the option's own `name` is the default. */
export interface CustomUserFieldOptionTranslationsTable {
	id: Id;
	option_id: number;
	language_code: string;
	name: string;
}

export interface TesterCustomValuesTable {
	id: Id;
	tester_id: number;
	field_id: number;
	option_id: number | null;
	text_value: string | null;
	is_candidate: Flag;
}

export type FiscalType =
	| 'non-italian'
	| 'withholding'
	| 'witholding-extra'
	| 'vat'
	| 'company'
	| 'internal';

export interface FiscalProfilesTable {
	id: Id;
	tester_id: number;
	type: FiscalType;
	fiscal_id: string | null;
	gender: 'male' | 'female' | null;
	birth_city: string | null;
	birth_province: string | null;
	birth_place_id: string | null;
	address_country: string | null;
	address_province: string | null;
	address_city: string | null;
	address_street: string | null;
	address_street_number: string | null;
	address_zip: string | null;
	status: ColumnType<
		'verified' | 'unverified',
		'verified' | 'unverified' | undefined,
		'verified' | 'unverified'
	>;
	created_at: Timestamp;
	updated_at: Timestamp;
	/** 0019: why the back office refused the profile (null: not refused). */
	review_note: string | null;
	/** 0019: when the back office last verified or refused it. */
	reviewed_at: string | null;
}

export interface DeviceModelsTable {
	id: Id;
	/** 0 Smartphone, 1 Tablet, 2 PC, 3 Console, 4 Smartwatch, 5 Smart-tv. */
	device_type: number;
	manufacturer_id: number;
	name: string;
}

export interface OsPlatformsTable {
	id: Id;
	device_type: number;
	name: string;
}

export interface OsVersionsTable {
	id: Id;
	platform_id: number;
	name: string;
	position: Counter;
}

/** 0015: the platforms a manufacturer ships on its devices (a platform has one device type). */
export interface DeviceManufacturerPlatformsTable {
	manufacturer_id: number;
	platform_id: number;
}

export interface TesterDevicesTable {
	id: Id;
	tester_id: number;
	device_type: number;
	/** Set for every type but PC (2). */
	model_id: number | null;
	/** Set for PCs (2) only. */
	pc_type_id: number | null;
	os_version_id: number;
	added_on: Timestamp;
	disabled_at: string | null;
}

export interface CampaignTypesTable {
	id: Id;
	name: string;
	icon: string | null;
}

export interface CampaignsTable {
	id: Id;
	campaign_type_id: number;
	title: string;
	start_date: string;
	end_date: string;
	close_date: string;
	/** 1 running, 2 closed. */
	status_id: ColumnType< number, number | undefined, number >;
	visibility: ColumnType<
		CampaignVisibility,
		CampaignVisibility | undefined,
		CampaignVisibility
	>;
	target_country: string | null;
	target_language_id: number | null;
	target_min_level_id: number | null;
	max_testers: number | null;
	tl_name: string | null;
	tl_email: string | null;
	complete_bonus_cents: BigCounter;
	minimum_bugs: Counter;
	percent_usecases: Counter;
	payout_limit_cents: BigCounter;
	critical_bug_payout_cents: BigCounter;
	high_bug_payout_cents: BigCounter;
	medium_bug_payout_cents: BigCounter;
	low_bug_payout_cents: BigCounter;
	top_tester_bonus_cents: BigCounter;
	campaign_pts: Counter;
	has_bug_form: ColumnType< number, number | undefined, number >;
	has_bug_parade: Flag;
	minimum_media: Counter;
	title_rule: Flag;
	valid_file_extensions: ColumnType< string, string | undefined, string >;
	language_code: string | null;
	language_message: string | null;
	selected_count: Counter;
	created_at: Timestamp;
	updated_at: Timestamp;
	/** 0019: the WordPress user (a tester_lead) who runs the campaign; null: administrators only. */
	leader_wp_user_id: ColumnType<
		number | string | null,
		number | null | undefined,
		number | null
	>;
}

export type CampaignVisibility =
	| 'public'
	| 'target'
	| 'small-group'
	| 'internal';

export interface CampaignTargetsTable {
	id: Id;
	campaign_id: number;
	tester_id: number;
}

export interface CampaignAcceptedDevicesTable {
	id: Id;
	campaign_id: number;
	device_type: number;
	/** Null: every platform of the type. */
	os_platform_id: number | null;
}

export interface CampaignContentsTable {
	id: Id;
	campaign_id: number;
	language_code: string;
	manual_link: string | null;
	preview_link: string | null;
	manual_content: string | null;
	preview_content: string | null;
}

export interface CampaignBugSeveritiesTable {
	id: Id;
	campaign_id: number;
	severity_id: number;
}

export interface CampaignBugTypesTable {
	id: Id;
	campaign_id: number;
	type_id: number;
}

export interface CampaignBugReplicabilitiesTable {
	id: Id;
	campaign_id: number;
	replicability_id: number;
}

export interface CampaignAdditionalFieldsTable {
	id: Id;
	campaign_id: number;
	slug: string;
	name: string;
	type: 'text' | 'select';
	regex: string | null;
	error_message: string | null;
	/** JSON array of the options of a select. */
	options: string | null;
	position: Counter;
}

export interface CampaignTasksTable {
	id: Id;
	campaign_id: number;
	name: string;
	content: string | null;
	can_upload_media: Flag;
	position: Counter;
}

export interface TesterTasksTable {
	id: Id;
	tester_id: number;
	task_id: number;
	status: ColumnType<
		'pending' | 'completed',
		'pending' | 'completed' | undefined,
		'pending' | 'completed'
	>;
	completed_at: string | null;
}

export interface TaskMediaTable {
	id: Id;
	tester_id: number;
	task_id: number;
	name: string;
	storage_key: string;
	mime_type: string | null;
	created_at: Timestamp;
}

export type ApplicationStatus = 'applied' | 'selected' | 'excluded';

export interface ApplicationsTable {
	id: Id;
	tester_id: number;
	campaign_id: number;
	status: ColumnType<
		ApplicationStatus,
		ApplicationStatus | undefined,
		ApplicationStatus
	>;
	completed: Flag;
	selected_device_id: number | null;
	applied_at: Timestamp;
	contract_accepted_at: string | null;
	updated_at: Timestamp;
	// 0005: the campaign's status and dates, copied by whoever inserts the application, then kept by 0011's
	// trigger on campaigns (applications_campaign_copy) and rebuilt by db/kept-counts.ts recount.
	campaign_status_id: ColumnType< number, number | undefined, number >;
	campaign_start_date: string | null;
	campaign_end_date: string | null;
	campaign_close_date: string | null;
}

export interface ApplicationDevicesTable {
	id: Id;
	application_id: number;
	tester_device_id: number;
}

export interface PreselectionQuestionsTable {
	id: Id;
	campaign_id: number;
	type:
		| 'text'
		| 'phone_number'
		| 'address'
		| 'select'
		| 'gender'
		| 'multiselect'
		| 'radio'
		| 'cuf';
	custom_user_field_id: number | null;
	question: string;
	regex: string | null;
	error_message: string | null;
	position: Counter;
}

export interface PreselectionQuestionOptionsTable {
	id: Id;
	question_id: number;
	name: string;
	position: Counter;
}

export interface PreselectionAnswersTable {
	id: Id;
	application_id: number;
	question_id: number;
	option_id: number | null;
	text_value: string | null;
}

export interface BugsTable {
	id: Id;
	tester_id: number;
	campaign_id: number;
	task_id: number | null;
	tester_device_id: number | null;
	title: string;
	/** 1 Low, 2 Medium, 3 High, 4 Critical. */
	severity_id: number;
	/** 1 Crash, 2 Graphic, 3 Performance, 4 Malfunction, 5 Typo, 6 Other, 7 Security, 8 Usability. */
	type_id: number;
	/** 1 Once, 2 Sometimes, 3 Always. */
	replicability_id: number;
	/** 1 refused, 2 approved, 3 pending (default), 4 need review. */
	status_id: ColumnType< number, number | undefined, number >;
	steps: string;
	expected: string;
	current: string;
	notes: string | null;
	occurred_at: string | null;
	/** 0016: what the reviewer wrote about the bug (plain text); null until one does. */
	review_comment: string | null;
	created_at: Timestamp;
	updated_at: Timestamp;
}

export interface BugMediaTable {
	id: Id;
	bug_id: number;
	file_name: string;
	mime_type: string | null;
	storage_key: string;
	created_at: Timestamp;
}

export interface BugAdditionalValuesTable {
	id: Id;
	bug_id: number;
	field_id: number;
	value: string;
}

/** 0018: a file a tester uploaded for the bug form; bug_id once a bug attached it (its bug_media row is a copy). */
export interface BugUploadsTable {
	id: Id;
	tester_id: number;
	campaign_id: number;
	storage_key: string;
	file_name: string;
	mime_type: string;
	size: number;
	bug_id: number | null;
	created_at: Timestamp;
}

export interface ExperienceEntriesTable {
	id: Id;
	tester_id: number;
	/** Signed points. */
	amount: number;
	/** 1 Campaign Completion, 2 Bug Evaluation, 3 Points Fix, 4 Extra Award, 5 Referral, other ids Other. */
	activity_id: number;
	campaign_id: number | null;
	note: ColumnType< string, string | undefined, string >;
	created_at: Timestamp;
}

export interface TesterMonthlyLevelsTable {
	id: Id;
	tester_id: number;
	/** First day of the month, `YYYY-MM-DD`. */
	month: string;
	level_id: ColumnType< number, number | undefined, number >;
	/** Experience earned in the month, kept alongside experience_entries. */
	points: Counter;
}

/** 0005: how many testers have `points` in `month` at `level_id` (see migrations/0005-dashboard-reads.ts). */
export interface MonthlyRankCountsTable {
	month: string;
	level_id: number;
	points: number;
	testers: Counter;
}

/** 0007: monthly_rank_counts summed per bucket of RANK_BUCKET_POINTS values, kept by triggers. */
export interface MonthlyRankBucketsTable {
	month: string;
	level_id: number;
	bucket: number;
	testers: Counter;
}

/** 0008: campaigns per status and visibility, kept by triggers on campaigns. */
export interface CampaignCountsTable {
	status_id: number;
	visibility: string;
	campaigns: Counter;
}

/** 0010: the public and targeted campaigns per end date, running and closed, kept by triggers on campaigns. */
export interface ListedEndCountsTable {
	end_date: string;
	running: Counter;
	closed: Counter;
}

/**
 * 0009: per tester and campaign status and end date, the tester's selected applications and the internal and
 * small-group campaigns they see, kept by triggers.
 */
export interface TesterEndCountsTable {
	tester_id: number;
	campaign_status_id: number;
	end_date: string;
	selected: Counter;
	restricted: Counter;
}

/** 0006: a tester's experience entries and bugs, kept by triggers. */
export interface TesterCountsTable {
	tester_id: number;
	experience_entries: Counter;
	bugs: Counter;
	/** 0021: the tester's payment requests. */
	payment_requests: Counter;
}

/** 0006: a tester's applications per status and campaign status, kept by triggers. */
export interface ApplicationCountsTable {
	tester_id: number;
	status: ApplicationStatus;
	campaign_status_id: number;
	applications: Counter;
}

export interface PaymentRequestsTable {
	id: Id;
	tester_id: number;
	method: 'paypal' | 'iban';
	paypal_email: string | null;
	account_holder: string | null;
	iban: string | null;
	status: ColumnType<
		'processing' | 'paid',
		'processing' | 'paid' | undefined,
		'processing' | 'paid'
	>;
	amount_gross_cents: Cents;
	amount_net_cents: NullableCents;
	currency: ColumnType< string, string | undefined, string >;
	note: string | null;
	requested_at: Timestamp;
	paid_at: string | null;
	receipt_path: string | null;
	/** Generated: the tester while processing, else null (one open request per tester). */
	open_tester_id: ColumnType< number | null, never, never >;
}

export interface BootyEntriesTable {
	id: Id;
	tester_id: number;
	campaign_id: number | null;
	activity_id: number;
	name: string;
	gross_cents: Cents;
	net_cents: NullableCents;
	currency: ColumnType< string, string | undefined, string >;
	attributed_at: Timestamp;
	/** Null while pending (available). */
	payment_request_id: number | null;
}

export interface PopupsTable {
	id: Id;
	title: string;
	/** Compressed, base64 encoded. */
	content: string;
	is_once: Flag;
	target: ColumnType<
		'all' | 'list',
		'all' | 'list' | undefined,
		'all' | 'list'
	>;
	expires_at: string | null;
	created_at: Timestamp;
}

export interface PopupRecipientsTable {
	id: Id;
	tester_id: number;
	popup_id: number;
}

export interface PopupReadsTable {
	id: Id;
	tester_id: number;
	popup_id: number;
	read_at: Timestamp;
}

export interface AccountDeletionsTable {
	id: Id;
	wp_user_id: ColumnType< number | string, number, number >;
	other_reason: string | null;
	/** When the deletion was asked. */
	deleted_at: Timestamp;
	// 0012-profile
	status: ColumnType<
		AccountDeletionStatus,
		AccountDeletionStatus | undefined,
		AccountDeletionStatus
	>;
	tester_id: number | null;
	finished_at: string | null;
}

export type AccountDeletionStatus = 'pending' | 'done' | 'cancelled';

export type DeletionReason =
	| 'TOO_MANY_EMAILS'
	| 'NO_CAMPAIGNS'
	| 'SIGNUP_BY_MISTAKE'
	| 'NO_TIME'
	| 'CAMPAIGNS_NOT_CLEAR'
	| 'OTHER';

export interface AccountDeletionReasonsTable {
	id: Id;
	deletion_id: number;
	reason: DeletionReason;
}

/** 0017: a named lease, so that one API instance at a time runs a job (features/levels/lease.ts). */
export interface LeasesTable {
	name: string;
	holder: ColumnType< string, string | undefined, string >;
	expires_at: string;
}

/** 0017: each month's completed level change, with its counts (features/levels/change.ts). */
export interface LevelChangesTable {
	/** First day of the month, `YYYY-MM-DD`. */
	month: string;
	started_at: string;
	finished_at: string;
	holder: string;
	testers: Counter;
	raised: Counter;
	lowered: Counter;
	held: Counter;
	written: Counter;
	/** JSON: per level id, { testers, raised, lowered, held }. */
	by_level: string;
}

/** 0019: an approved bug's points and booty, paid once (the primary key). */
export interface BugRewardsTable {
	bug_id: number;
	tester_id: number;
	points: number;
	gross_cents: Cents;
	approved_by: ColumnType< number | string, number, number >;
	created_at: Timestamp;
}

/** 0019: a tester's completion bonus of a campaign, paid once (the primary key). */
export interface CampaignCompletionsTable {
	campaign_id: number;
	tester_id: number;
	points: number;
	gross_cents: Cents;
	created_at: Timestamp;
}

/** 0019: a back-office change of money, points or selection: who, when, what, the record before and after. */
export interface AuditEntriesTable {
	id: Id;
	actor_wp_user_id: ColumnType< number | string, number, number >;
	actor_role: string;
	action: string;
	subject_type: string;
	subject_id: number;
	before_json: string | null;
	after_json: string | null;
	note: string | null;
	created_at: Timestamp;
}

export interface Database {
	testers: TestersTable;
	rate_limit_hits: RateLimitHitsTable;
	languages: NamedLookupTable;
	education_levels: NamedLookupTable;
	employments: NamedLookupTable;
	certification_institutes: NamedLookupTable;
	certification_areas: CertificationAreasTable;
	certifications: CertificationsTable;
	levels: LevelsTable;
	tester_languages: TesterLanguagesTable;
	tester_certifications: TesterCertificationsTable;
	custom_user_field_groups: CustomUserFieldGroupsTable;
	custom_user_fields: CustomUserFieldsTable;
	custom_user_field_translations: CustomUserFieldTranslationsTable;
	custom_user_field_options: CustomUserFieldOptionsTable;
	custom_user_field_group_translations: CustomUserFieldGroupTranslationsTable;
	custom_user_field_option_translations: CustomUserFieldOptionTranslationsTable;
	tester_custom_values: TesterCustomValuesTable;
	fiscal_profiles: FiscalProfilesTable;
	device_manufacturers: NamedLookupTable;
	device_models: DeviceModelsTable;
	pc_types: NamedLookupTable;
	os_platforms: OsPlatformsTable;
	os_versions: OsVersionsTable;
	device_manufacturer_platforms: DeviceManufacturerPlatformsTable;
	tester_devices: TesterDevicesTable;
	campaign_types: CampaignTypesTable;
	campaigns: CampaignsTable;
	campaign_targets: CampaignTargetsTable;
	campaign_accepted_devices: CampaignAcceptedDevicesTable;
	campaign_contents: CampaignContentsTable;
	campaign_bug_severities: CampaignBugSeveritiesTable;
	campaign_bug_types: CampaignBugTypesTable;
	campaign_bug_replicabilities: CampaignBugReplicabilitiesTable;
	campaign_additional_fields: CampaignAdditionalFieldsTable;
	campaign_tasks: CampaignTasksTable;
	tester_tasks: TesterTasksTable;
	task_media: TaskMediaTable;
	applications: ApplicationsTable;
	application_devices: ApplicationDevicesTable;
	preselection_questions: PreselectionQuestionsTable;
	preselection_question_options: PreselectionQuestionOptionsTable;
	preselection_answers: PreselectionAnswersTable;
	bugs: BugsTable;
	bug_media: BugMediaTable;
	bug_additional_values: BugAdditionalValuesTable;
	bug_uploads: BugUploadsTable;
	experience_entries: ExperienceEntriesTable;
	tester_monthly_levels: TesterMonthlyLevelsTable;
	monthly_rank_counts: MonthlyRankCountsTable;
	monthly_rank_buckets: MonthlyRankBucketsTable;
	campaign_counts: CampaignCountsTable;
	listed_end_counts: ListedEndCountsTable;
	tester_end_counts: TesterEndCountsTable;
	application_counts: ApplicationCountsTable;
	tester_counts: TesterCountsTable;
	payment_requests: PaymentRequestsTable;
	booty_entries: BootyEntriesTable;
	popups: PopupsTable;
	popup_recipients: PopupRecipientsTable;
	popup_reads: PopupReadsTable;
	account_deletions: AccountDeletionsTable;
	account_deletion_reasons: AccountDeletionReasonsTable;
	leases: LeasesTable;
	level_changes: LevelChangesTable;
	bug_rewards: BugRewardsTable;
	campaign_completions: CampaignCompletionsTable;
	audit_entries: AuditEntriesTable;
}
