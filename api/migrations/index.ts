import type { Migration } from 'kysely';
import * as m0001 from './0001-testers.ts';
import * as m0002 from './0002-rate-limits.ts';
import * as m0003 from './0003-domain.ts';
import * as m0004 from './0004-lookups.ts';
import * as m0005 from './0005-dashboard-reads.ts';
import * as m0006 from './0006-kept-counts.ts';
import * as m0007 from './0007-rank-buckets.ts';
import * as m0008 from './0008-campaign-counts.ts';
import * as m0009 from './0009-end-date-counts.ts';
import * as m0010 from './0010-listed-end-counts.ts';
import * as m0011 from './0011-campaign-copies.ts';
import * as m0012 from './0012-profile.ts';
import * as m0013 from './0013-sessions.ts';
import * as m0014 from './0014-catalogue-translations.ts';
import * as m0015 from './0015-device-platforms.ts';
import * as m0016 from './0016-bug-review.ts';
import * as m0017 from './0017-level-changes.ts';
import * as m0018 from './0018-bug-form.ts';
import * as m0019 from './0019-back-office.ts';
import * as m0020 from './0020-back-office-lists.ts';
import * as m0021 from './0021-payment-request-counts.ts';
import * as m0022 from './0022-live-testers.ts';
import * as m0023 from './0023-applicants-counted.ts';
import * as m0024 from './0024-campaign-bugs-counted.ts';
import * as m0025 from './0025-application-copy-check.ts';

/**
 * Every migration, by name, in the order they run. Listed by hand rather than read from the directory so the
 * set is the same under tsx, a bundler or a compiled build. Append only: a landed migration is never edited.
 */
export const migrations: Record< string, Migration > = {
	'0001-testers': m0001,
	'0002-rate-limits': m0002,
	'0003-domain': m0003,
	'0004-lookups': m0004,
	'0005-dashboard-reads': m0005,
	'0006-kept-counts': m0006,
	'0007-rank-buckets': m0007,
	'0008-campaign-counts': m0008,
	'0009-end-date-counts': m0009,
	'0010-listed-end-counts': m0010,
	'0011-campaign-copies': m0011,
	'0012-profile': m0012,
	'0013-sessions': m0013,
	'0014-catalogue-translations': m0014,
	'0015-device-platforms': m0015,
	'0016-bug-review': m0016,
	'0017-level-changes': m0017,
	'0018-bug-form': m0018,
	'0019-back-office': m0019,
	'0020-back-office-lists': m0020,
	'0021-payment-request-counts': m0021,
	'0022-live-testers': m0022,
	'0023-applicants-counted': m0023,
	'0024-campaign-bugs-counted': m0024,
	'0025-application-copy-check': m0025,
};
