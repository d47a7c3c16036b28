#!/usr/bin/env node
// `npm run bench:cold`: a quiet day of a personal site, as `npm start` serves it on the embedded database, on this
// machine. A benchmark, not a test: it prints the figures docs/performance.md quotes. Loopback only, bounded in count
// and time; it stops by itself. Build first (`npm run build`).
//   --idle-ms=N   the renderers' RENDERER_IDLE_MS for the run (default 2000); every visit comes 2.5 times that
//                 after the one before, so each finds the site as a visit minutes after the last would
// The day: a start and its first visit; every page of the sitemap; links shared with tracking parameters; mistyped
// paths and projects; a release of a section uploaded, then promoted, then rolled back, each followed by a first
// visit; a restart and its first visit. Each answer is checked: the server's whole page (header, footer, the
// section's content, its head; not the template the browser renders alone) with the right status (200, the 'Oops!'
// page as a 404, a redirect of an unknown project to /projects), a canonical link without tracking parameters. It
// prints the share of answers that were, the time to their first byte (p50, p95, slowest), and that of a page
// asked again at once (a kept page).
import { request } from 'node:http';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { packRelease } from '../../packages/release-command/release-archive.mjs';
import { uploadRelease } from '../../packages/release-command/release-client.mjs';
import { repoRoot } from '../parts.mjs';
import { numberOption } from './number-option.mjs';
import { settledMemory } from './process-memory.mjs';
import { loadAverage, log, requireBuild, sleep, startSite, stopAfter, stopSite, waitUntilUp } from './site-process.mjs';

const idleMs = numberOption('idle-ms', 2000, 120_000, 500);
const gapMs = Math.round(idleMs * 2.5);
const port = Number(process.env.BENCH_PORT ?? 4460);
/** the whole run ends by this time, whatever happens */
const startedAt = Date.now();

requireBuild('bench:cold');

/** One visit: the status, headers and body as a browser gets them, and the time to the first byte. */
function visit(origin, pagePath) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // a connection of its own (no keep-alive): a visitor's first request
    const asked = request(`${origin}${pagePath}`, { headers: { 'Accept-Encoding': 'gzip' }, agent: false }, (res) => {
      const ttfbMs = Number(process.hrtime.bigint() - started) / 1e6;
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode, headers: res.headers, html: body.toString('utf8'), ttfbMs });
      });
      res.on('error', reject);
    });
    asked.on('error', reject);
    asked.setTimeout(60_000, () => asked.destroy(new Error(`${pagePath}: no answer within 60 s`)));
    asked.end();
  });
}

const pageDataOf = (html) => {
  const text = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};

/**
 * What is wrong with an answer, or null: `expected` is 200, 404 ('Oops!' in the frame) or a redirect to a path.
 * A whole page: rendered by the server (its body filled in, not for the browser to render), the frame around it.
 */
function problemOf(answer, expected, pagePath) {
  if (typeof expected === 'string') {
    if (answer.status !== 302) return `${answer.status}, not a redirect`;
    return answer.headers.location === expected ? null : `redirected to ${answer.headers.location}`;
  }
  if (answer.status !== expected) return `${answer.status}, not ${expected}`;
  const { html } = answer;
  const data = pageDataOf(html);
  if (html.includes('<!--page-body-->') || !data || data.clientRender) return 'the page for the browser to render';
  if (!html.includes('<header') || !html.includes('<footer')) return 'no header or footer';
  if (expected === 404) return html.includes('Oops!') ? null : "no 'Oops!'";
  if (!html.includes('property="og:title"')) return 'no og:title';
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  const url = canonical ? new URL(canonical) : null;
  const asked = new URL(pagePath, 'http://x');
  if (!url || url.pathname !== asked.pathname || url.search !== '') return `canonical ${canonical}`;
  return null;
}

const answers = [];
/** Visits `pagePath` and records the answer under `what`; `again`: asks once more at once (a kept page). */
async function record(site, what, pagePath, expected, { again = false } = {}) {
  const answer = await visit(site.origin, pagePath);
  const problem = problemOf(answer, expected, pagePath);
  answers.push({ what, pagePath, status: answer.status, ttfbMs: answer.ttfbMs, problem, kept: false });
  log(`${what}: ${pagePath} ${answer.status} in ${answer.ttfbMs.toFixed(0)} ms${problem ? `: ${problem}` : ''}`);
  if (again) {
    const kept = await visit(site.origin, pagePath);
    const keptProblem = problemOf(kept, expected, pagePath);
    answers.push({
      what: `${what}, again`,
      pagePath,
      status: kept.status,
      ttfbMs: kept.ttfbMs,
      problem: keptProblem,
      kept: true,
    });
  }
  return answer;
}

/** A quiet while: longer than the renderers' idle time, as between a personal site's visits. */
const quiet = () => sleep(gapMs);

/** A deploy token of `section` that may promote, made as `npm run section:token` makes one. */
function deployToken(dataDir, section) {
  const made = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'api/dist/live-sections/releases/create-token.js'), section, '--may-promote'],
    { env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' }, encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`the deploy token: ${made.stderr}`);
  return made.stdout.trim().split('\n').at(-1);
}

/** A new release of `folder`'s section: its build with a note of its own, so that its content (and id) differ. */
async function newRelease(section, folder) {
  const copy = mkdtempSync(path.join(tmpdir(), 'portfolio-bench-cold-release-'));
  try {
    cpSync(path.join(repoRoot, folder, 'dist'), copy, { recursive: true });
    writeFileSync(path.join(copy, 'bench-cold.txt'), `a release made at ${new Date().toISOString()}\n`);
    return (await packRelease(copy)).archive;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

async function promote(site, section, token, id) {
  const started = Date.now();
  const response = await fetch(`${site.origin}/api/sections/${section}/releases/${id}/promote`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`promoting ${section} ${id}: ${response.status} ${await response.text()}`);
  return Date.now() - started;
}

const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
const figures = (rows) => {
  const times = rows.map((row) => row.ttfbMs).sort((a, b) => a - b);
  const ms = (value) => `${Math.round(value)} ms`;
  return times.length === 0
    ? 'none'
    : `p50 ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}, slowest ${ms(times.at(-1))}`;
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'portfolio-bench-cold-'));
const env = { RENDERER_IDLE_MS: String(idleMs) };
const loadAtStart = loadAverage();
let site;
let idleMemory;
const cancelStop = stopAfter('bench:cold', startedAt, 30, () => site);
try {
  const token = deployToken(dataDir, 'about');
  log(`a start (RENDERER_IDLE_MS ${idleMs}, visits ${gapMs} ms apart; load ${loadAverage()})`);
  site = startSite({ port, dataDir, env });
  await waitUntilUp(site);
  await record(site, 'the first visit after a start', '/', 200);
  const sitemap = await (await fetch(`${site.origin}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  const project = paths.find((pagePath) => pagePath.startsWith('/projects/project/')) ?? '/projects';

  for (const pagePath of paths) {
    await quiet();
    await record(site, 'a page of the sitemap', pagePath, 200, { again: true });
  }
  const shared = [
    '/about?utm_source=linkedin&utm_medium=social&utm_campaign=profile',
    `${project}?fbclid=IwAR0aBcD3fGhIjK`,
    '/resume?ref=recruiter-mail',
    '/?gclid=Cj0KCQiA',
    '/projects?utm_source=newsletter&mc_cid=4a1b2c&mc_eid=9f8e7d',
    '/about?igshid=MzRlODBiNWFlZA%3D%3D',
    '/resume?msclkid=abc123&trk=public_profile',
    '/projects?someone=added-this',
  ];
  for (const pagePath of shared) {
    await quiet();
    await record(site, 'a shared link', pagePath, 200, { again: true });
  }
  const mistyped = [
    ['/no-such-page', 404],
    ['/about/nothing-here', 404],
    ['/projects/project/999', '/projects'],
    ['/projects/project/not-a-project?utm_source=x', '/projects'],
    ['/resumee', 404],
  ];
  for (const [pagePath, expected] of mistyped) {
    await quiet();
    await record(site, 'a mistyped link', pagePath, expected);
  }

  // a release uploaded now, promoted later: its checks' renderer has long ended by then
  const uploaded = await uploadRelease({
    site: new URL(site.origin),
    section: 'about',
    token,
    archive: await newRelease('about', 'mf-about'),
    note: 'bench:cold',
  });
  if (uploaded.status >= 300) throw new Error(`the upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  const releases = await (
    await fetch(`${site.origin}/api/sections/about/releases`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const before = releases.find((release) => release.id !== uploaded.body.release.id)?.id;
  await quiet();
  log(`promoted in ${await promote(site, 'about', token, uploaded.body.release.id)} ms`);
  const promoted = await record(site, 'the first visit after a promote', '/about', 200);
  if (!promoted.html.includes(`/sections/about/${uploaded.body.release.id}/`))
    answers.at(-1).problem ??= 'not the promoted release';
  await quiet();
  if (before) {
    log(`rolled back in ${await promote(site, 'about', token, before)} ms`);
    await record(site, 'the first visit after a roll back', '/about?utm_source=linkedin', 200);
    await quiet();
  }

  log('a restart');
  await stopSite(site);
  site = startSite({ port, dataDir, env });
  await waitUntilUp(site);
  await record(site, 'the first visit after a restart', '/about?utm_source=twitter', 200);
  await quiet();
  await record(site, 'after a quiet while', '/projects?gclid=abc', 200);
  await quiet();
  idleMemory = await settledMemory(site.child.pid, 3);
} finally {
  cancelStop();
  if (site) await stopSite(site);
  rmSync(dataDir, { recursive: true, force: true });
}

console.log("\n| visit | path | status | time to first byte | the server's whole page with the right status |");
console.log('|---|---|---|---|---|');
for (const row of answers)
  console.log(
    `| ${row.what} | \`${row.pagePath}\` | ${row.status} | ${Math.round(row.ttfbMs)} ms | ${row.problem ? `**no**: ${row.problem}` : 'yes'} |`,
  );
const first = answers.filter((row) => !row.kept);
const whole = answers.filter((row) => !row.problem).length;
console.log(
  `\nThe server's whole page with the right status: ${whole} of ${answers.length} answers (${Math.round((100 * whole) / answers.length)} %)`,
);
console.log(`Time to first byte, first visits after a quiet while (${first.length}): ${figures(first)}`);
const starting = (row) => /after a (re)?start/.test(row.what);
console.log(
  `  of which the first visits while the server starts (${first.filter(starting).length}): ${figures(first.filter(starting))}; the others (${first.filter((row) => !starting(row)).length}): ${figures(first.filter((row) => !starting(row)))}`,
);
console.log(
  `Time to first byte, a page asked again at once (${answers.length - first.length}): ${figures(answers.filter((row) => row.kept))}`,
);
console.log(
  `The server's process tree at the end, after a quiet while: ${idleMemory.charged} MB charged (RSS/anonymous: ${idleMemory.processes.join(', ')})`,
);
console.log(
  `RENDERER_IDLE_MS ${idleMs}, visits ${gapMs} ms apart; load average ${loadAtStart} at the start, ${loadAverage()} at the end`,
);
