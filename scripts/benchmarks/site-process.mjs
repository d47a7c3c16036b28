// What the benchmarks that run the site as `npm start` serves it share (bench:memory, bench:cold): the server in
// a process group of its own on a port, up when it answers, stopped as an orchestrator stops it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../parts.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (text) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
/** The machine's load average (1, 5 and 15 minutes): every figure is printed beside it. */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Stops the benchmark `name` at once when the production build is missing. */
export function requireBuild(name) {
  if (
    !existsSync(path.join(repoRoot, 'api/dist/main.js')) ||
    !existsSync(path.join(repoRoot, 'shell/dist/index.html'))
  ) {
    console.error(`${name} runs the production build: npm run build first`);
    process.exit(1);
  }
}

/**
 * `npm start` on `port` with `dataDir`, in a process group of its own, so that every process it starts can be
 * stopped; `env` over the benchmark's own environment.
 */
export function startSite({ port, dataDir, env = {} }) {
  const started = Date.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', ...env },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, started, exited, origin: `http://127.0.0.1:${port}` };
}

/** Up when the API answers (its liveness check renders no page); how long after the start, in seconds. */
export async function waitUntilUp(site) {
  while (Date.now() < site.started + 120_000) {
    if (site.child.exitCode !== null) throw new Error(`npm start ended (exit ${site.child.exitCode})`);
    try {
      if ((await fetch(`${site.origin}/api/health`)).ok) return (Date.now() - site.started) / 1000;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error('the site did not answer within 120 s');
}

/** SIGTERM to the group (what a terminal's Ctrl+C or an orchestrator does to `npm start`), SIGKILL after 15 s. */
export async function stopSite(site) {
  if (site.child.exitCode !== null) return;
  process.kill(-site.child.pid, 'SIGTERM');
  const timeout = sleep(15_000).then(() => 'timeout');
  if ((await Promise.race([site.exited, timeout])) === 'timeout') process.kill(-site.child.pid, 'SIGKILL');
}

/** Ends the site's whole group at once: the benchmark's own deadline passed. */
function killSite(site) {
  if (site?.child.exitCode === null) process.kill(-site.child.pid, 'SIGKILL');
}

/**
 * Ends the benchmark, and the site `currentSite()` names with its whole group, if it is still running `minutes`
 * after `startedAt`. Answers the call that cancels it once the benchmark has ended by itself.
 */
export function stopAfter(benchmark, startedAt, minutes, currentSite) {
  const timer = setTimeout(
    () => {
      console.error(`${benchmark}: still running after ${minutes} minutes, stopping`);
      killSite(currentSite());
      process.exit(1);
    },
    startedAt + minutes * 60_000 - Date.now(),
  );
  return () => clearTimeout(timer);
}
