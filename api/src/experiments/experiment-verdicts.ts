import { chanceLower, type Proportion } from './experiment-statistics.js';

const percent = (value: number) => `${Math.round(value * 100)} %`;

/** The comparison of error rates in plain words, or how many visits are still needed. */
export function errorVerdict(live: Proportion, candidate: Proportion, minVisitors: number): string {
  const fewest = Math.min(live.visitors, candidate.visitors);
  if (fewest < minVisitors) return `not enough visits yet: ${fewest} of the ${minVisitors} needed`;
  const fewer = chanceLower(live, candidate);
  return fewer >= 0.5
    ? `the candidate has fewer errors with ${percent(fewer)} probability`
    : `the candidate has more errors with ${percent(1 - fewer)} probability`;
}
