import type { Rollout } from '@portfolio/contracts/experiments';

/** What a rollout's schedule is made of, as stored (Rollout without what is read or worked out from it). */
export type RolloutSchedule = Pick<
  Rollout,
  'steps' | 'step' | 'holdMinutes' | 'stepVisitors' | 'stepStartedAt' | 'pausedAt'
>;

/** What the guard knows of a rollout when it looks. */
export interface RolloutLook {
  schedule: RolloutSchedule;
  now: Date;
  /** how long a hold minute is (ROLLOUT_MINUTE_MS: 60000, shorter in tests) */
  minuteMs: number;
  /** the candidate's new visitors at this step's share (experiment_served) */
  visitorsThisStep: number;
  /** the guard's word on a sample ratio mismatch, or null */
  mismatch: string | null;
  /** why the guard stops it (a guardrail found harm), or null */
  stop: string | null;
}

export type RolloutDecision =
  | { kind: 'roll back'; why: string }
  | { kind: 'hold'; why: string }
  /** the next step begins: `step` is its index, `share` its percent */
  | { kind: 'advance'; step: number; share: number }
  /** the next step is the last (100 %): reaching it is the promote */
  | { kind: 'promote'; step: number };

/** The earliest the step running may end: its start plus its hold (the time paused never counts: see resume). */
export const holdEndOf = (schedule: RolloutSchedule, minuteMs: number): Date =>
  new Date(Date.parse(schedule.stepStartedAt) + schedule.holdMinutes * minuteMs);

/**
 * The guard's decision on a rollout at one look: harm rolls it back (paused or not); a pause, a sample ratio
 * mismatch, a hold not over yet or too few of the candidate's new visitors in this step hold it; otherwise the
 * next step begins, and when the next step is the last (100 %), that is the promote: the last step is never held
 * (docs/decisions). A rollout found at its last step (its promote decided, not done: a replica stopped between)
 * is promoted again.
 */
export function rolloutDecision(look: RolloutLook): RolloutDecision {
  const { schedule } = look;
  if (look.stop) return { kind: 'roll back', why: look.stop };
  if (schedule.pausedAt) return { kind: 'hold', why: 'paused by the owner' };
  const last = schedule.steps.length - 1;
  if (schedule.step >= last) return { kind: 'promote', step: last };
  if (look.mismatch) return { kind: 'hold', why: look.mismatch };
  const holdEnd = holdEndOf(schedule, look.minuteMs);
  if (look.now < holdEnd) return { kind: 'hold', why: `held until ${holdEnd.toISOString()}` };
  if (look.visitorsThisStep < schedule.stepVisitors)
    return {
      kind: 'hold',
      why: `${look.visitorsThisStep} of the ${schedule.stepVisitors} new visitors this step waits for`,
    };
  const next = schedule.step + 1;
  if (next === last) return { kind: 'promote', step: next };
  return { kind: 'advance', step: next, share: schedule.steps[next] ?? 100 };
}

/** "step 2 of 4: 25 %" */
export const stepWords = (steps: readonly number[], step: number): string =>
  `step ${step + 1} of ${steps.length}: ${steps[step] ?? 100} %`;
