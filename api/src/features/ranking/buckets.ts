/**
 * The width of monthly_rank_buckets' buckets, as migration 0007 built them and its triggers keep them: a landed
 * migration is history that running code does not import, so the width is stated here too, and
 * test/features/ranking/buckets.test.ts fails if the two ever differ.
 */
export const RANK_BUCKET_POINTS = 64;

/** The bucket of a points expression, as SQL: floor(points / width) on both engines (SQLite's math functions). */
export const bucketOf = ( points: string ) =>
	`floor(${ points } / ${ RANK_BUCKET_POINTS }.0)`;
