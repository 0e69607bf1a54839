import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as migration from '../../../migrations/0007-rank-buckets.ts';
import {
	RANK_BUCKET_POINTS,
	bucketOf,
} from '../../../src/features/ranking/buckets.ts';

describe( 'rank buckets', () => {
	it( 'reads the buckets with the width migration 0007 keeps them at', () => {
		assert.equal( RANK_BUCKET_POINTS, migration.RANK_BUCKET_POINTS );
		assert.equal( bucketOf( 'points' ), migration.bucketOf( 'points' ) );
	} );
} );
