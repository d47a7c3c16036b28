#!/usr/bin/env node
// `npm test`: the contracts built once; then lint, the format check, every workspace's type check and unit
// tests, two at a time (one per core, the slow ones first); then the production build and the browser tests.
// Each step's output is printed whole when it ends, with its time; every step of a stage runs even when one
// fails, and a failed stage stops the run, as `a && b` did.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { api, libraries, repoRoot } from './parts.mjs';

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs `npm run <script> [-w workspace]`. A step that runs beside another keeps its output until it ends,
 * so the two never interleave; one that runs alone (`live`) shows it as it comes.
 */
function npmRun(script, workspace, { live = false } = {}) {
  const name = workspace ? `${script} ${workspace}` : script;
  return new Promise((resolve) => {
    const started = Date.now();
    const args = ['run', script, '--silent', ...(workspace ? ['-w', workspace] : [])];
    const child = spawn('npm', args, {
      cwd: repoRoot,
      stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n── ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(started)}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

/** The steps two at a time, in the order given; true when all passed. */
async function twoAtATime(steps) {
  const queue = [...steps];
  const results = [];
  const worker = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) results.push(await step());
  };
  await Promise.all([worker(), worker()]);
  return results.every(Boolean);
}

const rootPackage = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
/** The workspaces that have the script, as `npm run <script> --workspaces --if-present` runs them. */
const workspacesWith = (script) =>
  rootPackage.workspaces.filter(
    (workspace) => JSON.parse(readFileSync(path.join(repoRoot, workspace, 'package.json'), 'utf8')).scripts?.[script],
  );

const stages = [
  ['contracts', () => twoAtATime(libraries.map((library) => () => npmRun('build', library, { live: true })))],
  [
    'checks and unit tests',
    () => {
      // the API's tests (both storages) and ESLint's typed rules take longest: they start first
      const tests = workspacesWith('test').sort((a, b) => Number(b === api) - Number(a === api));
      return twoAtATime([
        ...tests.slice(0, 1).map((workspace) => () => npmRun('test', workspace)),
        () => npmRun('lint:eslint'),
        ...tests.slice(1).map((workspace) => () => npmRun('test', workspace)),
        ...workspacesWith('typecheck').map((workspace) => () => npmRun('typecheck', workspace)),
        () => npmRun('format:check'),
      ]);
    },
  ],
  ['build', () => npmRun('build', undefined, { live: true })],
  ['browser tests', () => npmRun('e2e', 'e2e', { live: true })],
];

const started = Date.now();
for (const [name, stage] of stages) {
  const stageStarted = Date.now();
  const passed = await stage();
  console.log(`\n══ ${name}: ${passed ? 'passed' : 'FAILED'} in ${seconds(stageStarted)}`);
  if (!passed) {
    console.log(`npm test failed after ${seconds(started)}`);
    process.exit(1);
  }
}
console.log(`npm test passed in ${seconds(started)}`);
