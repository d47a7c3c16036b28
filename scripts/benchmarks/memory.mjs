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
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { repoRoot } from '../parts.mjs';
import { serverRendered, sitemapPaths } from '../../e2e/support/server-rendered.mjs';
import { numberOption } from './number-option.mjs';

const renders = numberOption('renders', 20_000, 100_000);
const seconds = numberOption('seconds', 10, 120);
const idleSeconds = numberOption('idle', 75, 300, 0);
const port = Number(process.env.BENCH_PORT ?? 4450);
const origin = `http://127.0.0.1:${port}`;
/** renders in flight at once: enough to keep the render worker busy, few enough not to queue for long */
const inFlight = 10;
/** the whole run ends by this time, whatever happens */
const deadline = Date.now() + 20 * 60_000;

if (!existsSync(path.join(repoRoot, 'api/dist/main.js')) || !existsSync(path.join(repoRoot, 'shell/dist/index.html'))) {
  console.error('bench:memory runs the production build: npm run build first');
  process.exit(1);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (text) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Each process's parent, from /proc. */
function parents() {
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // the command name is in parentheses and may hold spaces: the fields after it are fixed
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended while we looked
    }
  }
  return parentOf;
}

/** Every process below `root`, not `root` itself (npm). */
function descendants(root) {
  const parentOf = parents();
  const found = [];
  let generation = [root];
  while (generation.length > 0) {
    generation = [...parentOf].filter(([, parent]) => generation.includes(parent)).map(([pid]) => pid);
    found.push(...generation);
  }
  return found;
}

const kb = (text, field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(text)?.[1] ?? 0);

/**
 * One process's memory from its smaps: its anonymous pages (heaps, stacks, copied-on-write data: its own), the
 * resident pages of each file it maps (the node binary, libraries: the same pages in every process) and its page
 * tables (kernel memory a memory cgroup charges too).
 */
function processMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const files = new Map();
  let anonymous = 0;
  let pss = 0;
  let file = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (mapping) {
      // a file's pages; [heap], [stack], anonymous and other pseudo mappings count by their Anonymous line
      file = mapping[1] !== '0' && mapping[2].startsWith('/') ? mapping[2] : null;
      continue;
    }
    const [field, value] = line.split(/:\s+/);
    const size = Number.parseInt(value, 10);
    if (field === 'Pss') pss += size;
    else if (field === 'Rss' && file) files.set(file, (files.get(file) ?? 0) + size);
    else if (field === 'Anonymous') {
      anonymous += size;
      // a file mapping's copied-on-write pages are the process's own: counted as anonymous, not as the file's
      if (file) files.set(file, files.get(file) - size);
    }
  }
  return {
    name: /^Name:\s+(.*)$/m.exec(status)?.[1],
    rss: kb(status, 'VmRSS'),
    pss,
    anonymous,
    files,
    pageTables: kb(status, 'VmPTE'),
    threads: Number(/^Threads:\s+(\d+)$/m.exec(status)?.[1] ?? 0),
  };
}

/**
 * Over the tree (MB): RSS and PSS summed, and `charged`, what a memory cgroup (a container's limit) charges:
 * every process's anonymous pages and page tables, and each file's pages once however many processes map them
 * (per file, the most any one process has resident: the processes run the same binary's same code).
 */
function treeMemory(root) {
  let rss = 0;
  let pss = 0;
  let own = 0;
  let threads = 0;
  const fileRss = new Map();
  const processes = [];
  for (const pid of descendants(root)) {
    try {
      const memory = processMemory(pid);
      rss += memory.rss;
      pss += memory.pss;
      own += memory.anonymous + memory.pageTables;
      threads += memory.threads;
      for (const [file, size] of memory.files) fileRss.set(file, Math.max(fileRss.get(file) ?? 0, size));
      processes.push(`${memory.name} ${Math.round(memory.rss / 1024)}/${Math.round(memory.anonymous / 1024)} MB`);
    } catch {
      // the process ended while we looked
    }
  }
  const files = [...fileRss.values()].reduce((sum, size) => sum + size, 0);
  const mb = (size) => Math.round(size / 1024);
  return { rss: mb(rss), pss: mb(pss), charged: mb(own + files), threads, processes };
}

/** The highest figures over a few samples: memory settles (and garbage is collected) in the first seconds. */
async function settledMemory(root, samples = 5) {
  let highest = { rss: 0, pss: 0, charged: 0, threads: 0, processes: [] };
  for (let index = 0; index < samples; index += 1) {
    await sleep(1000);
    const now = treeMemory(root);
    if (now.charged > highest.charged) highest = now;
  }
  return highest;
}

/** `npm start` in a process group of its own, so that every process it starts can be stopped. */
function startSite(dataDir) {
  const started = Date.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, started, exited };
}

/** Up when the API answers: its health check renders no page, so no render worker starts before we measure. */
async function waitUntilUp(site) {
  while (Date.now() < site.started + 120_000) {
    if (site.child.exitCode !== null) throw new Error(`npm start ended (exit ${site.child.exitCode})`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return (Date.now() - site.started) / 1000;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the site did not answer within 120 s');
}

async function stopSite(site) {
  if (site.child.exitCode !== null) return;
  // SIGTERM to the group: what a terminal's Ctrl+C or an orchestrator does to `npm start`
  process.kill(-site.child.pid, 'SIGTERM');
  const timeout = sleep(15_000).then(() => 'timeout');
  if ((await Promise.race([site.exited, timeout])) === 'timeout') process.kill(-site.child.pid, 'SIGKILL');
}

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
  if (site?.child.exitCode === null) process.kill(-site.child.pid, 'SIGKILL');
  process.exit(1);
}, deadline - Date.now());
let throughput;
try {
  log(`first start, empty DATA_DIR (${dataDir})`);
  site = startSite(dataDir);
  const firstUp = await waitUntilUp(site);
  record('first start, empty data folder', await settledMemory(site.child.pid), `up in ${firstUp.toFixed(1)} s`);
  await stopSite(site);

  log('restart on the same DATA_DIR');
  site = startSite(dataDir);
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
