/**
 * Tests that stay valid while they are looked at after every visitor (docs/experiments.md "The guard"): e-values,
 * whose chance of ever reaching 1/alpha is at most alpha when nothing differs (Ville's inequality), however often
 * they are read.
 *
 * The one question they answer: of the visitors who met some event (an error, a slow page, a measurement at all),
 * how many were on the candidate, against the share of visitors it was assigned? Visitors are assigned at random,
 * so when the candidate changes nothing, each such visitor is on the candidate with the probability of its share,
 * independently of the others, whatever the event's own rate and however it varies over the day. The e-value is the
 * Bayes factor of a Beta mixture over that probability against the share: the sequential test of multinomial
 * counts of Lindon and Malek ("Anytime-valid inference for multinomial count data", NeurIPS 2022) for two arms,
 * whose prior is Beta(c * share, c * (1 - share)) for a concentration c; one-sided for harm by keeping only the
 * part of the prior above the share.
 */

/** Events of one share period: visitors who met the event on the candidate and on live. */
export interface LabelCounts {
  /** the candidate's share of visitors when these were assigned, 0-1 (exclusive) */
  share: number;
  candidate: number;
  live: number;
}

export type Side = 'harm' | 'both';

// Math's functions read once: a global read costs ten times more inside a vm context (jest's), where the
// guard's fast test runs this a million times
const { abs, exp, log, log1p, PI, sin } = Math;

/** Lanczos' coefficients for g = 7, n = 9: log Gamma within 1e-15 relative of the exact value. */
const lanczos = [
  0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406, 12.507343278686905,
  -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7,
];
const halfLogTwoPi = 0.5 * log(2 * PI);

/** log Gamma(x) for x > 0 (Lanczos' approximation; below 1/2 through the reflection formula). */
export function logGamma(x: number): number {
  if (x < 0.5) return log(PI / abs(sin(PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let sum = 0;
  lanczos.forEach((coefficient, i) => (sum += i === 0 ? coefficient : coefficient / (z + i)));
  const t = z + 7.5;
  return halfLogTwoPi + (z + 0.5) * log(t) - t + log(sum);
}

const lbeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/**
 * The continued fraction of the incomplete beta function (modified Lentz's method), converging for
 * x < (a + 1) / (a + b + 2): I_x(a, b) = x^a (1 - x)^b / (a B(a, b)) times this.
 */
function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  const clamp = (value: number) => (abs(value) < tiny ? tiny : value);
  let c = 1;
  let d = 1 / clamp(1 - ((a + b) * x) / (a + 1));
  let fraction = d;
  for (let m = 1; m <= 100_000; m++) {
    const even = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 / clamp(1 + even * d);
    c = clamp(1 + even / c);
    fraction *= d * c;
    const odd = -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 / clamp(1 + odd * d);
    c = clamp(1 + odd / c);
    const step = d * c;
    fraction *= step;
    if (abs(step - 1) < 1e-15) return fraction;
  }
  return fraction;
}

/** log I_x(a, b), the regularized incomplete beta function, accurate when it is tiny too. */
export function logBetaRegularized(x: number, a: number, b: number): number {
  if (x <= 0) return -Infinity;
  if (x >= 1) return 0;
  if (x < (a + 1) / (a + b + 2)) {
    return a * log(x) + b * log1p(-x) - lbeta(a, b) - log(a) + log(betaFraction(x, a, b));
  }
  // the other tail, which converges there: I_x(a, b) = 1 - I_(1-x)(b, a)
  const other = b * log1p(-x) + a * log(x) - lbeta(a, b) - log(b);
  return log1p(-exp(other + log(betaFraction(1 - x, b, a))));
}

/** log of the mass of Beta(a, b) above x: log (1 - I_x(a, b)) = log I_(1-x)(b, a). */
const logMassAbove = (x: number, a: number, b: number) => logBetaRegularized(1 - x, b, a);

/**
 * The natural log of the e-value of one share period's counts: the Beta(c s, c (1 - s)) mixture of the likelihood
 * ratios of "a visitor who met the event is on the candidate with probability q" against q = s; for 'harm' the
 * mixture covers only q > s (the candidate meets it more often than live), so it grows only on harm.
 */
export function logLabelEvidence({ share, candidate, live }: LabelCounts, concentration: number, side: Side): number {
  if (candidate + live === 0) return 0;
  const a = concentration * share;
  const b = concentration * (1 - share);
  const likelihood = lbeta(a + candidate, b + live) - lbeta(a, b) - candidate * log(share) - live * log1p(-share);
  if (side === 'both') return likelihood;
  return likelihood + logMassAbove(share, a + candidate, b + live) - logMassAbove(share, a, b);
}

/**
 * The e-value of counts over several share periods (the owner changed the share): each period's e-value is a
 * test martingale of its own visitors, and their product is one of all of them.
 */
export function logEvidence(periods: readonly LabelCounts[], concentration: number, side: Side): number {
  return periods.reduce((sum, period) => sum + logLabelEvidence(period, concentration, side), 0);
}
