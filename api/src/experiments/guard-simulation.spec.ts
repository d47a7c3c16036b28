import { oldRule, seededRandom, simulate, type SimulationOptions } from './guard-simulation.js';

// `npm run bench:guard`'s figures, small: simulated experiments through the guard's own decision after every visitor,
// with a fixed seed (the same runs every time). The bench runs the big ones (docs/experiments.md "The guard").
const base: SimulationOptions = {
  runs: 100,
  effect: 1,
  rate: 0.02,
  share: 0.5,
  maxVisitors: 1000,
  seed: 20_251_201,
  lcpMs: 0,
  rule: 'sequential',
};

describe('simulated experiments through the guard', () => {
  it.each([
    [0.02, 0.5],
    [0.1, 0.1],
    [0.01, 0.05],
  ])('stops at most 5 %% of A/A experiments (error rate %p, share %p)', (rate, share) => {
    // a run ends when both variants have had 300 visitors (150 at 5 %: live has 19 times as many)
    const result = simulate({ ...base, rate, share, maxVisitors: share < 0.1 ? 150 : 300 });
    expect(result.falseStopRate).toBeLessThanOrEqual(0.05);
    expect(result.detectionRate).toBeNull();
    expect(result.mismatchRate).toBeLessThanOrEqual(0.02);
  });

  it('stops a candidate with 3 times the errors (2 %, half the visitors) in 9 runs in 10 within 3,000 of its visitors', () => {
    const result = simulate({ ...base, runs: 40, effect: 3, maxVisitors: 3000 });
    expect(result.detectionRate).toBeGreaterThanOrEqual(0.9);
    expect(result.p90VisitorsToStop).toBeLessThanOrEqual(3000);
    expect(result.stoppedBy).toEqual({ errors: 40 });
  });

  it('stops a candidate that throws on every page within a few dozen of its visitors, at 50 % and at 10 %', () => {
    for (const share of [0.5, 0.1]) {
      const result = simulate({ ...base, runs: 40, effect: 50, share });
      expect(result.detectionRate).toBe(1);
      expect(result.p90VisitorsToStop).toBeLessThanOrEqual(24);
    }
  });

  it('stops a candidate whose p75 LCP is a second worse within a few hundred of its visitors', () => {
    const result = simulate({ ...base, runs: 20, lcpMs: 1000 });
    expect(result.detectionRate).toBe(1);
    expect(result.medianVisitorsToStop).toBeLessThanOrEqual(400);
    expect(Object.keys(result.stoppedBy)).toEqual(['LCP']);
  });

  it('the rule it replaced stops far more healthy candidates when it looks after every visitor', () => {
    const old = simulate({ ...base, runs: 40, maxVisitors: 300, rule: 'old' });
    expect(old.falseStopRate).toBeGreaterThan(0.1);
  });
});

describe('the pieces of the simulation', () => {
  it('draws the same numbers from the same seed, spread evenly', () => {
    const [a, b] = [seededRandom(7), seededRandom(7)];
    const draws = Array.from({ length: 10_000 }, () => a());
    expect(draws.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => b()));
    const mean = draws.reduce((sum, value) => sum + value, 0) / draws.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.01);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
  });

  it('keeps the old rule as it was: 95 % posterior probability of more errors, after 100 visitors each', () => {
    const figures = (visitors: number, events: number) => ({
      errors: { events, visitors },
      p75: { LCP: null, INP: null },
    });
    const settings = { minVisitors: 100, marginsMs: { LCP: 500, INP: 100 } };
    expect(oldRule(figures(99, 0), figures(99, 99), settings)).toBeNull();
    expect(oldRule(figures(100, 0), figures(100, 100), settings)).toBe('errors');
    // SciPy: 30 against 18 of 1000 is 95.9 %, 24 against 18 is not sure enough
    expect(oldRule(figures(1000, 18), figures(1000, 30), settings)).toBe('errors');
    expect(oldRule(figures(1000, 18), figures(1000, 24), settings)).toBeNull();
  });
});
