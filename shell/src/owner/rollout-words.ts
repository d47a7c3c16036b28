import { endOf, type Experiment, type Rollout } from '@portfolio/contracts/experiments';

/** A rollout's state in the owner's words, for its card (rollout-panel.tsx) and the results page. */

/** "Step 2 of 4: 25 % of visitors" */
export const stepText = (rollout: Rollout) =>
  `Step ${rollout.step + 1} of ${rollout.steps.length}: ${rollout.steps[rollout.step] ?? 0} % of visitors`;

/** The next step in words: "step 3 (50 %)", or the promote that reaching 100 % is. */
export function nextStepText(rollout: Rollout): string {
  const next = rollout.steps[rollout.step + 1];
  if (next === undefined) return 'none';
  return next === 100 ? 'promote (100 % of visitors)' : `step ${rollout.step + 2} (${next} % of visitors)`;
}

/** How an ended rollout ended: "Rolled back: <why> (at step 1 of 4, 5 % of visitors)", "Promoted after 4 steps". */
export function rolloutEndText(experiment: Experiment & { rollout: Rollout }): string {
  const { rollout } = experiment;
  const { kind, why } = endOf(experiment.endReason ?? 'ended');
  const at = `at step ${rollout.step + 1} of ${rollout.steps.length}, ${rollout.steps[rollout.step] ?? 0} % of visitors`;
  // reaching the last step (100 %) is the promote: the rollout ends at it, or at the one before
  if (kind === 'promoted')
    return rollout.step >= rollout.steps.length - 2
      ? `Promoted after ${rollout.steps.length} steps`
      : `Promoted by the owner (${at})`;
  const words = { 'rolled back': 'Rolled back', stopped: 'Stopped', ended: 'Ended' }[kind];
  return `${words}: ${why ?? (kind === 'rolled back' ? 'by the owner' : 'ended')} (${at})`;
}
