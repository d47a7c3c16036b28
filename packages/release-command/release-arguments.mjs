// @ts-check
/**
 * What `npm run release -w mf-<section> -- --site <URL> [--note <text>] [--rollout]` was given, or why it cannot
 * start.
 */
import { defaultChromiumPath } from '@portfolio/hydration-check';

/** Longest note the site keeps (contracts: releaseArchiveLimits.maxNoteLength). */
const maxNoteLength = 500;

/** A mistake in how the command was called: the message says what to do. */
export class UsageError extends Error {}

const usage =
  'Usage: SECTION_TOKEN=<token> npm run release -w mf-<section> -- --site <URL> [--note <text>] [--rollout]';

/**
 * @param {string[]} args   the arguments after `--`
 * @param {Record<string, string | undefined>} env
 * @returns {{ site: URL, note: string | null, token: string, chromiumPath: string, rollout: boolean }}
 */
export function parseReleaseArguments(args, env) {
  /** @type {Record<string, string>} */
  const options = {};
  let rollout = false;
  for (let index = 0; index < args.length; index += 1) {
    // --rollout: once every check passes, a rollout of the release starts (a token that may promote)
    if (args[index] === '--rollout') {
      rollout = true;
      continue;
    }
    const [flag, inline] = args[index].split(/=(.*)/s, 2);
    if (flag !== '--site' && flag !== '--note') throw new UsageError(`Unknown argument "${args[index]}".\n${usage}`);
    const value = inline ?? args[(index += 1)];
    if (value === undefined || value === '') throw new UsageError(`${flag} needs a value.\n${usage}`);
    options[flag.slice(2)] = value;
  }
  if (!options.site) throw new UsageError(`Name the site to release to with --site <URL>.\n${usage}`);
  let site;
  try {
    site = new URL(options.site);
  } catch {
    throw new UsageError(`--site "${options.site}" is not a URL (for example https://example.com).`);
  }
  if (site.protocol !== 'https:' && site.protocol !== 'http:')
    throw new UsageError(`--site must be an http or https URL, not ${site.protocol}`);
  const note = options.note?.trim() || null;
  if (note && note.length > maxNoteLength)
    throw new UsageError(`--note is ${note.length} characters; the site keeps at most ${maxNoteLength}.`);
  const token = env.SECTION_TOKEN?.trim();
  if (!token)
    throw new UsageError(
      "SECTION_TOKEN is not set. Ask the site's owner for a deploy token for this section (owner's area, \"Deploy " +
        'tokens", or `npm run section:token -- <section>` on the server) and set it in the environment:\n' +
        usage,
    );
  return { site, note, token, chromiumPath: env.CHROMIUM_PATH || defaultChromiumPath, rollout };
}
