import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export type Value = string | number | null;

/**
 * Column lists of every table the seed writes, in foreign-key order: a chunk is flushed table by table in this
 * order, so a row only ever points at rows already written.
 */
export const COLUMNS = {
	campaigns: [
		'id',
		'campaign_type_id',
		'title',
		'start_date',
		'end_date',
		'close_date',
		'status_id',
		'visibility',
		'target_country',
		'target_language_id',
		'target_min_level_id',
		'max_testers',
		'tl_name',
		'tl_email',
		'complete_bonus_cents',
		'minimum_bugs',
		'percent_usecases',
		'payout_limit_cents',
		'critical_bug_payout_cents',
		'high_bug_payout_cents',
		'medium_bug_payout_cents',
		'low_bug_payout_cents',
		'top_tester_bonus_cents',
		'campaign_pts',
		'has_bug_form',
		'has_bug_parade',
		'minimum_media',
		'title_rule',
		'valid_file_extensions',
		'language_code',
		'language_message',
		'created_at',
		'updated_at',
	],
	campaign_accepted_devices: [
		'id',
		'campaign_id',
		'device_type',
		'os_platform_id',
	],
	campaign_contents: [
		'id',
		'campaign_id',
		'language_code',
		'manual_link',
		'preview_link',
		'manual_content',
		'preview_content',
	],
	campaign_bug_severities: [ 'id', 'campaign_id', 'severity_id' ],
	campaign_bug_types: [ 'id', 'campaign_id', 'type_id' ],
	campaign_bug_replicabilities: [ 'id', 'campaign_id', 'replicability_id' ],
	campaign_tasks: [
		'id',
		'campaign_id',
		'name',
		'content',
		'can_upload_media',
		'position',
	],
	preselection_questions: [
		'id',
		'campaign_id',
		'type',
		'custom_user_field_id',
		'question',
		'regex',
		'error_message',
		'position',
	],
	preselection_question_options: [ 'id', 'question_id', 'name', 'position' ],
	popups: [
		'id',
		'title',
		'content',
		'is_once',
		'target',
		'expires_at',
		'created_at',
	],
	testers: [
		'id',
		'wp_user_id',
		'email',
		'name',
		'surname',
		'birth_date',
		'country',
		'onboarding_completed',
		'is_verified',
		'total_exp_pts',
		'attended_cp',
		'approved_bugs',
		'booty_gross_cents',
		'booty_net_cents',
		'pending_booty_gross_cents',
		'pending_booty_net_cents',
		'booty_threshold_cents',
		'referral_code',
		'created_at',
		'updated_at',
		'gender',
		'phone',
		'city',
		'email_confirmed',
		'verified_at',
		'own_referral_code',
		'profession_id',
		'education_id',
		'referred_by_tester_id',
		'entry_test_passed_at',
	],
	tester_languages: [ 'id', 'tester_id', 'language_id' ],
	tester_certifications: [
		'id',
		'tester_id',
		'certification_id',
		'achievement_date',
	],
	fiscal_profiles: [
		'id',
		'tester_id',
		'type',
		'fiscal_id',
		'gender',
		'birth_city',
		'address_country',
		'address_city',
		'address_street',
		'address_street_number',
		'address_zip',
		'status',
		'created_at',
		'updated_at',
	],
	tester_devices: [
		'id',
		'tester_id',
		'device_type',
		'model_id',
		'pc_type_id',
		'os_version_id',
		'added_on',
		'disabled_at',
	],
	applications: [
		'id',
		'tester_id',
		'campaign_id',
		'status',
		'completed',
		'selected_device_id',
		'applied_at',
		'contract_accepted_at',
		'updated_at',
		'campaign_status_id',
		'campaign_start_date',
		'campaign_end_date',
		'campaign_close_date',
	],
	application_devices: [ 'id', 'application_id', 'tester_device_id' ],
	bugs: [
		'id',
		'tester_id',
		'campaign_id',
		'task_id',
		'tester_device_id',
		'title',
		'severity_id',
		'type_id',
		'replicability_id',
		'status_id',
		'steps',
		'expected',
		'current',
		'occurred_at',
		'created_at',
		'updated_at',
	],
	experience_entries: [
		'id',
		'tester_id',
		'amount',
		'activity_id',
		'campaign_id',
		'note',
		'created_at',
	],
	tester_monthly_levels: [ 'id', 'tester_id', 'month', 'level_id', 'points' ],
	payment_requests: [
		'id',
		'tester_id',
		'method',
		'paypal_email',
		'account_holder',
		'iban',
		'status',
		'amount_gross_cents',
		'amount_net_cents',
		'currency',
		'requested_at',
		'paid_at',
		'receipt_path',
	],
	booty_entries: [
		'id',
		'tester_id',
		'campaign_id',
		'activity_id',
		'name',
		'gross_cents',
		'net_cents',
		'currency',
		'attributed_at',
		'payment_request_id',
	],
	popup_recipients: [ 'id', 'tester_id', 'popup_id' ],
	popup_reads: [ 'id', 'tester_id', 'popup_id', 'read_at' ],
} as const satisfies Partial< Record< keyof Database, readonly string[] > >;

export type SeedTable = keyof typeof COLUMNS;

export const SEED_TABLES = Object.keys( COLUMNS ) as SeedTable[];

export interface TableStats {
	rows: number;
	ms: number;
}

/**
 * Rows per statement: SQLite binds at most 32,766 variables; MariaDB's limit is 65,535 and its default
 * max_allowed_packet (16 MB) is far above 1,000 rows of these tables.
 */
const MAX_VARIABLES = 30_000;
const MAX_ROWS = 1_000;

/**
 * Buffers rows per table and writes them as multi-row INSERTs, all buffered tables of a chunk in one
 * transaction. Statements are built once per table and row count; values are always bound, never inlined.
 */
export class BulkWriter {
	readonly stats = new Map< SeedTable, TableStats >(
		SEED_TABLES.map( ( table ) => [ table, { rows: 0, ms: 0 } ] )
	);
	private readonly buffers = new Map< SeedTable, Value[] >();
	private readonly statements = new Map< string, string >();

	private readonly db: Kysely< Database >;

	constructor( db: Kysely< Database > ) {
		this.db = db;
	}

	add( table: SeedTable, row: Value[] ): void {
		let buffer = this.buffers.get( table );
		if ( ! buffer ) {
			buffer = [];
			this.buffers.set( table, buffer );
		}
		for ( const value of row ) {
			buffer.push( value );
		}
	}

	/** Writes everything buffered, in one transaction. */
	async flush(): Promise< void > {
		if ( this.buffers.size === 0 ) {
			return;
		}
		await this.db.transaction().execute( async ( trx ) => {
			for ( const table of SEED_TABLES ) {
				const buffer = this.buffers.get( table );
				if ( buffer?.length ) {
					await this.write( trx, table, buffer );
				}
			}
		} );
		this.buffers.clear();
	}

	private async write(
		trx: Transaction< Database >,
		table: SeedTable,
		values: Value[]
	): Promise< void > {
		const started = performance.now();
		const width = COLUMNS[ table ].length;
		const rows = values.length / width;
		const perStatement = Math.min(
			MAX_ROWS,
			Math.floor( MAX_VARIABLES / width )
		);
		for ( let start = 0; start < rows; start += perStatement ) {
			const count = Math.min( perStatement, rows - start );
			await trx.executeQuery(
				CompiledQuery.raw(
					this.statement( table, count ),
					values.slice( start * width, ( start + count ) * width )
				)
			);
		}
		const stats = this.stats.get( table )!;
		stats.rows += rows;
		stats.ms += performance.now() - started;
	}

	private statement( table: SeedTable, rows: number ): string {
		const key = `${ table }/${ rows }`;
		let text = this.statements.get( key );
		if ( ! text ) {
			const columns = COLUMNS[ table ];
			const tuple = `(${ columns.map( () => '?' ).join( ',' ) })`;
			// Backticks quote identifiers on MariaDB and SQLite alike (`current`, `month`, `position`).
			text = `insert into \`${ table }\` (${ columns
				.map( ( column ) => `\`${ column }\`` )
				.join( ',' ) }) values ${ Array( rows )
				.fill( tuple )
				.join( ',' ) }`;
			this.statements.set( key, text );
		}
		return text;
	}
}
