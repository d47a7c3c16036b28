import { gammaln } from 'simple-statistics';

/**
 * The statistics of an experiment (docs/experiments.md names the methods):
 * - a rate (errors, conversions) per variant: a Bayesian comparison of two proportions, each with a uniform
 *   Beta(1, 1) prior, so the posterior of a rate with k events among n visitors is Beta(1 + k, 1 + n - k); the
 *   chance that one rate is below the other is computed exactly (a finite sum, for whole-number parameters);
 * - a rate's interval: the Wilson score interval;
 * - a p75's interval: the distribution-free interval of a quantile from order statistics (the binomial's
 *   normal approximation picks the ranks), read from the same log-scale histograms as the p75 itself.
 */

/** Visitors of one variant and how many of them met the event (an error, a conversion). */
/** Intervals are at 95 %: the standard normal's 97.5th percentile (simple-statistics' probit is off by 0.003). */
const z95 = 1.959963984540054;

export interface Proportion {
  events: number;
  visitors: number;
}

interface Interval {
  low: number;
  high: number;
}

const lbeta = (a: number, b: number) => gammaln(a) + gammaln(b) - gammaln(a + b);

/**
 * P(rate of `b` < rate of `a`) under Beta(1, 1) priors: the chance that `b` has fewer events per visitor.
 * Exact: P(pA > pB) = sum over i < alphaA of B(alphaB + i, betaA + betaB) / ((betaA + i) B(1 + i, betaA) B(alphaB, betaB)).
 */
export function chanceLower(a: Proportion, b: Proportion): number {
  const alphaA = 1 + a.events;
  const betaA = 1 + a.visitors - a.events;
  const alphaB = 1 + b.events;
  const betaB = 1 + b.visitors - b.events;
  let total = 0;
  for (let i = 0; i < alphaA; i++) {
    total += Math.exp(
      lbeta(alphaB + i, betaA + betaB) - Math.log(betaA + i) - lbeta(1 + i, betaA) - lbeta(alphaB, betaB),
    );
  }
  return Math.min(1, Math.max(0, total));
}

/** The 95 % Wilson score interval of k events among n visitors (null without visitors). */
export function wilsonInterval({ events, visitors }: Proportion): Interval | null {
  if (visitors === 0) return null;
  const z = z95;
  const rate = events / visitors;
  const z2n = (z * z) / visitors;
  const centre = (rate + z2n / 2) / (1 + z2n);
  const half = (z / (1 + z2n)) * Math.sqrt((rate * (1 - rate)) / visitors + z2n / (4 * visitors));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * The ranks (1-based, within 1..n) bounding the `q` quantile of n values: the order statistics
 * X(low) <= quantile <= X(high) hold with about 95 % confidence, whatever the distribution.
 */
export function quantileRanks(n: number, q: number): { low: number; high: number } | null {
  if (n === 0) return null;
  const spread = z95 * Math.sqrt(n * q * (1 - q));
  return {
    low: Math.min(n, Math.max(1, Math.floor(n * q - spread))),
    high: Math.min(n, Math.max(1, Math.ceil(n * q + spread) + 1)),
  };
}

/** The value at a 1-based rank of a histogram (bucket -> count), through `valueOf(bucket)`. */
function valueAtRank(
  counts: ReadonlyMap<number, number>,
  rank: number,
  valueOf: (bucket: number) => number,
): number | null {
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((x, y) => x - y)) {
    seen += counts.get(bucket) ?? 0;
    if (seen >= rank) return valueOf(bucket);
  }
  return null;
}

/** A quantile of a histogram with its 95 % distribution-free interval; null when it is empty. */
export function quantileWithInterval(
  counts: ReadonlyMap<number, number>,
  q: number,
  valueOf: (bucket: number) => number,
): { value: number; low: number; high: number; count: number } | null {
  const count = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const ranks = quantileRanks(count, q);
  if (!ranks) return null;
  const at = (rank: number) => valueAtRank(counts, rank, valueOf) ?? 0;
  return { value: at(Math.max(1, Math.ceil(q * count))), low: at(ranks.low), high: at(ranks.high), count };
}
