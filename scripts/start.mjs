#!/usr/bin/env node
// `npm start`: build what is not built yet, then serve the whole site and the API on one URL.
import { spawnSync, spawn } from 'node:child_process';
import path from 'node:path';
import { api } from '../packages/parts/parts.mjs';
import { repoRoot } from './parts.mjs';

/** Node's settings for the server (packages/parts/parts.mjs says why) */
const serverFlags = api.nodeFlags;

/** glibc's allocator gives each thread an arena of its own; two keep the server's garbage from spreading */
const serverEnv = { MALLOC_ARENA_MAX: '2' };

const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), '--if-stale'], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const main = path.join(repoRoot, 'api/dist/main.js');
const env = { NODE_ENV: 'production', ...serverEnv, ...process.env };
if (typeof process.execve === 'function') {
  // the server takes this process's place: no launcher stays beside it, holding memory and relaying signals
  process.execve(process.execPath, [process.execPath, ...serverFlags, main], env);
}
// where a process cannot be replaced (Windows), the server runs beside this one
const server = spawn(process.execPath, [...serverFlags, main], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
