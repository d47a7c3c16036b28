#!/usr/bin/env node
// `npm run section:token -- <section> [--name <label>] [--may-promote]`: build the API if it is not built yet
// (not the front ends), then make a deploy token with it; the environment (DATA_DIR, DATABASE_URL) passed through.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './parts.mjs';

const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), '--if-stale', '--api-only'], {
  // the build's progress goes to stderr: standard output ends with the token
  stdio: ['ignore', 2, 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);

const made = spawnSync(
  process.execPath,
  [path.join(repoRoot, 'api/dist/live-sections/releases/create-token.js'), ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(made.status ?? 1);
