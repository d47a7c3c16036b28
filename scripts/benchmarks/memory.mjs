#!/usr/bin/env node
// `npm run bench:memory`: the memory of the site as `npm start` serves it on the embedded database, on this
// machine. A benchmark, not a test: it prints the figures docs/performance.md quotes. Loopback only, bounded
// in count and time; it stops by itself. Build first (`npm run build`).
//   --renders=N   uncached page renders, each with a query string of its own (default 20000, at most 100000)
//   --seconds=N   the `GET /` throughput run (default 10)
//   --idle=N      seconds to wait at the end for the renderer processes to end unused (default 75; 0 skips it)
// Memory is that of every process `npm start` runs (npm's own process aside), the server and its renderer
// processes (one per section build, started on demand): `charged`, what a container's memory limit (a memory
// cgroup) charges the tree: each process's own pages and page tables, and the pages of a file they all map (the
// node binary) once; RSS summed, which counts those shared pages once per process; and PSS, which splits them
// between the processes mapping them (other node processes on the machine included).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { serverRendered, sitemapPaths } from '../../e2e/support/server-rendered.mjs';
import { numberOption } from './number-option.mjs';
import { settledMemory, treeMemory } from './process-memory.mjs';
import { killSite, loadAverage, log, requireBuild, sleep, startSite, stopSite, waitUntilUp } from './site-process.mjs';

const renders = numberOption('renders', 20_000, 100_000);
const seconds = numberOption('seconds', 10, 120);
const idleSeconds = numberOption('idle', 75, 300, 0);
const port = Number(process.env.BENCH_PORT ?? 4450);
const origin = `http://127.0.0.1:${port}`;
/** renders in flight at once: enough to keep the render worker busy, few enough not to queue for long */
const inFlight = 10;
/** the whole run ends by this time, whatever happens */
const deadline = Date.now() + 20 * 60_000;

requireBuild('bench:memory');

/** The site's pages, as its sitemap lists them, on this server's origin. */
async function sitePaths() {
  return [...new Set([...(await sitemapPaths(origin)), '/owner/login', '/no-such-page'])];
}

/**
 * Each route asked for (a query string of its own) until the server renders it: how long after its first
 * request (which started its section's renderer) the first server-rendered answer came, per path.
 */
async function firstServerRenders(paths) {
  const times = [];
  for (const page of paths.filter((candidate) => !candidate.startsWith('/owner'))) {
    const started = Date.now();
    let tries = 0;
    while (Date.now() < started + 30_000) {
      tries += 1;
      const html = await (await fetch(`${origin}${page}?first-render=${tries}`)).text();
      if (serverRendered(html)) break;
      await sleep(50);
    }
    times.push(`${page} ${Date.now() - started} ms`);
  }
  return times.join(', ');
}

/** `total` pages rendered afresh (a query string each), `inFlight` at a time; the peaks while it ran. */
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
        const page = `${paths[index % paths.length]}?bench=${index}`;
        try {
          const response = await fetch(`${origin}${page}`, { headers: { 'Accept-Encoding': 'gzip' } });
          await response.arrayBuffer();
          if (response.status >= 500) failed += 1;
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
const watchdog = setTimeout(() => {
  console.error('bench:memory: still running after 20 minutes, stopping');
  killSite(site);
  process.exit(1);
}, deadline - Date.now());
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
  // a route's first request starts its section's renderer and gets the page the browser renders
  const firstRenders = await firstServerRenders(paths);
  record(
    'each route rendered on the server',
    await settledMemory(site.child.pid),
    `${paths.length} routes; first request to first page rendered on the server: ${firstRenders}`,
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
    log(`${idleSeconds} s without a request: the renderers end unused`);
    await sleep(idleSeconds * 1000);
    record(`idle ${idleSeconds} s`, await settledMemory(site.child.pid));
  }
} finally {
  clearTimeout(watchdog);
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
