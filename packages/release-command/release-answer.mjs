// @ts-check
/** What the command prints of the site's answers: each check on a line, and refusals in words that say what to do. */

const marks = /** @type {const} */ ({ passed: 'passed ', failed: 'FAILED ', skipped: 'skipped' });

/**
 * @param {Array<{ name: string, outcome: 'passed' | 'failed' | 'skipped', detail: string }>} checks
 * @returns {string[]}
 */
export const checkLines = (checks) =>
  checks.map((check) => `  ${marks[check.outcome] ?? check.outcome}  ${check.name}: ${check.detail}`);

/**
 * What a started rollout is (contracts: experiments.ts Experiment): its step and share, when the next may begin.
 * @param {{ share: number, rollout: { steps: number[], step: number, holdMinutes: number, stepVisitors: number,
 *   nextStepAt: string | null } | null }} experiment
 * @returns {string[]}
 */
export function rolloutLines({ share, rollout }) {
  if (!rollout) return [`Rollout started: ${share} % of visitors get the release.`];
  const { steps, step, holdMinutes, stepVisitors, nextStepAt } = rollout;
  return [
    `Rollout started: step ${step + 1} of ${steps.length}, ${share} % of visitors get the release (steps ` +
      `${steps.join(', ')} %).`,
    `The next step may begin at ${nextStepAt ?? 'the owner’s word'}, once ${stepVisitors} new visitors got the ` +
      `release in this step (each step is held ${holdMinutes} min at least); the site's guard rolls it back on harm ` +
      'and promotes it when its next step would be 100 %.',
  ];
}

/**
 * The lines for an answer that is not a success, in the order a developer reads them: what happened, why,
 * what to do.
 * @param {import('./release-client.mjs').SiteAnswer} answer
 * @param {{ label: string, site: URL }} context
 * @returns {string[]}
 */
export function refusalLines({ status, body }, { label, site }) {
  const message = typeof body?.message === 'string' ? body.message.replace(/\.+$/, '') : null;
  switch (status) {
    case 0:
      return [`Could not reach ${site.origin}${message ? ` (${message})` : ''}. Check --site and the connection.`];
    case 401:
      return [
        `The site refused the token (401${message ? `: ${message}` : ''}): it is unknown to ${site.origin} or was revoked.`,
        "Ask the site's owner for a new deploy token of this section and set it in SECTION_TOKEN.",
      ];
    case 403:
      return [
        `The token may not do this (403${message ? `: ${message}` : ''}).`,
        /may not promote/.test(message ?? '')
          ? 'Ask the owner for a deploy token marked "may promote", or for the owner to start the rollout.'
          : `A deploy token works for one section only: use a token made for the ${label}, or ask the owner for one.`,
      ];
    case 408:
      return [
        `The site stopped waiting for the upload (408${message ? `: ${message}` : ''}).`,
        'Release again from a faster connection, or ask the owner to allow more time (RELEASE_BODY_MS).',
      ];
    case 413:
      // the archive over the size limit, or the token's kept releases over its quota: the message says which
      return [`The site took no more (413): ${message ?? 'the release is too big for the site'}.`];
    case 429:
      return [`The site is busy with other uploads (429${message ? `: ${message}` : ''}). Release again shortly.`];
    case 422: {
      const checks = Array.isArray(body?.checks) ? body.checks : [];
      const failed = checks.filter((/** @type {{ outcome: string }} */ check) => check.outcome === 'failed');
      return [
        `The site refused the release (422): ${message ?? 'it did not pass the checks'}. Nothing changed on the site.`,
        ...checkLines(failed.length > 0 ? failed : checks),
      ];
    }
    default:
      return [`The site answered ${status}${message ? `: ${message}` : ''}.`];
  }
}
