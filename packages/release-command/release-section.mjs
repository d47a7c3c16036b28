// @ts-check
/**
 * `npm run release -w mf-<section> -- --site <URL> [--note <text>] [--rollout]`, the token in SECTION_TOKEN:
 * type-checks the section, builds it into a temporary folder, packs and uploads it, prints the site's checks, proves
 * in headless Chromium that its pages hydrate, reports that to the site and prints the preview link; with
 * --rollout, then starts a rollout of it (a token that may promote) and prints its step and share. No prompt: CI
 * runs it as a developer does. Exit 0 only when the site took the release, every check passed and, with --rollout,
 * the rollout started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { remoteByName, remoteNames } from '@portfolio/parts';
import { browserCheckReport, checkHydration } from '@portfolio/hydration-check';
import { releasePath } from '@portfolio/contracts/section-releases';
import { parseReleaseArguments, UsageError } from './release-arguments.mjs';
import { packRelease } from './release-archive.mjs';
import { buildContracts, buildInto, contractsBuilt, typeCheck } from './release-build.mjs';
import { listReleases, reportBrowserCheck, startRollout, uploadRelease } from './release-client.mjs';
import { checkLines, refusalLines, rolloutLines } from './release-answer.mjs';
import { pagesToCheck } from './release-pages.mjs';

/** @param {number} started */
const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;
/** @param {number} bytes */
const size = (bytes) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1048576).toFixed(1)} MB`;

/**
 * @param {object} options
 * @param {string} options.sectionName  the section's name in packages/parts
 * @param {string} options.sectionDir   its workspace folder (where npm runs the script)
 * @param {string[]} options.args
 * @param {Record<string, string | undefined>} options.env
 * @param {(line: string) => void} [options.log]
 * @returns {Promise<number>} the exit code
 */
export async function releaseSection({ sectionName, sectionDir, args, env, log = console.log }) {
  const started = Date.now();
  const code = await release({ sectionName, sectionDir, args, env, log, started });
  if (code !== 0) log(`Stopped after ${seconds(started)}: the release is not on the site, or not ready to promote.`);
  return code;
}

/** @param {Parameters<typeof releaseSection>[0] & { log: (line: string) => void, started: number }} options */
async function release({ sectionName, sectionDir, args, env, log, started }) {
  if (!remoteNames.includes(/** @type {any} */ (sectionName))) {
    log(`"${sectionName}" is not a section of this site (${remoteNames.join(', ')}).`);
    return 2;
  }
  const remote = remoteByName(/** @type {import('@portfolio/parts').RemoteName} */ (sectionName));
  let options;
  try {
    options = parseReleaseArguments(args, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(error.message);
    return 2;
  }
  const { site, note, token, chromiumPath, rollout } = options;
  log(`Releasing the ${remote.label} (${remote.folder}) to ${site.origin}`);

  /** @param {string} what @param {() => Promise<{ ok: boolean, output: string }>} step */
  const step = async (what, step) => {
    const stepStarted = Date.now();
    const result = await step();
    if (result.ok) log(`${what}: done in ${seconds(stepStarted)}`);
    else log(`${what} failed after ${seconds(stepStarted)}:\n${result.output.trim()}`);
    return result.ok;
  };
  /** @param {Error} error */
  const unreachable = (error) => ({ status: 0, body: { message: error.message } });
  const access = await listReleases({ site, section: remote.name, token }).catch(unreachable);
  if (access.status !== 200) {
    for (const line of refusalLines(access, { label: remote.label, site })) log(line);
    return 1;
  }
  if (!contractsBuilt() && !(await step('Build of the contracts', buildContracts))) return 1;
  if (!(await step('Type check', () => typeCheck(sectionDir)))) return 1;

  const outDir = mkdtempSync(path.join(tmpdir(), `release-${remote.name}-`));
  try {
    if (!(await step(`Build (into ${outDir}, not dist/)`, () => buildInto(sectionDir, outDir)))) return 1;
    const packed = await packRelease(outDir);
    log(`Packed ${packed.files} files, ${size(packed.unpackedBytes)}: ${size(packed.archive.length)} gzip'd`);

    const uploaded = await uploadRelease({ site, section: remote.name, token, archive: packed.archive, note }).catch(
      unreachable,
    );
    // 201: a new release; 200: the site already had this very build (same content hash), checked again
    if (uploaded.status !== 201 && uploaded.status !== 200) {
      for (const line of refusalLines(uploaded, { label: remote.label, site })) log(line);
      return 1;
    }
    /** @type {import('@portfolio/contracts/section-releases').ReleaseUploaded} */
    const { release, previewUrl, previewExpiresAt } = uploaded.body;
    const uploadedWhat = uploaded.status === 201 ? 'uploaded' : 'was already on the site';
    log(`Release ${release.id} (version ${release.version}) ${uploadedWhat}. The site's checks:`);
    for (const line of checkLines(release.checks)) log(line);

    const pages = pagesToCheck({ remote, previewUrl, sectionDir });
    log(`Browser check: ${pages.length} page(s) in ${chromiumPath}`);
    // each page must load the release's own files: proof the preview applies, and the check is of this release
    const mustLoad = releasePath(remote.name, release.id);
    const checked = await checkHydration({ chromiumPath, urls: pages, mustLoad }).catch(
      (/** @type {Error} */ error) => {
        log(`Chromium could not run (${error.message.split('\n')[0]}). Set CHROMIUM_PATH to a Chromium or Chrome.`);
        return null;
      },
    );
    if (!checked) return 1;
    for (const page of checked.pages) {
      log(`  ${page.errors.length === 0 ? 'passed ' : 'FAILED '}  ${page.path}`);
      for (const error of page.errors) log(`      ${error}`);
    }
    const reported = await reportBrowserCheck({
      site,
      section: remote.name,
      token,
      id: release.id,
      report: browserCheckReport(checked),
    });
    if (!checked.ok || reported.status >= 300) {
      if (reported.status >= 300) for (const line of refusalLines(reported, { label: remote.label, site })) log(line);
      log(`The release failed the browser check: it will not go live. Fix the errors above and release again.`);
      return 1;
    }
    const previewLine = `Preview link (until ${previewExpiresAt}): ${previewUrl}`;
    if (!rollout) {
      log(`Done in ${seconds(started)}. Every check passed; the release is not live until it is promoted.`);
      // the last thing said: the line a developer copies
      log(previewLine);
      return 0;
    }
    log(previewLine);
    const rolling = await startRollout({ site, section: remote.name, token, id: release.id }).catch(unreachable);
    if (rolling.status !== 201) {
      for (const line of refusalLines(rolling, { label: remote.label, site })) log(line);
      log('The release passed its checks and is on the site, but no rollout started.');
      return 1;
    }
    for (const line of rolloutLines(rolling.body)) log(line);
    log(`Done in ${seconds(started)}. Every check passed; the rollout runs on the site.`);
    return 0;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
