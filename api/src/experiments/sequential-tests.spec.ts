import { logBetaRegularized, logEvidence, logGamma, logLabelEvidence, type Side } from './sequential-tests.js';

// Reference values computed apart from this code by sequential-tests.reference.py beside it:
// - mpmath 1.3 at 50 digits: log B(a + k, b + m) - log B(a, b) from mpmath.loggamma, and for 'harm' the log of
//   mpmath.betainc(a + k, b + m, s, 1, regularized=True) / mpmath.betainc(a, b, s, 1, regularized=True), less
//   k log s + m log(1 - s) (a = c s, b = c (1 - s));
// - SciPy 1.17 (double precision: scipy.special.betaln and betainc) agrees with every one to 1e-12.
const references: Array<[share: number, candidate: number, live: number, concentration: number, Side, number]> = [
  [0.5, 8, 0, 10, 'harm', 2.3194128028687815],
  [0.5, 30, 10, 10, 'harm', 4.069156364865315],
  [0.1, 3, 20, 10, 'harm', -0.22633795555901207],
  [0.1, 0, 40, 10, 'harm', -1.6945957207744073],
  [0.01, 2, 5, 10, 'harm', 3.257551289216282],
  [0.5, 400, 330, 50, 'harm', 2.458070237188602],
  [0.3, 1, 0, 10, 'harm', 0.3390109533947346],
  [0.25, 100, 900, 50, 'harm', -4.088678082055855],
  [0.5, 2000, 2100, 50, 'harm', -3.124948809596245],
  [0.5, 31, 69, 100, 'both', 3.3026627381010307],
  [0.5, 500, 500, 100, 'both', -1.2012203220415492],
  [0.2, 10, 90, 100, 'both', 1.4411552240236218],
  [0.5, 120, 80, 100, 'both', 2.1326408187792794],
];

describe('logLabelEvidence: the Beta mixture e-value of who met an event, against the share', () => {
  it.each(references)('share %p, %p on the candidate and %p on live, c = %p, %p: %p', (...row) => {
    const [share, candidate, live, concentration, side, expected] = row;
    expect(logLabelEvidence({ share, candidate, live }, concentration, side)).toBeCloseTo(expected, 10);
  });

  it('is 1 before anyone met the event, and grows for harm only', () => {
    expect(logLabelEvidence({ share: 0.5, candidate: 0, live: 0 }, 5, 'harm')).toBe(0);
    const more = logLabelEvidence({ share: 0.5, candidate: 20, live: 5 }, 5, 'harm');
    const fewer = logLabelEvidence({ share: 0.5, candidate: 5, live: 20 }, 5, 'harm');
    expect(more).toBeGreaterThan(Math.log(10));
    expect(fewer).toBeLessThan(0);
    // two-sided: a split far off either way is evidence
    expect(logLabelEvidence({ share: 0.5, candidate: 5, live: 20 }, 5, 'both')).toBeGreaterThan(0);
  });

  it('multiplies the e-values of share periods (the owner changed the share)', () => {
    const periods = [
      { share: 0.1, candidate: 3, live: 20 },
      { share: 0.5, candidate: 8, live: 0 },
    ];
    expect(logEvidence(periods, 10, 'harm')).toBeCloseTo(-0.22633795555901207 + 2.3194128028687815, 10);
  });
});

describe('logBetaRegularized: log I_x(a, b)', () => {
  // the log of mpmath.betainc(a, b, 0, x, regularized=True) at 50 digits (SciPy's betainc agrees to 1e-13)
  it.each([
    [0.3, 2, 5, -0.545028945107489],
    [0.5, 0.5, 4.5, -0.01506933819272646],
    [0.9, 50, 5, -1.01763947289574],
    // the value itself is 3.2e-24: its log stays exact where 1 - I would be lost
    [0.1, 50, 50, -54.08888470820433],
  ])('x %p, a %p, b %p: %p', (x, a, b, expected) => {
    expect(logBetaRegularized(x, a, b)).toBeCloseTo(expected, 10);
  });

  it('is 0 at and beyond 1, and -Infinity at and below 0', () => {
    expect(logBetaRegularized(1, 3, 4)).toBe(0);
    expect(logBetaRegularized(0, 3, 4)).toBe(-Infinity);
  });
});

describe('logGamma', () => {
  // scipy.special.gammaln (and mpmath.loggamma) at these points
  it.each([
    [0.05, 2.968879201051731],
    [0.5, 0.5723649429247001],
    [1, 0],
    [2.5, 0.2846828704729192],
    [10, 12.801827480081469],
    [100.3, 360.5147057290581],
    [5000.7, 37588.58832991963],
    [123456.5, 1323898.630662737],
  ])('log Gamma(%p) = %p', (x, expected) => {
    expect(logGamma(x)).toBeCloseTo(expected, 9);
    expect(Math.abs(logGamma(x) - expected)).toBeLessThanOrEqual(1e-13 * Math.max(1, Math.abs(expected)));
  });
});
