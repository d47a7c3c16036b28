import { chanceLower, quantileRanks, quantileWithInterval, wilsonInterval } from './experiment-statistics.js';

/**
 * Reference values: by hand where the integral is short, otherwise from SciPy 1.17 (numerical integration of
 * beta.pdf(x, A) * beta.cdf(x, B) over [0, 1]; binom.cdf for the coverage of the quantile ranks), a method
 * independent of the exact sum the code uses.
 */
describe('experiment statistics', () => {
  it('gives the chance that one rate is below the other, against worked-out values', () => {
    // by hand: pA ~ Beta(1, 2), pB ~ Beta(2, 1); P(pB < pA) = integral of 2(1 - x) x^2 = 1/6
    expect(chanceLower({ events: 0, visitors: 1 }, { events: 1, visitors: 1 })).toBeCloseTo(1 / 6, 10);
    // equal counts: one half, by symmetry
    expect(chanceLower({ events: 0, visitors: 10 }, { events: 0, visitors: 10 })).toBeCloseTo(0.5, 10);
    expect(chanceLower({ events: 12, visitors: 100 }, { events: 12, visitors: 100 })).toBeCloseTo(0.5, 10);
    // SciPy
    expect(chanceLower({ events: 5, visitors: 100 }, { events: 10, visitors: 100 })).toBeCloseTo(0.0957317881, 8);
    expect(chanceLower({ events: 30, visitors: 1000 }, { events: 18, visitors: 1000 })).toBeCloseTo(0.9591905088, 8);
    expect(chanceLower({ events: 120, visitors: 5000 }, { events: 80, visitors: 5000 })).toBeCloseTo(0.9978708372, 8);
  });

  it('is a probability, and the two directions add up to one', () => {
    const a = { events: 7, visitors: 60 };
    const b = { events: 2, visitors: 45 };
    expect(chanceLower(a, b) + chanceLower(b, a)).toBeCloseTo(1, 10);
    expect(chanceLower({ events: 0, visitors: 0 }, { events: 0, visitors: 0 })).toBeCloseTo(0.5, 10);
  });

  it('gives the Wilson score interval of a rate', () => {
    expect(wilsonInterval({ events: 0, visitors: 10 })).toEqual({ low: 0, high: expect.closeTo(0.2775328, 6) });
    const twelve = wilsonInterval({ events: 12, visitors: 100 });
    expect(twelve?.low).toBeCloseTo(0.0699940644, 8);
    expect(twelve?.high).toBeCloseTo(0.1981209943, 8);
    expect(wilsonInterval({ events: 3, visitors: 40 })?.low).toBeCloseTo(0.0258360258, 8);
    expect(wilsonInterval({ events: 0, visitors: 0 })).toBeNull();
  });

  it('picks order-statistic ranks that hold the p75 with at least 95 % (SciPy: 0.972, 0.957, 0.983)', () => {
    expect(quantileRanks(100, 0.75)).toEqual({ low: 66, high: 85 });
    expect(quantileRanks(400, 0.75)).toEqual({ low: 283, high: 318 });
    expect(quantileRanks(20, 0.75)).toEqual({ low: 11, high: 20 });
    expect(quantileRanks(0, 0.75)).toBeNull();
  });

  it("reads a p75 and its interval from a histogram's buckets", () => {
    // 100 values, one per bucket 1..100, each bucket standing for its own number
    const counts = new Map(Array.from({ length: 100 }, (_, i) => [i + 1, 1]));
    expect(quantileWithInterval(counts, 0.75, (bucket) => bucket)).toEqual({
      value: 75,
      low: 66,
      high: 85,
      count: 100,
    });
    expect(quantileWithInterval(new Map(), 0.75, (bucket) => bucket)).toBeNull();
  });
});
