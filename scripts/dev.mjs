#!/usr/bin/env node
// `npm run dev`: every part in watch mode. The site is on http://localhost:8080 (the shell's dev
// server proxies /mf/<name>/ and /api), and each remote also renders on its own port, standalone.
import { spawn, spawnSync } from 'node:child_process';
import { devPorts, remoteNames } from '../packages/parts/parts.mjs';
import { frontEnds, repoRoot } from './parts.mjs';

const contracts = spawnSync('npm', ['run', 'build', '-w', 'packages/contracts'], { cwd: repoRoot, stdio: 'inherit' });
if (contracts.status !== 0) process.exit(1);
const apiBuild = spawnSync('npm', ['run', 'build', '-w', 'api'], { cwd: repoRoot, stdio: 'inherit' });
if (apiBuild.status !== 0) process.exit(1);

const children = [];
function run(label, command, args, env = {}) {
  // each part in its own process group, so stopping dev stops npm's children (webpack, tsc) too
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) console.log(`[${label}] ${line}`);
    });
  }
  children.push(child);
}

for (const part of frontEnds) run(part, 'npm', ['run', 'dev', '-w', part]);
run('api:tsc', 'npm', ['run', 'dev', '-w', 'api']);
run('api', process.execPath, ['--watch', 'api/dist/main.js'], { PORT: String(devPorts.api), SERVE_SITE: 'false' });

console.log(`\nSite: http://localhost:${devPorts.shell}   API: http://localhost:${devPorts.api}/api/health`);
console.log(
  `Standalone remotes: ${remoteNames.map((name) => `${name} http://localhost:${devPorts[name]}`).join(', ')}\n`,
);
const stop = () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
