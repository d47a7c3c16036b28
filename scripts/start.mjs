#!/usr/bin/env node
// `npm start`: build what is not built yet, then serve the whole site and the API on one URL.
import { spawnSync, spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './parts.mjs';

/**
 * Node's settings for the server, so that it fits a 512 MB host (docs/performance.md, "Server memory"):
 * WebAssembly (the embedded database) compiled by the baseline compiler only, as the optimising one spends
 * hundreds of MB compiling PostgreSQL's large functions; a young generation of 4 MB per semi-space instead of
 * up to 64; and a ceiling on the old generation, three times what the server keeps alive.
 */
const serverFlags = ['--liftoff-only', '--max-semi-space-size=4', '--max-old-space-size=128'];
/** glibc's allocator gives each thread an arena of its own; two keep the render worker's garbage from spreading */
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
