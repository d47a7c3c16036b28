#!/usr/bin/env node
// `npm run build`: every part, libraries first, then the front ends and the API two at a time.
// `--if-stale` (used by `npm start`) builds only the parts whose output is older than their sources;
// `--api-only` (used by `npm run owner:password`) leaves the front ends out; `--front-ends-only` (used by `npm test`,
// which builds the libraries before its lanes and the API in its API lane) builds the front ends alone.
// `--no-cache` (used by `npm test`) builds the front ends without webpack's filesystem cache: writing it is about a
// third of a clean build's CPU, and only a later build of the same checkout reads it, which no step of `npm test` is.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { api, frontEnds, libraries, repoRoot, sourcesOf } from './parts.mjs';

const onlyStale = process.argv.includes('--if-stale');
const apiOnly = process.argv.includes('--api-only');
const frontEndsOnly = process.argv.includes('--front-ends-only');
const noCache = process.argv.includes('--no-cache');
const ignored = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'data']);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (ignored.has(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function isStale(part) {
  const output = path.join(repoRoot, part, 'dist');
  if (!existsSync(output)) return true;
  // the newest file written: a rebuild into an existing dist/ leaves the folder's own time as it was
  const built = newestMtime(output);
  return sourcesOf(part).some((source) => newestMtime(source) > built);
}

function run(part) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const webpackArgs = noCache && frontEnds.includes(part) ? ['--', '--no-cache'] : [];
    const child = spawn('npm', ['run', 'build', '--silent', '-w', part, ...webpackArgs], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    child.on('exit', (code) => {
      if (code === 0) {
        console.log(`built ${part} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else reject(new Error(`${part} failed to build (exit ${code})`));
    });
  });
}

/** Two builds at a time (one per core), in the order given: the long ones first, the short ones fill the end. */
async function inPairs(parts) {
  const queue = [...parts];
  const worker = async () => {
    for (let part = queue.shift(); part; part = queue.shift()) await run(part);
  };
  await Promise.all([worker(), worker()]);
}

const started = Date.now();
const wanted = (parts) => (onlyStale ? parts.filter(isStale) : parts);
try {
  for (const part of wanted(frontEndsOnly ? [] : libraries)) await run(part);
  // the API needs only the libraries: it fills whichever core the front ends leave idle
  await inPairs(wanted(apiOnly ? [api] : frontEndsOnly ? frontEnds : [...frontEnds, api]));
  console.log(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
