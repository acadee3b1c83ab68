import { describe, expect, it } from 'vitest';
import { ANSWER_TIME_BOUNDS_MS, bucketOf, emptyBuckets, percentileOfBuckets } from './rollups.ts';

describe('response-time histograms', () => {
  it('puts a duration in the bucket of the bounds it reaches, like width_bucket', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(99)).toBe(0);
    expect(bucketOf(100)).toBe(1);
    expect(bucketOf(250)).toBe(2);
    expect(bucketOf(120_000)).toBe(ANSWER_TIME_BOUNDS_MS.length);
  });

  it('reads percentiles from a histogram, within the bucket', () => {
    const buckets = emptyBuckets();
    // 90 answers between 200 and 300 ms, 10 between 2 and 3 s.
    buckets[bucketOf(250)] = 90;
    buckets[bucketOf(2500)] = 10;
    const p50 = percentileOfBuckets(buckets, 50) ?? 0;
    expect(p50).toBeGreaterThanOrEqual(200);
    expect(p50).toBeLessThan(300);
    const p95 = percentileOfBuckets(buckets, 95) ?? 0;
    expect(p95).toBeGreaterThanOrEqual(2000);
    expect(p95).toBeLessThan(3000);
    expect(percentileOfBuckets(emptyBuckets(), 50)).toBeNull();
  });
});
