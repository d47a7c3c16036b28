import { guardDecision, GuardEvidence, type GuardSettings } from './guard.js';
import { chanceLower, quantileWithInterval, type Proportion } from './experiment-statistics.js';
import { bucketOf, valueOfBucket } from '../field/vital-histogram.js';
import { experimentDefaults } from '@portfolio/contracts/experiments';

/**
 * Simulated experiments for `npm run bench:guard` and its fast test (guard-simulation.spec.ts): visitors arrive
 * one at a time, each assigned at random, each meeting an error or not and bringing an LCP and maybe an INP, and
 * the guard decides after every one of them with its own code (guard.ts), as it would if it looked that often.
 */

export interface SimulationOptions {
  runs: number;
  /** the candidate's error rate as a multiple of live's (1: an A/A test) */
  effect: number;
  /** live's error rate per visitor, 0-1 */
  rate: number;
  /** the candidate's share of visitors, 0-1 */
  share: number;
  /** each run ends when both variants have had this many visitors, if the guard has not stopped it */
  maxVisitors: number;
  seed: number;
  /** how much the candidate adds to live's p75 LCP (ms; its whole LCP distribution scaled) */
  lcpMs: number;
  /** 'sequential': the guard (guard.ts); 'old': the rule it replaced, for the before and after */
  rule: 'sequential' | 'old';
}

interface SimulationResult extends SimulationOptions {
  /** runs stopped when the candidate is no worse (effect 1, no LCP added); null otherwise */
  falseStopRate: number | null;
  /** runs stopped when the candidate is worse; null for an A/A test */
  detectionRate: number | null;
  /** the candidate's visitors when it was stopped, middle run, counting runs never stopped as longest; null: most were not */
  medianVisitorsToStop: number | null;
  /** the same for 9 runs in 10 */
  p90VisitorsToStop: number | null;
  /** runs in which a sample ratio mismatch was reported (none is simulated: each is a false alarm) */
  mismatchRate: number;
  /** which guardrail stopped how many runs */
  stoppedBy: Record<string, number>;
}

// Math's functions read once (a global read is slow in jest's vm context, where the fast test draws millions)
const { cos, exp, imul, log, PI, sqrt } = Math;

/** Live's vitals: log-normal, p75 2,000 ms for LCP and 200 ms for INP, which 60 % of visitors report. */
const simulatedVitals = {
  lcp: { p75: 2000, sigma: 0.6 },
  inp: { p75: 200, sigma: 0.8, reported: 0.6 },
} as const;
const z75 = 0.6744897501960817;

/** A small seeded generator (mulberry32): the same seed, the same runs. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function normal(random: () => number): number {
  // Box-Muller; 1 - u keeps the logarithm finite
  return sqrt(-2 * log(1 - random())) * cos(2 * PI * random());
}

const logNormal = (random: () => number, p75: number, sigma: number) =>
  exp(log(p75) - z75 * sigma + sigma * normal(random));

/** A run's visitors, as the guard would hear them. */
interface Visitor {
  candidate: boolean;
  error: boolean;
  lcp: number;
  inp: number | null;
}

interface Judge {
  add: (visitor: Visitor) => void;
  stop: () => string | null;
  mismatch: () => boolean;
}

const defaultSettings: GuardSettings = { marginsMs: experimentDefaults.marginsMs };

function sequentialJudge(share: number): Judge {
  const evidence = new GuardEvidence(defaultSettings);
  let reading: ReturnType<typeof guardDecision> | null = null;
  return {
    add(visitor) {
      evidence.visitors(share, visitor.candidate, 1, visitor.error ? 1 : 0);
      evidence.vital('LCP', share, visitor.candidate, visitor.lcp);
      if (visitor.inp !== null) evidence.vital('INP', share, visitor.candidate, visitor.inp);
      reading = guardDecision(evidence);
    },
    stop: () => reading?.stop ?? null,
    mismatch: () => (reading?.mismatch ?? null) !== null,
  };
}

/**
 * The rule the guard replaced (main at 1a165b8, experiment-verdicts.ts `guardDecision`), kept for the bench's
 * before and after only: after `minVisitors` per variant, the candidate's error rate worse with 95 % posterior
 * probability, or its p75 LCP or INP (from the field's 10 % histogram buckets) above live's beyond both 95 %
 * intervals by more than the margin. Here each visitor is one page view, which favours it.
 */
export function oldRule(
  live: { errors: Proportion; p75: Record<'LCP' | 'INP', ReturnType<typeof quantileWithInterval>> },
  candidate: { errors: Proportion; p75: Record<'LCP' | 'INP', ReturnType<typeof quantileWithInterval>> },
  settings: { minVisitors: number; marginsMs: Record<'LCP' | 'INP', number> },
): string | null {
  const enough = (count: number) => count >= settings.minVisitors;
  if (enough(live.errors.visitors) && enough(candidate.errors.visitors)) {
    if (chanceLower(candidate.errors, live.errors) >= 0.95) return 'errors';
  }
  for (const vital of ['LCP', 'INP'] as const) {
    const [ours, theirs] = [live.p75[vital], candidate.p75[vital]];
    if (!ours || !theirs || !enough(ours.count) || !enough(theirs.count)) continue;
    if (theirs.low - ours.high > settings.marginsMs[vital]) return vital;
  }
  return null;
}

function oldJudge(): Judge {
  const oldDefaults = { minVisitors: 100, marginsMs: { LCP: 500, INP: 100 } };
  const side = () => ({
    errors: { events: 0, visitors: 0 },
    histograms: { LCP: new Map<number, number>(), INP: new Map<number, number>() },
  });
  const sides = { live: side(), candidate: side() };
  let stopped: string | null = null;
  // a p75 the rule would not read (fewer values than its minimum) is not worked out: the same decisions, sooner
  const p75 = (histogram: Map<number, number>, name: 'LCP' | 'INP', count: number) =>
    count < oldDefaults.minVisitors
      ? null
      : quantileWithInterval(histogram, 0.75, (bucket) => valueOfBucket(name, bucket));
  const counts = { live: { LCP: 0, INP: 0 }, candidate: { LCP: 0, INP: 0 } };
  const figures = (variant: ReturnType<typeof side>, count: { LCP: number; INP: number }) => ({
    errors: variant.errors,
    p75: { LCP: p75(variant.histograms.LCP, 'LCP', count.LCP), INP: p75(variant.histograms.INP, 'INP', count.INP) },
  });
  return {
    add(visitor) {
      const variant = visitor.candidate ? sides.candidate : sides.live;
      variant.errors.visitors += 1;
      if (visitor.error) variant.errors.events += 1;
      const valuesOf = counts[visitor.candidate ? 'candidate' : 'live'];
      const count = (name: 'LCP' | 'INP', value: number) => {
        const bucket = bucketOf(name, value);
        variant.histograms[name].set(bucket, (variant.histograms[name].get(bucket) ?? 0) + 1);
        valuesOf[name] += 1;
      };
      count('LCP', visitor.lcp);
      if (visitor.inp !== null) count('INP', visitor.inp);
      stopped = oldRule(figures(sides.live, counts.live), figures(sides.candidate, counts.candidate), oldDefaults);
    },
    stop: () => stopped,
    mismatch: () => false,
  };
}

const percentile = (sorted: readonly number[], p: number) => {
  const value = sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
  return value === undefined || !Number.isFinite(value) ? null : value;
};

/** Runs `options.runs` simulated experiments through the guard's decision after every visitor. */
export function simulate(options: SimulationOptions): SimulationResult {
  const random = seededRandom(options.seed);
  const candidateRate = Math.min(1, options.rate * options.effect);
  const lcpScale = (simulatedVitals.lcp.p75 + options.lcpMs) / simulatedVitals.lcp.p75;
  const stoppedAt: number[] = [];
  const stoppedBy: Record<string, number> = {};
  let stops = 0;
  let mismatches = 0;
  for (let run = 0; run < options.runs; run++) {
    const judge = options.rule === 'sequential' ? sequentialJudge(options.share) : oldJudge();
    const seen = { live: 0, candidate: 0 };
    let mismatched = false;
    let stoppedWith: number | null = null;
    while (seen.live < options.maxVisitors || seen.candidate < options.maxVisitors) {
      const candidate = random() < options.share;
      seen[candidate ? 'candidate' : 'live'] += 1;
      const inpReported = random() < simulatedVitals.inp.reported;
      judge.add({
        candidate,
        error: random() < (candidate ? candidateRate : options.rate),
        lcp: logNormal(random, simulatedVitals.lcp.p75, simulatedVitals.lcp.sigma) * (candidate ? lcpScale : 1),
        inp: inpReported ? logNormal(random, simulatedVitals.inp.p75, simulatedVitals.inp.sigma) : null,
      });
      mismatched ||= judge.mismatch();
      const why = judge.stop();
      if (why) {
        const guardrail = /^the candidate's p75 (LCP|INP)/.exec(why)?.[1] ?? (why.includes('error') ? 'errors' : why);
        stoppedBy[guardrail] = (stoppedBy[guardrail] ?? 0) + 1;
        stoppedWith = seen.candidate;
        break;
      }
    }
    if (stoppedWith !== null) {
      stops += 1;
      stoppedAt.push(stoppedWith);
    } else stoppedAt.push(Infinity);
    if (mismatched) mismatches += 1;
  }
  const rate = stops / options.runs;
  const sameAsLive = options.effect === 1 && options.lcpMs === 0;
  const sorted = stoppedAt.sort((a, b) => a - b);
  return {
    ...options,
    falseStopRate: sameAsLive ? rate : null,
    detectionRate: sameAsLive ? null : rate,
    medianVisitorsToStop: percentile(sorted, 0.5),
    p90VisitorsToStop: percentile(sorted, 0.9),
    mismatchRate: mismatches / options.runs,
    stoppedBy,
  };
}
