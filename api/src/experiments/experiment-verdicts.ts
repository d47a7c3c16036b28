import { chanceLower, type Proportion } from './experiment-statistics.js';

/** A p75 with its 95 % interval and how many measurements it stands on (experiment-statistics.ts). */
export interface QuantileFigure {
  value: number;
  low: number;
  high: number;
  count: number;
}

/** What the guard and the verdicts read of one variant. */
export interface VariantFigures {
  /** visitors, and those of them who met a JavaScript error or a failed section load */
  errors: Proportion;
  p75: Partial<Record<'LCP' | 'INP', QuantileFigure | null>>;
}

/** Set with the experiment: the guard says nothing before `minVisitors` per variant. */
export interface GuardSettings {
  minVisitors: number;
  /** how much worse (ms) a p75 may be, beyond its interval, before the experiment stops */
  marginsMs: Record<'LCP' | 'INP', number>;
}

/** The chance the guard needs before it stops an experiment for errors. */
export const guardConfidence = 0.95;

const percent = (value: number) => `${Math.round(value * 100)} %`;
const ratePercent = ({ events, visitors }: Proportion) =>
  `${visitors === 0 ? 0 : Math.round((events / visitors) * 1000) / 10} %`;

/** The comparison of error rates in plain words, or how many visits are still needed. */
export function errorVerdict(live: Proportion, candidate: Proportion, minVisitors: number): string {
  const fewest = Math.min(live.visitors, candidate.visitors);
  if (fewest < minVisitors) return `not enough visits yet: ${fewest} of the ${minVisitors} needed`;
  const fewer = chanceLower(live, candidate);
  return fewer >= 0.5
    ? `the candidate has fewer errors with ${percent(fewer)} probability`
    : `the candidate has more errors with ${percent(1 - fewer)} probability`;
}

/**
 * Whether the guard stops the experiment, and why in one sentence: the candidate's error rate worse than live's
 * with at least 95 % probability, or its p75 LCP or INP worse by more than the margin beyond both intervals
 * (the candidate's lowest plausible p75 above live's highest plausible one by more than the margin).
 */
export function guardDecision(live: VariantFigures, candidate: VariantFigures, settings: GuardSettings): string | null {
  const enough = (count: number) => count >= settings.minVisitors;
  if (enough(live.errors.visitors) && enough(candidate.errors.visitors)) {
    const worse = chanceLower(candidate.errors, live.errors);
    if (worse >= guardConfidence)
      return (
        `the candidate had more errors than live with ${percent(worse)} probability ` +
        `(${ratePercent(candidate.errors)} of its visitors against ${ratePercent(live.errors)})`
      );
  }
  for (const vital of ['LCP', 'INP'] as const) {
    const [ours, theirs] = [live.p75[vital], candidate.p75[vital]];
    if (!ours || !theirs || !enough(ours.count) || !enough(theirs.count)) continue;
    if (theirs.low - ours.high > settings.marginsMs[vital])
      return (
        `the candidate's p75 ${vital} was ${Math.round(theirs.value)} ms against live's ${Math.round(ours.value)} ms, ` +
        `worse by more than the ${settings.marginsMs[vital]} ms allowed`
      );
  }
  return null;
}
