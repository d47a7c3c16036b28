import * as z from 'zod/mini';
import type { ConversionName, VitalName } from './field-events.js';
import type { RemoteName } from './remote-routes.js';
import { releaseIdPattern } from './section-releases.js';

/**
 * Experiments (issue 20, docs/experiments.md): one section's candidate release served to a share of visitors,
 * measured from the field and stopped by the guard when it hurts. With the owner's session (and the site's own
 * Origin for changes):
 *   GET  /api/owner/experiments                          -> Experiment[] (each section's running or latest one)
 *   POST /api/owner/sections/:name/experiment  NewExperiment -> 201 Experiment (409 when one runs already)
 *   POST /api/owner/experiments/:id/share      ShareChange   -> Experiment (409 once it has ended)
 *   POST /api/owner/experiments/:id/end                      -> Experiment (everyone on live)
 *   POST /api/owner/experiments/:id/promote                  -> Experiment (the candidate goes live; it ends)
 *   GET  /api/owner/experiments/:id/results                  -> ExperimentResults
 * Rollouts (issue 27): an experiment whose share goes up by steps while the guard finds no harm, promoted after
 * its last step but one (reaching 100 % is the promote), rolled back (everyone on live, the owner mailed) on harm:
 *   POST /api/owner/sections/:name/rollout  NewRollout   -> 201 Experiment (409 when one runs already)
 *   POST /api/owner/experiments/:id/pause                 -> Experiment (409 once ended, or not a rollout)
 *   POST /api/owner/experiments/:id/resume                -> Experiment (409 once ended, or not a rollout)
 *   POST /api/owner/experiments/:id/roll-back             -> Experiment (everyone on live; 409 once ended, or not a
 *                                                            rollout: a fixed share is ended)
 * With a deploy token that may promote (section-releases.ts):
 *   POST /api/sections/:name/releases/:id/rollout  RolloutSettings? -> 201 Experiment (403 unless it may promote;
 *                                                    422 ReleaseRefused when the checks, run again, fail)
 * A rollout's share cannot be changed (409: it moves by its steps only), nor is it ended (409: it is rolled back);
 * /promote works on both. The guard decides the steps (api/src/experiments/rollout-step.ts, docs/experiments.md).
 */

/** The visitor's variant of the section's experiment: `exp_<section>` = `<experimentId>.<bucket>`, bucket 0-99. */
export const experimentCookieOf = (section: RemoteName): string => `exp_${section}`;
export const experimentCookieDays = 30;
/** A visitor whose bucket is below the share gets the candidate. */
export const bucketCount = 100;
export const shareLimits = { min: 1, max: 50 } as const;
/**
 * minVisitors: the page views per variant before the results' Bayesian verdicts speak (the guard waits for none);
 * marginsMs: how much worse the candidate's LCP and INP may be before they count against it in the guard.
 */
export const experimentDefaults = { minVisitors: 100, marginsMs: { LCP: 0, INP: 0 } } as const;

const share = z
  .number('Give a whole number of percent.')
  .check(
    z.int('Give a whole number of percent.'),
    z.gte(shareLimits.min, `At least ${shareLimits.min} %.`),
    z.lte(shareLimits.max, `At most ${shareLimits.max} %.`),
  );
const margin = z.number().check(z.int('Whole milliseconds.'), z.gte(0, 'Not below 0.'), z.lte(60_000, 'Too large.'));

export const newExperimentSchema = z.strictObject({
  releaseId: z.string('Pick a release.').check(z.regex(releaseIdPattern, 'Pick one of the section’s releases.')),
  share,
  minVisitors: z.optional(z.number().check(z.int('Whole visitors.'), z.gte(10, 'At least 10.'), z.lte(1_000_000))),
  marginsMs: z.optional(z.strictObject({ LCP: margin, INP: margin })),
});
export type NewExperiment = z.infer<typeof newExperimentSchema>;

/**
 * A rollout's defaults: its steps in percent of visitors (the last is 100: reaching it is the promote), how long
 * each step is held at least, and how many new visitors of the candidate each step waits for at least.
 */
export const rolloutDefaults = { steps: [5, 25, 50, 100], holdMinutes: 60, stepVisitors: 50 } as const;
export const rolloutLimits = {
  steps: { min: 2, max: 10 },
  holdMinutes: { min: 1, max: 7 * 24 * 60 },
  stepVisitors: { min: 0, max: 1_000_000 },
} as const;

const steps = z
  .array(z.number().check(z.int('Whole percents.'), z.gte(1, 'At least 1 %.'), z.lte(100, 'At most 100 %.')))
  .check(
    z.minLength(rolloutLimits.steps.min, `At least ${rolloutLimits.steps.min} steps.`),
    z.maxLength(rolloutLimits.steps.max, `At most ${rolloutLimits.steps.max} steps.`),
    z.refine(
      (values) => values.every((value, i) => i === 0 || value > (values[i - 1] ?? 0)),
      'Each step above the one before.',
    ),
    z.refine((values) => values.at(-1) === 100, 'The last step is 100 %.'),
  );

/** What a rollout may be given besides its release (the token's call carries the release in its path). */
export const rolloutSettingsSchema = z.strictObject({
  steps: z.optional(steps),
  holdMinutes: z.optional(
    z
      .number()
      .check(
        z.int('Whole minutes.'),
        z.gte(rolloutLimits.holdMinutes.min, `At least ${rolloutLimits.holdMinutes.min} minute.`),
        z.lte(rolloutLimits.holdMinutes.max, 'At most a week.'),
      ),
  ),
  stepVisitors: z.optional(
    z
      .number()
      .check(
        z.int('Whole visitors.'),
        z.gte(rolloutLimits.stepVisitors.min, 'Not below 0.'),
        z.lte(rolloutLimits.stepVisitors.max, 'Too many.'),
      ),
  ),
  marginsMs: z.optional(z.strictObject({ LCP: margin, INP: margin })),
});
export type RolloutSettings = z.infer<typeof rolloutSettingsSchema>;

export const newRolloutSchema = z.extend(rolloutSettingsSchema, {
  releaseId: z.string('Pick a release.').check(z.regex(releaseIdPattern, 'Pick one of the section’s releases.')),
});
export type NewRollout = z.infer<typeof newRolloutSchema>;

/** A rollout's schedule and where it stands. */
export interface Rollout {
  /** percent of visitors per step, rising, the last 100 */
  steps: number[];
  /** the step running now: an index into steps (the experiment's share is steps[step]) */
  step: number;
  holdMinutes: number;
  stepVisitors: number;
  stepStartedAt: string;
  /** the candidate's new visitors at this step's share (the server's count of first pages, stored every second) */
  visitorsThisStep: number;
  /**
   * the earliest the next step may begin (its hold over; the time paused does not count); null while paused, at the
   * last step (its promote under way) or once ended
   */
  nextStepAt: string | null;
  /** when the owner paused it; null while it runs */
  pausedAt: string | null;
}

export const shareChangeSchema = z.strictObject({ share });
export type ShareChange = z.infer<typeof shareChangeSchema>;

/**
 * How an experiment or a rollout ends: 'ended' (the owner, or its live release changed), 'promoted' (its candidate
 * went live), 'stopped' (an experiment, by the guard), 'rolled back' (a rollout, by the owner or the guard).
 */
export type EndKind = 'ended' | 'promoted' | 'stopped' | 'rolled back';

/** An end as `Experiment.endReason` keeps it: its kind, then ': <why>' when there is one. The one writer. */
export const endReasonOf = (kind: EndKind, why?: string | null): string => (why ? `${kind}: ${why}` : kind);

/** An `endReason` read back: its kind and its why (null when none). The one reader. */
export function endOf(endReason: string): { kind: EndKind; why: string | null } {
  const [, kind, why] = /^(ended|promoted|stopped|rolled back)(?:: (.*))?$/s.exec(endReason) ?? [];
  return kind ? { kind: kind as EndKind, why: why ?? null } : { kind: 'ended', why: endReason };
}

export interface Experiment {
  id: number;
  section: RemoteName;
  candidateReleaseId: string;
  candidateUrl: string;
  /** the live URL when it started: the other variant */
  liveUrl: string;
  /** percent of visitors on the candidate */
  share: number;
  minVisitors: number;
  marginsMs: Record<'LCP' | 'INP', number>;
  startedAt: string;
  endedAt: string | null;
  /**
   * how it ended (endReasonOf, read with endOf): 'ended', 'promoted' or 'stopped: <why>' (a rollout: 'rolled back'
   * by the owner, 'rolled back: <why>' by the guard, 'promoted' after its steps); null while it runs
   */
  endReason: string | null;
  /**
   * the guard's last word on a sample ratio mismatch ("the candidate gets 31 % of measured visits but was
   * assigned 50 %: ..."): while there is one, nothing advances or promotes by itself; null: none
   */
  mismatch: string | null;
  /** a rollout's schedule; null for an experiment with a fixed share */
  rollout: Rollout | null;
  /** who started it: 'the owner' or 'token "<name>"' */
  startedBy: string;
}

/** A rate with its 95 % Wilson interval. */
export interface RateFigure {
  events: number;
  visitors: number;
  rate: number | null;
  low: number | null;
  high: number | null;
}

export interface P75Figure {
  value: number;
  low: number;
  high: number;
  count: number;
}

export interface VariantResults {
  /** the release id its beacons carry */
  build: string;
  /** page views of the section's routes (no cookie or visitor id is used for measuring) */
  visitors: number;
  p75: Record<VitalName, P75Figure | null>;
  errors: RateFigure;
  conversions: Record<ConversionName, RateFigure>;
}

/** One hour of both variants, for the charts. */
export interface ResultsHour {
  hour: string;
  live: HourFigures;
  candidate: HourFigures;
}
export interface HourFigures {
  visitors: number;
  errors: number;
  p75: Record<VitalName, number | null>;
}

/** One guardrail as the guard read it (api/src/experiments/guard.ts), counted per visitor. */
export interface GuardrailFigures {
  /** the e-value: how many times likelier the counts are if the candidate is worse than if it is not */
  evidence: number;
  /** the e-value at which the guard stops the experiment */
  needed: number;
  /** per variant: visitors who met it (an error; a value above the common p75) and visitors counted */
  live: { events: number; visitors: number };
  candidate: { events: number; visitors: number };
  /** vitals: each variant's p75 over its visitors (ms) and both variants' p75, which "above" is counted against */
  p75?: { live: number | null; candidate: number | null; both: number | null };
}

/** The guard's view of an experiment: each visitor counted once, on their first page of it. */
export interface GuardFigures {
  /** visitors per variant as the server sent their first page (its own record, whatever the beacons did) */
  served: { live: number; candidate: number };
  /** the candidate's share of visitors whose measurements came, and the share it was assigned */
  measuredShare: number | null;
  assignedShare: number | null;
  /** a sample ratio mismatch in plain words, or null */
  mismatch: string | null;
  guardrails: Record<'errors' | 'LCP' | 'INP', GuardrailFigures>;
}

export interface ExperimentResults {
  experiment: Experiment;
  live: VariantResults;
  candidate: VariantResults;
  guard: GuardFigures;
  /** in plain words (experiment-verdicts.ts) */
  verdicts: { errors: string; conversions: Record<ConversionName, string> };
  hours: ResultsHour[];
}
