#!/usr/bin/env node
// `npm start`: build what is not built yet, then serve the whole site and the API on one URL.
import { spawnSync, spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './parts.mjs';

const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), '--if-stale'], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, [path.join(repoRoot, 'api/dist/main.js')], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
