import { errorVerdict, guardDecision, type GuardSettings, type VariantFigures } from './experiment-verdicts.js';

const settings: GuardSettings = { minVisitors: 100, marginsMs: { LCP: 500, INP: 100 } };
const quiet = (visitors: number, events = 0): VariantFigures => ({ errors: { events, visitors }, p75: {} });

describe('experiment verdicts', () => {
  it('says how many visits are still needed, then which variant has fewer errors and how surely', () => {
    expect(errorVerdict({ events: 0, visitors: 40 }, { events: 0, visitors: 12 }, 100)).toBe(
      'not enough visits yet: 12 of the 100 needed',
    );
    // SciPy: P(candidate's rate < live's) = 0.9592 for 18 of 1000 against 30 of 1000
    expect(errorVerdict({ events: 30, visitors: 1000 }, { events: 18, visitors: 1000 }, 100)).toBe(
      'the candidate has fewer errors with 96 % probability',
    );
    expect(errorVerdict({ events: 18, visitors: 1000 }, { events: 30, visitors: 1000 }, 100)).toBe(
      'the candidate has more errors with 96 % probability',
    );
  });

  it('stops for errors only past the minimum of visits and at 95 % probability', () => {
    // every candidate visitor meets an error: stopped once each side has 100 visitors, not before
    expect(guardDecision(quiet(99), quiet(99, 99), settings)).toBeNull();
    expect(guardDecision(quiet(100), quiet(100, 100), settings)).toMatch(
      /^the candidate had more errors than live with 100 % probability \(100 % of its visitors against 0 %\)$/,
    );
    // 30 against 18 of 1000 is 95.9 %: stopped; 24 against 18 is not sure enough
    expect(guardDecision(quiet(1000, 18), quiet(1000, 30), settings)).toMatch(/with 96 % probability/);
    expect(guardDecision(quiet(1000, 18), quiet(1000, 24), settings)).toBeNull();
    // fewer errors never stops it
    expect(guardDecision(quiet(1000, 30), quiet(1000, 0), settings)).toBeNull();
  });

  it('stops for a p75 worse beyond both intervals by more than the margin', () => {
    const withLcp = (value: number, low: number, high: number, count = 200): VariantFigures => ({
      errors: { events: 0, visitors: count },
      p75: { LCP: { value, low, high, count } },
    });
    expect(guardDecision(withLcp(1200, 1100, 1300), withLcp(2100, 1900, 2300), settings)).toBe(
      "the candidate's p75 LCP was 2100 ms against live's 1200 ms, worse by more than the 500 ms allowed",
    );
    // 1750 - 1300 = 450 ms: within the margin
    expect(guardDecision(withLcp(1200, 1100, 1300), withLcp(1900, 1750, 2100), settings)).toBeNull();
    // too few measurements on one side
    expect(guardDecision(withLcp(1200, 1100, 1300), withLcp(4000, 3900, 4100, 50), settings)).toBeNull();
  });
});
