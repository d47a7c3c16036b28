#!/usr/bin/env node
// `npm run owner:password`: build the API if it is not built yet (not the front ends), then set the
// owner's password with it, standard input and the environment (DATA_DIR, DATABASE_URL) passed through.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './parts.mjs';

const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), '--if-stale', '--api-only'], {
  // the build's progress goes to stderr: standard output says only what was set
  stdio: ['ignore', 2, 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);

const set = spawnSync(process.execPath, [path.join(repoRoot, 'api/dist/owner/set-password.js')], { stdio: 'inherit' });
process.exit(set.status ?? 1);
