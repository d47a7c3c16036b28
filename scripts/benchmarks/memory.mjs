#!/usr/bin/env node
// `npm run bench:memory`: the memory of the site as `npm start` serves it on the embedded database, on this
// machine. A benchmark, not a test: it prints the figures docs/performance.md quotes. Loopback only, bounded
// in count and time; it stops by itself. Build first (`npm run build`).
//   --renders=N   renders of pages no one asked before, each a path of its own (default 20000, at most 100000)
//   --seconds=N   the `GET /` throughput run (default 10)
//   --idle=N      seconds without a request at the end, for the renderers that rendered to be renewed (default 90;
//                 0 skips it)
// Memory is that of every process `npm start` runs (npm's own process aside): the server and its renderer
// processes (one per section build, kept ready for the live builds), as process-memory.mjs measures it (`charged`:
// what a container's memory limit charges the tree).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { serverRendered, sitemapPaths } from '../../e2e/support/server-rendered.mjs';
import { numberOption } from './number-option.mjs';
import { settledMemory, treeMemory } from './process-memory.mjs';
import { loadAverage, log, requireBuild, sleep, startSite, stopAfter, stopSite, waitUntilUp } from './site-process.mjs';

const renders = numberOption('renders', 20_000, 100_000);
const seconds = numberOption('seconds', 10, 120);
const idleSeconds = numberOption('idle', 90, 300, 0);
const port = Number(process.env.BENCH_PORT ?? 4450);
const origin = `http://127.0.0.1:${port}`;
/** renders in flight at once: enough to keep the renderers busy, few enough not to queue for long */
const inFlight = 10;
/** the whole run ends by this time, whatever happens */
const startedAt = Date.now();
const deadline = startedAt + 20 * 60_000;

requireBuild('bench:memory');

/** The site's pages, as its sitemap lists them, on this server's origin, and a mistyped path. */
async function sitePaths() {
  return [...new Set([...(await sitemapPaths(origin)), '/no-such-page'])];
}

/** Each route's first answer (a visitor's, a crawler's): whether it was the server's page, and how long it took. */
async function firstAnswers(paths) {
  const answers = [];
  for (const page of paths) {
    const started = Date.now();
    const html = await (await fetch(`${origin}${page}`)).text();
    answers.push(`${page} ${Date.now() - started} ms${serverRendered(html) ? '' : " (NOT the server's page)"}`);
  }
  return answers.join(', ');
}

/**
 * `total` pages no one asked for before, `inFlight` at a time: a path of its own under each route (a 404, rendered by
 * that route's renderer; query strings no longer make pages, and such pages are not kept). The peaks while it ran.
 */
async function uncachedRenders(root, paths, total) {
  let next = 0;
  let failed = 0;
  const peak = { rss: 0, charged: 0 };
  const sampler = setInterval(() => {
    const now = treeMemory(root);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.charged = Math.max(peak.charged, now.charged);
  }, 1000);
  const started = Date.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < total && Date.now() < deadline) {
        const index = next++;
        const page = `${paths[index % paths.length].replace(/\/$/, '')}/bench-${index}`;
        try {
          const response = await fetch(`${origin}${page}`, { headers: { 'Accept-Encoding': 'gzip' } });
          await response.arrayBuffer();
          if (response.status !== 404) failed += 1;
        } catch {
          failed += 1;
        }
      }
    }),
  );
  clearInterval(sampler);
  return { done: next, failed, seconds: (Date.now() - started) / 1000, peak };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portfolio-bench-memory-'));
const rows = [];
const record = (stage, memory, note = '') => {
  rows.push({ stage, ...memory, load: loadAverage(), note });
  log(
    `${stage}: charged ${memory.charged} MB, RSS ${memory.rss} MB, PSS ${memory.pss} MB ` +
      `(RSS/anonymous: ${memory.processes.join(', ')}; load ${loadAverage()})`,
  );
};
let site;
const cancelStop = stopAfter('bench:memory', startedAt, 20, () => site);
let throughput;
try {
  log(`first start, empty DATA_DIR (${dataDir})`);
  site = startSite({ port, dataDir });
  const firstUp = await waitUntilUp(site);
  record('first start, empty data folder', await settledMemory(site.child.pid), `up in ${firstUp.toFixed(1)} s`);
  await stopSite(site);

  log('restart on the same DATA_DIR');
  site = startSite({ port, dataDir });
  const up = await waitUntilUp(site);
  record('restart', await settledMemory(site.child.pid), `up in ${up.toFixed(1)} s`);

  const paths = await sitePaths();
  // the renderers were started with the server, and the sitemap's pages rendered ahead
  const answers = await firstAnswers(paths);
  record(
    "each route's first answer",
    await settledMemory(site.child.pid),
    `${paths.length} routes, each the server's page, first answers in: ${answers}`,
  );

  log(`${renders} uncached renders, ${inFlight} in flight`);
  const run = await uncachedRenders(site.child.pid, paths, renders);
  record(
    `${run.done} uncached renders`,
    await settledMemory(site.child.pid),
    `${Math.round(run.done / run.seconds)}/s, ${run.failed} failed, peak charged ${run.peak.charged} MB, RSS ${run.peak.rss} MB`,
  );

  log(`GET / from the page cache: 50 connections, ${seconds} s`);
  const result = await autocannon({
    url: `${origin}/`,
    connections: 50,
    duration: seconds,
    headers: { 'Accept-Encoding': 'gzip' },
  });
  throughput = { result, load: loadAverage() };
  record(`after ${seconds} s of GET /`, await settledMemory(site.child.pid, 2));
  if (idleSeconds > 0) {
    log(`${idleSeconds} s without a request: the renderers that rendered are renewed (RENDERER_IDLE_MS, 60 s)`);
    await sleep(idleSeconds * 1000);
    record(`idle ${idleSeconds} s`, await settledMemory(site.child.pid));
  }
} finally {
  cancelStop();
  if (site) await stopSite(site);
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\n| stage (bench:memory, npm start, embedded database) | charged MB | RSS MB | PSS MB | threads | load avg | note |`,
);
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.stage} | ${row.charged} | ${row.rss} | ${row.pss} | ${row.threads} | ${row.load} | ${row.note} |`,
  );
}
const { result, load } = throughput;
console.log(
  `\nGET / from the page cache (autocannon, 50 connections, ${seconds} s, gzip): ${Math.round(result.requests.average)} requests/s, ` +
    `p50 / p99 ${result.latency.p50} / ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors + result.timeouts} (load avg ${load})`,
);
