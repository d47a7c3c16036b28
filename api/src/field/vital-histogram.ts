import type { VitalName } from '@portfolio/contracts/field-events';

/**
 * A fixed log-scale histogram per vital, so that daily aggregates summed over days, routes and replicas still
 * give a percentile: bucket b >= 1 holds [1.1^(b-1), 1.1^b) in the vital's unit (ms; CLS in thousandths),
 * bucket 0 holds everything below 1. A percentile read from it is within 5 % of the exact one.
 */
const growth = 1.1;

/** CLS is a score around 0.1: counted in thousandths so that its buckets are as fine as the others'. */
const unitsPerValue = (name: VitalName) => (name === 'CLS' ? 1000 : 1);

export function bucketOf(name: VitalName, value: number): number {
  const units = value * unitsPerValue(name);
  return units < 1 ? 0 : 1 + Math.floor(Math.log(units) / Math.log(growth));
}

/** The value a bucket stands for: its geometric middle (half of bucket 0's width for bucket 0). */
export function valueOfBucket(name: VitalName, bucket: number): number {
  const units = bucket === 0 ? 0.5 : growth ** (bucket - 0.5);
  return units / unitsPerValue(name);
}

/** The nearest-rank percentile (0 < p <= 1) of a histogram given as bucket -> count; null when empty. */
export function percentileOf(name: VitalName, counts: ReadonlyMap<number, number>, p: number): number | null {
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(p * total);
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket) ?? 0;
    if (seen >= rank) return valueOfBucket(name, bucket);
  }
  return null;
}
