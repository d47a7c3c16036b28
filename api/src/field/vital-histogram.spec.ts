import { bucketOf, percentileOf, valueOfBucket } from './vital-histogram.js';

describe('vital histogram', () => {
  it('puts values below one unit in bucket 0 and counts CLS in thousandths', () => {
    expect(bucketOf('LCP', 0)).toBe(0);
    expect(bucketOf('INP', 0.99)).toBe(0);
    expect(bucketOf('CLS', 0.0009)).toBe(0);
    // 1.1^48 = 97.0 and 1.1^49 = 106.7: 100 ms and a CLS of 0.1 (100 thousandths) are both in bucket 49
    expect(bucketOf('TTFB', 100)).toBe(49);
    expect(bucketOf('CLS', 0.1)).toBe(49);
    expect(valueOfBucket('CLS', 49)).toBeCloseTo(valueOfBucket('TTFB', 49) / 1000, 10);
  });

  it('gives back every value from 1 ms to 120 s within 5 %', () => {
    for (let value = 1; value <= 120_000; value *= 1.013) {
      const back = valueOfBucket('LCP', bucketOf('LCP', value));
      expect(Math.abs(back - value) / value).toBeLessThan(0.05);
    }
  });

  it('reads the nearest-rank percentile from the counts', () => {
    const counts = new Map([
      [bucketOf('LCP', 1000), 3],
      [bucketOf('LCP', 5000), 1],
    ]);
    // 4 values: the 75th percentile is the 3rd smallest, 1000 ms
    expect(percentileOf('LCP', counts, 0.75)).toBeCloseTo(valueOfBucket('LCP', bucketOf('LCP', 1000)), 10);
    expect(percentileOf('LCP', counts, 0.76)).toBeCloseTo(valueOfBucket('LCP', bucketOf('LCP', 5000)), 10);
    expect(percentileOf('LCP', new Map(), 0.75)).toBeNull();
  });
});
