import { shareLimits } from '@portfolio/contracts/experiments';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { experimentApi } from './experiment-api';
import { actionResult, type ActionResult } from './owner-calls';

const experimentIntents = ['start-experiment', 'change-share', 'end-experiment', 'promote-candidate'] as const;
export type ExperimentIntent = (typeof experimentIntents)[number];

export const isExperimentIntent = (intent: string): intent is ExperimentIntent =>
  (experimentIntents as readonly string[]).includes(intent);

/** The share as typed, or null when it is no whole number from 1 to 50. */
function shareOf(text: string): number | null {
  const share = Number(text.trim());
  return /^\d+$/.test(text.trim()) && share >= shareLimits.min && share <= shareLimits.max ? share : null;
}

/** The sections page's action for an experiment's buttons (experiment-panel.tsx). */
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
  if (!Number.isSafeInteger(id)) return refuse('Unknown experiment.');
  const calls: Record<Exclude<ExperimentIntent, 'start-experiment'>, () => Promise<unknown>> = {
    'change-share': () => experimentApi.changeShare(id, share ?? 0),
    'end-experiment': () => experimentApi.end(id),
    'promote-candidate': () => experimentApi.promote(id),
  };
  return actionResult(intent, calls[intent]);
}
