import type { GuardFigures, GuardrailFigures } from '@portfolio/contracts/experiments';
import { logEvidence, type LabelCounts, type Side } from './sequential-tests.js';

/**
 * The guard's test (docs/experiments.md "The guard"): what it knows of an experiment's visitors, and the one
 * decision the running guard (experiment-guard.ts) and `npm run bench:guard` both call after every look.
 *
 * A visitor is counted once, on the first page the server sent them in the experiment (the page that assigned
 * them), with what that page's beacons reported: an error or failed section load, its LCP and INP. Visitors are
 * independent of one another, page views of one visitor are not. Each guardrail asks whether the candidate's
 * visitors are over-represented among those who met something bad, against the candidate's share
 * (sequential-tests.ts), one-sided for harm, with one false-stop budget shared by the guardrails.
 */

// Math's functions read once (a global read is slow in jest's vm context, where the fast test decides a million times)
const { ceil, exp, floor, log, min } = Math;

export const guardrails = ['errors', 'LCP', 'INP'] as const;
export type Guardrail = (typeof guardrails)[number];
type GuardedVital = Exclude<Guardrail, 'errors'>;
export const guardedVitals: readonly GuardedVital[] = ['LCP', 'INP'];

/**
 * The false-stop budget, 5 % in all: the chance that a candidate no worse than live is ever stopped, however long
 * the experiment runs and however often the guard looks, is at most the sum (a union bound).
 */
export const guardBudget: Readonly<Record<Guardrail, number>> = { errors: 0.03, LCP: 0.01, INP: 0.01 };

/** A sample ratio mismatch is reported at this level (Fabijan et al. 2019: p < 0.001). */
const mismatchLevel = 0.001;

/**
 * Each test's prior concentration c (sequential-tests.ts): small for errors, so that a candidate failing for
 * everyone is stopped within a few of its visitors; larger for the vitals, whose effects are smaller; the
 * mismatch test's is the one Lindon and Malek propose.
 */
const concentrations: Readonly<Record<Guardrail | 'mismatch', number>> = {
  errors: 5,
  LCP: 20,
  INP: 20,
  mismatch: 100,
};

/** A vital counts as slow above the p75 of both variants' values so far, once there are this many. */
export const slowAfterValues = 20;

export interface GuardSettings {
  /** how much worse (ms) the candidate's LCP and INP may be before they count against it */
  marginsMs: Record<GuardedVital, number>;
}

/** Counts of visitors per share period (the owner may change the share), on each variant. */
class Periods {
  private readonly byShare = new Map<number, LabelCounts>();
  private cached = { candidate: -1, live: -1, concentration: 0, side: 'both' as Side, value: 1 };
  candidate = 0;
  live = 0;

  add(share: number, candidate: boolean, count = 1): void {
    if (count <= 0) return;
    let period = this.byShare.get(share);
    if (!period) this.byShare.set(share, (period = { share, candidate: 0, live: 0 }));
    if (candidate) {
      period.candidate += count;
      this.candidate += count;
    } else {
      period.live += count;
      this.live += count;
    }
  }

  get total(): number {
    return this.candidate + this.live;
  }

  /** The share of these visitors the candidate should have had: each period's share, weighted by its visitors. */
  get expectedShare(): number | null {
    if (this.total === 0) return null;
    let sum = 0;
    for (const period of this.byShare.values()) sum += period.share * (period.candidate + period.live);
    return sum / this.total;
  }

  /** The e-value of these counts (sequential-tests.ts), worked out again only when they changed. */
  evidence(concentration: number, side: Side): number {
    const cached = this.cached;
    if (
      cached.candidate !== this.candidate ||
      cached.live !== this.live ||
      cached.concentration !== concentration ||
      cached.side !== side
    ) {
      cached.value = exp(logEvidence([...this.byShare.values()], concentration, side));
      cached.candidate = this.candidate;
      cached.live = this.live;
      cached.concentration = concentration;
      cached.side = side;
    }
    return cached.value;
  }
}

/** Buckets of 1 % (ms) for vitals: a value's bucket, a p75 read back within 1 %. */
const bucketGrowth = log(1.01);
const bucketCount = 1200; // the last starts at 1.01^1198 ms, about 150 s: above every vital the API keeps
const bucketOf = (value: number) => (value < 1 ? 0 : min(bucketCount - 1, 1 + floor(log(value) / bucketGrowth)));
const valueOfBucket = (bucket: number) => (bucket === 0 ? 0 : exp((bucket - 0.5) * bucketGrowth));

/** Counts per bucket with the k-th smallest found in log time (a Fenwick tree): a visitor at a time stays cheap. */
class Histogram {
  private readonly tree = new Int32Array(bucketCount + 1);
  count = 0;

  add(bucket: number): void {
    this.count += 1;
    const tree = this.tree;
    for (let index = bucket + 1; index <= bucketCount; index += index & -index) tree[index] = (tree[index] ?? 0) + 1;
  }

  /** The bucket of the value at a 1-based rank. */
  bucketAt(rank: number): number {
    let position = 0;
    let left = rank;
    for (let step = 1024; step > 0; step >>= 1) {
      const next = position + step;
      const count = this.tree[next] ?? 0;
      if (next <= bucketCount && count < left) {
        position = next;
        left -= count;
      }
    }
    return position; // the tree is 1-based: position + 1 holds it, bucket position
  }

  /** The p75 (nearest rank), or null without values. */
  p75(): number | null {
    return this.count === 0 ? null : valueOfBucket(this.bucketAt(ceil(0.75 * this.count)));
  }
}

/** One vital's values in the order they came: both variants' together, and each variant's own. */
class VitalValues {
  readonly both = new Histogram();
  readonly live = new Histogram();
  readonly candidate = new Histogram();
  /** visitors above the p75 of both variants' values before them, per share and variant */
  readonly slow = new Periods();
  /** visitors whose value was compared with that p75 */
  readonly compared = new Periods();

  constructor(private readonly marginMs: number) {}

  add(share: number, candidate: boolean, value: number): void {
    (candidate ? this.candidate : this.live).add(bucketOf(value));
    // the candidate's value less the margin it is allowed: the guard asks whether it is worse by more
    const bucket = bucketOf(candidate ? value - this.marginMs : value);
    if (this.both.count >= slowAfterValues) {
      const p75 = this.both.bucketAt(ceil(0.75 * this.both.count));
      this.compared.add(share, candidate);
      if (bucket > p75) this.slow.add(share, candidate);
    }
    this.both.add(bucket);
  }
}

/**
 * What the guard knows of an experiment's visitors: filled a visitor at a time (the bench) or from the stored
 * counts, with each vital's values in the order they arrived (the running guard).
 */
export class GuardEvidence {
  /** visitors whose first page sent its measurements */
  readonly measured = new Periods();
  /** of those, visitors who met a JavaScript error or a failed section load there */
  readonly errors = new Periods();
  readonly vitals: Readonly<Record<GuardedVital, VitalValues>>;

  constructor(settings: GuardSettings) {
    this.vitals = { LCP: new VitalValues(settings.marginsMs.LCP), INP: new VitalValues(settings.marginsMs.INP) };
  }

  /** `count` visitors of a share period whose measurements arrived, `errors` of them with an error. */
  visitors(share: number, candidate: boolean, count: number, errors: number): void {
    this.measured.add(share, candidate, count);
    this.errors.add(share, candidate, errors);
  }

  /** One visitor's LCP or INP (ms), in the order the values arrived. */
  vital(name: GuardedVital, share: number, candidate: boolean, value: number): void {
    this.vitals[name].add(share, candidate, value);
  }
}

/** One guardrail as the guard read it. */
type GuardrailReading = GuardrailFigures;

export interface GuardReading extends Omit<GuardFigures, 'served'> {
  /** why the experiment stops (a guardrail found harm), in one sentence with its figures; null: it goes on */
  stop: string | null;
  /** the mismatch test's e-value (it reports at 1 / mismatchLevel) */
  mismatchEvidence: number;
}

const percent = (share: number) => `${Math.round(share * 100)} %`;
const times = (value: number) => (value >= 1e6 ? value.toExponential(1) : String(Math.round(value * 10) / 10));
const ms = (value: number | null) => (value === null ? '-' : `${Math.round(value).toLocaleString('en-US')} ms`);

function read(periods: Periods, compared: Periods, name: Guardrail): GuardrailReading {
  return {
    evidence: periods.evidence(concentrations[name], 'harm'),
    needed: 1 / guardBudget[name],
    live: { events: periods.live, visitors: compared.live },
    candidate: { events: periods.candidate, visitors: compared.candidate },
  };
}

/**
 * The guard's decision: stop when a guardrail's e-value reaches 1 / its part of the budget; report a sample ratio
 * mismatch when the measured visitors' split reaches 1 / 0.001 against the assigned one (two-sided). A mismatch
 * never stops an experiment by itself, and never keeps a harm stop from stopping it.
 */
export function guardDecision(evidence: GuardEvidence): GuardReading {
  const errors = read(evidence.errors, evidence.measured, 'errors');
  const vital = (name: GuardedVital): GuardrailReading => {
    const values = evidence.vitals[name];
    const reading = read(values.slow, values.compared, name);
    reading.p75 = { live: values.live.p75(), candidate: values.candidate.p75(), both: values.both.p75() };
    return reading;
  };
  const vitals: Record<GuardedVital, GuardrailReading> = { LCP: vital('LCP'), INP: vital('INP') };
  const readings: Record<Guardrail, GuardrailReading> = { errors, LCP: vitals.LCP, INP: vitals.INP };

  let stop: string | null = null;
  if (errors.evidence >= errors.needed)
    stop =
      `the candidate's visitors met errors more often than live's: ${errors.candidate.events} of its ` +
      `${errors.candidate.visitors} visitors against ${errors.live.events} of ${errors.live.visitors} ` +
      `(evidence ${times(errors.evidence)}, the guard stops at ${times(errors.needed)})`;
  else
    for (const name of guardedVitals) {
      const reading = vitals[name];
      if (reading.evidence < reading.needed) continue;
      stop =
        `the candidate's p75 ${name} was ${ms(reading.p75?.candidate ?? null)} against live's ` +
        `${ms(reading.p75?.live ?? null)}: ${reading.candidate.events} of its ${reading.candidate.visitors} visitors ` +
        `above the common p75 against ${reading.live.events} of ${reading.live.visitors} ` +
        `(evidence ${times(reading.evidence)}, the guard stops at ${times(reading.needed)})`;
      break;
    }

  const measured = evidence.measured;
  const mismatchEvidence = measured.evidence(concentrations.mismatch, 'both');
  const measuredShare = measured.total > 0 ? measured.candidate / measured.total : null;
  const assignedShare = measured.expectedShare;
  const mismatch =
    mismatchEvidence >= 1 / mismatchLevel && measuredShare !== null && assignedShare !== null
      ? `the candidate gets ${percent(measuredShare)} of measured visits but was assigned ${percent(assignedShare)}: ` +
        'the results may be biased'
      : null;
  return { stop, mismatch, measuredShare, assignedShare, mismatchEvidence, guardrails: readings };
}
