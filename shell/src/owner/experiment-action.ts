import { newRolloutSchema, shareLimits, type NewRollout } from '@portfolio/contracts/experiments';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { experimentApi } from './experiment-api';
import { actionResult, type ActionResult } from './owner-calls';

const experimentIntents = [
  'start-experiment',
  'change-share',
  'end-experiment',
  'promote-candidate',
  'start-rollout',
  'pause-rollout',
  'resume-rollout',
  'roll-back-rollout',
] as const;
export type ExperimentIntent = (typeof experimentIntents)[number];

/** What each did, said once it has (experiment-panel.tsx, rollout-panel.tsx). */
export const experimentDone: Record<ExperimentIntent, string> = {
  'start-experiment': 'Started: the share of visitors gets the candidate from their next page.',
  'change-share': 'Share changed for visitors not assigned yet; those assigned keep their variant.',
  'end-experiment': 'Ended: every visitor gets the live release again.',
  'promote-candidate': 'Promoted: the candidate is live for every visitor; the experiment has ended.',
  'start-rollout': 'Rollout started: its first step’s share of visitors gets the release from their next page.',
  'pause-rollout': 'Paused: no step begins until you resume; the guard still rolls it back on harm.',
  'resume-rollout': 'Resumed: the next step begins once its hold time and visitors are met.',
  'roll-back-rollout': 'Rolled back: every visitor gets the live release again.',
};

export const isExperimentIntent = (intent: string): intent is ExperimentIntent =>
  (experimentIntents as readonly string[]).includes(intent);

/** The share as typed, or null when it is no whole number from 1 to 50. */
function shareOf(text: string): number | null {
  const share = Number(text.trim());
  return /^\d+$/.test(text.trim()) && share >= shareLimits.min && share <= shareLimits.max ? share : null;
}

/** A rollout form's fields (rollout-panel.tsx), by the name each is submitted under. */
export type RolloutField = 'release' | 'steps' | 'holdMinutes' | 'stepVisitors';
const fieldOf: Record<keyof NewRollout, RolloutField | undefined> = {
  releaseId: 'release',
  steps: 'steps',
  holdMinutes: 'holdMinutes',
  stepVisitors: 'stepVisitors',
  marginsMs: undefined,
};

/**
 * A rollout as the owner typed it, checked by the contract's schema: the rollout, or each field's problem.
 * Steps are percents separated by commas or spaces ("5, 25, 50, 100", a % sign allowed).
 */
export function rolloutOf(
  field: (name: string) => string,
): { ok: true; rollout: NewRollout } | { ok: false; invalid: Partial<Record<RolloutField, string>> } {
  const invalid: Partial<Record<RolloutField, string>> = {};
  const stepsText = field('steps')
    .split(/[\s,;%]+/)
    .filter(Boolean);
  if (stepsText.some((step) => !/^\d+$/.test(step)))
    invalid.steps = 'Give whole percents separated by commas, such as 5, 25, 50, 100.';
  const whole = (name: 'holdMinutes' | 'stepVisitors', words: string) => {
    const text = field(name).trim();
    if (/^\d+$/.test(text)) return Number(text);
    invalid[name] = words;
    return 0;
  };
  const candidate = {
    releaseId: field('release'),
    steps: stepsText.map(Number),
    holdMinutes: whole('holdMinutes', 'Give the hold in whole minutes.'),
    stepVisitors: whole('stepVisitors', 'Give a whole number of visitors (0 for none).'),
  };
  const parsed = newRolloutSchema.safeParse(candidate);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const name = fieldOf[issue.path[0] as keyof NewRollout];
      // a step's own problem names the step ("Step 2: At most 100 %.")
      const message = typeof issue.path[1] === 'number' ? `Step ${issue.path[1] + 1}: ${issue.message}` : issue.message;
      if (name) invalid[name] ??= name === 'release' && !candidate.releaseId ? 'Pick the release first.' : message;
    }
  return Object.keys(invalid).length > 0 || !parsed.success
    ? { ok: false, invalid }
    : { ok: true, rollout: parsed.data };
}

/** The sections page's action for an experiment's and a rollout's buttons (experiment-panel.tsx, rollout-panel.tsx). */
export function experimentAction(
  intent: ExperimentIntent,
  name: RemoteName,
  field: (name: string) => string,
): Promise<ActionResult<ExperimentIntent>> | ActionResult<ExperimentIntent> {
  const id = Number(field('experiment'));
  const share = shareOf(field('share'));
  const refuse = (message: string) => ({ intent, ok: false as const, message, problems: [] });
  if ((intent === 'start-experiment' || intent === 'change-share') && share === null)
    return refuse(`Give a share of visitors from ${shareLimits.min} to ${shareLimits.max} %.`);
  if (intent === 'start-experiment') {
    const release = field('release');
    if (!release) return refuse('Pick the candidate release first.');
    return actionResult(intent, () => experimentApi.start(name, release, share ?? 0));
  }
  if (intent === 'start-rollout') {
    const checked = rolloutOf(field);
    if (!checked.ok)
      return { ...refuse('The rollout did not start: see the fields marked.'), invalid: checked.invalid };
    return actionResult(intent, () => experimentApi.startRollout(name, checked.rollout));
  }
  if (!Number.isSafeInteger(id)) return refuse('Unknown experiment.');
  const calls: Record<Exclude<ExperimentIntent, 'start-experiment' | 'start-rollout'>, () => Promise<unknown>> = {
    'change-share': () => experimentApi.changeShare(id, share ?? 0),
    'end-experiment': () => experimentApi.end(id),
    'promote-candidate': () => experimentApi.promote(id),
    'pause-rollout': () => experimentApi.pause(id),
    'resume-rollout': () => experimentApi.resume(id),
    'roll-back-rollout': () => experimentApi.rollBack(id),
  };
  return actionResult(intent, calls[intent]);
}
